// The built-in permissions and roles platform-api creates at start (and the
// seed script creates locally) when they are missing.
import { ADMIN_ROLE_ID, ORG_ADMIN_ROLE_ID, PERMISSIONS, type Permission, type Role } from './model.js';
import { GUEST_ROLE } from './fallbacks.js';
import { WORKSPACE_ROLES } from './workspaces.js';

// The small constants the browser's provider needs live in fallbacks.ts.
export * from './fallbacks.js';

export const MANAGE_ALL_PERMISSION: Permission = {
  id: PERMISSIONS.manageAll,
  name: 'Manage All',
  description: 'Full control over all resources',
  resource: '*',
  action: 'manage',
  system: 'core',
};

export const ADMIN_ROLE: Role = {
  id: ADMIN_ROLE_ID,
  name: 'Admin',
  description: 'Administrator with full access',
  system: 'core',
  permissions: [PERMISSIONS.manageAll],
  googleEquivalent: { workspace: 'Super Admin', cloudIAM: 'Owner' },
};

/** Core permissions besides manage_all: what the platform's own endpoints check. */
export const CORE_PERMISSIONS: readonly Permission[] = [
  { id: PERMISSIONS.manageRoles, name: 'Manage roles', description: 'Create, edit and delete roles', resource: 'roles', action: 'manage', system: 'core' },
  { id: PERMISSIONS.managePermissions, name: 'Manage permissions', description: 'Create, edit and delete permissions', resource: 'permissions', action: 'manage', system: 'core' },
  { id: PERMISSIONS.manageOrganizations, name: 'Manage organizations', description: 'Create, edit and delete organizations', resource: 'organizations', action: 'manage', system: 'core' },
  { id: PERMISSIONS.assignRoles, name: 'Assign roles', description: 'Assign and revoke roles of users', resource: 'userRoles', action: 'manage', system: 'core' },
  { id: PERMISSIONS.readUsers, name: 'Find users', description: 'Search users by e-mail in the access console', resource: 'users', action: 'read', system: 'core' },
  { id: PERMISSIONS.readAuditLog, name: 'Read the audit log', description: 'Read the access-control audit log', resource: 'rbacAuditLogs', action: 'read', system: 'core' },
  { id: PERMISSIONS.editWorkflows, name: 'Edit workflows', description: 'Change the workflows of an organization', resource: 'workflows', action: 'update', system: 'core' },
  { id: PERMISSIONS.viewWorkflows, name: 'View workflows', description: 'See a workspace’s workflows and their runs', resource: 'workflows', action: 'read', system: 'core' },
  { id: PERMISSIONS.runWorkflows, name: 'Run workflows', description: 'Start runs of a workspace’s workflows (the workspace owner’s plan pays)', resource: 'workflows', action: 'run', system: 'core' },
  { id: PERMISSIONS.shareWorkflows, name: 'Share workflows', description: 'Share a workspace’s workflows with users and move them between workspaces', resource: 'workflowShares', action: 'manage', system: 'core' },
  { id: PERMISSIONS.deleteWorkflows, name: 'Delete workflows', description: 'Move a workspace’s workflows to the trash and delete them', resource: 'workflows', action: 'delete', system: 'core' },
  { id: PERMISSIONS.manageMembers, name: 'Manage members', description: 'Invite people to a workspace, change their roles and remove them', resource: 'members', action: 'manage', system: 'core' },
  { id: PERMISSIONS.readWorkflowTemplates, name: 'Read workflow templates', description: 'Browse the public workflow templates', resource: 'workflowTemplates', action: 'read', system: 'core' },
  { id: PERMISSIONS.readPackages, name: 'Read packages', description: 'Browse the public packages', resource: 'packages', action: 'read', system: 'core' },
  { id: PERMISSIONS.useCredentials, name: 'Use credentials', description: 'List an organization’s credentials and use them in workflow runs', resource: 'credentials', action: 'run', system: 'core' },
  { id: PERMISSIONS.manageCredentials, name: 'Manage credentials', description: 'Create, change and delete an organization’s credentials', resource: 'credentials', action: 'manage', system: 'core' },
];


/** Runs access control inside one organization when assigned there. */
export const ORG_ADMIN_ROLE: Role = {
  id: ORG_ADMIN_ROLE_ID,
  name: 'Organization admin',
  description: 'Assigns roles and reads the audit log inside the organization it is assigned in',
  system: 'core',
  permissions: [PERMISSIONS.assignRoles, PERMISSIONS.readUsers, PERMISSIONS.readAuditLog, PERMISSIONS.manageOrganizations],
};

/**
 * Roles the industry workflow templates name as approvers. They grant no
 * permission: holding one (globally, or in the workflow's organization) only
 * lets a user decide approval steps that name it, so a copied template can be
 * approved once an administrator assigns the role.
 */
export const APPROVER_ROLES: readonly Role[] = [
  { id: 'sales_manager', name: 'Sales manager', description: 'Approves sales steps such as discounts and quotes in workflow runs', system: 'core', permissions: [] },
  { id: 'dispatcher', name: 'Dispatcher', description: 'Confirms technician assignments and arrival windows in workflow runs', system: 'core', permissions: [] },
  { id: 'broker', name: 'Broker', description: 'Reviews flagged property listings before they are published in workflow runs', system: 'core', permissions: [] },
  { id: 'customer_service_lead', name: 'Customer service lead', description: 'Approves customer notices before they are sent in workflow runs', system: 'core', permissions: [] },
  { id: 'finance_manager', name: 'Finance manager', description: 'Approves invoice disputes and other finance steps in workflow runs', system: 'core', permissions: [] },
];

/** Every role platform-api creates at start when missing (existing ones are left alone). */
export const BUILT_IN_ROLES: readonly Role[] = [ADMIN_ROLE, GUEST_ROLE, ORG_ADMIN_ROLE, ...WORKSPACE_ROLES, ...APPROVER_ROLES];
