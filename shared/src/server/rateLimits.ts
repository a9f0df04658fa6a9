// Which client address to believe, and how often a client may call: the
// settings (TRUST_PROXY, USER_RATE_LIMIT, WEBHOOK_RATE_LIMIT, WEBHOOK_BURST),
// a token-bucket store for express-rate-limit (bursts, then a steady rate),
// and the per-user limit that requireAuth applies once the caller is known.
// Counters live in each process: with N instances a client may get N times
// the limit, which these limits (abuse guards, not quotas) accept.
import { isIP } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Store } from 'express-rate-limit';
import { REQUEST_ERROR_CODES } from '../domain/validation/errorCodes.js';

/** Express's 'trust proxy': false (the socket address), a hop count, or proxy addresses/ranges. */
export type TrustProxySetting = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, '', 'false' or '0' trusts nobody (the client address
 * is the socket's, and X-Forwarded-For is ignored); a number N trusts the N
 * proxies nearest the service (Cloud Run: 1; a Google load balancer in front
 * of Cloud Run: 2); otherwise a comma-separated list of proxy addresses, CIDR
 * ranges or loopback/linklocal/uniquelocal. 'true' is refused: it would take
 * the address from whatever X-Forwarded-For a caller sends.
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): TrustProxySetting {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || /^(false|0)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^true$/i.test(raw)) {
    throw new Error('TRUST_PROXY=true would take the client address from any X-Forwarded-For header; give the number of proxies in front of the service (Cloud Run: 1) or their addresses');
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!isProxyEntry(entry)) throw new Error(`TRUST_PROXY holds '${entry}', which is neither a hop count, an IP address or CIDR range, nor loopback, linklocal or uniquelocal`);
  }
  return entries;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got '${env[name]}'`);
  return value;
}

/** Requests a signed-in user may make per minute to one service instance: room for any UI and test, not for a script. */
export const DEFAULT_USER_RATE_LIMIT = 1200;

/** USER_RATE_LIMIT: requests per minute per signed-in user (default 1200). */
export function userRateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env, 'USER_RATE_LIMIT', DEFAULT_USER_RATE_LIMIT);
}

export interface WebhookLimits {
  /** Calls one workflow's webhook accepts at once after a quiet spell. */
  burst: number;
  /** Calls per minute it accepts after that. */
  perMinute: number;
}

/** A CRM importing a batch posts 120 leads at once, then 2 a second. */
export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = { burst: 120, perMinute: 120 };

/** WEBHOOK_BURST and WEBHOOK_RATE_LIMIT (per minute), per workflow. */
export function webhookLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookLimits {
  return {
    burst: positiveInteger(env, 'WEBHOOK_BURST', DEFAULT_WEBHOOK_LIMITS.burst),
    perMinute: positiveInteger(env, 'WEBHOOK_RATE_LIMIT', DEFAULT_WEBHOOK_LIMITS.perMinute),
  };
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key as an express-rate-limit store: `capacity` calls
 * at once, refilled at `perMinute`. A refused call takes no token, and its
 * resetTime is when the next token arrives (the 429's Retry-After).
 */
export class TokenBucketStore implements Store {
  readonly localKeys = true;
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep: number;

  constructor(
    readonly capacity: number,
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  private get perMs(): number {
    return this.perMinute / 60_000;
  }

  private bucket(key: string): Bucket {
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Forget buckets that have filled up again, so idle keys cost no memory. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (bucket.tokens + (now - bucket.at) * this.perMs >= this.capacity) this.buckets.delete(key);
  }

  private info(bucket: Bucket, refused: boolean): ClientRateLimitInfo {
    const missing = refused ? 1 - bucket.tokens : this.capacity - bucket.tokens;
    return { totalHits: refused ? this.capacity + 1 : this.capacity - Math.floor(bucket.tokens), resetTime: new Date(bucket.at + Math.ceil(missing / this.perMs)) };
  }

  /** The state without taking a token: refused (totalHits > capacity) when the bucket is empty. */
  async get(key: string): Promise<ClientRateLimitInfo> {
    const bucket = this.bucket(key);
    return this.info(bucket, bucket.tokens < 1);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const bucket = this.bucket(key);
    if (bucket.tokens < 1) return this.info(bucket, true);
    bucket.tokens -= 1;
    return this.info(bucket, false);
  }

  async decrement(key: string): Promise<void> {
    const bucket = this.bucket(key);
    bucket.tokens = Math.min(this.capacity, bucket.tokens + 1);
  }

  async resetKey(key: string): Promise<void> {
    this.buckets.delete(key);
  }

  async resetAll(): Promise<void> {
    this.buckets.clear();
  }
}

/** Whole seconds until a reset time (at least 1), as Retry-After says it. */
export function secondsUntil(resetTime: Date | undefined, now = Date.now()): number {
  return Math.max(1, Math.ceil(((resetTime?.getTime() ?? now + 1000) - now) / 1000));
}

/** The 429 body every limiter answers. */
export function rateLimitedBody(message: string): { error: string; code: typeof REQUEST_ERROR_CODES.rateLimited } {
  return { error: message, code: REQUEST_ERROR_CODES.rateLimited };
}

/** Answers 429 with Retry-After and the JSON body. */
export function sendRateLimited(res: Response, resetTime: Date | undefined, describe: (seconds: number) => string): void {
  const seconds = secondsUntil(resetTime);
  res.setHeader('Retry-After', String(seconds));
  res.status(429).json(rateLimitedBody(describe(seconds)));
}

/**
 * express-rate-limit with the platform's conventions: RateLimit headers
 * (draft 8), Retry-After and a JSON 429 naming the limit. The address is
 * req.ip, which TRUST_PROXY decides; the X-Forwarded-For check is off
 * because ignoring that header is deliberate unless TRUST_PROXY says otherwise.
 */
export function createLimiter(options: {
  limit: number;
  store?: Store;
  keyGenerator?: (req: Request) => string;
  describe: (seconds: number) => string;
}): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: options.limit,
    store: options.store,
    keyGenerator: options.keyGenerator,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    validate: { xForwardedForHeader: false },
    handler: (req, res) => {
      // express-rate-limit puts its info on the request.
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      sendRateLimited(res, info?.resetTime, options.describe);
    },
  });
}

const USER_LIMITER = 'agentflow.userRateLimiter';
const counted = new WeakSet<Request>();

/** The per-user limiter of an app (createServiceApp installs it; requireAuth applies it). */
export function createUserRateLimiter(perMinute: number): RequestHandler {
  return createLimiter({
    limit: perMinute,
    keyGenerator: (req) => `user:${req.caller?.uid ?? ''}`,
    describe: (seconds) => `Too many requests: at most ${perMinute} a minute per user; try again in ${seconds} s`,
  });
}

export function installUserRateLimiter(locals: Record<string, unknown>, limiter: RequestHandler): void {
  locals[USER_LIMITER] = limiter;
}

/** Called by requireAuth once req.caller is verified: counts the request once against that user. */
export function applyUserRateLimit(req: Request, res: Response, next: NextFunction): void {
  const limiter = (req.app?.locals as Record<string, unknown> | undefined)?.[USER_LIMITER] as RequestHandler | undefined;
  if (!limiter || counted.has(req)) {
    next();
    return;
  }
  counted.add(req);
  void limiter(req, res, next);
}
