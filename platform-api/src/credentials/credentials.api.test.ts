// The credential vault over HTTP, on the emulators: what a browser gets back
// (never a secret), who may see, change and use what, bad input refused
// without a change, every change audited without the secret, and a canary
// secret found in no Firestore document, audit entry, log line or answer.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { ACCESS_API, CREDENTIALS_API, CREDENTIAL_ERROR_CODES, type CredentialView } from '@agentflow/shared/server';
import { type AccessHarness, type TestUser, startAccessHarness } from '../../testing/harness';
import type { CredentialTester } from './router';
import type { OpenedCredential } from './vault';

const CANARY = 'sk-canary-7f3a9e41-vault';
const NEW_CANARY = 'sk-canary-rotated-0b55c2';

const logLines: string[] = [];
const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }));
const tested: OpenedCredential[] = [];
const tester: CredentialTester = async (credential) => {
  tested.push(credential);
  // A provider that echoes the key back in its error, as some do.
  return { ok: false, models: [], error: `Incorrect API key provided: ${credential.secrets.apiKey}`, code: CREDENTIAL_ERROR_CODES.rejected };
};

let h: AccessHarness;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

async function asAdmin(method: string, path: string, body?: unknown) {
  const response = await h.call(method, path, { user: admin, body });
  if (response.status >= 300) throw new Error(`setup ${method} ${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Everything stored in the project (every collection, every field) as one string. */
async function everything(): Promise<string> {
  const parts: string[] = [];
  for (const collection of await h.db.listCollections()) {
    for (const doc of (await collection.get()).docs) parts.push(JSON.stringify(doc.data()));
  }
  return parts.join('\n');
}

const credentialCount = async () => (await h.db.collection('credentials').count().get()).data().count;
const auditOf = async (id: string) => (await h.db.collection('rbacAuditLogs').where('targetId', '==', id).get()).docs.map((doc) => doc.data());

beforeAll(async () => {
  h = await startAccessHarness('credentials', { logger, credentialTester: tester });
  admin = await h.createAdmin('cred-admin');
  alice = await h.createUser('cred-alice');
  bob = await h.createUser('cred-bob');
  // Alice keeps more than Free's 3 credentials over these tests; the Free limit has its own tests below.
  await onPlan(alice, 'basic');
});

/** Puts a user on a plan, as billing-api does (the membership's role). */
const onPlan = (user: TestUser, role: string) => h.db.collection('userMemberships').doc(user.uid).set({ userId: user.uid, role }, { merge: true });
afterAll(() => h?.close());

async function createOwn(user: TestUser, body: Record<string, unknown> = {}): Promise<CredentialView> {
  const response = await h.call('POST', CREDENTIALS_API.create, { user, body: { type: 'openai', name: 'My OpenAI', secrets: { apiKey: CANARY }, ...body } });
  expect(response.status).toBe(201);
  return response.body as CredentialView;
}

describe('a personal credential', () => {
  test('created: the answer holds settings and a 4-character hint, never the secret; the stored document holds only ciphertext', async () => {
    const created = await createOwn(alice);
    expect(created).toMatchObject({ type: 'openai', name: 'My OpenAI', owner: { kind: 'user', userId: alice.uid }, settings: {}, secretHints: { apiKey: '••••ault' }, createdBy: alice.uid, lastUsedAt: null });
    expect(JSON.stringify(created)).not.toContain(CANARY);
    const stored = (await h.db.collection('credentials').doc(created.id).get()).data()!;
    expect(stored.sealed).toMatchObject({ v: 1, keyId: expect.stringMatching(/^k[0-9a-f]{16}$/) });
    expect(JSON.stringify(stored)).not.toContain(CANARY);
    const read = await h.call('GET', CREDENTIALS_API.one(created.id), { user: alice });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    expect((await h.call('GET', CREDENTIALS_API.list, { user: alice })).body.credentials.map((c: CredentialView) => c.id)).toContain(created.id);
  });

  test('another user can neither list, read, change, test nor delete it: 404 (no probing), and nothing changes', async () => {
    const created = await createOwn(alice, { name: 'Private' });
    const before = (await h.db.collection('credentials').doc(created.id).get()).data();
    expect((await h.call('GET', CREDENTIALS_API.list, { user: bob })).body.credentials.map((c: CredentialView) => c.id)).not.toContain(created.id);
    for (const [method, path, body] of [
      ['GET', CREDENTIALS_API.one(created.id), undefined],
      ['PATCH', CREDENTIALS_API.one(created.id), { name: 'Stolen' }],
      ['POST', CREDENTIALS_API.test(created.id), undefined],
      ['DELETE', CREDENTIALS_API.one(created.id), undefined],
    ] as const) {
      const response = await h.call(method, path, { user: bob, body });
      expect({ method, status: response.status, code: response.body?.code }).toEqual({ method, status: 404, code: CREDENTIAL_ERROR_CODES.notFound });
    }
    expect((await h.db.collection('credentials').doc(created.id).get()).data()).toEqual(before);
  });

  test('signed out: 401 everywhere, nothing stored', async () => {
    const count = await credentialCount();
    expect((await h.call('GET', CREDENTIALS_API.list)).status).toBe(401);
    expect((await h.call('POST', CREDENTIALS_API.create, { body: { type: 'openai', name: 'x', secrets: { apiKey: CANARY } } })).status).toBe(401);
    expect(await credentialCount()).toBe(count);
  });

  test.each([
    [{ type: 'openai', name: 'x' }, /secrets\.apiKey/],
    [{ type: 'unknown', name: 'x' }, /type/],
    [{ type: 'openai', name: '', secrets: { apiKey: CANARY } }, /name/],
    [{ type: 'openai', name: 'x', secrets: { apiKey: CANARY, stray: 'y' } }, /secrets/],
    [{ type: 'ollama', name: 'x', settings: { baseUrl: 'gopher://x' } }, /settings\.baseUrl/],
    [{ type: 'httpBearer', name: 'x', secrets: { token: `${CANARY}\r\nX-Evil: 1` } }, /secrets\.token/],
  ])('bad input %j: 400 naming the field, without echoing the secret, nothing stored', async (body, field) => {
    const count = await credentialCount();
    const response = await h.call('POST', CREDENTIALS_API.create, { user: alice, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(field);
    expect(JSON.stringify(response.body)).not.toContain(CANARY);
    expect(await credentialCount()).toBe(count);
  });

  test('an update replaces a secret (new hint, old secret gone) and keeps the others; the type’s fields only', async () => {
    const created = await createOwn(alice, { type: 'httpBasic', name: 'Basic', settings: { username: 'ada' }, secrets: { password: CANARY } });
    const renamed = await h.call('PATCH', CREDENTIALS_API.one(created.id), { user: alice, body: { name: 'Renamed' } });
    expect(renamed.body).toMatchObject({ name: 'Renamed', settings: { username: 'ada' }, secretHints: { password: '••••ault' } });
    const rotated = await h.call('PATCH', CREDENTIALS_API.one(created.id), { user: alice, body: { secrets: { password: NEW_CANARY } } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secretHints).toEqual({ password: '••••55c2' });
    expect(JSON.stringify(rotated.body)).not.toContain(NEW_CANARY);
    const refused = await h.call('PATCH', CREDENTIALS_API.one(created.id), { user: alice, body: { secrets: { apiKey: 'x' } } });
    expect(refused.status).toBe(400);
    const stored = JSON.stringify((await h.db.collection('credentials').doc(created.id).get()).data());
    expect(stored).not.toContain(NEW_CANARY);
    expect(stored).not.toContain(CANARY);
  });

  test('test connection decrypts for the tester only, and the answer is redacted even when the provider echoes the key', async () => {
    const created = await createOwn(alice, { name: 'Echo' });
    tested.length = 0;
    const response = await h.call('POST', CREDENTIALS_API.test(created.id), { user: alice });
    expect(response.status).toBe(200);
    expect(tested.map((credential) => credential.secrets)).toEqual([{ apiKey: CANARY }]);
    expect(response.body).toEqual({ ok: false, models: [], error: 'Incorrect API key provided: [redacted]', code: CREDENTIAL_ERROR_CODES.rejected });
    expect((await h.call('GET', CREDENTIALS_API.one(created.id), { user: alice })).body.lastUsedAt).toEqual(expect.any(String));
  });

  test('an HTTP credential has nothing to test on its own: a plain answer, no decryption', async () => {
    const created = await createOwn(alice, { type: 'httpBearer', name: 'Bearer', secrets: { token: CANARY } });
    tested.length = 0;
    const response = await h.call('POST', CREDENTIALS_API.test(created.id), { user: alice });
    expect(response.body).toMatchObject({ ok: false, code: CREDENTIAL_ERROR_CODES.notTestable });
    expect(tested).toEqual([]);
  });

  test('delete removes it; every change and use was audited by who and what, never with the secret', async () => {
    const created = await createOwn(alice, { name: 'Short-lived' });
    await h.call('PATCH', CREDENTIALS_API.one(created.id), { user: alice, body: { secrets: { apiKey: NEW_CANARY } } });
    await h.call('POST', CREDENTIALS_API.test(created.id), { user: alice });
    expect((await h.call('DELETE', CREDENTIALS_API.one(created.id), { user: alice })).status).toBe(204);
    expect((await h.db.collection('credentials').doc(created.id).get()).exists).toBe(false);
    expect((await h.call('GET', CREDENTIALS_API.one(created.id), { user: alice })).status).toBe(404);
    const entries = await auditOf(created.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['CREATE_CREDENTIAL', 'DELETE_CREDENTIAL', 'UPDATE_CREDENTIAL', 'USE_CREDENTIAL']);
    for (const entry of entries) expect(entry).toMatchObject({ userId: alice.uid, targetType: 'credential', status: 'success' });
    expect(entries.find((entry) => entry.action === 'USE_CREDENTIAL')!.details).toMatchObject({ test: true });
    expect(JSON.stringify(entries)).not.toContain(CANARY);
    expect(JSON.stringify(entries)).not.toContain(NEW_CANARY);
  });
});

describe('an organization’s credential', () => {
  let organizationId: string;
  let otherOrganizationId: string;
  let manager: TestUser;
  let member: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    organizationId = (await asAdmin('POST', ACCESS_API.organizations, { name: 'Cred Org' })).id;
    otherOrganizationId = (await asAdmin('POST', ACCESS_API.organizations, { name: 'Other Org' })).id;
    await asAdmin('POST', ACCESS_API.roles, { id: 'cred-manager', name: 'Credential manager', permissions: ['manage_credentials'] });
    await asAdmin('POST', ACCESS_API.roles, { id: 'cred-user', name: 'Credential user', permissions: ['use_credentials'] });
    manager = await h.createUser('cred-manager');
    member = await h.createUser('cred-member');
    outsider = await h.createUser('cred-outsider');
    await asAdmin('POST', ACCESS_API.assignments, { userId: manager.uid, roleId: 'cred-manager', organizationId });
    await asAdmin('POST', ACCESS_API.assignments, { userId: member.uid, roleId: 'cred-user', organizationId });
    await asAdmin('POST', ACCESS_API.assignments, { userId: outsider.uid, roleId: 'cred-manager', organizationId: otherOrganizationId });
  });

  test('created by a manager there; a member lists, reads and tests it but may not change it (403); an outsider of another organization sees nothing', async () => {
    const count = await credentialCount();
    const refused = await h.call('POST', CREDENTIALS_API.create, { user: member, body: { type: 'openai', name: 'Team key', organizationId, secrets: { apiKey: CANARY } } });
    expect(refused.status).toBe(403);
    expect(await credentialCount()).toBe(count);
    const created = await h.call('POST', CREDENTIALS_API.create, { user: manager, body: { type: 'openai', name: 'Team key', organizationId, secrets: { apiKey: CANARY } } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.owner).toEqual({ kind: 'organization', organizationId });

    expect((await h.call('GET', CREDENTIALS_API.list, { user: member })).body.credentials.map((c: CredentialView) => c.id)).toContain(id);
    expect((await h.call('GET', `${CREDENTIALS_API.list}?organizationId=${organizationId}`, { user: member })).body.credentials.map((c: CredentialView) => c.id)).toEqual([id]);
    expect((await h.call('GET', CREDENTIALS_API.one(id), { user: member })).status).toBe(200);
    expect((await h.call('POST', CREDENTIALS_API.test(id), { user: member })).status).toBe(200);
    const before = (await h.db.collection('credentials').doc(id).get()).data()!.name;
    expect((await h.call('PATCH', CREDENTIALS_API.one(id), { user: member, body: { name: 'Mine now' } })).status).toBe(403);
    expect((await h.call('DELETE', CREDENTIALS_API.one(id), { user: member })).status).toBe(403);
    expect((await h.db.collection('credentials').doc(id).get()).data()!.name).toBe(before);

    expect((await h.call('GET', CREDENTIALS_API.list, { user: outsider })).body.credentials.map((c: CredentialView) => c.id)).not.toContain(id);
    expect((await h.call('GET', `${CREDENTIALS_API.list}?organizationId=${organizationId}`, { user: outsider })).status).toBe(403);
    for (const [method, path] of [['GET', CREDENTIALS_API.one(id)], ['POST', CREDENTIALS_API.test(id)], ['DELETE', CREDENTIALS_API.one(id)]] as const) {
      expect((await h.call(method, path, { user: outsider })).status).toBe(404);
    }
    expect((await h.db.collection('credentials').doc(id).get()).exists).toBe(true);
  });
});

describe('the plan limits how many credentials an owner keeps (entitlements)', () => {
  test('a Free user saves 3; the 4th is refused with 403 plan_limit_reached naming Basic, and nothing is stored', async () => {
    const carol = await h.createUser('cred-carol');
    for (let i = 0; i < 3; i++) await createOwn(carol, { name: `Key ${i}` });
    const before = await credentialCount();
    const refused = await h.call('POST', CREDENTIALS_API.create, { user: carol, body: { type: 'openai', name: 'One too many', secrets: { apiKey: CANARY } } });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'plan_limit_reached', plan: 'basic', feature: 'credentials', error: 'Your plan allows 3 saved credentials; Basic allows more' },
    });
    expect(await credentialCount()).toBe(before);
    // Upgraded, the same request passes.
    await onPlan(carol, 'basic');
    await createOwn(carol, { name: 'One more' });
  });

  test('five parallel creates from a Free user with 2 credentials: exactly one more is stored', async () => {
    const dave = await h.createUser('cred-dave');
    await createOwn(dave, { name: 'A' });
    await createOwn(dave, { name: 'B' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => h.call('POST', CREDENTIALS_API.create, { user: dave, body: { type: 'openai', name: `Parallel ${i}`, secrets: { apiKey: CANARY } } })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 403).every((answer) => answer.body.code === 'plan_limit_reached')).toBe(true);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(4);
    const listed = await h.call('GET', CREDENTIALS_API.list, { user: dave });
    expect(listed.body.credentials).toHaveLength(3);
  });
});

test('a tampered document fails loudly for the operator (logged, without the secret) and plainly for the user (409 credential_unreadable)', async () => {
  const created = await createOwn(alice, { name: 'Tampered' });
  const reference = h.db.collection('credentials').doc(created.id);
  const sealed = (await reference.get()).data()!.sealed;
  const bytes = Buffer.from(sealed.payload, 'base64');
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
  await reference.update({ 'sealed.payload': bytes.toString('base64') });
  logLines.length = 0;
  const response = await h.call('POST', CREDENTIALS_API.test(created.id), { user: alice });
  expect(response.status).toBe(409);
  expect(response.body.code).toBe(CREDENTIAL_ERROR_CODES.unreadable);
  expect(logLines.join('')).toMatch(/could not be decrypted/);
});

test('the canary appears nowhere: no Firestore document of any collection, no log line', async () => {
  expect(await everything()).not.toContain(CANARY);
  expect(await everything()).not.toContain(NEW_CANARY);
  expect(logLines.join('')).not.toContain(CANARY);
});

test('without a master key every credential route answers 503 credentials_not_configured and stores nothing', async () => {
  const bare = await startAccessHarness('credentials-nokey', { credentialsRing: null, credentialTester: tester });
  try {
    const user = await bare.createUser('nokey');
    const response = await bare.call('POST', CREDENTIALS_API.create, { user, body: { type: 'openai', name: 'x', secrets: { apiKey: CANARY } } });
    expect(response.status).toBe(503);
    expect(response.body.code).toBe(CREDENTIAL_ERROR_CODES.vaultNotConfigured);
    expect((await bare.db.collection('credentials').count().get()).data().count).toBe(0);
  } finally {
    await bare.close();
  }
});
