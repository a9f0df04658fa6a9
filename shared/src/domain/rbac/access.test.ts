// The pure permission checks shared by the browser and platform-api.
import { can, checkPermission, expandManageAll, grantsFor, hasPermission, hasRole, permissionIdsIn, type Grant } from './access';
import { ACCESS_API } from './api';
import { ADMIN_ROLE, CORE_PERMISSIONS, GUEST_ROLE, MANAGE_ALL_PERMISSION, ORG_ADMIN_ROLE } from './defaults';
import { PERMISSIONS, UNDELETABLE_ROLE_IDS } from './model';

describe('checkPermission', () => {
  const permissions = [
    { resource: 'workflows', action: 'read' as const },
    { resource: 'roles', action: 'manage' as const },
    { resource: '*', action: 'delete' as const },
  ];

  test('the exact action on the exact resource', () => {
    expect(checkPermission(permissions, 'workflows', 'read')).toBe(true);
    expect(checkPermission(permissions, 'workflows', 'update')).toBe(false);
    expect(checkPermission(permissions, 'packages', 'read')).toBe(false);
  });

  test("'manage' stands for every action on its resource", () => {
    for (const action of ['read', 'create', 'update', 'delete', 'run', 'system'] as const) expect(checkPermission(permissions, 'roles', action)).toBe(true);
    expect(checkPermission(permissions, 'permissions', 'read')).toBe(false);
  });

  test("'*' is a resource name, not a wildcard", () => {
    expect(checkPermission(permissions, 'workflows', 'delete')).toBe(false);
    expect(checkPermission(permissions, '*', 'delete')).toBe(true);
    expect(checkPermission([MANAGE_ALL_PERMISSION], 'roles', 'read')).toBe(false);
  });

  test('no permissions: nothing passes', () => {
    expect(checkPermission([], 'workflows', 'read')).toBe(false);
  });
});

describe('grantsFor', () => {
  test('each assignment carries its role’s permissions and scope; unknown roles grant nothing', () => {
    const roles = new Map([
      ['reader', { permissions: ['read_users'] }],
      ['org_admin', { permissions: ['assign_roles'] }],
    ]);
    expect(
      grantsFor(
        [
          { roleId: 'reader', organizationId: undefined },
          { roleId: 'org_admin', organizationId: 'a' },
          { roleId: 'deleted', organizationId: null },
        ],
        roles,
      ),
    ).toEqual([
      { roleId: 'reader', organizationId: null, permissions: ['read_users'] },
      { roleId: 'org_admin', organizationId: 'a', permissions: ['assign_roles'] },
      { roleId: 'deleted', organizationId: null, permissions: [] },
    ]);
  });
});

describe('can', () => {
  const globalReader: Grant = { roleId: 'reader', organizationId: null, permissions: ['read_users'] };
  const orgAdminOfA: Grant = { roleId: 'org_admin', organizationId: 'a', permissions: ['assign_roles', 'read_audit_log'] };
  const admin: Grant = { roleId: 'admin', organizationId: null, permissions: ['manage_all'] };
  const adminOfB: Grant = { roleId: 'admin', organizationId: 'b', permissions: ['manage_all'] };

  test('a global grant counts everywhere', () => {
    expect(can([globalReader], 'read_users')).toBe(true);
    expect(can([globalReader], 'read_users', 'a')).toBe(true);
    expect(can([globalReader], 'assign_roles')).toBe(false);
  });

  test('an organization grant counts only for that organization', () => {
    expect(can([orgAdminOfA], 'assign_roles', 'a')).toBe(true);
    expect(can([orgAdminOfA], 'assign_roles', 'b')).toBe(false);
    expect(can([orgAdminOfA], 'assign_roles')).toBe(false);
    expect(can([orgAdminOfA], 'assign_roles', null)).toBe(false);
  });

  test('manage_all grants everything, within its scope', () => {
    expect(can([admin], 'anything_at_all')).toBe(true);
    expect(can([admin], 'assign_roles', 'z')).toBe(true);
    expect(can([adminOfB], 'assign_roles', 'b')).toBe(true);
    expect(can([adminOfB], 'assign_roles', 'a')).toBe(false);
    expect(can([adminOfB], 'assign_roles')).toBe(false);
  });

  test('no grants: nothing', () => {
    expect(can([], 'read_users')).toBe(false);
  });
});

