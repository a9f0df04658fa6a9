// Test code only (src/testing is outside the app's tsconfig and never
// imported by the console): a stateful stand-in for
// platform-api's access endpoints at the HTTP level. Tests install its `fetch`
// as the global fetch, then assert on `requests` (method, path, query, body,
// Authorization header) and on `state`. `fail()` makes a route answer an
// error once. It also serves the same data as an AccessReader, so the real
// RBACProvider can run on it.
import { createFakeApi, fakeResponse } from '@agentflow/shared/testing/fakeApi';
import {
  type AccessReader,
  type AuditEntry,
  type Organization,
  type Permission,
  type Role,
  type UserRole,
  type UserSummary,
} from '@agentflow/shared';
import { BUILT_IN_ROLES, CORE_PERMISSIONS, MANAGE_ALL_PERMISSION } from '@agentflow/shared/rbac';

export const TEST_API = 'http://127.0.0.1:4002';

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export interface FakeState {
  roles: Role[];
  permissions: Permission[];
  organizations: Organization[];
  users: UserSummary[];
  assignments: UserRole[];
  audit: AuditEntry[];
}

export const ADMIN_USER: UserSummary = { uid: 'user-1', email: 'ada@example.com', displayName: 'Ada Lovelace' };
export const BOB: UserSummary = { uid: 'bob-uid', email: 'bob@example.com', displayName: 'Bob' };
export const BEA: UserSummary = { uid: 'bea-uid', email: 'bea@example.com', displayName: null };

export function auditEntry(index: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `entry-${index}`,
    timestamp: new Date(Date.UTC(2024, 5, 1, 12, 0, index)).toISOString(),
    userId: 'user-1',
    userEmail: 'ada@example.com',
    action: 'ASSIGN_ROLE',
    targetType: 'userRole',
    targetId: `bob-uid_editor_${index}`,
    organizationId: null,
    details: { roleId: 'editor', organizationId: null },
    status: 'success',
    ipAddress: '127.0.0.1',
    userAgent: 'jest',
    ...overrides,
  };
}

export function initialState(): FakeState {
  return {
    roles: [
      ...BUILT_IN_ROLES.map(clone),
      { id: 'editor', name: 'Editor', description: 'Edits workflows', system: 'custom', permissions: ['read_packages'] },
    ],
    permissions: [clone(MANAGE_ALL_PERMISSION), ...CORE_PERMISSIONS.map((permission) => ({ ...permission }))],
    organizations: [
      { id: 'org-acme', name: 'Acme', description: 'Acme Corp', createdAt: '2024-01-01T00:00:00.000Z', createdBy: 'user-1' },
      { id: 'org-globex', name: 'Globex', description: '', createdAt: '2024-02-01T00:00:00.000Z', createdBy: 'user-1' },
    ],
    users: [ADMIN_USER, BOB, BEA],
    assignments: [
      { id: 'as-1', userId: 'user-1', roleId: 'admin', assignedAt: '2024-01-01T00:00:00.000Z', assignedBy: 'system', organizationId: null },
      { id: 'as-2', userId: 'bob-uid', roleId: 'editor', assignedAt: '2024-03-01T10:00:00.000Z', assignedBy: 'user-1', organizationId: 'org-acme' },
    ],
    audit: [auditEntry(1), auditEntry(2, { action: 'CREATE_ROLE', targetType: 'role', targetId: 'editor', details: { name: 'Editor' } })],
  };
}

