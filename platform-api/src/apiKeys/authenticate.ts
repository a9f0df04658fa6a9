// Calls made with an API key (issue 24): `Authorization: Bearer afk_…` only
// (never a query parameter: URLs reach logs). Every call reads the key's
// document, so a revocation or an expiry holds at once on every instance. A
// key acts as its creator: req.caller is the creator (their current account,
// so a disabled user's keys stop working), with the key's scopes and
// workspace beside it; each route then asks for its scope and runs the same
// access checks as the creator's own calls. A known key's use and refusals
// are audited by key id, never with the secret; an unknown or forged key
// writes nothing (nobody can fill the audit log with made-up keys).
// Keys are taken where a router mounts this guard: /v1 (publicApi/) and a
// workspace's MCP endpoint /mcp/:workspaceId (mcp/); the app's /api routes
// take ID tokens only, and these take no ID token (it is not of the key's form).
// A 401 carries `WWW-Authenticate: Bearer` (RFC 6750, as the MCP
// authorization spec asks), so a client knows a bearer key is wanted.
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { API_KEY_ERROR_CODES, apiKeyStatus, parseApiKeySecret, type ApiKeyScope } from '@agentflow/shared/api-keys';
import { GENERIC_ERROR_CODES, TokenBucketStore, applyUserRateLimit, errorBody, sendRateLimited, type ServiceErrorCode } from '@agentflow/shared/server';
import type { NewAuditEntry } from '../access/audit.js';
import { addressInRanges } from '../net/ipRanges.js';
import { ApiKeyStore, hashApiKeySecret, type StoredApiKey } from './store.js';

/** Requests per minute a key may make when it names no limit of its own (API_KEY_RATE_LIMIT). */
export const DEFAULT_API_KEY_RATE_LIMIT = 600;
/** How often a key's lastUsedAt is written at most, per instance (the audit log has every call). */
export const LAST_USED_INTERVAL_MS = 60_000;
/** How long a creator's account (disabled or not) is trusted without reading it again. */
const CREATOR_CACHE_MS = 10_000;

export function apiKeyRateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.API_KEY_RATE_LIMIT;
  if (raw === undefined || raw.trim() === '') return DEFAULT_API_KEY_RATE_LIMIT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`API_KEY_RATE_LIMIT must be a positive whole number, not "${raw}"`);
  return value;
}

export interface ApiKeyAuthOptions {
  db: Firestore;
  auth: Auth;
  logger: Logger;
  record: (entry: NewAuditEntry) => Promise<void>;
  /** Requests per minute for keys without their own limit. */
  defaultRateLimitPerMinute?: number;
  now?: () => Date;
}

/** `requireApiKey(scope)`: a route's guard; null for a route any valid key may call. */
export type RequireApiKey = (scope: ApiKeyScope | null) => RequestHandler;

const BEARER = /^Bearer\s+(\S+)$/;
const BEARER_CHALLENGE = 'Bearer realm="agentflow"';

function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashApiKeySecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}

