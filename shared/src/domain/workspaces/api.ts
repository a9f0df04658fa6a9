// The HTTP contract of platform-api's workspace endpoints (issue 21): paths,
// response shapes and refusal codes, shared by the service and the browser.
// Browser-safe: no zod here (the request schemas are in schemas.ts).
import type { PlanRole } from '../membership/model.js';
import type { ShareRoleId, WorkspaceRoleId } from '../rbac/workspaces.js';

const seg = (value: string) => encodeURIComponent(value);

export const WORKSPACES_API = {
  /** GET → WorkspaceList; POST CreateWorkspaceBody → 201 WorkspaceCreated. */
  workspaces: '/api/workspaces',
  /** PATCH UpdateWorkspaceSettingsBody → WorkspaceSettingsUpdated (manage_members; 'personal' = the caller's own). */
  settings: (workspaceId: string) => `/api/workspaces/${seg(workspaceId)}/settings`,
  /** GET → WorkspaceMembers. */
  members: (workspaceId: string) => `/api/workspaces/${seg(workspaceId)}/members`,
  /** PATCH ChangeMemberRoleBody → WorkspaceMemberUpdated; DELETE → 204 (yourself = leave). */
  member: (workspaceId: string, uid: string) => `/api/workspaces/${seg(workspaceId)}/members/${seg(uid)}`,
  /** POST InviteMemberBody → 201 InvitationCreated (403 seat_limit_reached + plan past the seats). */
  invitations: (workspaceId: string) => `/api/workspaces/${seg(workspaceId)}/invitations`,
  /** DELETE → 204 (withdraw a pending invitation). */
  invitation: (workspaceId: string, invitationId: string) => `/api/workspaces/${seg(workspaceId)}/invitations/${seg(invitationId)}`,
  /** GET → ReceivedInvitationList: the invitations addressed to the caller's verified e-mail. */
  receivedInvitations: '/api/invitations',
  /** POST → InvitationAccepted. */
  acceptInvitation: (invitationId: string) => `/api/invitations/${seg(invitationId)}/accept`,
  /** POST → 204. */
  declineInvitation: (invitationId: string) => `/api/invitations/${seg(invitationId)}/decline`,
  /** GET → WorkflowShares; PUT ShareWorkflowBody → WorkflowShares. */
  shares: (workflowId: string) => `/api/workflows/${seg(workflowId)}/shares`,
  /** DELETE → WorkflowShares. */
  share: (workflowId: string, uid: string) => `/api/workflows/${seg(workflowId)}/shares/${seg(uid)}`,
  /** POST MoveWorkflowBody → WorkflowMoved. */
  move: (workflowId: string) => `/api/workflows/${seg(workflowId)}/move`,
} as const;

/** The browser path of an invitation (the link in the e-mail): `${APP_URL}` + this. */
export const invitationPagePath = (invitationId: string) => `/admin/access/invitations/${seg(invitationId)}`;

export type WorkspaceKind = 'personal' | 'organization';

export interface WorkspaceSeats {
  /** Members plus pending (not expired) invitations. */
  used: number;
  /** null = unlimited. */
  limit: number | null;
}

/** A workspace's settings (stored on organizations/{id}, or users/{uid} for a personal workspace). */
export interface WorkspaceSettings {
  /** One-click approval links also need the approver signed in (default true). */
  approvalLinksRequireSignIn: boolean;
}

export interface WorkspaceSummary {
  /** 'personal' (PERSONAL_WORKSPACE) or the organization id. */
  id: string;
  kind: WorkspaceKind;
  /** Personal: '' (the UI shows a translated "Personal"). */
  name: string;
  /** The caller's role there (personal: workspace_owner). */
  roleId: WorkspaceRoleId;
  ownerId: string;
  /** The owner's plan (it sets the seats). */
  plan: PlanRole;
  seats: WorkspaceSeats;
  settings: WorkspaceSettings;
}

export interface WorkspaceList {
  workspaces: WorkspaceSummary[];
}

export interface WorkspaceCreated {
  workspace: WorkspaceSummary;
}

export interface WorkspaceMember {
  uid: string;
  email: string | null;
  displayName: string | null;
  roleId: WorkspaceRoleId;
}

