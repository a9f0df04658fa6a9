// The access-control model every package shares: access roles hold
// permissions, users hold access roles (globally or inside one organization),
// and every change is written to an audit log by platform-api. An access role
// decides who may do what; it is not a plan role (membership/model.ts,
// PlanRole: what a user pays for) nor a profile tag (auth/profile.ts). The
// domain is called "access" in services and APIs (/api/access, ACCESS_API);
// "rbac" survives in this folder, its entry and the collection names. Pure: no Firebase, no React, no zod
// (the request schemas are in schemas.ts, entry '@agentflow/shared/rbac').

export const PERMISSION_ACTIONS = ['read', 'manage', 'create', 'update', 'delete', 'run', 'system'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** Firestore collections of the access-control model (written only by platform-api). */
export const RBAC_COLLECTIONS = {
  roles: 'roles',
  permissions: 'permissions',
  userRoles: 'userRoles',
  organizations: 'organizations',
  auditLog: 'rbacAuditLogs',
  /** userAccess/{uid}: the permission ids a user holds, denormalised for security rules and fast reads. */
  userAccess: 'userAccess',
} as const;

/** The access role with manage_all. Not the plan role 'admin' (PLAN_ROLES). */
export const ADMIN_ROLE_ID = 'admin';
export const GUEST_ROLE_ID = 'guest';
export const ORG_ADMIN_ROLE_ID = 'org_admin';
/** Roles that can never be deleted. */
export const UNDELETABLE_ROLE_IDS: readonly string[] = [ADMIN_ROLE_ID, GUEST_ROLE_ID];

/** The permission ids the platform itself checks. */
export const PERMISSIONS = {
  manageAll: 'manage_all',
  manageRoles: 'manage_roles',
  managePermissions: 'manage_permissions',
  manageOrganizations: 'manage_organizations',
  assignRoles: 'assign_roles',
  readUsers: 'read_users',
  readAuditLog: 'read_audit_log',
  editWorkflows: 'edit_workflows',
  /** Workspace permissions (workspaces.ts): see, run, share and delete a workspace's workflows; manage its members. */
  viewWorkflows: 'view_workflows',
  runWorkflows: 'run_workflows',
  shareWorkflows: 'share_workflows',
  deleteWorkflows: 'delete_workflows',
  manageMembers: 'manage_members',
  readWorkflowTemplates: 'read_workflow_templates',
  readPackages: 'read_packages',
  useCredentials: 'use_credentials',
  manageCredentials: 'manage_credentials',
} as const;
export type PlatformPermissionId = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export interface GoogleEquivalent {
  workspace: string;
  cloudIAM: string;
}

export interface Permission {
  id: string;
  name: string;
  description: string;
  /** The resource it applies to: a collection-like name, or '*' (not a wildcard for checkPermission). */
  resource: string;
  action: PermissionAction;
  /** Which part of the platform defined it: 'core' for built-ins, 'custom' for those made in the console. */
  system: string;
}

/** An access role (roles/{id}): a named set of permissions that userRoles assign. */
export interface AccessRole {
  id: string;
  name: string;
  description: string;
  system: string;
  /** Permission ids. */
  permissions: string[];
  googleEquivalent?: GoogleEquivalent;
}

/** @deprecated The old name of AccessRole (browser code still says it). */
export type Role = AccessRole;

/** One assignment of an access role to a user (userRoles/{id}), global or inside an organization. */
export interface UserRole {
  /** Firestore document id (present when read back). */
  id?: string;
  userId: string;
  roleId: string;
  /** ISO 8601 when it crosses the wire; a server timestamp in Firestore. */
  assignedAt: string | null;
  /** The acting user's uid, or 'system'. */
  assignedBy: string;
  /** Absent or null: the assignment applies everywhere. */
  organizationId?: string | null;
}

export interface Organization {
  id: string;
  name: string;
  description: string;
  createdAt: string | null;
  createdBy: string;
}

export const AUDIT_ACTIONS = [
  'ASSIGN_ROLE',
  'REVOKE_ROLE',
  'CREATE_ROLE',
  'UPDATE_ROLE',
  'DELETE_ROLE',
  'CREATE_PERMISSION',
  'UPDATE_PERMISSION',
  'DELETE_PERMISSION',
  'CREATE_ORGANIZATION',
  'UPDATE_ORGANIZATION',
  'DELETE_ORGANIZATION',
  'INITIALIZE_RBAC',
  'CREATE_CREDENTIAL',
  'UPDATE_CREDENTIAL',
  'DELETE_CREDENTIAL',
  'USE_CREDENTIAL',
  'CREATE_KNOWLEDGE_BASE',
  'DELETE_KNOWLEDGE_BASE',
  'ADD_KNOWLEDGE_SOURCE',
  'REMOVE_KNOWLEDGE_SOURCE',
  'CREATE_API_KEY',
  'UPDATE_API_KEY',
  'REVOKE_API_KEY',
  'USE_API_KEY',
  'CREATE_MCP_SERVER',
  'UPDATE_MCP_SERVER',
  'DELETE_MCP_SERVER',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = 'role' | 'permission' | 'organization' | 'userRole' | 'rbac' | 'credential' | 'knowledgeBase' | 'apiKey' | 'mcpServer';

export interface AuditEntry {
  id?: string;
  timestamp: string | null;
  /** The real actor: a uid, or 'system'. */
  userId: string;
  userEmail: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  organizationId: string | null;
  details: Record<string, unknown>;
  status: 'success' | 'failure';
  ipAddress: string | null;
  userAgent: string | null;
}

/** What userAccess/{uid} holds: permission ids by scope (global, and per organization). */
export interface UserAccess {
  userId: string;
  roleIds: string[];
  /** Permission ids granted by global assignments. */
  permissions: string[];
  /** Permission ids granted inside each organization. */
  organizations: Record<string, string[]>;
  organizationIds: string[];
}
