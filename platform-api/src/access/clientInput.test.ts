// Issue 14 against the access API: lone UTF-16 surrogates in names and ids
// are a 400 naming the field with nothing written (they answered 500, and a
// revoke hung 46 s first), and the audit log records the socket address
// unless TRUST_PROXY says which proxy to believe. Real app, emulators.
import { ACCESS_API } from '@agentflow/shared/rbac';
import { startAccessHarness, snapshotCollections, type AccessHarness, type TestUser } from '../../testing/harness';

let h: AccessHarness;
let admin: TestUser;

beforeAll(async () => {
  h = await startAccessHarness('client-input');
  admin = await h.createAdmin('admin');
});

afterAll(() => h?.close());

const LONE = 'Sales \ud800 team';
const refusal = (field: string) => ({ status: 400, body: { error: `${field} is not well-formed Unicode (it holds a lone UTF-16 surrogate)`, code: 'invalid_unicode' } });

describe('lone surrogates are refused before anything is read or written', () => {
  test.each([
    { method: 'POST', path: ACCESS_API.roles, body: { id: 'sales-team', name: LONE }, field: 'name' },
    { method: 'PATCH', path: ACCESS_API.role('viewer'), body: { name: LONE }, field: 'name' },
    { method: 'POST', path: ACCESS_API.permissions, body: { id: 'export_leads', name: LONE, resource: 'leads', action: 'read' }, field: 'name' },
    { method: 'POST', path: ACCESS_API.organizations, body: { name: LONE }, field: 'name' },
    { method: 'POST', path: ACCESS_API.assignments, body: { userId: 'someone', roleId: 'viewer', organizationId: 'org\udc00' }, field: 'organizationId' },
  ])('$method $path: 400 naming $field, no change and no audit entry', async ({ method, path, body, field }) => {
    const before = await snapshotCollections(h.db);
    expect(await h.call(method, path, { user: admin, body })).toEqual(refusal(field));
    expect(await snapshotCollections(h.db)).toEqual(before);
  });

  test('revoke with a lone surrogate answers at once (it hung 46 s, then 500)', async () => {
    const started = Date.now();
    const response = await h.call('POST', ACCESS_API.revoke, { user: admin, body: { userId: `user\ud83d`, roleId: 'viewer' } });
    expect(response).toEqual(refusal('userId'));
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('audit address (issue 14: the audit log recorded whatever X-Forwarded-For a caller sent)', () => {
  const createRole = async (harness: AccessHarness, user: TestUser, id: string) => {
    const response = await harness.call('POST', ACCESS_API.roles, { user, body: { id, name: id }, headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(response.status).toBe(201);
    const entries = await harness.db.collection('rbacAuditLogs').where('targetId', '==', id).get();
    expect(entries.size).toBe(1);
    return entries.docs[0]!.get('ipAddress') as string;
  };

  test('by default the entry holds the socket address, not the forwarded one', async () => {
    expect(await createRole(h, admin, 'audit-default')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  test('with TRUST_PROXY=1 (one proxy in front, as on Cloud Run) the entry holds the address that proxy appended', async () => {
    const proxied = await startAccessHarness('client-input-proxy', { trustProxy: 1 });
    try {
      const proxyAdmin = await proxied.createAdmin('proxy-admin');
      expect(await createRole(proxied, proxyAdmin, 'audit-proxied')).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});
