// The Firestore reader against a stand-in SDK: which collection and filter
// each read asks for, and how documents become model objects.
const docs: Record<string, Array<{ id: string; data: Record<string, unknown> }>> = {};
const calls: unknown[][] = [];

jest.mock('../firebase/web', () => ({ getFirestoreDb: jest.fn(async () => ({ kind: 'db' })) }));
jest.mock('firebase/firestore', () => ({
  collection: (_db: unknown, name: string) => ({ collection: name }),
  where: (field: string, op: string, value: unknown) => ({ field, op, value }),
  query: (reference: { collection: string }, filter: { field: string; value: unknown }) => ({ ...reference, filter }),
  getDocs: async (target: { collection: string; filter?: { field: string; value: unknown } }) => {
    calls.push([target.collection, target.filter ?? null]);
    const rows = (docs[target.collection] ?? []).filter((row) => !target.filter || row.data[target.filter.field] === target.filter.value);
    return { docs: rows.map((row) => ({ id: row.id, data: () => row.data })) };
  },
}));

import { firestoreAccessReader, isoTime, permissionFromDocument, roleFromDocument, userRoleFromDocument } from './firestoreAccessReader';

beforeEach(() => {
  calls.length = 0;
  docs.roles = [
    { id: 'admin', data: { name: 'Admin', description: 'All', system: 'core', permissions: ['manage_all'], googleEquivalent: { workspace: 'Super Admin', cloudIAM: 'Owner' } } },
    { id: 'editor', data: { name: 'Editor', system: 'custom', permissions: ['manage_roles', 3] } },
  ];
  docs.permissions = [
    { id: 'manage_all', data: { name: 'Manage All', description: 'Full control over all resources', resource: '*', action: 'manage', system: 'core' } },
    { id: 'odd', data: { action: 'fly' } },
  ];
  docs.userRoles = [
    { id: 'a1', data: { userId: 'u1', roleId: 'editor', assignedAt: { toDate: () => new Date('2024-01-02T03:04:05Z') }, assignedBy: 'admin-uid', organizationId: 'org-1' } },
    { id: 'a2', data: { userId: 'u2', roleId: 'admin', assignedAt: null, assignedBy: 'system' } },
  ];
});

test('listRoles and listPermissions read whole collections', async () => {
  const roles = await firestoreAccessReader.listRoles();
  expect(roles.map((role) => role.id)).toEqual(['admin', 'editor']);
  expect(roles[0]).toEqual({ id: 'admin', name: 'Admin', description: 'All', system: 'core', permissions: ['manage_all'], googleEquivalent: { workspace: 'Super Admin', cloudIAM: 'Owner' } });
  expect(roles[1]?.permissions).toEqual(['manage_roles']);
  const permissions = await firestoreAccessReader.listPermissions();
  expect(permissions[0]).toEqual({ id: 'manage_all', name: 'Manage All', description: 'Full control over all resources', resource: '*', action: 'manage', system: 'core' });
  expect(calls).toEqual([
    ['roles', null],
    ['permissions', null],
  ]);
});

test('listUserRoles asks only for the user’s own assignments (what the rules allow)', async () => {
  const assignments = await firestoreAccessReader.listUserRoles('u1');
  expect(calls).toEqual([['userRoles', { field: 'userId', op: '==', value: 'u1' }]]);
  expect(assignments).toEqual([{ id: 'a1', userId: 'u1', roleId: 'editor', assignedAt: '2024-01-02T03:04:05.000Z', assignedBy: 'admin-uid', organizationId: 'org-1' }]);
});

test('the by-system reads filter on system', async () => {
  expect((await firestoreAccessReader.listRolesBySystem('core')).map((role) => role.id)).toEqual(['admin']);
  expect((await firestoreAccessReader.listPermissionsBySystem('core')).map((permission) => permission.id)).toEqual(['manage_all']);
  expect(calls).toEqual([
    ['roles', { field: 'system', op: '==', value: 'core' }],
    ['permissions', { field: 'system', op: '==', value: 'core' }],
  ]);
});

describe('document conversion', () => {
  test('missing or malformed fields get safe defaults', () => {
    expect(roleFromDocument('r', {})).toEqual({ id: 'r', name: 'r', description: '', system: 'custom', permissions: [] });
    expect(permissionFromDocument('p', { action: 'fly' })).toEqual({ id: 'p', name: 'p', description: '', resource: '*', action: 'read', system: 'custom' });
    expect(userRoleFromDocument('x', { userId: 'u', roleId: 'r', organizationId: '' })).toEqual({
      id: 'x',
      userId: 'u',
      roleId: 'r',
      assignedAt: null,
      assignedBy: 'system',
      organizationId: null,
    });
  });

  test('isoTime reads Timestamps, Dates and strings', () => {
    expect(isoTime({ toDate: () => new Date('2024-05-06T07:08:09Z') })).toBe('2024-05-06T07:08:09.000Z');
    expect(isoTime(new Date('2024-05-06T07:08:09Z'))).toBe('2024-05-06T07:08:09.000Z');
    expect(isoTime('2024-05-06T07:08:09Z')).toBe('2024-05-06T07:08:09Z');
    expect(isoTime(new Date('nope'))).toBeNull();
    expect(isoTime(undefined)).toBeNull();
    expect(isoTime(42)).toBeNull();
  });
});
