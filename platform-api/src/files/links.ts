// Short-lived download links, signed by platform-api after it checked who
// may see the file: GET /api/files/:id/content?exp=<unix s>&sig=<HMAC>. The
// bucket stays private (no client path at all), the check is made here and
// is enforced wherever the bytes are served, and no Google service-account
// key is needed to sign (V4 signed URLs need one; the emulator does not
// even check theirs). The key is FILE_LINK_KEY, else derived from the
// credential vault's key (HKDF, its own purpose), else random per process
// (links then work only on the instance that signed them: logged).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { FILE_LIMITS } from '@agentflow/shared/server';

export interface FileLinkSigner {
  /** The query of a link to `fileId` valid for `seconds` from `nowMs`. */
  sign(fileId: string, nowMs: number, seconds?: number): { exp: number; sig: string };
  /** Whether a link's exp and sig are valid for `fileId` at `nowMs`. */
  verify(fileId: string, exp: unknown, sig: unknown, nowMs: number): boolean;
}

export function createLinkSigner(key: Buffer): FileLinkSigner {
  const mac = (fileId: string, exp: number) => createHmac('sha256', key).update(`file-link:v1:${fileId}:${exp}`).digest('base64url');
  return {
    sign(fileId, nowMs, seconds = FILE_LIMITS.linkSeconds) {
      const exp = Math.floor(nowMs / 1000) + seconds;
      return { exp, sig: mac(fileId, exp) };
    },
    verify(fileId, exp, sig, nowMs) {
      if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string' || sig.length > 100) return false;
      const expires = Number(exp);
      if (expires * 1000 <= nowMs) return false;
      const expected = Buffer.from(mac(fileId, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export function linkKeyFromEnv(env: NodeJS.ProcessEnv, logger: Logger): Buffer {
  if (env.FILE_LINK_KEY) {
    const key = Buffer.from(env.FILE_LINK_KEY, 'base64');
    if (key.length >= 32) return key;
    logger.warn('FILE_LINK_KEY must be at least 32 bytes in base64: ignored');
  }
  if (env.CREDENTIALS_KEY) {
    return Buffer.from(hkdfSync('sha256', Buffer.from(env.CREDENTIALS_KEY, 'base64'), Buffer.alloc(0), 'agentflow file download links', 32));
  }
  logger.warn('Neither FILE_LINK_KEY nor CREDENTIALS_KEY is set: file download links work only on the instance that made them. Set FILE_LINK_KEY (32 random bytes, base64) on every instance.');
  return randomBytes(32);
}
