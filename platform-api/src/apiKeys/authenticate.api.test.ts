// Calls made with an API key (issue 24 must-show): on the real app (/v1/me)
// and on probe routes guarded by the same authenticator in a service app of
// its own (to set the proxy trust and a small limit). Revocation and expiry
// hold at once; the allow-list is judged on req.ip as TRUST_PROXY makes it;
// a route's scope is enforced; a key's calls are limited per key (429); use is
// audited by key id without the secret, and unknown or forged keys write nothing.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { API_KEYS_API, API_KEYS_COLLECTION, PUBLIC_API, parseApiKeySecret, type ApiKeyScope } from '@agentflow/shared/api-keys';
import { RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import type { TrustProxySetting } from '@agentflow/shared/server';
import { eventually } from '@agentflow/shared/testing/eventually';
import { testServiceApp } from '@agentflow/shared/testing/serviceApp';
import { createAuditRecorder, firestoreAuditWriter } from '../access/audit';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { createApiKeyAuthenticator } from './authenticate';

let h: RunsHarness;
let alice: RunsUser;
const servers: Server[] = [];

beforeAll(async () => {
  h = await startRunsHarness('api-key-calls');
  alice = await h.createUser('alice', { emailVerified: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await h?.close();
});

async function newKey(body: { scopes: ApiKeyScope[]; ipAllowList?: string[]; rateLimitPerMinute?: number }): Promise<{ id: string; secret: string }> {
  const created = await h.call('POST', API_KEYS_API.keys, { user: alice, body: { name: 'Probe', workspaceId: 'personal', ...body } });
  expect(created.status).toBe(201);
  return { id: created.body.key.id as string, secret: created.body.secret as string };
}

/** A service app whose probe routes are guarded by the authenticator (a scope each), listening on loopback. */
async function probeApp(trustProxy: TrustProxySetting = false): Promise<string> {
  const requireApiKey = createApiKeyAuthenticator({ db: h.db, auth: h.auth, logger: pino({ level: 'silent' }), record: createAuditRecorder(firestoreAuditWriter(h.db), pino({ level: 'silent' })), defaultRateLimitPerMinute: 3 });
  const app = testServiceApp({
    name: 'api-key-probe',
    trustProxy,
    routes: (express) => {
      express.get('/probe/read', requireApiKey('runs:read'), (req, res) => void res.json({ uid: req.caller!.uid, keyId: req.caller!.apiKey!.id, emailVerified: req.caller!.emailVerified }));
      express.post('/probe/write', requireApiKey('runs:write'), (_req, res) => void res.json({ ok: true }));
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const send = (url: string, secret: string | null, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(url, { ...init, headers: { ...(secret ? { Authorization: `Bearer ${secret}` } : {}), ...(init.headers ?? {}) } });
const usesOf = async (keyId: string) => (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('action', '==', 'USE_API_KEY').where('targetId', '==', keyId).get()).docs.map((doc) => doc.data());
const allUses = async () => (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('action', '==', 'USE_API_KEY').get()).size;

test('a key acts as its creator on /v1, is audited by id without its secret, and records when it was last used', async () => {
  const key = await newKey({ scopes: ['workflows:read'] });
  const me = await send(`${h.baseUrl()}${PUBLIC_API.me}`, key.secret);
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ key: { id: key.id, name: 'Probe', scopes: ['workflows:read'], workspaceId: 'personal', status: 'active' }, user: { uid: alice.uid } });
  const [use] = await eventually(() => usesOf(key.id), (entries) => entries.length === 1);
  expect(use).toMatchObject({ userId: alice.uid, targetType: 'apiKey', status: 'success', details: { method: 'GET', route: PUBLIC_API.me, status: 200 } });
  expect(JSON.stringify(use)).not.toContain(parseApiKeySecret(key.secret)!.secret);
  await eventually(async () => (await h.db.collection(API_KEYS_COLLECTION).doc(key.id).get()).get('lastUsedAt') as string | null, (at) => typeof at === 'string');
});

test('keys and ID tokens never stand in for each other; malformed, unknown and forged keys are 401 and write nothing', async () => {
  const key = await newKey({ scopes: ['workflows:read'] });
  // An ID token on /v1, a key on the app's own routes.
  expect((await h.call('GET', PUBLIC_API.me, { user: alice })).body.code).toBe('api_key_invalid');
  expect((await send(`${h.baseUrl()}${API_KEYS_API.keys}`, key.secret)).status).toBe(401);
  const before = await allUses();
  const { keyId, secret } = parseApiKeySecret(key.secret)!;
  const forged = `afk_${keyId}_${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
  for (const presented of [null, 'afk_short', `afk_${'Z'.repeat(20)}_${secret}`, forged]) {
    const answer = await send(`${h.baseUrl()}${PUBLIC_API.me}`, presented);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: string }).code).toBe('api_key_invalid');
  }
  // The key in a query string is not read (URLs reach logs).
  expect((await fetch(`${h.baseUrl()}${PUBLIC_API.me}?api_key=${encodeURIComponent(key.secret)}`)).status).toBe(401);
  expect(await allUses()).toBe(before);
});

test('revocation and expiry hold from the next call, on every instance (each call reads the key)', async () => {
  const probe = await probeApp();
  const key = await newKey({ scopes: ['runs:read'] });
  expect((await send(`${probe}/probe/read`, key.secret)).status).toBe(200);
  expect((await send(`${h.baseUrl()}${PUBLIC_API.me}`, key.secret)).status).toBe(200);
  expect((await h.call('DELETE', API_KEYS_API.key(key.id), { user: alice })).status).toBe(200);
  for (const base of [probe, h.baseUrl()]) {
    const answer = await send(`${base}${base === probe ? '/probe/read' : PUBLIC_API.me}`, key.secret);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: string }).code).toBe('api_key_revoked');
  }
  const expiring = await newKey({ scopes: ['runs:read'] });
  await h.db.collection(API_KEYS_COLLECTION).doc(expiring.id).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
  const expired = await send(`${probe}/probe/read`, expiring.secret);
  expect(expired.status).toBe(401);
  expect(((await expired.json()) as { code: string }).code).toBe('api_key_expired');
  await eventually(() => usesOf(expiring.id), (entries) => entries.some((entry) => entry.status === 'failure' && (entry.details as { code?: string }).code === 'api_key_expired'));
});

test('a route needs its scope: a key without it is 403, with the caller being its creator', async () => {
  const probe = await probeApp();
  const reader = await newKey({ scopes: ['runs:read'] });
  const read = await send(`${probe}/probe/read`, reader.secret);
  expect(await read.json()).toEqual({ uid: alice.uid, keyId: reader.id, emailVerified: true });
  const write = await send(`${probe}/probe/write`, reader.secret, { method: 'POST' });
  expect(write.status).toBe(403);
  expect(((await write.json()) as { code: string }).code).toBe('api_key_scope_missing');
  const writer = await newKey({ scopes: ['runs:write'] });
  expect((await send(`${probe}/probe/write`, writer.secret, { method: 'POST' })).status).toBe(200);
  expect((await send(`${probe}/probe/read`, writer.secret)).status).toBe(403);
});

test('the IP allow-list is judged on the address TRUST_PROXY gives: a forwarded address counts only behind a trusted proxy', async () => {
  const direct = await probeApp(false);
  const proxied = await probeApp(1);
  const office = await newKey({ scopes: ['runs:read'], ipAllowList: ['203.0.113.0/24'] });
  const local = await newKey({ scopes: ['runs:read'], ipAllowList: ['127.0.0.1'] });
  const fromOffice = { headers: { 'X-Forwarded-For': '203.0.113.9' } };
  // Not trusted: the header is a client's claim, the connection is loopback.
  const spoofed = await send(`${direct}/probe/read`, office.secret, fromOffice);
  expect(spoofed.status).toBe(403);
  expect(((await spoofed.json()) as { code: string }).code).toBe('api_key_ip_not_allowed');
  expect((await send(`${direct}/probe/read`, local.secret, fromOffice)).status).toBe(200);
  // Behind one trusted proxy: the address it forwards.
  expect((await send(`${proxied}/probe/read`, office.secret, fromOffice)).status).toBe(200);
  expect((await send(`${proxied}/probe/read`, office.secret, { headers: { 'X-Forwarded-For': '198.51.100.4' } })).status).toBe(403);
});

test('a key makes at most its limit of calls a minute (429 with Retry-After), counted per key', async () => {
  const probe = await probeApp();
  const [busy, other] = [await newKey({ scopes: ['runs:read'] }), await newKey({ scopes: ['runs:read'], rateLimitPerMinute: 10 })];
  // The probe's default is 3 a minute.
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await send(`${probe}/probe/read`, busy.secret)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const limited = await send(`${probe}/probe/read`, busy.secret);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');
  // Another key is not held back by the first; its own limit applies.
  for (let i = 0; i < 4; i++) expect((await send(`${probe}/probe/read`, other.secret)).status).toBe(200);
});
