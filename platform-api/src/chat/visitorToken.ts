// Visitor tokens: how a visitor proves a conversation is theirs without an
// account. The server draws an unguessable visitor id (128 random bits) and
// signs it with HMAC-SHA256 for one app: `<visitorId>.<signature>`. A
// conversation records its visitor id; only a token signed for that id and
// app reads or continues it. The key is CHAT_VISITOR_KEY when set, else one
// drawn once and kept in a server-only document, so every instance signs
// alike with no setting (the embedded default needs none).
import { createHmac, randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { CHAT_COLLECTIONS } from '@agentflow/shared/chat';
import { secretsMatch } from '../runs/routeKit.js';

const KEY_DOCUMENT = 'visitorTokens';
const VISITOR_ID = /^v[A-Za-z0-9_-]{22}$/;

export interface VisitorTokens {
  /** A new visitor's id and token for the app. */
  issue(appId: string): Promise<{ visitorId: string; token: string }>;
  /** The visitor id a token names when it is signed for this app; null otherwise. */
  verify(appId: string, token: string): Promise<string | null>;
}

/** CHAT_VISITOR_KEY: at least 32 bytes as hex or base64; absent → the stored key. */
export function visitorKeyFromEnv(env: NodeJS.ProcessEnv): Buffer | null {
  const raw = env.CHAT_VISITOR_KEY?.trim();
  if (!raw) return null;
  const key = /^[0-9a-fA-F]+$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length < 32) throw new Error('CHAT_VISITOR_KEY must hold at least 32 bytes (64 hex digits or 44 base64 characters)');
  return key;
}

const keyRef = (db: Firestore) => db.collection(CHAT_COLLECTIONS.serverKeys).doc(KEY_DOCUMENT);

/** The stored key, or null before the first token was issued (then no token can be valid). */
async function readStoredKey(db: Firestore): Promise<Buffer | null> {
  const key = (await keyRef(db).get()).get('key');
  return typeof key === 'string' ? Buffer.from(key, 'base64') : null;
}

async function storedKey(db: Firestore): Promise<Buffer> {
  const ref = keyRef(db);
  // One key for all instances: whoever comes first draws it; the others read it.
  return db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    const existing = current.get('key');
    if (typeof existing === 'string') return Buffer.from(existing, 'base64');
    const key = randomBytes(32);
    tx.create(ref, { key: key.toString('base64'), createdAt: new Date().toISOString() });
    return key;
  });
}

export function visitorTokens(db: Firestore, configuredKey: Buffer | null): VisitorTokens {
  let key: Promise<Buffer> | null = configuredKey ? Promise.resolve(configuredKey) : null;
  const keyOf = () => {
    key ??= storedKey(db).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  const sign = (secret: Buffer, appId: string, visitorId: string) => createHmac('sha256', secret).update(`chat-visitor:${appId}:${visitorId}`).digest('base64url');
  // Checking a token never creates the key (a refused request changes nothing): without one, no token is valid.
  const existingKey = async (): Promise<Buffer | null> => {
    if (key) return key;
    const stored = await readStoredKey(db);
    if (stored) key = Promise.resolve(stored);
    return stored;
  };
  return {
    issue: async (appId) => {
      const visitorId = `v${randomBytes(16).toString('base64url')}`;
      return { visitorId, token: `${visitorId}.${sign(await keyOf(), appId, visitorId)}` };
    },
    verify: async (appId, token) => {
      const [visitorId, signature, extra] = token.split('.');
      if (extra !== undefined || !visitorId || !signature || !VISITOR_ID.test(visitorId)) return null;
      const current = await existingKey();
      return current && secretsMatch(signature, sign(current, appId, visitorId)) ? visitorId : null;
    },
  };
}
