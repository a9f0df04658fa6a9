// The master keys that wrap every credential's data key. CREDENTIALS_KEY is
// the current one (32 random bytes, base64); CREDENTIALS_PREVIOUS_KEYS lists
// older ones, comma-separated, still accepted for reading until the rotation
// command has re-encrypted everything under the current key. A key's id is a
// fingerprint of the key itself, so the id stored with each credential names
// the key that opens it without ever revealing it.
import { createHash, randomBytes } from 'node:crypto';

export interface MasterKey {
  id: string;
  key: Buffer;
}

export interface KeyRing {
  current: MasterKey;
  /** The key with that id (current or previous), or undefined. */
  byId(id: string): MasterKey | undefined;
}

export const MASTER_KEY_BYTES = 32;

/** Thrown at start for a malformed key: an operator's mistake, said plainly in the log. */
export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

/** A key id: 'k' and 16 hex characters of SHA-256 over a fixed label and the key (never the key). */
export function keyId(key: Buffer): string {
  return `k${createHash('sha256').update('agentflow-credentials-master-key\0').update(key).digest('hex').slice(0, 16)}`;
}

export function parseMasterKey(encoded: string, name: string): MasterKey {
  const trimmed = encoded.trim();
  const key = Buffer.from(trimmed, 'base64');
  // Buffer.from ignores what is not base64; re-encoding must give the input back.
  if (key.length !== MASTER_KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== trimmed.replace(/=+$/, '')) {
    throw new KeyConfigError(`${name} must be ${MASTER_KEY_BYTES} random bytes in base64 (for example: node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")`);
  }
  return { id: keyId(key), key };
}

export function createKeyRing(current: MasterKey, previous: readonly MasterKey[] = []): KeyRing {
  const all = new Map<string, MasterKey>([...previous, current].map((key) => [key.id, key]));
  return { current, byId: (id) => all.get(id) };
}

/** CREDENTIALS_KEY and CREDENTIALS_PREVIOUS_KEYS; null when no current key is set (the vault then refuses with 503). */
export function keyRingFromEnv(env: NodeJS.ProcessEnv): KeyRing | null {
  const current = env.CREDENTIALS_KEY?.trim();
  if (!current) return null;
  const previous = (env.CREDENTIALS_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value, index) => parseMasterKey(value, `CREDENTIALS_PREVIOUS_KEYS[${index}]`));
  return createKeyRing(parseMasterKey(current, 'CREDENTIALS_KEY'), previous);
}

/** A fresh random master key in the form CREDENTIALS_KEY takes. */
export function generateMasterKey(): string {
  return randomBytes(MASTER_KEY_BYTES).toString('base64');
}
