#!/usr/bin/env node
// Draws the app icons (the brand's white diamond on indigo) as PNG files, so
// they are reproducible from source without an image tool:
//   node shell/scripts/generate-icons.mjs
// "any" icons fill the diamond to 60%; maskable ones keep it inside the 80%
// safe zone a launcher may crop to a circle.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BACKGROUND = [0x4f, 0x46, 0xe5];
const MARK = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of size x size with a centred diamond covering `markRatio` of the width. */
function drawIcon(size, markRatio) {
  const half = (size * markRatio) / 2;
  const centre = (size - 1) / 2;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      // Anti-aliased edge: coverage of the |dx|+|dy| <= half diamond.
      const distance = Math.abs(x - centre) + Math.abs(y - centre);
      const coverage = Math.min(1, Math.max(0, half - distance + 0.5));
      for (let channel = 0; channel < 3; channel++) {
        row[1 + x * 3 + channel] = Math.round(BACKGROUND[channel] * (1 - coverage) + MARK[channel] * coverage);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, mark: 0.6 },
  { file: 'icon-512.png', size: 512, mark: 0.6 },
  { file: 'maskable-192.png', size: 192, mark: 0.45 },
  { file: 'maskable-512.png', size: 512, mark: 0.45 },
  { file: 'apple-touch-icon.png', size: 180, mark: 0.55 },
];
for (const icon of ICONS) {
  writeFileSync(path.join(OUT, icon.file), drawIcon(icon.size, icon.mark));
  console.log(`wrote ${icon.file}`);
}
