// The authorisation matrix: every access endpoint × {no token, plain user,
// organization admin (org_admin in organization A), admin} → the expected
// status. Every 401 and 403 leaves every access-control collection as it was;
// a 403 on a change adds exactly one audit entry, with status 'failure' and
// the real actor. Then the escalation attempts, one by one.
import { ACCESS_API, type AuditAction } from '@agentflow/shared/rbac';
import { type AccessHarness, type Snapshot, type TestUser, snapshotCollections, startAccessHarness } from '../../testing/harness';

type Actor = 'none' | 'plain' | 'orgAdmin' | 'admin';
const ACTORS: Actor[] = ['none', 'plain', 'orgAdmin', 'admin'];

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

interface Row {
  name: string;
  expect: Record<Actor, number>;
  /** The change a 403 must be audited as. */
  audit?: AuditAction;
  make: (actor: Actor) => Call | Promise<Call>;
}

const open = { none: 200, plain: 200, orgAdmin: 200, admin: 200 };
const signedIn = { none: 401, plain: 200, orgAdmin: 200, admin: 200 };
const adminOnly = (ok: number) => ({ none: 401, plain: 403, orgAdmin: 403, admin: ok });
const orgA = (ok: number) => ({ none: 401, plain: 403, orgAdmin: ok, admin: ok });

let h: AccessHarness;
const users = {} as Record<Exclude<Actor, 'none'>, TestUser> & { other: TestUser };
const world = { orgA: '', orgB: '' };
let counter = 0;
const slug = (prefix: string) => `${prefix}-${++counter}`;

const userFor = (actor: Actor): TestUser | null => (actor === 'none' ? null : users[actor]);

