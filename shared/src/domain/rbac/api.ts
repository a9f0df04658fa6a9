// The HTTP contract of platform-api's access endpoints: paths and response
// shapes, shared by the service and the browser clients.
import type { AuditEntry, Organization, Permission, Role, UserRole } from './model.js';

export const ACCESS_API = {
  me: '/api/access/me',
  roles: '/api/access/roles',
  role: (id: string) => `/api/access/roles/${encodeURIComponent(id)}`,
  permissions: '/api/access/permissions',
  permission: (id: string) => `/api/access/permissions/${encodeURIComponent(id)}`,
  organizations: '/api/access/organizations',
  organization: (id: string) => `/api/access/organizations/${encodeURIComponent(id)}`,
  organizationMembers: (id: string) => `/api/access/organizations/${encodeURIComponent(id)}/members`,
  assignments: '/api/access/assignments',
  revoke: '/api/access/assignments/revoke',
  users: '/api/access/users',
  userAssignments: (uid: string) => `/api/access/users/${encodeURIComponent(uid)}/assignments`,
  userOrganizations: (uid: string) => `/api/access/users/${encodeURIComponent(uid)}/organizations`,
  audit: '/api/access/audit',
} as const;

export interface AccessMeResponse {
  /** null for a caller without a token (a guest). */
  userId: string | null;
  roles: string[];
  permissions: string[];
  assignments: UserRole[];
}

export interface UserSummary {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass back as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface OrganizationMember {
  user: UserSummary;
  assignments: UserRole[];
}

export type RoleList = { roles: Role[] };
export type PermissionList = { permissions: Permission[] };
export type OrganizationList = { organizations: Organization[] };
export type AssignmentList = { assignments: UserRole[] };