export function createApiKeyAuthenticator({ db, auth, logger, record, defaultRateLimitPerMinute = DEFAULT_API_KEY_RATE_LIMIT, now = () => new Date() }: ApiKeyAuthOptions): RequireApiKey {
  const store = new ApiKeyStore(db);
  const limiters = new Map<number, TokenBucketStore>();
  const lastWritten = new Map<string, number>();
  const creators = new Map<string, { user: UserRecord | null; at: number }>();

  const limiter = (perMinute: number) => {
    let bucket = limiters.get(perMinute);
    if (!bucket) limiters.set(perMinute, (bucket = new TokenBucketStore(perMinute, perMinute, () => now().getTime())));
    return bucket;
  };

  const creatorOf = async (uid: string): Promise<UserRecord | null> => {
    const cached = creators.get(uid);
    if (cached && now().getTime() - cached.at < CREATOR_CACHE_MS) return cached.user;
    let user: UserRecord | null = null;
    try {
      user = await auth.getUser(uid);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    }
    creators.set(uid, { user, at: now().getTime() });
    return user;
  };

  const audit = (req: Request, key: StoredApiKey, status: 'success' | 'failure', details: Record<string, unknown>) =>
    record({
      userId: key.createdBy,
      userEmail: key.createdByEmail,
      ipAddress: req.ip ?? null,
      userAgent: req.get('user-agent') ?? null,
      action: 'USE_API_KEY',
      targetType: 'apiKey',
      targetId: key.id,
      organizationId: key.organizationId,
      // The route's pattern, never the URL (a query could hold anything).
      details: { method: req.method, route: `${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? ''}`, ...details },
      status,
    }).catch((error: unknown) => logger.warn({ err: error, keyId: key.id }, 'could not audit an API key call'));

  const touch = (key: StoredApiKey) => {
    const at = now().getTime();
    if (at - (lastWritten.get(key.id) ?? 0) < LAST_USED_INTERVAL_MS) return;
    lastWritten.set(key.id, at);
    void store
      .recordUse(key.id, new Date(at))
      .catch((error: unknown) => logger.warn({ err: error, keyId: key.id }, 'could not record when an API key was last used'));
  };

  return (scope) => async (req: Request, res: Response, next: NextFunction) => {
    const refuse = (status: 401 | 403, message: string, code: ServiceErrorCode, key?: StoredApiKey) => {
      if (key) void audit(req, key, 'failure', { status, code });
      if (status === 401) res.setHeader('WWW-Authenticate', req.headers.authorization ? `${BEARER_CHALLENGE}, error="invalid_token"` : BEARER_CHALLENGE);
      res.status(status).json(errorBody(status, message, code));
    };
    const presented = parseApiKeySecret(BEARER.exec(req.headers.authorization?.trim() ?? '')?.[1] ?? '');
    if (!presented) return refuse(401, 'Missing or malformed API key: expected "Authorization: Bearer afk_…"', API_KEY_ERROR_CODES.invalid);
    let key: StoredApiKey | null;
    try {
      key = await store.get(presented.keyId);
    } catch (error) {
      return next(error);
    }
    if (!key || !secretMatches(presented.secret, key.secretHash)) return refuse(401, 'Invalid API key', API_KEY_ERROR_CODES.invalid);
    const status = apiKeyStatus(key, now());
    if (status === 'revoked') return refuse(401, 'This API key was revoked', API_KEY_ERROR_CODES.revoked, key);
    if (status === 'expired') return refuse(401, 'This API key has expired', API_KEY_ERROR_CODES.expired, key);
    // req.ip is what TRUST_PROXY makes of the connection and X-Forwarded-For.
    if (key.ipAllowList.length > 0 && !addressInRanges(req.ip ?? '', key.ipAllowList)) {
      return refuse(403, `Calls with this API key may not come from ${req.ip ?? 'this address'}`, API_KEY_ERROR_CODES.ipNotAllowed, key);
    }
    let creator: UserRecord | null;
    try {
      creator = await creatorOf(key.createdBy);
    } catch (error) {
      return next(error);
    }
    if (!creator || creator.disabled) return refuse(401, 'The account this API key belongs to is disabled or gone', GENERIC_ERROR_CODES.unauthenticated, key);
    req.caller = {
      uid: creator.uid,
      email: creator.email ?? null,
      emailVerified: creator.emailVerified,
      apiKey: { id: key.id, scopes: key.scopes, workspaceId: key.workspaceId, organizationId: key.organizationId },
    };
    if (scope && !key.scopes.includes(scope)) return refuse(403, `This API key lacks the ${scope} scope`, API_KEY_ERROR_CODES.scopeMissing, key);
    const perMinute = key.rateLimitPerMinute ?? defaultRateLimitPerMinute;
    const hit = await limiter(perMinute).increment(`apikey:${key.id}`);
    if ((hit.totalHits ?? 0) > perMinute) return sendRateLimited(res, hit.resetTime, (seconds) => `This API key makes at most ${perMinute} requests a minute; try again in ${seconds} s`);
    const used = key;
    res.on('finish', () => {
      void audit(req, used, res.statusCode < 400 ? 'success' : 'failure', { status: res.statusCode });
      touch(used);
    });
    // A key's calls count against its creator's own limit too.
    applyUserRateLimit(req, res, next);
  };
}