async function asAdmin(method: string, path: string, body?: unknown) {
  const response = await h.call(method, path, { user: users.admin, body });
  if (response.status >= 300) throw new Error(`setup ${method} ${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const newRole = async () => (await asAdmin('POST', ACCESS_API.roles, { id: slug('role'), name: 'Temporary role', permissions: ['read_reports'] })).id as string;
const newPermission = async () => (await asAdmin('POST', ACCESS_API.permissions, { id: slug('perm'), name: 'Temporary', resource: 'reports', action: 'read' })).id as string;
const newOrganization = async () => (await asAdmin('POST', ACCESS_API.organizations, { name: slug('Organization') })).id as string;
const newUser = async () => (await h.createUser(slug('target'))).uid;
async function newUserWith(roleId: string, organizationId: string | null) {
  const uid = await newUser();
  await asAdmin('POST', ACCESS_API.assignments, { userId: uid, roleId, organizationId });
  return uid;
}

const rows: Row[] = [
  { name: 'GET me', expect: open, make: () => ({ method: 'GET', path: ACCESS_API.me }) },
  { name: 'GET roles', expect: signedIn, make: () => ({ method: 'GET', path: `${ACCESS_API.roles}?system=core` }) },
  { name: 'GET a role', expect: signedIn, make: () => ({ method: 'GET', path: ACCESS_API.role('admin') }) },
  {
    name: 'POST a role',
    expect: adminOnly(201),
    audit: 'CREATE_ROLE',
    make: () => ({ method: 'POST', path: ACCESS_API.roles, body: { id: slug('role'), name: 'New role', permissions: ['read_reports'] } }),
  },
  { name: 'PUT a role', expect: adminOnly(200), audit: 'UPDATE_ROLE', make: async () => ({ method: 'PUT', path: ACCESS_API.role(await newRole()), body: { name: 'Renamed' } }) },
  {
    name: 'PATCH a role',
    expect: adminOnly(200),
    audit: 'UPDATE_ROLE',
    make: async () => ({ method: 'PATCH', path: ACCESS_API.role(await newRole()), body: { permissions: ['read_reports', 'read_users'] } }),
  },
  { name: 'DELETE a role', expect: adminOnly(200), audit: 'DELETE_ROLE', make: async () => ({ method: 'DELETE', path: ACCESS_API.role(await newRole()) }) },
  { name: 'GET permissions', expect: signedIn, make: () => ({ method: 'GET', path: ACCESS_API.permissions }) },
  { name: 'GET a permission', expect: signedIn, make: () => ({ method: 'GET', path: ACCESS_API.permission('manage_all') }) },
  {
    name: 'POST a permission',
    expect: adminOnly(201),
    audit: 'CREATE_PERMISSION',
    make: () => ({ method: 'POST', path: ACCESS_API.permissions, body: { id: slug('perm'), name: 'Run reports', resource: 'reports', action: 'run' } }),
  },
  {
    name: 'PUT a permission',
    expect: adminOnly(200),
    audit: 'UPDATE_PERMISSION',
    make: async () => ({ method: 'PUT', path: ACCESS_API.permission(await newPermission()), body: { description: 'Changed' } }),
  },
  {
    name: 'PATCH a permission',
    expect: adminOnly(200),
    audit: 'UPDATE_PERMISSION',
    make: async () => ({ method: 'PATCH', path: ACCESS_API.permission(await newPermission()), body: { action: 'update' } }),
  },
  { name: 'DELETE a permission', expect: adminOnly(200), audit: 'DELETE_PERMISSION', make: async () => ({ method: 'DELETE', path: ACCESS_API.permission(await newPermission()) }) },
  { name: 'GET organizations', expect: signedIn, make: () => ({ method: 'GET', path: ACCESS_API.organizations }) },
  {
    name: 'POST an organization',
    expect: adminOnly(201),
    audit: 'CREATE_ORGANIZATION',
    make: () => ({ method: 'POST', path: ACCESS_API.organizations, body: { name: slug('Organization') } }),
  },
  { name: 'GET organization A', expect: orgA(200), make: () => ({ method: 'GET', path: ACCESS_API.organization(world.orgA) }) },
  { name: 'GET organization B', expect: adminOnly(200), make: () => ({ method: 'GET', path: ACCESS_API.organization(world.orgB) }) },
  {
    name: 'PUT organization A',
    expect: orgA(200),
    audit: 'UPDATE_ORGANIZATION',
    make: () => ({ method: 'PUT', path: ACCESS_API.organization(world.orgA), body: { description: slug('Edited') } }),
  },
  {
    name: 'PATCH organization B',
    expect: adminOnly(200),
    audit: 'UPDATE_ORGANIZATION',
    make: () => ({ method: 'PATCH', path: ACCESS_API.organization(world.orgB), body: { description: slug('Edited') } }),
  },
  {
    name: 'DELETE an organization',
    expect: adminOnly(200),
    audit: 'DELETE_ORGANIZATION',
    make: async () => ({ method: 'DELETE', path: ACCESS_API.organization(await newOrganization()) }),
  },
  { name: 'GET members of A', expect: orgA(200), make: () => ({ method: 'GET', path: ACCESS_API.organizationMembers(world.orgA) }) },
  { name: 'GET members of B', expect: adminOnly(200), make: () => ({ method: 'GET', path: ACCESS_API.organizationMembers(world.orgB) }) },
  {
    name: 'assign a role in A',
    expect: orgA(201),
    audit: 'ASSIGN_ROLE',
    make: async () => ({ method: 'POST', path: ACCESS_API.assignments, body: { userId: await newUser(), roleId: 'auditor', organizationId: world.orgA } }),
  },
  {
    name: 'assign a role in B',
    expect: adminOnly(201),
    audit: 'ASSIGN_ROLE',
    make: async () => ({ method: 'POST', path: ACCESS_API.assignments, body: { userId: await newUser(), roleId: 'auditor', organizationId: world.orgB } }),
  },
  {
    name: 'assign a role globally',
    expect: adminOnly(201),
    audit: 'ASSIGN_ROLE',
    make: async () => ({ method: 'POST', path: ACCESS_API.assignments, body: { userId: await newUser(), roleId: 'auditor' } }),
  },
  {
    name: 'assign admin in A',
    expect: adminOnly(201),
    audit: 'ASSIGN_ROLE',
    make: async () => ({ method: 'POST', path: ACCESS_API.assignments, body: { userId: await newUser(), roleId: 'admin', organizationId: world.orgA } }),
  },
  {
    name: 'revoke a role in A',
    expect: orgA(200),
    audit: 'REVOKE_ROLE',
    make: async () => ({ method: 'POST', path: ACCESS_API.revoke, body: { userId: await newUserWith('auditor', world.orgA), roleId: 'auditor', organizationId: world.orgA } }),
  },
  {
    name: 'revoke a global role',
    expect: adminOnly(200),
    audit: 'REVOKE_ROLE',
    make: async () => ({ method: 'POST', path: ACCESS_API.revoke, body: { userId: await newUserWith('auditor', null), roleId: 'auditor' } }),
  },
  {
    name: "GET one's own assignments",
    expect: signedIn,
    make: (actor) => ({ method: 'GET', path: ACCESS_API.userAssignments(userFor(actor)?.uid ?? users.plain.uid) }),
  },
  { name: "GET another user's assignments", expect: adminOnly(200), make: () => ({ method: 'GET', path: ACCESS_API.userAssignments(users.other.uid) }) },
  {
    name: "GET another user's assignments in A",
    expect: orgA(200),
    make: () => ({ method: 'GET', path: `${ACCESS_API.userAssignments(users.other.uid)}?organizationId=${world.orgA}` }),
  },
  {
    name: "GET another user's assignments in B",
    expect: adminOnly(200),
    make: () => ({ method: 'GET', path: `${ACCESS_API.userAssignments(users.other.uid)}?organizationId=${world.orgB}` }),
  },
  {
    name: "GET one's own organizations",
    expect: signedIn,
    make: (actor) => ({ method: 'GET', path: ACCESS_API.userOrganizations(userFor(actor)?.uid ?? users.plain.uid) }),
  },
  { name: "GET another user's organizations", expect: adminOnly(200), make: () => ({ method: 'GET', path: ACCESS_API.userOrganizations(users.other.uid) }) },
  { name: 'search users', expect: orgA(200), make: () => ({ method: 'GET', path: `${ACCESS_API.users}?emailPrefix=other` }) },
  { name: 'GET the audit log', expect: adminOnly(200), make: () => ({ method: 'GET', path: ACCESS_API.audit }) },
  { name: 'GET the audit log of A', expect: orgA(200), make: () => ({ method: 'GET', path: `${ACCESS_API.audit}?organizationId=${world.orgA}` }) },
  { name: 'GET the audit log of B', expect: adminOnly(200), make: () => ({ method: 'GET', path: `${ACCESS_API.audit}?organizationId=${world.orgB}` }) },
];

/** The audit entries added between two snapshots. */
function newAuditEntries(before: Snapshot, after: Snapshot): Record<string, unknown>[] {
  const previous = before.rbacAuditLogs ?? {};
  return Object.entries(after.rbacAuditLogs ?? {})
    .filter(([id]) => !(id in previous))
    .map(([, entry]) => entry as Record<string, unknown>);
}

/** Before == after for every collection; the audit log only gained `added`. */
function expectUnchangedBut(before: Snapshot, after: Snapshot, added: Record<string, unknown>[]): void {
  const { rbacAuditLogs: auditBefore, ...restBefore } = before;
  const { rbacAuditLogs: auditAfter, ...restAfter } = after;
  expect(restAfter).toEqual(restBefore);
  const kept = Object.fromEntries(Object.entries(auditAfter ?? {}).filter(([id]) => id in (auditBefore ?? {})));
  expect(kept).toEqual(auditBefore);
  expect(Object.keys(auditAfter ?? {}).length - Object.keys(auditBefore ?? {}).length).toBe(added.length);
}

beforeAll(async () => {
  h = await startAccessHarness('matrix');
  users.admin = await h.createAdmin('admin');
  users.plain = await h.createUser('plain');
  users.orgAdmin = await h.createUser('orgadmin');
  users.other = await h.createUser('other');
  world.orgA = (await asAdmin('POST', ACCESS_API.organizations, { name: 'Organization A' })).id;
  world.orgB = (await asAdmin('POST', ACCESS_API.organizations, { name: 'Organization B' })).id;
  await asAdmin('POST', ACCESS_API.assignments, { userId: users.orgAdmin.uid, roleId: 'org_admin', organizationId: world.orgA });
  await asAdmin('POST', ACCESS_API.permissions, { id: 'read_reports', name: 'Read reports', resource: 'reports', action: 'read' });
  await asAdmin('POST', ACCESS_API.roles, { id: 'auditor', name: 'Auditor', permissions: ['read_audit_log'] });
  await asAdmin('POST', ACCESS_API.assignments, { userId: users.other.uid, roleId: 'auditor', organizationId: world.orgA });
  await asAdmin('POST', ACCESS_API.assignments, { userId: users.other.uid, roleId: 'auditor', organizationId: world.orgB });
});

afterAll(() => h?.close());

describe.each(rows)('$name', (row) => {
  test.each(ACTORS)('as %s', async (actor) => {
    const expected = row.expect[actor];
    const request = await row.make(actor);
    const denied = expected === 401 || expected === 403;
    const before = denied ? await snapshotCollections(h.db) : undefined;
    const response = await h.call(request.method, request.path, { user: userFor(actor), body: request.body });
    expect({ actor, status: response.status, body: response.body }).toEqual({ actor, status: expected, body: expect.anything() });
    if (!denied) return;
    expect(typeof response.body.error).toBe('string');
    const after = await snapshotCollections(h.db);
    const added = newAuditEntries(before!, after);
    if (expected === 403 && row.audit) {
      const user = userFor(actor)!;
      expect(added).toEqual([
        expect.objectContaining({ action: row.audit, status: 'failure', userId: user.uid, userEmail: user.email, userAgent: 'access-tests/1.0' }),
      ]);
      expect((added[0]!.details as { reason?: string }).reason).toBe(response.body.error);
    } else {
      expect(added).toEqual([]);
    }
    expectUnchangedBut(before!, after, added);
  });
});

describe('escalation attempts fail, change nothing, and are audited as failures', () => {
  async function attempt(user: TestUser, body: Record<string, unknown>, path: string = ACCESS_API.assignments) {
    const before = await snapshotCollections(h.db);
    const response = await h.call('POST', path, { user, body });
    const after = await snapshotCollections(h.db);
    const added = newAuditEntries(before, after);
    expectUnchangedBut(before, after, added);
    return { response, added };
  }

  test('a plain user assigns themselves admin', async () => {
    const { response, added } = await attempt(users.plain, { userId: users.plain.uid, roleId: 'admin' });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Forbidden: you need the assign_roles permission');
    expect(added).toEqual([
      expect.objectContaining({
        action: 'ASSIGN_ROLE',
        status: 'failure',
        userId: users.plain.uid,
        userEmail: users.plain.email,
        targetType: 'userRole',
        targetId: users.plain.uid,
        organizationId: null,
        details: { roleId: 'admin', organizationId: null, reason: response.body.error },
      }),
    ]);
    expect(typeof added[0]!.ipAddress).toBe('string');
    const me = await h.call('GET', ACCESS_API.me, { user: users.plain });
    expect(me.body).toEqual({ userId: users.plain.uid, roles: [], permissions: [], assignments: [] });
  });

  test('an organization admin of A assigns in organization B', async () => {
    const { response, added } = await attempt(users.orgAdmin, { userId: users.plain.uid, roleId: 'auditor', organizationId: world.orgB });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(`Forbidden: you need the assign_roles permission in organization ${world.orgB}`);
    expect(added).toEqual([
      expect.objectContaining({ action: 'ASSIGN_ROLE', status: 'failure', userId: users.orgAdmin.uid, organizationId: world.orgB, targetId: users.plain.uid }),
    ]);
  });

  test('an organization admin assigns admin in their own organization', async () => {
    const { response, added } = await attempt(users.orgAdmin, { userId: users.plain.uid, roleId: 'admin', organizationId: world.orgA });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(`Forbidden: you cannot assign role 'admin' in organization '${world.orgA}': it grants manage_all, which you do not hold there`);
    expect(added).toEqual([expect.objectContaining({ action: 'ASSIGN_ROLE', status: 'failure', userId: users.orgAdmin.uid, organizationId: world.orgA })]);
  });

  test('an organization admin gives themselves org_admin globally', async () => {
    const { response, added } = await attempt(users.orgAdmin, { userId: users.orgAdmin.uid, roleId: 'org_admin' });
    expect(response.status).toBe(403);
    expect(added).toEqual([expect.objectContaining({ action: 'ASSIGN_ROLE', status: 'failure', organizationId: null })]);
  });

  test('an organization admin revokes the admin role of the administrator', async () => {
    const { response, added } = await attempt(users.orgAdmin, { userId: users.admin.uid, roleId: 'admin' }, ACCESS_API.revoke);
    expect(response.status).toBe(403);
    expect(added).toEqual([expect.objectContaining({ action: 'REVOKE_ROLE', status: 'failure', userId: users.orgAdmin.uid, targetId: users.admin.uid })]);
  });

  test('a role manager cannot put into a role a permission they do not hold', async () => {
    await asAdmin('POST', ACCESS_API.roles, { id: 'role-manager', name: 'Role manager', permissions: ['manage_roles'] });
    const manager = await h.createUser('manager');
    await asAdmin('POST', ACCESS_API.assignments, { userId: manager.uid, roleId: 'role-manager' });
    const created = await h.call('POST', ACCESS_API.roles, { user: manager, body: { id: 'reporter', name: 'Reporter', permissions: ['manage_roles'] } });
    expect(created.status).toBe(201);

    const before = await snapshotCollections(h.db);
    const escalate = await h.call('PATCH', ACCESS_API.role('role-manager'), { user: manager, body: { permissions: ['manage_roles', 'manage_all'] } });
    expect(escalate.status).toBe(403);
    expect(escalate.body.error).toBe('Forbidden: you cannot grant permissions you do not hold: manage_all');
    const create = await h.call('POST', ACCESS_API.roles, { user: manager, body: { id: 'sneaky', name: 'Sneaky', permissions: ['assign_roles'] } });
    expect(create.status).toBe(403);
    const after = await snapshotCollections(h.db);
    const added = newAuditEntries(before, after);
    expect(added.map((entry) => [entry.action, entry.status, entry.userId])).toEqual(
      expect.arrayContaining([
        ['UPDATE_ROLE', 'failure', manager.uid],
        ['CREATE_ROLE', 'failure', manager.uid],
      ]),
    );
    expectUnchangedBut(before, after, added);
  });

  test('an organization admin may hand out what they hold, in their organization only', async () => {
    const deputy = await h.createUser('deputy');
    const assigned = await h.call('POST', ACCESS_API.assignments, { user: users.orgAdmin, body: { userId: deputy.uid, roleId: 'org_admin', organizationId: world.orgA } });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toMatchObject({ userId: deputy.uid, roleId: 'org_admin', organizationId: world.orgA, assignedBy: users.orgAdmin.uid });
    const access = (await h.db.collection('userAccess').doc(deputy.uid).get()).data();
    expect(access).toEqual({
      userId: deputy.uid,
      roleIds: ['org_admin'],
      permissions: [],
      organizations: { [world.orgA]: ['assign_roles', 'manage_organizations', 'read_audit_log', 'read_users'] },
      organizationIds: [world.orgA],
    });
    const inB = await h.call('GET', ACCESS_API.organization(world.orgB), { user: deputy });
    expect(inB.status).toBe(403);
  });
});