export type WorkspaceInvitationStatus = 'pending' | 'expired';

/** An invitation as the workspace's members see it. */
export interface WorkspaceInvitation {
  id: string;
  email: string;
  roleId: WorkspaceRoleId;
  status: WorkspaceInvitationStatus;
  /** ISO time. */
  expiresAt: string;
}

export interface WorkspaceMembers {
  members: WorkspaceMember[];
  invitations: WorkspaceInvitation[];
}

export interface WorkspaceMemberUpdated {
  member: WorkspaceMember;
}

export interface InvitationCreated {
  invitation: WorkspaceInvitation;
}

/** An invitation as the invited person sees it (pending ones only). */
export interface ReceivedInvitation {
  id: string;
  workspaceId: string;
  workspaceName: string;
  roleId: WorkspaceRoleId;
  /** The inviter's display name (or e-mail when they have none); null when unknown. */
  invitedByName: string | null;
  /** ISO time. */
  expiresAt: string;
}

export interface ReceivedInvitationList {
  invitations: ReceivedInvitation[];
}

export interface InvitationAccepted {
  workspace: WorkspaceSummary;
}

export interface WorkflowShare {
  uid: string;
  email: string | null;
  displayName: string | null;
  roleId: ShareRoleId;
}

export interface WorkflowShares {
  shares: WorkflowShare[];
}

export interface WorkflowMoved {
  workflow: { id: string; organizationId: string | null };
}

/** Request bodies (validated by the zod schemas in schemas.ts). */
export interface CreateWorkspaceBody {
  name: string;
  description?: string;
}
export interface ChangeMemberRoleBody {
  roleId: WorkspaceRoleId;
}
export interface InviteMemberBody {
  email: string;
  roleId: WorkspaceRoleId;
}
export interface ShareWorkflowBody {
  email: string;
  roleId: ShareRoleId;
}
/** Every field optional; at least one. */
export type UpdateWorkspaceSettingsBody = Partial<WorkspaceSettings>;
export interface WorkspaceSettingsUpdated {
  workspaceId: string;
  settings: WorkspaceSettings;
}
export interface MoveWorkflowBody {
  /** 'personal' or an organization id. */
  workspaceId: string;
}

/**
 * Refusal codes of the workspace endpoints, sent beside the English text as
 * `{ error, code }` (seat_limit_reached also carries `plan`). The UI
 * translates by code.
 */
export const WORKSPACE_ERROR_CODES = [
  /** No such workspace, or the caller is not in it. */
  'workspace_not_found',
  /** The caller's role there does not allow this (manage_members, share...). */
  'workspace_forbidden',
  /** Members + pending invitations would pass the owner's plan's seats; `plan` names the cheapest plan with more. */
  'seat_limit_reached',
  'member_not_found',
  /** Nobody changes or removes the workspace's owner; the owner cannot leave. */
  'owner_immutable',
  /** The owner role is not given by a role change or an invitation (an admin cannot make an owner). */
  'owner_role_not_assignable',
  'already_member',
  'already_invited',
  'invitation_not_found',
  /** More than 7 days old. */
  'invitation_expired',
  /** Accepting needs a verified e-mail address... */
  'email_not_verified',
  /** ...equal to the invitation's. */
  'invitation_email_mismatch',
  /** Sharing with an e-mail no account has. */
  'user_not_found',
  /** The workflow is shared with MAX_WORKFLOW_SHARES users already. */
  'share_limit_reached',
  /** Sharing with the workflow's owner, or a personal workflow with oneself. */
  'share_with_owner',
  /** Moving a workflow to the workspace it is in. */
  'same_workspace',
  /** Templates are not shared or moved. */
  'workflow_not_shareable',
] as const;

export type WorkspaceErrorCode = (typeof WORKSPACE_ERROR_CODES)[number];

export function isWorkspaceErrorCode(value: unknown): value is WorkspaceErrorCode {
  return typeof value === 'string' && (WORKSPACE_ERROR_CODES as readonly string[]).includes(value);
}

/** The body of a seat refusal (403). */
export interface SeatLimitRefusal {
  error: string;
  code: 'seat_limit_reached';
  /** The cheapest plan with more seats than the owner's. */
  plan: PlanRole;
}
