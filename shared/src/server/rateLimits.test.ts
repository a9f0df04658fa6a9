// Client addresses (TRUST_PROXY), the token bucket, and the per-user limit
// of createServiceApp, on a real Express app with a stand-in token verifier.
import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import request from 'supertest';
import { testServiceApp } from '../../testing/serviceApp';
import { requireAuth } from './auth';
import { DEFAULT_USER_RATE_LIMIT, DEFAULT_WEBHOOK_LIMITS, TokenBucketStore, secondsUntil, trustProxyFromEnv, userRateLimitFromEnv, webhookLimitsFromEnv, type TrustProxySetting } from './rateLimits';

// Tokens 'uid.payload.sig' verify as that uid: enough to exercise requireAuth's limit.
const fakeAuth = { verifyIdToken: async (token: string) => ({ uid: token.split('.')[0], email: null }) } as unknown as Auth;
const tokenOf = (uid: string) => `Bearer ${uid}.payload.sig`;

function buildApp(options: { trustProxy?: TrustProxySetting; userRateLimit?: number } = {}): Express {
  return testServiceApp({
    name: 'limits-test',
    ...options,
    routes: (app) => {
      app.get('/api/ip', (req, res) => void res.json({ ip: req.ip }));
      app.get('/api/mine', requireAuth(fakeAuth), (req, res) => void res.json({ uid: req.caller!.uid }));
    },
  });
}

describe('client address (issue 14: rate limits and audit entries trusted any X-Forwarded-For)', () => {
  test('by default X-Forwarded-For is ignored: the address is the socket’s', async () => {
    const response = await request(buildApp()).get('/api/ip').set('X-Forwarded-For', '203.0.113.9');
    expect(response.body.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  test('TRUST_PROXY=1 (Cloud Run) takes the address the nearest proxy appended, not one the caller wrote', async () => {
    const response = await request(buildApp({ trustProxy: 1 })).get('/api/ip').set('X-Forwarded-For', '198.51.100.7, 203.0.113.9');
    expect(response.body.ip).toBe('203.0.113.9');
  });

  test('a list of proxy addresses is trusted only when the socket is one of them', async () => {
    expect((await request(buildApp({ trustProxy: ['10.0.0.0/8'] })).get('/api/ip').set('X-Forwarded-For', '203.0.113.9')).body.ip).toMatch(/127\.0\.0\.1$/);
    expect((await request(buildApp({ trustProxy: ['loopback'] })).get('/api/ip').set('X-Forwarded-For', '203.0.113.9')).body.ip).toBe('203.0.113.9');
  });

  test.each<[string | undefined, TrustProxySetting]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    [' 10.0.0.0/8 , 2001:db8::/32,192.0.2.1 ', ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']],
  ])('TRUST_PROXY=%j reads as %j', (raw, expected) => {
    expect(trustProxyFromEnv(raw === undefined ? {} : { TRUST_PROXY: raw })).toEqual(expected);
  });

  test.each(['true', 'TRUE', 'example.com', '10.0.0.0/33', '1.2.3', '-1'])('TRUST_PROXY=%j is a configuration error', (raw) => {
    expect(() => trustProxyFromEnv({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});

describe('per-user limit (issue 14: authenticated endpoints had none)', () => {
  test('past USER_RATE_LIMIT a user gets 429 with Retry-After and a code; other users and other routes are unaffected', async () => {
    const app = buildApp({ userRateLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/mine').set('Authorization', tokenOf('alice'))).status).toBe(200);
    const limited = await request(app).get('/api/mine').set('Authorization', tokenOf('alice'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({ error: expect.stringMatching(/^Too many requests: at most 3 a minute per user; try again in \d+ s$/), code: 'rate_limited' });
    expect((await request(app).get('/api/mine').set('Authorization', tokenOf('bob'))).status).toBe(200);
    // Keyed by the verified user, not the address: the same socket is not limited elsewhere.
    expect((await request(app).get('/api/ip')).status).toBe(200);
  });

  test('a request whose token is refused does not count against anyone', async () => {
    const app = buildApp({ userRateLimit: 1 });
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/mine').set('Authorization', 'Bearer not-a-jwt')).status).toBe(401);
    expect((await request(app).get('/api/mine').set('Authorization', tokenOf('carol'))).status).toBe(200);
  });

  test('USER_RATE_LIMIT is read from the environment with a generous default', () => {
    expect(userRateLimitFromEnv({})).toBe(DEFAULT_USER_RATE_LIMIT);
    expect(DEFAULT_USER_RATE_LIMIT).toBeGreaterThanOrEqual(600);
    expect(userRateLimitFromEnv({ USER_RATE_LIMIT: '50' })).toBe(50);
    for (const bad of ['0', '-3', '1.5', 'lots']) expect(() => userRateLimitFromEnv({ USER_RATE_LIMIT: bad })).toThrow(`USER_RATE_LIMIT must be a positive whole number, got '${bad}'`);
  });
});

describe('webhook limits', () => {
  test('WEBHOOK_BURST and WEBHOOK_RATE_LIMIT, with defaults that let a CRM post a batch', () => {
    expect(webhookLimitsFromEnv({})).toEqual(DEFAULT_WEBHOOK_LIMITS);
    expect(DEFAULT_WEBHOOK_LIMITS.burst).toBeGreaterThanOrEqual(100);
    expect(webhookLimitsFromEnv({ WEBHOOK_BURST: '10', WEBHOOK_RATE_LIMIT: '30' })).toEqual({ burst: 10, perMinute: 30 });
    expect(() => webhookLimitsFromEnv({ WEBHOOK_BURST: 'x' })).toThrow(/WEBHOOK_BURST/);
  });
});

describe('TokenBucketStore', () => {
  test('a burst of `capacity`, then one call per refill interval; a refusal says when the next token comes', async () => {
    let now = 1_000_000;
    const store = new TokenBucketStore(3, 60, () => now); // 1 token a second
    const hits: number[] = [];
    for (let i = 0; i < 4; i++) hits.push((await store.increment('wf')).totalHits);
    expect(hits).toEqual([1, 2, 3, 4]); // the 4th exceeds the capacity of 3
    const refused = await store.increment('wf');
    expect(secondsUntil(refused.resetTime, now)).toBe(1);
    now += 1000;
    expect((await store.increment('wf')).totalHits).toBe(3);
    expect((await store.increment('wf')).totalHits).toBe(4);
    now += 10_000;
    expect((await store.increment('wf')).totalHits).toBe(1); // refilled to capacity, no further
    expect((await store.increment('other')).totalHits).toBe(1);
  });

  test('a refused call takes no token, decrement gives one back, resetKey forgets', async () => {
    let now = 0;
    const store = new TokenBucketStore(1, 1, () => now); // one a minute
    expect((await store.increment('k')).totalHits).toBe(1);
    for (let i = 0; i < 5; i++) expect((await store.increment('k')).totalHits).toBe(2);
    now += 60_000;
    expect((await store.increment('k')).totalHits).toBe(1);
    await store.decrement('k');
    expect((await store.increment('k')).totalHits).toBe(1);
    await store.resetKey('k');
    expect((await store.get('k')).totalHits).toBe(0);
  });
});
