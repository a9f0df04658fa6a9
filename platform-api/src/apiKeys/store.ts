// API keys in Firestore (apiKeys/{keyId}, server-only by the rules). The
// secret is never stored: only its SHA-256 (a 256-bit random secret cannot
// be guessed from it, so a slow hash would only cost CPU per call) and its
// last four characters, which the list shows.
import { createHash, randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { API_KEYS_COLLECTION, apiKeyStatus, isApiKeyScope, maskedApiKey, type ApiKeyScope, type ApiKeyView } from '@agentflow/shared/api-keys';

export interface StoredApiKey {
  id: string;
  name: string;
  /** 'personal' or an organization id. */
  workspaceId: string;
  organizationId: string | null;
  createdBy: string;
  createdByEmail: string | null;
  scopes: ApiKeyScope[];
  secretHash: string;
  last4: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  ipAllowList: string[];
  rateLimitPerMinute: number | null;
  lastUsedAt: string | null;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new key's id (20 letters and digits) and secret (32 random bytes, base64url: 43 characters). */
export function newApiKeyMaterial(): { keyId: string; secret: string } {
  // 62 letters: bytes ≥ 248 are skipped so every letter is equally likely.
  let keyId = '';
  while (keyId.length < 20) for (const byte of randomBytes(32)) if (byte < 248 && keyId.length < 20) keyId += ID_ALPHABET[byte % 62];
  return { keyId, secret: randomBytes(32).toString('base64url') };
}

export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export function apiKeyView(key: StoredApiKey, now: Date): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    workspaceId: key.workspaceId,
    createdBy: key.createdBy,
    scopes: key.scopes,
    masked: maskedApiKey(key.id, key.last4),
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    lastUsedAt: key.lastUsedAt,
    ipAllowList: key.ipAllowList,
    rateLimitPerMinute: key.rateLimitPerMinute,
    status: apiKeyStatus(key, now),
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function fromData(id: string, data: Record<string, unknown>): StoredApiKey {
  return {
    id,
    name: text(data.name) ?? '',
    workspaceId: text(data.workspaceId) ?? '',
    organizationId: text(data.organizationId),
    createdBy: text(data.createdBy) ?? '',
    createdByEmail: text(data.createdByEmail),
    scopes: Array.isArray(data.scopes) ? data.scopes.filter(isApiKeyScope) : [],
    secretHash: text(data.secretHash) ?? '',
    last4: text(data.last4) ?? '',
    createdAt: text(data.createdAt) ?? '',
    expiresAt: text(data.expiresAt),
    revokedAt: text(data.revokedAt),
    revokedBy: text(data.revokedBy),
    ipAllowList: Array.isArray(data.ipAllowList) ? data.ipAllowList.filter((entry): entry is string => typeof entry === 'string') : [],
    rateLimitPerMinute: typeof data.rateLimitPerMinute === 'number' ? data.rateLimitPerMinute : null,
    lastUsedAt: text(data.lastUsedAt),
  };
}

export class ApiKeyStore {
  constructor(private readonly db: Firestore) {}

  private ref(id: string) {
    return this.db.collection(API_KEYS_COLLECTION).doc(id);
  }

  async get(id: string): Promise<StoredApiKey | null> {
    const snapshot = await this.ref(id).get();
    return snapshot.exists ? fromData(snapshot.id, snapshot.data() ?? {}) : null;
  }

  /** The user's keys in a workspace, newest first. */
  async list(createdBy: string, workspaceId: string): Promise<StoredApiKey[]> {
    const snapshot = await this.db.collection(API_KEYS_COLLECTION).where('createdBy', '==', createdBy).where('workspaceId', '==', workspaceId).get();
    return snapshot.docs.map((doc) => fromData(doc.id, doc.data())).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Keys the user holds that are not revoked (expired ones count until revoked: they can be seen and revoked). */
  async countUnrevoked(createdBy: string): Promise<number> {
    const snapshot = await this.db.collection(API_KEYS_COLLECTION).where('createdBy', '==', createdBy).where('revokedAt', '==', null).count().get();
    return snapshot.data().count;
  }

  /** Writes a new key; create() fails if the id exists (a 20-letter random id never repeats in practice). */
  async create(key: StoredApiKey): Promise<void> {
    const { id, ...data } = key;
    await this.ref(id).create(data);
  }

  /** When the key was last used (written at most once a minute per instance: authenticate.ts). */
  async recordUse(id: string, at: Date): Promise<void> {
    await this.ref(id).update({ lastUsedAt: at.toISOString() });
  }

  async update(id: string, change: Partial<Pick<StoredApiKey, 'name' | 'ipAllowList' | 'rateLimitPerMinute' | 'revokedAt' | 'revokedBy'>>): Promise<void> {
    await this.ref(id).update(change);
  }
}
