import { guestAssignment, withReadFallbacks, type AccessReader } from './accessReader';
import { DEFAULT_READ_PERMISSION, DEFAULT_ROLE, GUEST_ROLE, MANAGE_ALL_PERMISSION } from './defaults';

const failing = (): AccessReader => ({
  listRoles: async () => {
    throw new Error('roles');
  },
  listPermissions: async () => {
    throw new Error('permissions');
  },
  listRolesBySystem: async () => {
    throw new Error('roles by system');
  },
  listPermissionsBySystem: async () => {
    throw new Error('permissions by system');
  },
  listUserRoles: async () => {
    throw new Error('user roles');
  },
});

describe('withReadFallbacks', () => {
  test('a failing permission read gives one default read permission on *', async () => {
    const permissions = await withReadFallbacks(failing()).listPermissions();
    expect(permissions).toEqual([DEFAULT_READ_PERMISSION]);
    expect(permissions[0]).toMatchObject({ id: 'default_read', resource: '*', action: 'read' });
  });

  test('a failing user-role read gives one guest assignment by system, everywhere', async () => {
    expect(await withReadFallbacks(failing()).listUserRoles('uid-7')).toEqual([
      { userId: 'uid-7', roleId: 'guest', assignedAt: null, assignedBy: 'system', organizationId: null },
    ]);
    expect(guestAssignment('x')).toMatchObject({ userId: 'x', roleId: 'guest', assignedBy: 'system' });
  });

  test('a failing roles-by-system read gives one default role with no permissions', async () => {
    const roles = await withReadFallbacks(failing()).listRolesBySystem('core');
    expect(roles).toEqual([DEFAULT_ROLE]);
    expect(roles[0]?.permissions).toEqual([]);
  });

  test('a failing permissions-by-system read gives one default read permission on *', async () => {
    expect(await withReadFallbacks(failing()).listPermissionsBySystem('core')).toEqual([DEFAULT_READ_PERMISSION]);
  });

  test('a failing read of all roles is not hidden', async () => {
    await expect(withReadFallbacks(failing()).listRoles()).rejects.toThrow('roles');
  });

  test('a reader that throws synchronously is caught like one that rejects', async () => {
    const throwing: AccessReader = {
      ...failing(),
      listPermissions: () => {
        throw new Error('sync');
      },
      listRoles: () => {
        throw new Error('sync roles');
      },
    };
    expect(await withReadFallbacks(throwing).listPermissions()).toEqual([DEFAULT_READ_PERMISSION]);
    await expect(withReadFallbacks(throwing).listRoles()).rejects.toThrow('sync roles');
  });

  test('successful reads pass through unchanged, with their arguments', async () => {
    const reader: AccessReader = {
      listRoles: jest.fn(async () => [GUEST_ROLE]),
      listPermissions: jest.fn(async () => [MANAGE_ALL_PERMISSION]),
      listRolesBySystem: jest.fn(async () => [GUEST_ROLE]),
      listPermissionsBySystem: jest.fn(async () => [MANAGE_ALL_PERMISSION]),
      listUserRoles: jest.fn(async () => []),
    };
    const wrapped = withReadFallbacks(reader);
    expect(await wrapped.listRoles()).toEqual([GUEST_ROLE]);
    expect(await wrapped.listPermissions()).toEqual([MANAGE_ALL_PERMISSION]);
    expect(await wrapped.listRolesBySystem('core')).toEqual([GUEST_ROLE]);
    expect(await wrapped.listPermissionsBySystem('custom')).toEqual([MANAGE_ALL_PERMISSION]);
    expect(await wrapped.listUserRoles('u1')).toEqual([]);
    expect(reader.listRolesBySystem).toHaveBeenCalledWith('core');
    expect(reader.listPermissionsBySystem).toHaveBeenCalledWith('custom');
    expect(reader.listUserRoles).toHaveBeenCalledWith('u1');
  });

  test('fallback values are fresh copies (callers may not corrupt the defaults)', async () => {
    const [role] = await withReadFallbacks(failing()).listRolesBySystem('x');
    role?.permissions.push('oops');
    expect(DEFAULT_ROLE.permissions).toEqual([]);
  });
});
