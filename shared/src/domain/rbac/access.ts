// Pure permission checks shared by the browser (what to show) and
// platform-api (what to allow).
import type { Permission, PermissionAction, Role, UserRole } from './model.js';
import { PERMISSIONS } from './model.js';

/**
 * Passes when some permission grants the action (or 'manage') on exactly this
 * resource. A '*' resource is a name like any other here, not a wildcard.
 *
 * Nothing in the product calls it: platform-api guards with `can` (permission
 * ids, manage_all, organization scope) and the browser with hasPermission.
 * It is kept because issue 5 §1 specifies it as a rule of the access model
 * and access.test.ts pins it; delete it with that requirement.
 */
export function checkPermission(userPermissions: readonly Pick<Permission, 'resource' | 'action'>[], resource: string, action: PermissionAction): boolean {
  return userPermissions.some((permission) => (permission.action === action || permission.action === 'manage') && permission.resource === resource);
}

/** One assignment with the permission ids its role carries. */
export interface Grant {
  roleId: string;
  organizationId?: string | null;
  permissions: readonly string[];
}

/** Turns assignments into grants using the roles they name (unknown roles grant nothing). */
export function grantsFor(assignments: readonly Pick<UserRole, 'roleId' | 'organizationId'>[], roles: ReadonlyMap<string, Pick<Role, 'permissions'>>): Grant[] {
  return assignments.map((assignment) => ({
    roleId: assignment.roleId,
    organizationId: assignment.organizationId ?? null,
    permissions: roles.get(assignment.roleId)?.permissions ?? [],
  }));
}

/**
 * The service guard. `manage_all` grants everything; an assignment scoped to
 * an organization counts only when that organization is asked about, and a
 * question without an organization is answered by global assignments alone.
 */
export function can(grants: readonly Grant[], permissionId: string, organizationId?: string | null): boolean {
  return grants.some((grant) => {
    const scope = grant.organizationId ?? null;
    if (scope !== null && scope !== (organizationId ?? null)) return false;
    return grant.permissions.includes(PERMISSIONS.manageAll) || grant.permissions.includes(permissionId);
  });
}

/** Every permission id the grants give in one scope (global, or global plus that organization). */
export function permissionIdsIn(grants: readonly Grant[], organizationId?: string | null): string[] {
  const ids = new Set<string>();
  for (const grant of grants) {
    const scope = grant.organizationId ?? null;
    if (scope === null || scope === (organizationId ?? null)) for (const id of grant.permissions) ids.add(id);
  }
  return [...ids].sort();
}

/** What the access context answers while loading: nothing, until it knows. */
export interface AccessState {
  loading: boolean;
  permissions: readonly string[];
  assignments: readonly Pick<UserRole, 'roleId'>[];
}

/** True only once loading has finished and the id is in the user's list (see expandManageAll). */
export function hasPermission(state: AccessState, permissionId: string): boolean {
  return !state.loading && state.permissions.includes(permissionId);
}

/**
 * A holder of manage_all has full control, so their permission list is every
 * known permission: the UI's plain membership checks then work for admins too.
 */
export function expandManageAll(permissionIds: readonly string[], allPermissionIds: readonly string[]): string[] {
  if (!permissionIds.includes(PERMISSIONS.manageAll)) return [...permissionIds].sort();
  return [...new Set([...permissionIds, ...allPermissionIds])].sort();
}

export function hasRole(state: AccessState, roleId: string): boolean {
  return !state.loading && state.assignments.some((assignment) => assignment.roleId === roleId);
}
