import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createStaticApp, listen, negotiateEncoding } from './staticServer';

// Big enough that each encoding has its own size (so Content-Length tells them apart).
const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index % 37}`))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Agentflow</title></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;
const REMOTE_ENTRY = `var mf_workflows = {}; ${'/* entry */ '.repeat(200)}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let dir: string;
let server: Server;

/** A GET with exactly these headers; the body as it came over the wire (not decoded). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Writes each text file with its .br and .gz copies, as the production build does. */
function writeWithCopies(folder: string, name: string, content: string): void {
  writeFileSync(path.join(folder, name), content);
  writeFileSync(path.join(folder, `${name}.br`), brotliCompressSync(content));
  writeFileSync(path.join(folder, `${name}.gz`), gzipSync(content));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agentflow-static-gz-'));
  writeWithCopies(dir, 'index.html', INDEX_HTML);
  writeWithCopies(dir, 'remoteEntry.js', REMOTE_ENTRY);
  writeWithCopies(dir, 'mf-manifest.json', JSON.stringify({ id: 'mf_workflows', pad: 'x'.repeat(2000) }));
  writeWithCopies(dir, 'builder.1234abcd.js', CHUNK);
  writeWithCopies(dir, 'sw.js', `self.addEventListener('fetch', () => {}); ${'//sw '.repeat(300)}`);
  writeFileSync(path.join(dir, 'plain.5678abcd.js'), CHUNK); // built without copies
  // Already compressed: never sent with a Content-Encoding even if a copy lies beside it.
  writeFileSync(path.join(dir, 'logo.0a1b2c3d.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dir, 'logo.0a1b2c3d.png.gz'), gzipSync('png'));
  writeFileSync(path.join(dir, 'inter.0a1b2c3d.woff2'), 'wOF2');
  writeFileSync(path.join(dir, '.secret.js.br'), brotliCompressSync('secret'));
  server = await listen(createStaticApp({ dir, shell: true, env: {} }), 0);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('static server compression', () => {
  test('a browser accepting br gets the Brotli copy, with its own length, the original type and caching', async () => {
    const response = await get('/builder.1234abcd.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(CHUNK) / 2);
    expect(brotliDecompressSync(response.body).toString()).toBe(CHUNK);
  });

  test('gzip when the client does not take br (or weighs it lower), the file as it is when it takes neither', async () => {
    const gzip = await get('/builder.1234abcd.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(CHUNK);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);

    const weighed = await get('/builder.1234abcd.js', { 'Accept-Encoding': 'br;q=0.5, gzip' });
    expect(weighed.headers['content-encoding']).toBe('gzip');
    const refused = await get('/builder.1234abcd.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get('/builder.1234abcd.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body.toString()).toBe(CHUNK);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(CHUNK));
    }
  });

  test('each encoding has its own ETag; a revalidation is 304 only for the same encoding', async () => {
    const brotli = await get('/remoteEntry.js', { 'Accept-Encoding': 'br' });
    const gzip = await get('/remoteEntry.js', { 'Accept-Encoding': 'gzip' });
    const plain = await get('/remoteEntry.js');
    const etags = [brotli, gzip, plain].map((response) => response.headers.etag);
    expect(etags.every(Boolean)).toBe(true);
    expect(new Set(etags).size).toBe(3);
    expect(brotli.headers['cache-control']).toBe('no-cache');

    const unchanged = await get('/remoteEntry.js', { 'Accept-Encoding': 'br', 'If-None-Match': String(brotli.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    const otherEncoding = await get('/remoteEntry.js', { 'If-None-Match': String(brotli.headers.etag) });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.body.toString()).toBe(REMOTE_ENTRY);
  });

  test.each(['/', '/index.html', '/workflows/abc', '/mf-manifest.json', '/remoteEntry.js', '/sw.js'])(
    'the entry file %s is revalidated: no-cache, an ETag, 304 when unchanged (compressed or not)',
    async (url) => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await get(url, { 'Accept-Encoding': encoding });
        expect({ url, encoding, status: first.status, cache: first.headers['cache-control'] }).toEqual({ url, encoding, status: 200, cache: 'no-cache' });
        expect(first.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(first.headers.etag).toBeTruthy();
        const again = await get(url, { 'Accept-Encoding': encoding, 'If-None-Match': String(first.headers.etag) });
        expect(again.status).toBe(304);
      }
    },
  );

  test('a deep link gets the compressed index.html', async () => {
    const response = await get('/workflows/abc', { 'Accept-Encoding': 'br' });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(response.body).toString()).toBe(INDEX_HTML);
  });

  test('a range request gets the bytes of the file as it is, never of a compressed copy', async () => {
    const response = await get('/builder.1234abcd.js', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-9' });
    expect(response.status).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(CHUNK.slice(0, 10));
  });

  test('HEAD answers the headers of the copy it would send, without a body', async () => {
    const response = await get('/builder.1234abcd.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(CHUNK).length);
    expect(response.body.length).toBe(0);
  });

  test('images and fonts are never sent with a Content-Encoding, even with a copy beside them', async () => {
    for (const url of ['/logo.0a1b2c3d.png', '/inter.0a1b2c3d.woff2']) {
      const response = await get(url, { 'Accept-Encoding': 'br, gzip' });
      expect({ url, status: response.status, encoding: response.headers['content-encoding'] }).toEqual({ url, status: 200, encoding: undefined });
      expect(response.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  test('a file built without copies is sent as it is', async () => {
    const response = await get('/plain.5678abcd.js', { 'Accept-Encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(CHUNK);
  });

  test('a file replaced after the build (a redeployed sw.js) is sent as it now is, never from its older copies', async () => {
    const redeployed = `self.addEventListener('fetch', () => {}); // redeployed ${'//sw2 '.repeat(300)}`;
    writeWithCopies(dir, 'late.js', 'the build\'s version '.repeat(100));
    // The original is newer than its copies, as when a file is changed in place after the build.
    const later = new Date(Date.now() + 60_000);
    writeFileSync(path.join(dir, 'late.js'), redeployed);
    utimesSync(path.join(dir, 'late.js'), later, later);
    for (const encoding of ['br', 'gzip']) {
      const response = await get('/late.js', { 'Accept-Encoding': encoding });
      expect({ status: response.status, encoding: response.headers['content-encoding'], body: response.body.toString() }).toEqual({ status: 200, encoding: undefined, body: redeployed });
    }
  });

  test('copies outside the build or of dot files are never served', async () => {
    const outside = `${dir}-outside.js`;
    writeFileSync(`${outside}.br`, brotliCompressSync('secret'));
    try {
      const escape = `/..%2f${encodeURIComponent(path.basename(outside))}`;
      for (const url of ['/.secret.js', escape, '/%E0%A4%A.js']) {
        const response = await get(url, { 'Accept-Encoding': 'br, gzip' });
        expect({ url, status: response.status, encoding: response.headers['content-encoding'] }).toEqual({ url, status: 404, encoding: undefined });
      }
    } finally {
      rmSync(`${outside}.br`, { force: true });
    }
  });

  test('a compressed copy is not a file of its own: /x.js.br is still served as bytes, not as JavaScript encoded', async () => {
    const response = await get('/builder.1234abcd.js.br', { 'Accept-Encoding': 'br' });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('negotiateEncoding', () => {
  test.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;Q=1, BR;q=0.9', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate', null],
  ])('Accept-Encoding %p -> %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
