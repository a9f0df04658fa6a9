// platform-api's access endpoints, for the console, on the shared API client:
// every call carries the signed-in user's Firebase ID token; a non-2xx answer
// rejects with an ApiError holding the status and the service's `{error}` text.
import {
  ACCESS_API,
  createApiClient,
  type ApiClientOptions,
  type AuditAction,
  type AuditPage,
  type Organization,
  type OrganizationMember,
  type Permission,
  type Role,
  type UserRole,
  type UserSummary,
} from '@agentflow/shared';
import type { CreateOrganizationInput, CreatePermissionInput, CreateRoleInput, UpdatePermissionInput, UpdateRoleInput } from '@agentflow/shared/rbac';

export interface AuditFilters {
  action?: AuditAction;
  actor?: string;
  target?: string;
  organizationId?: string;
  /** ISO 8601 with offset. */
  from?: string;
  to?: string;
}

/** baseUrl is platform-api's origin (usePlatform().config.apis.platform). */
export type AccessClientOptions = ApiClientOptions;

/** `{key: [...]}` or a bare array: the service's list shape, either way. */
function listFrom<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? (value as T[]) : [];
}

export function createAccessClient(options: AccessClientOptions) {
  const request = createApiClient(options);

  return {
    listRoles: async (system?: string) => listFrom<Role>(await request('GET', ACCESS_API.roles, { query: { system } }), 'roles'),
    createRole: (input: CreateRoleInput) => request('POST', ACCESS_API.roles, { body: input }),
    updateRole: (id: string, input: UpdateRoleInput) => request('PATCH', ACCESS_API.role(id), { body: input }),
    /** `force` deletes a role that is still assigned (its assignments go with it). */
    deleteRole: (id: string, force = false) => request('DELETE', ACCESS_API.role(id), { query: force ? { force: 'true' } : {} }),

    listPermissions: async (system?: string) => listFrom<Permission>(await request('GET', ACCESS_API.permissions, { query: { system } }), 'permissions'),
    createPermission: (input: CreatePermissionInput) => request('POST', ACCESS_API.permissions, { body: input }),
    updatePermission: (id: string, input: UpdatePermissionInput) => request('PATCH', ACCESS_API.permission(id), { body: input }),

    listOrganizations: async () => listFrom<Organization>(await request('GET', ACCESS_API.organizations), 'organizations'),
    createOrganization: (input: CreateOrganizationInput) => request('POST', ACCESS_API.organizations, { body: input }),
    updateOrganization: (id: string, input: Partial<CreateOrganizationInput>) => request('PATCH', ACCESS_API.organization(id), { body: input }),
    organizationMembers: async (id: string) => listFrom<OrganizationMember>(await request('GET', ACCESS_API.organizationMembers(id)), 'members'),

    searchUsers: async (emailPrefix: string) => listFrom<UserSummary>(await request('GET', ACCESS_API.users, { query: { emailPrefix } }), 'users'),
    userAssignments: async (uid: string, organizationId?: string) =>
      listFrom<UserRole>(await request('GET', ACCESS_API.userAssignments(uid), { query: { organizationId } }), 'assignments'),

    auditLog: async (filters: AuditFilters, cursor?: string | null, limit = 25): Promise<AuditPage> => {
      const body = await request<Partial<AuditPage> | undefined>('GET', ACCESS_API.audit, { query: { ...filters, cursor, limit } });
      return { entries: Array.isArray(body?.entries) ? body.entries : [], nextCursor: typeof body?.nextCursor === 'string' ? body.nextCursor : null };
    },
  };
}

export type AccessClient = ReturnType<typeof createAccessClient>;