export function createFakeAccessServer(base = TEST_API) {
  const state = initialState();
  let nextId = 100;

  const json = (status: number, body?: unknown) => fakeResponse(status, body);
  const notFound = (what: string, id: string) => json(404, { error: `${what} ${id} not found` });

  function route(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): Response {
    const parts = path.replace(/^\/api\/access\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
    const [resource, id, sub] = parts;
    switch (resource) {
      case 'roles': {
        if (!id && method === 'GET') return json(200, { roles: state.roles.filter((role) => !query.system || role.system === query.system) });
        if (!id && method === 'POST') {
          if (state.roles.some((role) => role.id === body.id)) return json(409, { error: `Role ${String(body.id)} already exists` });
          const role = { system: 'custom', description: '', permissions: [], ...body } as unknown as Role;
          state.roles.push(role);
          return json(201, { role });
        }
        const role = state.roles.find((candidate) => candidate.id === id);
        if (!role || !id) return notFound('Role', id ?? '');
        if (method === 'GET') return json(200, { role });
        if (method === 'PATCH') {
          Object.assign(role, body);
          return json(200, { role });
        }
        if (method === 'DELETE') {
          const inUse = state.assignments.filter((assignment) => assignment.roleId === id);
          if (inUse.length > 0 && query.force !== 'true') return json(409, { error: `Role ${id} is assigned to ${inUse.length} user(s); use ?force=true` });
          state.roles = state.roles.filter((candidate) => candidate.id !== id);
          state.assignments = state.assignments.filter((assignment) => assignment.roleId !== id);
          return json(204);
        }
        break;
      }
      case 'permissions': {
        if (!id && method === 'GET') return json(200, { permissions: state.permissions.filter((permission) => !query.system || permission.system === query.system) });
        if (!id && method === 'POST') {
          const permission = { system: 'custom', description: '', ...body } as unknown as Permission;
          state.permissions.push(permission);
          return json(201, { permission });
        }
        const permission = state.permissions.find((candidate) => candidate.id === id);
        if (!permission || !id) return notFound('Permission', id ?? '');
        if (method === 'PATCH') {
          Object.assign(permission, body);
          return json(200, { permission });
        }
        break;
      }
      case 'organizations': {
        if (!id && method === 'GET') return json(200, { organizations: state.organizations });
        if (!id && method === 'POST') {
          const organization: Organization = { id: `org-${nextId++}`, name: String(body.name), description: String(body.description ?? ''), createdAt: new Date().toISOString(), createdBy: 'user-1' };
          state.organizations.push(organization);
          return json(201, { organization });
        }
        const organization = state.organizations.find((candidate) => candidate.id === id);
        if (!organization || !id) return notFound('Organization', id ?? '');
        if (sub === 'members' && method === 'GET') {
          const assignments = state.assignments.filter((assignment) => assignment.organizationId === id);
          const members = [...new Set(assignments.map((assignment) => assignment.userId))].map((uid) => ({
            user: state.users.find((user) => user.uid === uid) ?? { uid, email: null, displayName: null },
            assignments: assignments.filter((assignment) => assignment.userId === uid),
          }));
          return json(200, { members });
        }
        if (method === 'PATCH') {
          Object.assign(organization, body);
          return json(200, { organization });
        }
        break;
      }
      case 'users': {
        if (!id && method === 'GET') {
          const prefix = (query.emailPrefix ?? '').toLowerCase();
          return json(200, { users: state.users.filter((user) => user.email?.toLowerCase().startsWith(prefix)) });
        }
        if (id && sub === 'assignments' && method === 'GET') {
          return json(200, { assignments: state.assignments.filter((assignment) => assignment.userId === id && (!query.organizationId || assignment.organizationId === query.organizationId)) });
        }
        break;
      }
      case 'assignments': {
        if (!id && method === 'POST') {
          if (!body.roleId) return json(400, { error: 'roleId is undefined or empty.' });
          const assignment: UserRole = {
            id: `as-${nextId++}`,
            userId: String(body.userId),
            roleId: String(body.roleId),
            assignedAt: new Date().toISOString(),
            assignedBy: 'user-1',
            organizationId: (body.organizationId as string | null | undefined) ?? null,
          };
          state.assignments.push(assignment);
          return json(201, { assignment });
        }
        if (id === 'revoke' && method === 'POST') {
          const before = state.assignments.length;
          state.assignments = state.assignments.filter(
            (assignment) => !(assignment.userId === body.userId && assignment.roleId === body.roleId && (assignment.organizationId ?? null) === ((body.organizationId as string | null | undefined) ?? null)),
          );
          return json(200, { revoked: before - state.assignments.length });
        }
        break;
      }
      case 'audit': {
        if (method !== 'GET') break;
        const matches = state.audit.filter(
          (entry) =>
            (!query.action || entry.action === query.action) &&
            (!query.actor || entry.userId === query.actor || entry.userEmail === query.actor) &&
            (!query.target || entry.targetId === query.target) &&
            (!query.organizationId || entry.organizationId === query.organizationId) &&
            (!query.from || (entry.timestamp ?? '') >= query.from) &&
            (!query.to || (entry.timestamp ?? '') <= query.to),
        );
        const start = query.cursor ? Number(query.cursor) : 0;
        const limit = Number(query.limit ?? 25);
        const entries = matches.slice(start, start + limit);
        return json(200, { entries, nextCursor: start + limit < matches.length ? String(start + limit) : null });
      }
      default:
        break;
    }
    return json(404, { error: `No route ${method} ${path}` });
  }

  const api = createFakeApi(base, route);
  const { requests, fetch } = api;

  /** Reads the same data the way the browser reads Firestore. */
  const reader: AccessReader = {
    listRoles: async () => clone(state.roles),
    listPermissions: async () => clone(state.permissions),
    listRolesBySystem: async (system) => clone(state.roles.filter((role) => role.system === system)),
    listPermissionsBySystem: async (system) => clone(state.permissions.filter((permission) => permission.system === system)),
    listUserRoles: async (userId) => clone(state.assignments.filter((assignment) => assignment.userId === userId)),
  };

  return {
    state,
    requests,
    fetch,
    reader,
    /** The next matching request answers `status` with `{error}` (or `body`). */
    fail(method: string, path: string | RegExp, status: number, error = `Failed with ${status}`, body?: unknown) {
      api.failOnce(method, path, status, body ?? { error });
    },
    /** Requests other than the reads every page makes on its own, for terse assertions. */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    find: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
  };
}

export type FakeAccessServer = ReturnType<typeof createFakeAccessServer>;
