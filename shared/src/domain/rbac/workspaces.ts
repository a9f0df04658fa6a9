// Workspaces and the one model of who may do what with a workflow.
//
// A workspace is where workflows, credentials, files and runs live: every user
// has a personal one (their own things, organizationId null), and an
// organization (organizations/{id}) is a shared one. Who may do what inside a
// workspace is decided by access roles assigned in it (userRoles with that
// organizationId), and those roles are made of permissions, so the access
// console manages them and every service and the security rules read the same
// permission ids. The plan (membership) is a different fact: who pays and what
// is allowed (entitlements). It is never a role.
//
// A workflow can also be shared with single users with one of the share roles
// (viewer, runner, editor); a share grants exactly the permissions of the
// workspace role of that name (WORKSPACE_ROLE_PERMISSIONS), never more.
//
// Pure: no Firebase, no React, no zod. firestore.rules implement the same
// decisions for what a browser reads and writes, and one table of cases
// (shared/testing/workspaceAccessCases.ts) runs against both.
import { PERMISSIONS, type Role } from './model.js';
import { can, type Grant } from './access.js';

/** The workspace role ids, lowest first (access roles in roles/{id}, assigned per organization). */
export const WORKSPACE_ROLE_IDS = ['workspace_viewer', 'workspace_runner', 'workspace_editor', 'workspace_admin', 'workspace_owner'] as const;
export type WorkspaceRoleId = (typeof WORKSPACE_ROLE_IDS)[number];

/** The roles a workflow can be shared with one user in (a share never makes an admin or owner). */
export const SHARE_ROLE_IDS = ['workspace_viewer', 'workspace_runner', 'workspace_editor'] as const;
export type ShareRoleId = (typeof SHARE_ROLE_IDS)[number];

/** The most users one workflow may be shared with one by one (a team should use a workspace). */
export const MAX_WORKFLOW_SHARES = 50;

export function isWorkspaceRoleId(value: unknown): value is WorkspaceRoleId {
  return typeof value === 'string' && (WORKSPACE_ROLE_IDS as readonly string[]).includes(value);
}

export function isShareRoleId(value: unknown): value is ShareRoleId {
  return typeof value === 'string' && (SHARE_ROLE_IDS as readonly string[]).includes(value);
}

/** 0 for a viewer up to 4 for the owner; -1 for anything that is not a workspace role. */
export function workspaceRoleRank(roleId: string): number {
  return (WORKSPACE_ROLE_IDS as readonly string[]).indexOf(roleId);
}

const VIEWER: readonly string[] = [PERMISSIONS.viewWorkflows];
const RUNNER: readonly string[] = [...VIEWER, PERMISSIONS.runWorkflows];
const EDITOR: readonly string[] = [...RUNNER, PERMISSIONS.editWorkflows, PERMISSIONS.useCredentials];
const ADMIN: readonly string[] = [
  ...EDITOR,
  PERMISSIONS.manageCredentials,
  PERMISSIONS.shareWorkflows,
  PERMISSIONS.deleteWorkflows,
  PERMISSIONS.manageMembers,
  PERMISSIONS.assignRoles,
  PERMISSIONS.readUsers,
  PERMISSIONS.readAuditLog,
];

/** The permissions each workspace role is built from (what platform-api creates at start); each holds the one below it. */
export const WORKSPACE_ROLE_PERMISSIONS: Readonly<Record<WorkspaceRoleId, readonly string[]>> = {
  workspace_viewer: VIEWER,
  workspace_runner: RUNNER,
  workspace_editor: EDITOR,
  workspace_admin: ADMIN,
  workspace_owner: [...ADMIN, PERMISSIONS.manageOrganizations],
};

/** The built-in workspace roles (English names; the console translates built-in roles by id). */
export const WORKSPACE_ROLES: readonly Role[] = [
  { id: 'workspace_viewer', name: 'Workspace viewer', description: 'Sees the workspace’s workflows and their runs', system: 'core', permissions: [...WORKSPACE_ROLE_PERMISSIONS.workspace_viewer] },
  { id: 'workspace_runner', name: 'Workspace runner', description: 'Sees and runs the workspace’s workflows', system: 'core', permissions: [...WORKSPACE_ROLE_PERMISSIONS.workspace_runner] },
  { id: 'workspace_editor', name: 'Workspace editor', description: 'Builds, changes and runs the workspace’s workflows with its credentials', system: 'core', permissions: [...WORKSPACE_ROLE_PERMISSIONS.workspace_editor] },
  { id: 'workspace_admin', name: 'Workspace admin', description: 'Everything in the workspace: members, sharing, credentials, deleting workflows', system: 'core', permissions: [...WORKSPACE_ROLE_PERMISSIONS.workspace_admin] },
  { id: 'workspace_owner', name: 'Workspace owner', description: 'Pays for the workspace with their plan and holds every right in it', system: 'core', permissions: [...WORKSPACE_ROLE_PERMISSIONS.workspace_owner] },
];

/** The personal workspace's id in URLs, APIs and the switcher; an organization's workspace is its organization id. */
export const PERSONAL_WORKSPACE = 'personal';

/**
 * The key of the workspace something belongs to, as stored on runs
 * (`workspaceId`) so one equality filter lists a workspace's runs: the
 * organization id, or `user:<uid>` for the personal workspace of `ownerId`.
 */
export function workspaceKey(thing: { ownerId: string; organizationId?: string | null }): string {
  return thing.organizationId ? thing.organizationId : `user:${thing.ownerId}`;
}

