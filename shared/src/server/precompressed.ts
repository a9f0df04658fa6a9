// Content negotiation for the static servers: a production build holds a
// Brotli (.br) and a gzip (.gz) copy beside each text asset, written once at
// build time (shared/federation/webpack.mjs), so serving costs no CPU per request.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';

/**
 * Assets worth compressing: text. Images, fonts (woff2 is compressed already)
 * and source maps (only developer tools fetch them) are sent as they are.
 */
export const COMPRESSIBLE_ASSET = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/** The encodings a build may hold a copy in, best first, with the suffix of the copy's file. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type AssetEncoding = (typeof ENCODINGS)[number]['name'];

/**
 * The encoding to send for an Accept-Encoding header: the highest q-value the
 * client gives br or gzip ('*' stands for any encoding not named); Brotli wins
 * a tie because it is smaller. Null: send the file as it is.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): AssetEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: AssetEncoding | null = null;
  let bestWeight = 0;
  for (const { name } of ENCODINGS) {
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

export interface PrecompressedOptions {
  /** Cache-Control for a file by its base name (the original's, not the copy's). */
  cacheControl: (baseName: string) => string | undefined;
}

/**
 * Sends the precompressed copy of `filePath` the client accepts, when the build
 * has one; otherwise (or for a range request, whose byte ranges address the
 * original file) calls `fallback` to send the file as it is. A compressible
 * file always answers `Vary: Accept-Encoding`, so a shared cache keeps the
 * encodings apart. The copy carries its own Content-Length and ETag (from its
 * own size and time), so a revalidation never matches another encoding's.
 */
export async function sendPrecompressed(
  req: Request,
  res: Response,
  filePath: string,
  { cacheControl }: PrecompressedOptions,
  fallback: () => void,
): Promise<void> {
  if (!COMPRESSIBLE_ASSET.test(filePath)) {
    fallback();
    return;
  }
  res.vary('Accept-Encoding');
  const encoding = negotiateEncoding(req.get('Accept-Encoding'));
  const copy = encoding ? ENCODINGS.find((candidate) => candidate.name === encoding) : undefined;
  if (!copy || req.get('Range') || !(await isFreshCopy(filePath, filePath + copy.suffix))) {
    fallback();
    return;
  }
  // The type is the original's (send keeps a Content-Type already set), not the copy's.
  res.type(path.extname(filePath));
  res.setHeader('Content-Encoding', copy.name);
  const cache = cacheControl(path.basename(filePath));
  if (cache) res.setHeader('Cache-Control', cache);
  res.sendFile(filePath + copy.suffix, { cacheControl: !cache, acceptRanges: false, dotfiles: 'deny' }, (error?: Error) => {
    if (!error) return;
    // Gone between the check and the send: the original still answers.
    res.removeHeader('Content-Encoding');
    if (!res.headersSent) fallback();
  });
}

/**
 * A copy older than its original is stale (the file was replaced after the
 * build, as a redeployed sw.js is): the original is sent instead, so a copy can
 * never serve yesterday's file.
 */
async function isFreshCopy(originalPath: string, copyPath: string): Promise<boolean> {
  try {
    const [original, copy] = await Promise.all([stat(originalPath), stat(copyPath)]);
    return copy.isFile() && copy.mtimeMs >= original.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * The file a request path names inside `root`, or null when it would leave it
 * (../), names a dot file (never served, as express.static ignores them) or
 * cannot be decoded.
 */
export function fileInRoot(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = path.join(root, decoded);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}
