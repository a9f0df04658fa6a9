// What each access endpoint does, beyond who may call it (matrix.test.ts):
// answers and messages, userAccess kept in step, force deletes, revocation of
// every match, user search, and the audit entries of changes.
import { ACCESS_API, APPROVER_ROLES, BUILT_IN_ROLES, CORE_PERMISSIONS, MANAGE_ALL_PERMISSION } from '@agentflow/shared/rbac';
import { type AccessHarness, type TestUser, startAccessHarness } from '../../testing/harness';

let h: AccessHarness;
let admin: TestUser;
let counter = 0;
const slug = (prefix: string) => `${prefix}-${++counter}`;

async function asAdmin(method: string, path: string, body?: unknown) {
  const response = await h.call(method, path, { user: admin, body });
  if (response.status >= 300) throw new Error(`setup ${method} ${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const userAccess = async (uid: string) => (await h.db.collection('userAccess').doc(uid).get()).data();
const assignmentsOf = async (uid: string) =>
  (await h.db.collection('userRoles').where('userId', '==', uid).get()).docs.map((doc) => ({ roleId: doc.get('roleId'), organizationId: doc.get('organizationId') ?? null })).sort((a, b) => a.roleId.localeCompare(b.roleId) || (a.organizationId ?? '').localeCompare(b.organizationId ?? ''));
const auditFor = async (targetId: string) =>
  (await h.db.collection('rbacAuditLogs').where('targetId', '==', targetId).get()).docs.map((doc) => doc.data()).sort((a, b) => a.timestamp.toMillis() - b.timestamp.toMillis());

beforeAll(async () => {
  h = await startAccessHarness('behaviour');
  admin = await h.createAdmin('admin');
});

afterAll(() => h?.close());

describe('GET /api/access/me', () => {
  test('without a token: the guest role’s permissions, no roles', async () => {
    const response = await h.call('GET', ACCESS_API.me);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ userId: null, roles: [], permissions: ['read_packages', 'read_workflow_templates'], assignments: [] });
  });

  test('with a bad token: 401, not a guest answer', async () => {
    const response = await h.call('GET', ACCESS_API.me, { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/Malformed Authorization header/);
  });

  test('an admin holds every permission (manage_all expanded), and sees their assignment', async () => {
    const response = await h.call('GET', ACCESS_API.me, { user: admin });
    expect(response.status).toBe(200);
    const all = [MANAGE_ALL_PERMISSION, ...CORE_PERMISSIONS].map((permission) => permission.id).sort();
    expect(response.body).toMatchObject({ userId: admin.uid, roles: ['admin'], permissions: all });
    expect(response.body.assignments).toEqual([
      { id: `${admin.uid}:admin`, userId: admin.uid, roleId: 'admin', organizationId: null, assignedBy: 'system', assignedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
  });

  test('organization-scoped permissions count only when that organization is asked about', async () => {
    const organization = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Org') });
    const user = await h.createUser('scoped');
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'org_admin', organizationId: organization.id });
    const global = await h.call('GET', ACCESS_API.me, { user });
    expect(global.body).toMatchObject({ roles: ['org_admin'], permissions: [] });
    const inside = await h.call('GET', `${ACCESS_API.me}?organizationId=${organization.id}`, { user });
    expect(inside.body.permissions).toEqual(['assign_roles', 'manage_organizations', 'read_audit_log', 'read_users']);
  });
});

describe('roles', () => {
  test('create, read, list by system; 409 for a duplicate; audited with the real actor', async () => {
    const id = slug('editor');
    const created = await h.call('POST', ACCESS_API.roles, {
      user: admin,
      body: { id, name: 'Editor', description: 'Edits', permissions: ['read_users'], googleEquivalent: { workspace: 'Editor', cloudIAM: 'Editor' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id, name: 'Editor', description: 'Edits', system: 'custom', permissions: ['read_users'], googleEquivalent: { workspace: 'Editor', cloudIAM: 'Editor' } });
    expect((await h.call('GET', ACCESS_API.role(id), { user: admin })).body).toEqual(created.body);
    const custom = await h.call('GET', `${ACCESS_API.roles}?system=custom`, { user: admin });
    expect(custom.body.roles.map((role: { id: string }) => role.id)).toContain(id);
    const core = await h.call('GET', `${ACCESS_API.roles}?system=core`, { user: admin });
    expect(core.body.roles.map((role: { id: string }) => role.id).sort()).toEqual(BUILT_IN_ROLES.map((role) => role.id).sort());
    const duplicate = await h.call('POST', ACCESS_API.roles, { user: admin, body: { id, name: 'Again' } });
    expect(duplicate).toEqual({ status: 409, body: { error: `Role '${id}' already exists`, code: 'conflict' } });
    expect(await auditFor(id)).toEqual([
      expect.objectContaining({
        action: 'CREATE_ROLE',
        status: 'success',
        targetType: 'role',
        userId: admin.uid,
        userEmail: admin.email,
        userAgent: 'access-tests/1.0',
        ipAddress: expect.stringMatching(/127\.0\.0\.1/),
        organizationId: null,
      }),
    ]);
  });

  test('400s name the field; unknown permission ids are named', async () => {
    const bad = async (body: unknown) => (await h.call('POST', ACCESS_API.roles, { user: admin, body })).body.error;
    expect(await bad({ id: '', name: 'X' })).toBe('id is undefined or empty.');
    expect(await bad({ id: 'Has Spaces', name: 'X' })).toMatch(/^id may contain only lower-case letters/);
    expect(await bad({ id: 'ok-id', name: '' })).toBe('name is required');
    expect(await bad({ id: 'ok-id', name: 'X', extra: 1 })).toBe('Unknown field: extra');
    expect(await bad({ id: 'ok-id', name: 'X', permissions: ['nope_a', 'read_users', 'nope_b'] })).toBe('Unknown permission ids: nope_a, nope_b');
    const response = await h.call('POST', ACCESS_API.roles, { user: admin, body: { id: 'ok-id', name: 'X', permissions: 'read_users' } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^permissions /);
    expect((await h.call('GET', `${ACCESS_API.roles}?sort=name`, { user: admin })).body).toEqual({ error: 'Unknown field: sort', code: 'invalid_request' });
  });

  test('404s name the id', async () => {
    expect(await h.call('GET', ACCESS_API.role('no-such-role'), { user: admin })).toEqual({ status: 404, body: { error: "Role 'no-such-role' not found", code: 'not_found' } });
    expect(await h.call('PATCH', ACCESS_API.role('no-such-role'), { user: admin, body: { name: 'X' } })).toEqual({ status: 404, body: { error: "Role 'no-such-role' not found", code: 'not_found' } });
    expect(await h.call('DELETE', ACCESS_API.role('no-such-role'), { user: admin })).toEqual({ status: 404, body: { error: "Role 'no-such-role' not found", code: 'not_found' } });
    // An id that cannot name a document is still a 404, never a crash.
    expect((await h.call('GET', `${ACCESS_API.roles}/a%2Fb`, { user: admin })).status).toBe(404);
    expect((await h.call('GET', `${ACCESS_API.roles}/__x__`, { user: admin })).status).toBe(404);
    expect(await h.call('GET', `${ACCESS_API.roles}/%E0%A4%A`, { user: admin })).toEqual({ status: 400, body: { error: 'id is not valid percent-encoded UTF-8', code: 'invalid_path_param' } });
  });

  test('a partial update changes only what was sent', async () => {
    const id = slug('partial');
    await asAdmin('POST', ACCESS_API.roles, { id, name: 'Partial', description: 'Keep me', system: 'sales', permissions: ['read_users'] });
    const response = await h.call('PATCH', ACCESS_API.role(id), { user: admin, body: { name: 'Renamed' } });
    expect(response).toEqual({ status: 200, body: { id, name: 'Renamed', description: 'Keep me', system: 'sales', permissions: ['read_users'] } });
    const put = await h.call('PUT', ACCESS_API.role(id), { user: admin, body: { description: 'New' } });
    expect(put.body).toEqual({ id, name: 'Renamed', description: 'New', system: 'sales', permissions: ['read_users'] });
    expect((await h.call('PATCH', ACCESS_API.role(id), { user: admin, body: {} })).status).toBe(400);
    expect(await auditFor(id)).toEqual([
      expect.objectContaining({ action: 'CREATE_ROLE' }),
      expect.objectContaining({ action: 'UPDATE_ROLE', details: { changes: { name: 'Renamed' } } }),
      expect.objectContaining({ action: 'UPDATE_ROLE', details: { changes: { description: 'New' } } }),
    ]);
  });

  test("changing a role's permissions recomputes userAccess of every holder, global and per organization", async () => {
    const id = slug('reader');
    await asAdmin('POST', ACCESS_API.roles, { id, name: 'Reader', permissions: ['read_users'] });
    const organization = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Org') });
    const globalHolder = await h.createUser('global-holder');
    const orgHolder = await h.createUser('org-holder');
    await asAdmin('POST', ACCESS_API.assignments, { userId: globalHolder.uid, roleId: id });
    await asAdmin('POST', ACCESS_API.assignments, { userId: orgHolder.uid, roleId: id, organizationId: organization.id });
    expect(await userAccess(globalHolder.uid)).toMatchObject({ permissions: ['read_users'] });
    expect(await userAccess(orgHolder.uid)).toMatchObject({ permissions: [], organizations: { [organization.id]: ['read_users'] } });

    await asAdmin('PATCH', ACCESS_API.role(id), { permissions: ['read_users', 'read_audit_log'] });
    expect(await userAccess(globalHolder.uid)).toEqual({ userId: globalHolder.uid, roleIds: [id], permissions: ['read_audit_log', 'read_users'], organizations: {}, organizationIds: [] });
    expect(await userAccess(orgHolder.uid)).toEqual({
      userId: orgHolder.uid,
      roleIds: [id],
      permissions: [],
      organizations: { [organization.id]: ['read_audit_log', 'read_users'] },
      organizationIds: [organization.id],
    });
  });

  test('admin and guest cannot be deleted; admin keeps manage_all', async () => {
    expect(await h.call('DELETE', ACCESS_API.role('admin'), { user: admin })).toEqual({ status: 400, body: { error: "Role 'admin' is built in and cannot be deleted", code: 'invalid_request' } });
    expect(await h.call('DELETE', ACCESS_API.role('guest'), { user: admin })).toEqual({ status: 400, body: { error: "Role 'guest' is built in and cannot be deleted", code: 'invalid_request' } });
    expect(await h.call('PATCH', ACCESS_API.role('admin'), { user: admin, body: { permissions: ['read_users'] } })).toEqual({
      status: 400,
      body: { error: "permissions of role 'admin' must include manage_all", code: 'invalid_request' },
    });
  });

  test('a role in use is deleted only with ?force=true, which also deletes its assignments and recomputes userAccess', async () => {
    const id = slug('doomed');
    await asAdmin('POST', ACCESS_API.roles, { id, name: 'Doomed', permissions: ['read_users'] });
    const holder = await h.createUser('holder');
    await asAdmin('POST', ACCESS_API.assignments, { userId: holder.uid, roleId: id });
    await asAdmin('POST', ACCESS_API.assignments, { userId: holder.uid, roleId: 'guest' });

    const refused = await h.call('DELETE', ACCESS_API.role(id), { user: admin });
    expect(refused).toEqual({ status: 409, body: { error: `Role '${id}' is assigned 1 time (1 user); pass ?force=true to delete it with its assignments`, code: 'conflict' } });
    expect((await h.call('GET', ACCESS_API.role(id), { user: admin })).status).toBe(200);
    expect((await h.call('DELETE', `${ACCESS_API.role(id)}?force=yes`, { user: admin })).body).toEqual({ error: 'force must be true or false', code: 'invalid_request' });
    expect((await h.call('DELETE', `${ACCESS_API.role(id)}?force=false`, { user: admin })).status).toBe(409);

    const forced = await h.call('DELETE', `${ACCESS_API.role(id)}?force=true`, { user: admin });
    expect(forced).toEqual({ status: 200, body: { id, deleted: true, removedAssignments: 1 } });
    expect((await h.call('GET', ACCESS_API.role(id), { user: admin })).status).toBe(404);
    expect(await assignmentsOf(holder.uid)).toEqual([{ roleId: 'guest', organizationId: null }]);
    expect(await userAccess(holder.uid)).toMatchObject({ roleIds: ['guest'], permissions: ['read_packages', 'read_workflow_templates'] });
    expect((await auditFor(id)).at(-1)).toMatchObject({ action: 'DELETE_ROLE', status: 'success', details: { force: true, removedAssignments: 1 } });
  });

  test('an unused role is deleted without force', async () => {
    const id = slug('unused');
    await asAdmin('POST', ACCESS_API.roles, { id, name: 'Unused' });
    expect(await h.call('DELETE', ACCESS_API.role(id), { user: admin })).toEqual({ status: 200, body: { id, deleted: true, removedAssignments: 0 } });
  });
});

describe('permissions', () => {
  test('create, read, list by system, update; 400/404/409 messages', async () => {
    const id = slug('export_reports');
    const created = await h.call('POST', ACCESS_API.permissions, { user: admin, body: { id, name: 'Export reports', resource: 'reports', action: 'run' } });
    expect(created).toEqual({ status: 201, body: { id, name: 'Export reports', description: '', resource: 'reports', action: 'run', system: 'custom' } });
    expect((await h.call('POST', ACCESS_API.permissions, { user: admin, body: { id, name: 'Again', resource: 'reports', action: 'run' } })).body).toEqual({ error: `Permission '${id}' already exists`, code: 'conflict' });
    const badAction = await h.call('POST', ACCESS_API.permissions, { user: admin, body: { id: 'x', name: 'X', resource: 'reports', action: 'fly' } });
    expect(badAction).toEqual({ status: 400, body: { error: 'action must be one of read, manage, create, update, delete, run, system', code: 'invalid_request' } });
    const badResource = await h.call('POST', ACCESS_API.permissions, { user: admin, body: { id: 'x', name: 'X', resource: 'a b', action: 'read' } });
    expect(badResource.body.error).toBe("resource must be a resource name or '*'");
    const core = await h.call('GET', `${ACCESS_API.permissions}?system=core`, { user: admin });
    expect(core.body.permissions).toHaveLength(1 + CORE_PERMISSIONS.length);
    const updated = await h.call('PATCH', ACCESS_API.permission(id), { user: admin, body: { description: 'CSV and PDF' } });
    expect(updated.body).toEqual({ id, name: 'Export reports', description: 'CSV and PDF', resource: 'reports', action: 'run', system: 'custom' });
    expect(await h.call('GET', ACCESS_API.permission('nope'), { user: admin })).toEqual({ status: 404, body: { error: "Permission 'nope' not found", code: 'not_found' } });
    expect(await h.call('PUT', ACCESS_API.permission('nope'), { user: admin, body: { name: 'X' } })).toEqual({ status: 404, body: { error: "Permission 'nope' not found", code: 'not_found' } });
    expect(await h.call('DELETE', ACCESS_API.permission('manage_all'), { user: admin })).toEqual({ status: 400, body: { error: "Permission 'manage_all' is built in and cannot be deleted", code: 'invalid_request' } });
  });

  test('a permission in use is deleted only with force, which takes it out of its roles and out of userAccess', async () => {
    const id = slug('approve_invoices');
    await asAdmin('POST', ACCESS_API.permissions, { id, name: 'Approve invoices', resource: 'invoices', action: 'update' });
    const role = slug('approver');
    await asAdmin('POST', ACCESS_API.roles, { id: role, name: 'Approver', permissions: [id, 'read_users'] });
    const holder = await h.createUser('approver');
    await asAdmin('POST', ACCESS_API.assignments, { userId: holder.uid, roleId: role });
    expect(await userAccess(holder.uid)).toMatchObject({ permissions: [id, 'read_users'].sort() });

    expect(await h.call('DELETE', ACCESS_API.permission(id), { user: admin })).toEqual({
      status: 409,
      body: { error: `Permission '${id}' is used by role ${role}; pass ?force=true to remove it from them and delete it`, code: 'conflict' },
    });
    expect(await h.call('DELETE', `${ACCESS_API.permission(id)}?force=true`, { user: admin })).toEqual({ status: 200, body: { id, deleted: true, removedFromRoles: [role] } });
    expect((await h.call('GET', ACCESS_API.role(role), { user: admin })).body.permissions).toEqual(['read_users']);
    expect(await userAccess(holder.uid)).toMatchObject({ permissions: ['read_users'] });
  });
});

describe('organizations', () => {
  test('create (createdAt, createdBy), read, update, list; members; 404 names the id', async () => {
    const created = await h.call('POST', ACCESS_API.organizations, { user: admin, body: { name: 'Acme Logistics', description: 'Trucks' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Acme Logistics', description: 'Trucks', createdAt: expect.stringMatching(/^\d{4}-/), createdBy: admin.uid });
    const id = created.body.id as string;
    expect((await h.call('GET', ACCESS_API.organization(id), { user: admin })).body).toEqual(created.body);
    const updated = await h.call('PATCH', ACCESS_API.organization(id), { user: admin, body: { name: 'Acme' } });
    expect(updated.body).toMatchObject({ id, name: 'Acme', description: 'Trucks' });
    expect((await h.call('POST', ACCESS_API.organizations, { user: admin, body: { description: 'no name' } })).body.error).toMatch(/^name /);
    expect(await h.call('GET', ACCESS_API.organization('no-such-org'), { user: admin })).toEqual({ status: 404, body: { error: "Organization 'no-such-org' not found", code: 'not_found' } });
    expect(await h.call('PUT', ACCESS_API.organization('no-such-org'), { user: admin, body: { name: 'X' } })).toEqual({ status: 404, body: { error: "Organization 'no-such-org' not found", code: 'not_found' } });
    expect(await h.call('GET', ACCESS_API.organizationMembers('no-such-org'), { user: admin })).toEqual({ status: 404, body: { error: "Organization 'no-such-org' not found", code: 'not_found' } });

    const member = await h.createUser('member');
    await asAdmin('POST', ACCESS_API.assignments, { userId: member.uid, roleId: 'guest', organizationId: id });
    const members = await h.call('GET', ACCESS_API.organizationMembers(id), { user: admin });
    expect(members.body).toEqual({
      members: [{ user: { uid: member.uid, email: member.email, displayName: 'member' }, assignments: [expect.objectContaining({ userId: member.uid, roleId: 'guest', organizationId: id })] }],
    });
    // A member sees the organization and lists only their own.
    expect((await h.call('GET', ACCESS_API.organization(id), { user: member })).status).toBe(200);
    const list = await h.call('GET', ACCESS_API.organizations, { user: member });
    expect(list.body.organizations.map((organization: { id: string }) => organization.id)).toEqual([id]);
    const all = await h.call('GET', ACCESS_API.organizations, { user: admin });
    expect(all.body.organizations.length).toBeGreaterThan(1);
    // A user's organizations: the distinct organizations of their assignments.
    await asAdmin('POST', ACCESS_API.assignments, { userId: member.uid, roleId: 'org_admin', organizationId: id });
    expect((await h.call('GET', ACCESS_API.userOrganizations(member.uid), { user: member })).body).toEqual({ organizations: [expect.objectContaining({ id, name: 'Acme' })] });
    expect(await h.call('GET', ACCESS_API.userOrganizations('no-such-user'), { user: admin })).toEqual({ status: 404, body: { error: "User 'no-such-user' not found", code: 'not_found' } });
    expect((await auditFor(id)).map((entry) => [entry.action, entry.organizationId])).toEqual([
      ['CREATE_ORGANIZATION', id],
      ['UPDATE_ORGANIZATION', id],
    ]);
  });

  test('an organization with assignments is deleted only with force, which removes them and updates userAccess', async () => {
    const organization = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Doomed org') });
    const member = await h.createUser('org-member');
    await asAdmin('POST', ACCESS_API.assignments, { userId: member.uid, roleId: 'org_admin', organizationId: organization.id });
    await asAdmin('POST', ACCESS_API.assignments, { userId: member.uid, roleId: 'guest' });
    expect(await h.call('DELETE', ACCESS_API.organization(organization.id), { user: admin })).toEqual({
      status: 409,
      body: { error: `Organization '${organization.id}' has 1 assignment; pass ?force=true to delete it with them`, code: 'conflict' },
    });
    expect(await h.call('DELETE', `${ACCESS_API.organization(organization.id)}?force=true`, { user: admin })).toEqual({
      status: 200,
      body: { id: organization.id, deleted: true, removedAssignments: 1 },
    });
    expect(await assignmentsOf(member.uid)).toEqual([{ roleId: 'guest', organizationId: null }]);
    expect(await userAccess(member.uid)).toEqual({ userId: member.uid, roleIds: ['guest'], permissions: ['read_packages', 'read_workflow_templates'], organizations: {}, organizationIds: [] });
  });
});

describe('assignments', () => {
  test('the template approver roles are assignable like any role: by an organization admin inside their organization, by an admin globally', async () => {
    const organization = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Approvers org') });
    const orgAdmin = await h.createUser('approver-org-admin');
    await asAdmin('POST', ACCESS_API.assignments, { userId: orgAdmin.uid, roleId: 'org_admin', organizationId: organization.id });
    const approver = await h.createUser('approver');
    for (const role of APPROVER_ROLES) {
      const inside = await h.call('POST', ACCESS_API.assignments, { user: orgAdmin, body: { userId: approver.uid, roleId: role.id, organizationId: organization.id } });
      expect(inside.status).toBe(201);
      // Outside their organization an organization admin may not.
      expect((await h.call('POST', ACCESS_API.assignments, { user: orgAdmin, body: { userId: approver.uid, roleId: role.id } })).status).toBe(403);
    }
    expect((await h.call('POST', ACCESS_API.assignments, { user: admin, body: { userId: approver.uid, roleId: 'sales_manager' } })).status).toBe(201);
    const expected = [...APPROVER_ROLES.map((role) => ({ roleId: role.id, organizationId: organization.id })), { roleId: 'sales_manager', organizationId: null }];
    const byRole = (a: { roleId: string; organizationId: string | null }, b: { roleId: string; organizationId: string | null }) => a.roleId.localeCompare(b.roleId) || (a.organizationId ?? '').localeCompare(b.organizationId ?? '');
    expect(await assignmentsOf(approver.uid)).toEqual(expected.sort(byRole));
    // They grant no permission: holding one only lets the user decide approvals naming it.
    const access = await userAccess(approver.uid);
    expect([...access!.roleIds].sort()).toEqual(APPROVER_ROLES.map((role) => role.id).sort());
    expect(access!.permissions).toEqual([]);
    expect(Object.values(access!.organizations).flat()).toEqual([]);
  });

  test('assign: 201 with the assignment, userAccess updated, audited ASSIGN_ROLE with roleId and organizationId; 409 when already held', async () => {
    const organization = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Org') });
    const user = await h.createUser('assignee');
    const response = await h.call('POST', ACCESS_API.assignments, { user: admin, body: { userId: user.uid, roleId: 'org_admin', organizationId: organization.id } });
    expect(response).toEqual({
      status: 201,
      body: { id: `${user.uid}:org_admin:${organization.id}`, userId: user.uid, roleId: 'org_admin', organizationId: organization.id, assignedBy: admin.uid, assignedAt: expect.stringMatching(/^\d{4}-/) },
    });
    expect(await userAccess(user.uid)).toEqual({
      userId: user.uid,
      roleIds: ['org_admin'],
      permissions: [],
      organizations: { [organization.id]: ['assign_roles', 'manage_organizations', 'read_audit_log', 'read_users'] },
      organizationIds: [organization.id],
    });
    const again = await h.call('POST', ACCESS_API.assignments, { user: admin, body: { userId: user.uid, roleId: 'org_admin', organizationId: organization.id } });
    expect(again).toEqual({ status: 409, body: { error: `User '${user.uid}' already holds role 'org_admin' in organization '${organization.id}'`, code: 'conflict' } });
    expect(await auditFor(user.uid)).toEqual([
      expect.objectContaining({
        action: 'ASSIGN_ROLE',
        status: 'success',
        targetType: 'userRole',
        targetId: user.uid,
        organizationId: organization.id,
        userId: admin.uid,
        userEmail: admin.email,
        details: { roleId: 'org_admin', organizationId: organization.id },
      }),
    ]);
  });

  test("400 'roleId is undefined or empty.', and every field named", async () => {
    const user = await h.createUser('bad-input');
    const post = async (body: unknown) => (await h.call('POST', ACCESS_API.assignments, { user: admin, body })).body;
    expect(await post({ userId: user.uid, roleId: '' })).toEqual({ error: 'roleId is undefined or empty.', code: 'invalid_request' });
    expect(await post({ userId: user.uid })).toEqual({ error: 'roleId is undefined or empty.', code: 'invalid_request' });
    expect(await post({ userId: user.uid, roleId: '   ' })).toEqual({ error: 'roleId is undefined or empty.', code: 'invalid_request' });
    expect(await post({ roleId: 'guest' })).toEqual({ error: 'userId is undefined or empty.', code: 'invalid_request' });
    expect(await post({ userId: user.uid, roleId: 'guest', organizationId: 7 })).toEqual({ error: expect.stringMatching(/^organizationId /), code: 'invalid_request' });
    expect(await post({ userId: user.uid, roleId: 'guest', note: 'x' })).toEqual({ error: 'Unknown field: note', code: 'invalid_request' });
    expect((await h.call('POST', ACCESS_API.revoke, { user: admin, body: { userId: user.uid, roleId: '' } })).body).toEqual({ error: 'roleId is undefined or empty.', code: 'invalid_request' });
    expect(await assignmentsOf(user.uid)).toEqual([]);
  });

  test('404s name the unknown role, organization or user', async () => {
    const user = await h.createUser('unknowns');
    const post = (body: unknown) => h.call('POST', ACCESS_API.assignments, { user: admin, body });
    expect(await post({ userId: user.uid, roleId: 'no-such-role' })).toEqual({ status: 404, body: { error: "Role 'no-such-role' not found", code: 'not_found' } });
    expect(await post({ userId: user.uid, roleId: 'guest', organizationId: 'no-such-org' })).toEqual({ status: 404, body: { error: "Organization 'no-such-org' not found", code: 'not_found' } });
    expect(await post({ userId: 'no-such-user', roleId: 'guest' })).toEqual({ status: 404, body: { error: "User 'no-such-user' not found", code: 'not_found' } });
    expect(await h.call('POST', ACCESS_API.revoke, { user: admin, body: { userId: user.uid, roleId: 'guest' } })).toEqual({
      status: 404,
      body: { error: `No assignment of role 'guest' to user '${user.uid}'`, code: 'not_found' },
    });
    expect(await h.call('GET', ACCESS_API.userAssignments('no-such-user'), { user: admin })).toEqual({ status: 404, body: { error: "User 'no-such-user' not found", code: 'not_found' } });
  });

  test('revoke deletes every match of userId + roleId (+ organizationId) at once, recomputes userAccess, and is audited', async () => {
    const orgOne = await asAdmin('POST', ACCESS_API.organizations, { name: slug('One') });
    const orgTwo = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Two') });
    const user = await h.createUser('revokee');
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'org_admin', organizationId: orgOne.id });
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'org_admin', organizationId: orgTwo.id });
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'org_admin' });
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'guest' });
    // A duplicate written before assignments had one id per scope (older data).
    await h.db.collection('userRoles').add({ userId: user.uid, roleId: 'org_admin', organizationId: orgOne.id, assignedBy: 'system', assignedAt: new Date() });

    const inOne = await h.call('POST', ACCESS_API.revoke, { user: admin, body: { userId: user.uid, roleId: 'org_admin', organizationId: orgOne.id } });
    expect(inOne.status).toBe(200);
    expect(inOne.body.revoked).toBe(2);
    expect(await assignmentsOf(user.uid)).toEqual([
      { roleId: 'guest', organizationId: null },
      { roleId: 'org_admin', organizationId: null },
      { roleId: 'org_admin', organizationId: orgTwo.id },
    ]);
    expect(await userAccess(user.uid)).toMatchObject({ organizationIds: [orgTwo.id] });

    const everywhere = await h.call('POST', ACCESS_API.revoke, { user: admin, body: { userId: user.uid, roleId: 'org_admin' } });
    expect(everywhere.body.revoked).toBe(2);
    expect(await assignmentsOf(user.uid)).toEqual([{ roleId: 'guest', organizationId: null }]);
    expect(await userAccess(user.uid)).toEqual({ userId: user.uid, roleIds: ['guest'], permissions: ['read_packages', 'read_workflow_templates'], organizations: {}, organizationIds: [] });

    const revokes = (await auditFor(user.uid)).filter((entry) => entry.action === 'REVOKE_ROLE');
    expect(revokes).toEqual([
      expect.objectContaining({ status: 'success', userId: admin.uid, organizationId: orgOne.id, details: { roleId: 'org_admin', organizationId: orgOne.id } }),
      expect.objectContaining({ status: 'success', userId: admin.uid, organizationId: null, details: { roleId: 'org_admin', organizationId: null } }),
    ]);
  });

  test("a user's assignments: their own, or filtered by organization", async () => {
    const organization = await asAdmin('POST', ACCESS_API.organizations, { name: slug('Org') });
    const user = await h.createUser('lister');
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'guest' });
    await asAdmin('POST', ACCESS_API.assignments, { userId: user.uid, roleId: 'org_admin', organizationId: organization.id });
    const own = await h.call('GET', ACCESS_API.userAssignments(user.uid), { user });
    expect(own.body.assignments.map((assignment: { roleId: string }) => assignment.roleId)).toEqual(['guest', 'org_admin']);
    const filtered = await h.call('GET', `${ACCESS_API.userAssignments(user.uid)}?organizationId=${organization.id}`, { user: admin });
    expect(filtered.body.assignments).toEqual([expect.objectContaining({ roleId: 'org_admin', organizationId: organization.id })]);
  });
});

describe('user search', () => {
  test('by e-mail prefix, case-insensitively, from users profiles', async () => {
    const tag = `zed${Date.now().toString(36)}`;
    const first = await h.createUser('first', { email: `${tag}-first@example.com` });
    const second = await h.createUser('second', { email: `${tag}-second@example.com` });
    await h.createUser('elsewhere');
    const response = await h.call('GET', `${ACCESS_API.users}?emailPrefix=${tag.toUpperCase()}`, { user: admin });
    expect(response).toEqual({
      status: 200,
      body: {
        users: [
          { uid: first.uid, email: first.email, displayName: 'first' },
          { uid: second.uid, email: second.email, displayName: 'second' },
        ],
      },
    });
    expect(await h.call('GET', ACCESS_API.users, { user: admin })).toEqual({ status: 400, body: { error: 'emailPrefix is required', code: 'invalid_request' } });
    expect(await h.call('GET', `${ACCESS_API.users}?emailPrefix=`, { user: admin })).toEqual({ status: 400, body: { error: 'emailPrefix is required', code: 'invalid_request' } });
  });
});