/** What the decisions read of a workflow. */
export interface WorkflowAccessTarget {
  ownerId: string;
  organizationId?: string | null;
  visibility: string;
  /** uid → share role: users the workflow is shared with one by one. */
  sharedWith?: Readonly<Record<string, string>> | null;
}

/** Who asks: their uid, their verified e-mail (null when unverified) and their grants (global and per organization). */
export interface AccessSubject {
  uid: string;
  verifiedEmail?: string | null;
  grants: readonly Grant[];
}

export const WORKFLOW_ACTIONS = ['view', 'edit', 'run', 'share', 'delete', 'useCredential'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** The permission each action needs in the workflow's workspace. */
export const WORKFLOW_ACTION_PERMISSIONS: Readonly<Record<WorkflowAction, string>> = {
  view: PERMISSIONS.viewWorkflows,
  edit: PERMISSIONS.editWorkflows,
  run: PERMISSIONS.runWorkflows,
  share: PERMISSIONS.shareWorkflows,
  delete: PERMISSIONS.deleteWorkflows,
  useCredential: PERMISSIONS.useCredentials,
};

/** The share role a user holds on a workflow, if any. */
export function shareRoleOf(workflow: WorkflowAccessTarget, uid: string): ShareRoleId | null {
  const role = workflow.sharedWith && Object.hasOwn(workflow.sharedWith, uid) ? workflow.sharedWith[uid] : undefined;
  return isShareRoleId(role) ? role : null;
}

/**
 * The one decision: may `subject` do `action` to `workflow`?
 * - Templates: anyone may view one (to copy it); nobody does anything else.
 * - The owner of a personal workflow may do everything; so may a global
 *   administrator (manage_all) anywhere.
 * - An organization workflow: the permission the action needs, held in that
 *   organization (or globally). The workflow's creator gets nothing for being
 *   it: a member removed from the workspace loses the workflows they made there.
 * - A share adds the share role's permissions, for that workflow only.
 */
export function workflowPermits(subject: AccessSubject, workflow: WorkflowAccessTarget, action: WorkflowAction): boolean {
  if (workflow.visibility === 'template') return action === 'view';
  if (can(subject.grants, PERMISSIONS.manageAll)) return true;
  const permission = WORKFLOW_ACTION_PERMISSIONS[action];
  const organizationId = workflow.organizationId ?? null;
  if (organizationId === null) {
    if (workflow.ownerId === subject.uid) return true;
  } else if (can(subject.grants, permission, organizationId)) {
    return true;
  }
  const share = shareRoleOf(workflow, subject.uid);
  return share !== null && WORKSPACE_ROLE_PERMISSIONS[share].includes(permission);
}

/**
 * The workspace role a subject effectively holds on a workflow: the highest of
 * the workspace roles assigned in its organization (or globally), its share
 * role, and owner for a personal workflow's owner or a global administrator.
 */
export function effectiveWorkspaceRole(subject: AccessSubject, workflow: WorkflowAccessTarget): WorkspaceRoleId | null {
  if (can(subject.grants, PERMISSIONS.manageAll)) return 'workspace_owner';
  const organizationId = workflow.organizationId ?? null;
  if (organizationId === null && workflow.ownerId === subject.uid) return 'workspace_owner';
  let best = -1;
  // A personal workflow has no workspace roles but its owner's; elsewhere, roles held there or globally.
  if (organizationId !== null) {
    for (const grant of subject.grants) {
      const scope = grant.organizationId ?? null;
      if (scope === null || scope === organizationId) best = Math.max(best, workspaceRoleRank(grant.roleId));
    }
  }
  const share = shareRoleOf(workflow, subject.uid);
  if (share) best = Math.max(best, workspaceRoleRank(share));
  return best >= 0 ? (WORKSPACE_ROLE_IDS[best] as WorkspaceRoleId) : null;
}

/**
 * May `subject` decide an approval step naming `approvers` in a run of
 * `workflow`? An approver is named by user id, by e-mail (only a verified one
 * counts: anyone can sign up with an address they do not own) or by role id.
 * A named workspace role admits that role and every higher one in the
 * workflow's workspace or through a share (naming editors lets admins and the
 * owner decide too); any other role counts when held globally or in the
 * workflow's organization. Global administrators may always decide. The run's
 * owner is not an approver for being it.
 */
export function mayDecideApproval(subject: AccessSubject, workflow: WorkflowAccessTarget, approvers: readonly string[]): boolean {
  const email = subject.verifiedEmail ? subject.verifiedEmail.toLowerCase() : null;
  if (approvers.some((a) => a === subject.uid || (email !== null && a.toLowerCase() === email))) return true;
  if (can(subject.grants, PERMISSIONS.manageAll)) return true;
  const organizationId = workflow.organizationId ?? null;
  const effective = effectiveWorkspaceRole(subject, workflow);
  const effectiveRank = effective ? workspaceRoleRank(effective) : -1;
  return approvers.some((approver) => {
    const rank = workspaceRoleRank(approver);
    if (rank >= 0) return effectiveRank >= rank;
    return subject.grants.some((g) => g.roleId === approver && ((g.organizationId ?? null) === null || g.organizationId === organizationId));
  });
}

/** How an approval step's approvers read to people: by user, e-mail or role. */
export type ApproverKind = 'user' | 'email' | 'role';

export function approverKind(approver: string, knownRoleIds: ReadonlySet<string>): ApproverKind {
  if (approver.includes('@')) return 'email';
  if (knownRoleIds.has(approver) || isWorkspaceRoleId(approver)) return 'role';
  return 'user';
}
