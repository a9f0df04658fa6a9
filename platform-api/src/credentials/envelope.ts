// Envelope encryption of a credential's secret fields: a fresh AES-256-GCM
// data key per sealing encrypts the secrets; the master key (AES-256-GCM too)
// wraps the data key. Both ciphertexts are bound to the credential's id and
// owner (additional authenticated data), so a sealed blob copied onto another
// credential does not open. Any tampering fails the GCM tag check: loudly.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyRing, MasterKey } from './keyRing.js';

export interface SealedSecrets {
  /** Format version. */
  v: 1;
  /** The master key that wrapped the data key. */
  keyId: string;
  /** base64: iv (12) | tag (16) | wrapped data key (32). */
  wrappedKey: string;
  /** base64: iv (12) | tag (16) | ciphertext of the JSON secrets. */
  payload: string;
}

export type SecretFields = Record<string, string>;

/** The sealed secrets cannot be opened: unknown key id, wrong key, tampered or malformed. Never carries the secret. */
export class CredentialDecryptError extends Error {
  override name = 'CredentialDecryptError';
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;

function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function decrypt(key: Buffer, encoded: string, aad: Buffer): Buffer {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new CredentialDecryptError('The sealed credential is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new CredentialDecryptError('The sealed credential failed its integrity check (wrong master key or tampered data)');
  }
}

/** What the ciphertexts are bound to: the credential's id and its owner. */
export function sealContext(credentialId: string, owner: string): Buffer {
  return Buffer.from(`agentflow-credential\0${credentialId}\0${owner}`, 'utf8');
}

export function seal(secrets: SecretFields, master: MasterKey, context: Buffer): SealedSecrets {
  const dataKey = randomBytes(DATA_KEY_BYTES);
  try {
    return {
      v: 1,
      keyId: master.id,
      wrappedKey: encrypt(master.key, dataKey, context),
      payload: encrypt(dataKey, Buffer.from(JSON.stringify(secrets), 'utf8'), context),
    };
  } finally {
    dataKey.fill(0);
  }
}

export function open(sealed: unknown, ring: KeyRing, context: Buffer): SecretFields {
  if (!isSealed(sealed)) throw new CredentialDecryptError('The sealed credential is malformed');
  const master = ring.byId(sealed.keyId);
  if (!master) throw new CredentialDecryptError(`The credential was sealed with master key ${sealed.keyId}, which this server does not hold`);
  const dataKey = decrypt(master.key, sealed.wrappedKey, context);
  try {
    if (dataKey.length !== DATA_KEY_BYTES) throw new CredentialDecryptError('The sealed credential holds a malformed data key');
    const parsed: unknown = JSON.parse(decrypt(dataKey, sealed.payload, context).toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((value) => typeof value === 'string')) {
      throw new CredentialDecryptError('The sealed credential holds malformed secrets');
    }
    return parsed as SecretFields;
  } finally {
    dataKey.fill(0);
  }
}

/** Opens with whatever key sealed it and seals again under the ring's current key with a fresh data key. */
export function reseal(sealed: unknown, ring: KeyRing, context: Buffer): SealedSecrets {
  return seal(open(sealed, ring, context), ring.current, context);
}

function isSealed(value: unknown): value is SealedSecrets {
  const sealed = value as Partial<SealedSecrets> | null;
  return !!sealed && sealed.v === 1 && typeof sealed.keyId === 'string' && typeof sealed.wrappedKey === 'string' && typeof sealed.payload === 'string';
}
