// API keys' management routes (issue 24) on the real app and the emulators:
// the secret is answered once (uncached) and stored only as its SHA-256;
// scopes are limited to what the creator holds in the key's workspace; the
// allow-list is checked and spelt one way; revocation is at once and final;
// nobody reads or changes another user's key; audit entries name the key and
// never hold its secret or hash; a refusal changes nothing.
import { createHash } from 'node:crypto';
import { API_KEYS_API, API_KEYS_COLLECTION, API_KEY_LIMITS, parseApiKeySecret } from '@agentflow/shared/api-keys';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let owner: RunsUser;
let viewer: RunsUser;
let stranger: RunsUser;
let org: string;

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });

beforeAll(async () => {
  h = await startRunsHarness('api-keys');
  [owner, viewer, stranger] = await Promise.all([h.createUser('owner'), h.createUser('viewer'), h.createUser('stranger')]);
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
  org = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(org).set({ name: org, description: '', ownerId: owner.uid, createdBy: owner.uid, createdAt: new Date().toISOString() });
  await Promise.all([assign(owner.uid, 'workspace_owner', org), assign(viewer.uid, 'workspace_viewer', org)]);
}, 60_000);

afterAll(() => h?.close());

const keysOf = async (uid: string) => (await h.db.collection(API_KEYS_COLLECTION).where('createdBy', '==', uid).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }) as { id: string } & Record<string, unknown>);
const auditOf = async (keyId: string) => (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('targetType', '==', 'apiKey').where('targetId', '==', keyId).get()).docs.map((doc) => doc.data());
const create = (user: RunsUser, body: Record<string, unknown>) => h.call('POST', API_KEYS_API.keys, { user, body });