describe('permissionIdsIn', () => {
  const grants: Grant[] = [
    { roleId: 'r', organizationId: null, permissions: ['read_users', 'read_packages'] },
    { roleId: 'o', organizationId: 'a', permissions: ['assign_roles', 'read_users'] },
    { roleId: 'o', organizationId: 'b', permissions: ['read_audit_log'] },
  ];
  test('global alone, or global plus one organization; sorted, without duplicates', () => {
    expect(permissionIdsIn(grants)).toEqual(['read_packages', 'read_users']);
    expect(permissionIdsIn(grants, 'a')).toEqual(['assign_roles', 'read_packages', 'read_users']);
    expect(permissionIdsIn(grants, 'c')).toEqual(['read_packages', 'read_users']);
    expect(permissionIdsIn([])).toEqual([]);
  });
});

describe('expandManageAll', () => {
  test('a manage_all holder gets every known permission', () => {
    expect(expandManageAll(['manage_all'], ['read_users', 'manage_roles'])).toEqual(['manage_all', 'manage_roles', 'read_users']);
  });
  test('anyone else keeps their own list (sorted copy)', () => {
    const own = ['read_users', 'assign_roles'];
    const expanded = expandManageAll(own, ['manage_roles']);
    expect(expanded).toEqual(['assign_roles', 'read_users']);
    expect(expanded).not.toBe(own);
  });
});

describe('hasPermission and hasRole', () => {
  const loaded = { loading: false, permissions: ['read_users'], assignments: [{ roleId: 'reader' }] };
  test('true only once loading has finished', () => {
    expect(hasPermission(loaded, 'read_users')).toBe(true);
    expect(hasPermission({ ...loaded, loading: true }, 'read_users')).toBe(false);
    expect(hasRole(loaded, 'reader')).toBe(true);
    expect(hasRole({ ...loaded, loading: true }, 'reader')).toBe(false);
  });
  test('false for what the user does not hold', () => {
    expect(hasPermission(loaded, 'manage_roles')).toBe(false);
    expect(hasRole(loaded, 'admin')).toBe(false);
  });
});

describe('built-in roles and permissions', () => {
  test('admin: manage_all, Super Admin / Owner; manage_all is the full-control permission', () => {
    expect(ADMIN_ROLE).toMatchObject({ id: 'admin', name: 'Admin', description: 'Administrator with full access', system: 'core', permissions: ['manage_all'] });
    expect(ADMIN_ROLE.googleEquivalent).toEqual({ workspace: 'Super Admin', cloudIAM: 'Owner' });
    expect(MANAGE_ALL_PERMISSION).toEqual({ id: 'manage_all', name: 'Manage All', description: 'Full control over all resources', resource: '*', action: 'manage', system: 'core' });
  });
  test('every permission a built-in role names exists; admin and guest are undeletable', () => {
    const ids = new Set([MANAGE_ALL_PERMISSION, ...CORE_PERMISSIONS].map((permission) => permission.id));
    for (const role of [ADMIN_ROLE, GUEST_ROLE, ORG_ADMIN_ROLE]) for (const permission of role.permissions) expect(ids).toContain(permission);
    for (const id of Object.values(PERMISSIONS)) expect(ids).toContain(id);
    expect(UNDELETABLE_ROLE_IDS).toEqual(['admin', 'guest']);
  });
  test('guest reads the public catalogue only', () => {
    expect(GUEST_ROLE.permissions).toEqual(['read_workflow_templates', 'read_packages']);
  });
});

describe('ACCESS_API', () => {
  test('paths with ids are the collection path plus the encoded id', () => {
    expect(ACCESS_API.role('admin')).toBe(`${ACCESS_API.roles}/admin`);
    expect(ACCESS_API.permission('a b')).toBe(`${ACCESS_API.permissions}/a%20b`);
    expect(ACCESS_API.organizationMembers('o/1')).toBe(`${ACCESS_API.organizations}/o%2F1/members`);
    expect(ACCESS_API.userAssignments('u1')).toBe(`${ACCESS_API.users}/u1/assignments`);
    expect(ACCESS_API.userOrganizations('u1')).toBe(`${ACCESS_API.users}/u1/organizations`);
  });
});
