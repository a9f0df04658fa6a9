import { ApiError } from '@agentflow/shared';
import { fakeResponse } from '@agentflow/shared/testing/fakeApi';
import { createAccessClient } from './client';
import { shouldRetry } from './queryClient';

const BASE = 'http://platform.test';

function setup(answer: Response | (() => Response | Promise<Response>) = fakeResponse(200, {}), token: string | null = 'id-token-1') {
  const fetchImpl = jest.fn(async (_url: string, _init?: RequestInit) => (typeof answer === 'function' ? answer() : answer));
  const client = createAccessClient({ baseUrl: BASE, getIdToken: async () => token, fetch: fetchImpl as unknown as typeof fetch });
  const sent = (index = 0) => {
    const [url, init = {}] = fetchImpl.mock.calls[index] ?? [];
    return { url, method: init.method, headers: init.headers as Record<string, string>, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
  };
  return { client, fetchImpl, sent };
}

describe('requests', () => {
  test.each([
    ['listRoles()', (c: ReturnType<typeof createAccessClient>) => c.listRoles(), 'GET', `${BASE}/api/access/roles`, undefined],
    ['listRoles(system)', (c: ReturnType<typeof createAccessClient>) => c.listRoles('core'), 'GET', `${BASE}/api/access/roles?system=core`, undefined],
    ['createRole', (c: ReturnType<typeof createAccessClient>) => c.createRole({ id: 'editor', name: 'Editor', description: '', system: 'custom', permissions: ['read_packages'] }), 'POST', `${BASE}/api/access/roles`, { id: 'editor', name: 'Editor', description: '', system: 'custom', permissions: ['read_packages'] }],
    ['updateRole', (c: ReturnType<typeof createAccessClient>) => c.updateRole('a b', { permissions: [] }), 'PATCH', `${BASE}/api/access/roles/a%20b`, { permissions: [] }],
    ['deleteRole', (c: ReturnType<typeof createAccessClient>) => c.deleteRole('editor'), 'DELETE', `${BASE}/api/access/roles/editor`, undefined],
    ['deleteRole(force)', (c: ReturnType<typeof createAccessClient>) => c.deleteRole('editor', true), 'DELETE', `${BASE}/api/access/roles/editor?force=true`, undefined],
    ['listPermissions(system)', (c: ReturnType<typeof createAccessClient>) => c.listPermissions('custom'), 'GET', `${BASE}/api/access/permissions?system=custom`, undefined],
    ['createPermission', (c: ReturnType<typeof createAccessClient>) => c.createPermission({ id: 'p', name: 'P', description: '', resource: '*', action: 'read', system: 'custom' }), 'POST', `${BASE}/api/access/permissions`, { id: 'p', name: 'P', description: '', resource: '*', action: 'read', system: 'custom' }],
    ['updatePermission', (c: ReturnType<typeof createAccessClient>) => c.updatePermission('p', { name: 'Q' }), 'PATCH', `${BASE}/api/access/permissions/p`, { name: 'Q' }],
    ['listOrganizations', (c: ReturnType<typeof createAccessClient>) => c.listOrganizations(), 'GET', `${BASE}/api/access/organizations`, undefined],
    ['createOrganization', (c: ReturnType<typeof createAccessClient>) => c.createOrganization({ name: 'Acme', description: '' }), 'POST', `${BASE}/api/access/organizations`, { name: 'Acme', description: '' }],
    ['updateOrganization', (c: ReturnType<typeof createAccessClient>) => c.updateOrganization('org-1', { name: 'Acme 2' }), 'PATCH', `${BASE}/api/access/organizations/org-1`, { name: 'Acme 2' }],
    ['organizationMembers', (c: ReturnType<typeof createAccessClient>) => c.organizationMembers('org-1'), 'GET', `${BASE}/api/access/organizations/org-1/members`, undefined],
    ['searchUsers', (c: ReturnType<typeof createAccessClient>) => c.searchUsers('bo b@'), 'GET', `${BASE}/api/access/users?emailPrefix=bo+b%40`, undefined],
    ['userAssignments', (c: ReturnType<typeof createAccessClient>) => c.userAssignments('uid-1', 'org-1'), 'GET', `${BASE}/api/access/users/uid-1/assignments?organizationId=org-1`, undefined],
    ['auditLog', (c: ReturnType<typeof createAccessClient>) => c.auditLog({ action: 'ASSIGN_ROLE', actor: 'ada@example.com' }, 'c1', 10), 'GET', `${BASE}/api/access/audit?action=ASSIGN_ROLE&actor=ada%40example.com&cursor=c1&limit=10`, undefined],
  ] as const)('%s', async (_name, call, method, url, body) => {
    const { client, sent } = setup();
    await call(client);
    const request = sent();
    expect(request.url).toBe(url);
    expect(request.method).toBe(method);
    expect(request.headers.Authorization).toBe('Bearer id-token-1');
    expect(request.body).toEqual(body);
    if (body !== undefined) expect(request.headers['Content-Type']).toBe('application/json');
    else expect(request.headers['Content-Type']).toBeUndefined();
  });
});

describe('responses', () => {
  test('lists come from their envelope ({roles: [...]}) or as a bare array', async () => {
    expect(await setup(fakeResponse(200, { roles: [{ id: 'a' }] })).client.listRoles()).toEqual([{ id: 'a' }]);
    expect(await setup(fakeResponse(200, [{ id: 'b' }])).client.listRoles()).toEqual([{ id: 'b' }]);
    expect(await setup(fakeResponse(200, { something: 'else' })).client.listRoles()).toEqual([]);
    expect(await setup(fakeResponse(200, { users: [{ uid: 'u' }] })).client.searchUsers('u')).toEqual([{ uid: 'u' }]);
  });

  test('an audit page always has entries and a cursor (null on the last page)', async () => {
    expect(await setup(fakeResponse(200, { entries: [{ id: 'e' }], nextCursor: 'n' })).client.auditLog({})).toEqual({ entries: [{ id: 'e' }], nextCursor: 'n' });
    expect(await setup(fakeResponse(200, {})).client.auditLog({})).toEqual({ entries: [], nextCursor: null });
  });

  test('204 and empty bodies resolve', async () => {
    await expect(setup(fakeResponse(204)).client.deleteRole('x')).resolves.toBeUndefined();
    await expect(setup(fakeResponse(200, '')).client.deleteRole('x')).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  test.each([
    [400, 'roleId is undefined or empty.'],
    [401, 'Invalid or expired ID token'],
    [403, 'Forbidden'],
    [404, 'Role ghost not found'],
    [409, 'Role editor is assigned to 2 user(s)'],
    [500, 'Internal error'],
  ])('%d rejects with the service’s {error} message', async (status, message) => {
    const { client } = setup(fakeResponse(status, { error: message }));
    const failure = await client.listRoles().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status, message });
  });

  test('a body that is not JSON keeps the status line', async () => {
    await expect(setup(fakeResponse(502, '<html>')).client.listRoles()).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
  });

  test('a network failure is status 0', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.listRoles()).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  test('without an ID token nothing is sent (401)', async () => {
    const { client, fetchImpl } = setup(fakeResponse(200, {}), null);
    await expect(client.listRoles()).rejects.toMatchObject({ status: 401 });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  test('refusals are not retried; network failures and 5xx once', () => {
    expect(shouldRetry(0, new ApiError('x', 403))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 409))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 0))).toBe(true);
    expect(shouldRetry(0, new ApiError('x', 503))).toBe(true);
    expect(shouldRetry(1, new ApiError('x', 503))).toBe(false);
  });
});