test('the secret is answered once, uncached, and stored only as its SHA-256 and last four characters', async () => {
  const created = await create(owner, { name: 'CRM sync', workspaceId: 'personal', scopes: ['workflows:read', 'runs:write'], expiresInDays: 30, ipAllowList: ['203.0.113.7', '10.1.2.3/24'] });
  expect(created.status).toBe(201);
  expect(created.headers.get('cache-control')).toBe('no-store');
  const { keyId, secret } = parseApiKeySecret(created.body.secret as string)!;
  expect(created.body.key).toMatchObject({ id: keyId, name: 'CRM sync', workspaceId: 'personal', scopes: ['workflows:read', 'runs:write'], status: 'active', masked: `afk_${keyId}_…${secret.slice(-4)}`, ipAllowList: ['203.0.113.7/32', '10.1.2.0/24'], lastUsedAt: null });
  expect(Date.parse(created.body.key.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

  const [stored] = (await keysOf(owner.uid)).filter((key) => key.id === keyId);
  expect(stored).toMatchObject({ secretHash: createHash('sha256').update(secret).digest('hex'), last4: secret.slice(-4) });
  expect(JSON.stringify(stored)).not.toContain(secret);
  // Listed later: never the secret or its hash.
  const listed = await h.call('GET', `${API_KEYS_API.keys}?workspaceId=personal`, { user: owner });
  expect(listed.status).toBe(200);
  const shown = JSON.stringify(listed.body);
  expect(shown).toContain(keyId);
  expect(shown).not.toContain(secret);
  expect(shown).not.toContain(String(stored!.secretHash));
  // The audit entry names the key, not its secret or hash.
  const entries = await auditOf(keyId);
  expect(entries.map((entry) => entry.action)).toEqual(['CREATE_API_KEY']);
  expect(entries[0]).toMatchObject({ userId: owner.uid, targetId: keyId, details: expect.objectContaining({ scopes: ['workflows:read', 'runs:write'] }) });
  expect(JSON.stringify(entries)).not.toContain(secret);
  expect(JSON.stringify(entries)).not.toContain(String(stored!.secretHash));
});

test('a key gets only scopes its creator holds in its workspace; a refusal names the scope and writes nothing', async () => {
  const before = (await keysOf(viewer.uid)).length;
  // A viewer in the organization may read, not run or use credentials.
  const beyond = await create(viewer, { name: 'Too much', workspaceId: org, scopes: ['runs:read', 'runs:write'] });
  expect(beyond.status).toBe(403);
  expect(beyond.body).toMatchObject({ code: 'api_key_scope_exceeds_role', field: 'scopes.1' });
  expect(beyond.body.error).toContain('run_workflows');
  const reading = await create(viewer, { name: 'Reporting', workspaceId: org, scopes: ['workflows:read', 'runs:read'] });
  expect(reading.status).toBe(201);
  // Someone outside the organization can give it nothing; an organization that does not exist is not found.
  expect((await create(stranger, { name: 'Intruder', workspaceId: org, scopes: ['workflows:read'] })).body).toMatchObject({ code: 'api_key_scope_exceeds_role', field: 'scopes.0' });
  expect((await create(stranger, { name: 'Nowhere', workspaceId: 'org-missing', scopes: ['workflows:read'] })).body).toMatchObject({ code: 'workspace_not_found', field: 'workspaceId' });
  // The owner holds every right in it.
  expect((await create(owner, { name: 'Everything', workspaceId: org, scopes: ['runs:write', 'credentials:read', 'approvals:decide', 'files:write'] })).status).toBe(201);
  expect((await keysOf(viewer.uid)).length).toBe(before + 1);
  expect(await keysOf(stranger.uid)).toEqual([]);
});

test('bad input is a 400 naming the field and writes nothing; without a token it is 401', async () => {
  const before = (await keysOf(owner.uid)).length;
  const cases: [Record<string, unknown>, string][] = [
    [{ name: '', workspaceId: 'personal', scopes: ['runs:read'] }, 'name'],
    [{ name: 'x', workspaceId: 'personal', scopes: ['runs:everything'] }, 'scopes.0'],
    [{ name: 'x', workspaceId: 'personal', scopes: ['runs:read'], ipAllowList: ['203.0.113.0/24', 'office.example.com'] }, 'ipAllowList.1'],
    [{ name: 'x', workspaceId: 'personal', scopes: ['runs:read'], expiresInDays: 0 }, 'expiresInDays'],
  ];
  for (const [body, field] of cases) {
    const answer = await create(owner, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(field);
  }
  expect((await h.call('POST', API_KEYS_API.keys, { body: { name: 'x', workspaceId: 'personal', scopes: ['runs:read'] } })).status).toBe(401);
  expect((await keysOf(owner.uid)).length).toBe(before);
});

test('a key is changed and revoked by its creator only; revocation is final and audited', async () => {
  const created = await create(owner, { name: 'Nightly export', workspaceId: 'personal', scopes: ['runs:read'] });
  const id = created.body.key.id as string;
  // Another user: the same 404 as a missing key, and nothing changes.
  expect((await h.call('PATCH', API_KEYS_API.key(id), { user: stranger, body: { name: 'Mine now' } })).status).toBe(404);
  expect((await h.call('DELETE', API_KEYS_API.key(id), { user: stranger })).status).toBe(404);
  const renamed = await h.call('PATCH', API_KEYS_API.key(id), { user: owner, body: { name: 'Nightly export (BI)', ipAllowList: ['2001:db8::/32'], rateLimitPerMinute: 30 } });
  expect(renamed.status).toBe(200);
  expect(renamed.body.key).toMatchObject({ name: 'Nightly export (BI)', ipAllowList: ['2001:db8::/32'], rateLimitPerMinute: 30, scopes: ['runs:read'] });
  expect((await h.call('PATCH', API_KEYS_API.key(id), { user: owner, body: { scopes: ['runs:write'] } })).status).toBe(400);
  const revoked = await h.call('DELETE', API_KEYS_API.key(id), { user: owner });
  expect(revoked.status).toBe(200);
  expect(revoked.body.key.status).toBe('revoked');
  // Final: it cannot be changed back, and revoking again changes nothing.
  expect((await h.call('PATCH', API_KEYS_API.key(id), { user: owner, body: { name: 'Back' } })).body.code).toBe('api_key_revoked');
  const again = await h.call('DELETE', API_KEYS_API.key(id), { user: owner });
  expect(again.body.key.revokedAt).toBe(revoked.body.key.revokedAt);
  expect((await auditOf(id)).map((entry) => entry.action).sort()).toEqual(['CREATE_API_KEY', 'REVOKE_API_KEY', 'UPDATE_API_KEY']);
});

test(`a user holds at most ${API_KEY_LIMITS.perUser} keys that are not revoked`, async () => {
  const user = await h.createUser('collector');
  await Promise.all(
    Array.from({ length: API_KEY_LIMITS.perUser }, (_each, index) =>
      h.db.collection(API_KEYS_COLLECTION).doc(`seeded${String(index).padStart(14, '0')}`).set({ createdBy: user.uid, workspaceId: 'personal', revokedAt: null, scopes: ['runs:read'] }),
    ),
  );
  const refused = await create(user, { name: 'One more', workspaceId: 'personal', scopes: ['runs:read'] });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('api_key_too_many');
  await h.db.collection(API_KEYS_COLLECTION).doc('seeded00000000000000').update({ revokedAt: new Date().toISOString() });
  expect((await create(user, { name: 'One more', workspaceId: 'personal', scopes: ['runs:read'] })).status).toBe(201);
});
