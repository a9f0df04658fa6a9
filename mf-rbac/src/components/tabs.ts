// The console's sections and the permission each needs. Sections an
// organization admin may use inside their organization count assignments in
// any organization; the others need the permission globally.
import { PERMISSIONS, type RBACContextValue } from '@agentflow/shared';

export interface AccessTab {
  path: 'roles' | 'permissions' | 'matrix' | 'users' | 'organizations' | 'audit';
  labelKey: string;
  permission: string;
  anyOrganization: boolean;
}

export const ACCESS_TABS: readonly AccessTab[] = [
  { path: 'roles', labelKey: 'rbac.tabs.roles', permission: PERMISSIONS.manageRoles, anyOrganization: false },
  { path: 'permissions', labelKey: 'rbac.tabs.permissions', permission: PERMISSIONS.managePermissions, anyOrganization: false },
  { path: 'matrix', labelKey: 'rbac.tabs.matrix', permission: PERMISSIONS.manageRoles, anyOrganization: false },
  { path: 'users', labelKey: 'rbac.tabs.users', permission: PERMISSIONS.assignRoles, anyOrganization: true },
  { path: 'organizations', labelKey: 'rbac.tabs.organizations', permission: PERMISSIONS.manageOrganizations, anyOrganization: true },
  { path: 'audit', labelKey: 'rbac.tabs.audit', permission: PERMISSIONS.readAuditLog, anyOrganization: true },
];

export function tabAllowed(rbac: Pick<RBACContextValue, 'hasPermission' | 'hasPermissionAnywhere'>, tab: AccessTab): boolean {
  return tab.anyOrganization ? rbac.hasPermissionAnywhere(tab.permission) : rbac.hasPermission(tab.permission);
}

export function tabFor(path: AccessTab['path']): AccessTab {
  const tab = ACCESS_TABS.find((candidate) => candidate.path === path);
  if (!tab) throw new Error(`Unknown access tab ${path}`);
  return tab;
}
