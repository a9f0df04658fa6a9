// What the workspace routes read and share: the organization as a workspace
// (its owner), its members (holders of a workspace role there, from userRoles),
// its invitations (workspaceInvitations, platform-api's own collection), the
// owner's plan (seats), and user summaries for lists.
//
// workspaceInvitations/{auto id}: { workspaceId, workspaceName, email (lower
// case), roleId, invitedBy, invitedByName, createdAt, expiresAt }; deleted
// when accepted, declined or withdrawn; lapses at expiresAt (7 days) and then
// takes no seat. Server-only (the rules deny browsers by default).
import type { UserRecord } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import {
  PERMISSIONS,
  WORKSPACE_ROLE_IDS,
  WORKSPACE_ROLE_PERMISSIONS,
  can,
  isPlanRole,
  isTimestampLike,
  isWorkspaceRoleId,
  seatLimitFor,
  workspaceInvitationStatus,
  workspaceRoleRank,
  type Grant,
  type PlanRole,
  type UserSummary,
  type WorkspaceInvitation,
  type WorkspaceRoleId,
  type WorkspaceSummary,
} from '@agentflow/shared/server';
import { planRoleOf } from '../plans/planRole.js';
import { collections, type CallerAccess, type StoredAssignment } from '../access/store.js';
import { settingsFrom, settingsOfWorkspace } from './settingsRoutes.js';

export const WORKSPACE_INVITATIONS = 'workspaceInvitations';

export const invitationsOf = (db: Firestore) => db.collection(WORKSPACE_INVITATIONS);

/** The owner of an organization: ownerId, else its creator (organizations from before owners were recorded); null for the seed's. */
export function ownerOfOrganization(snapshot: DocumentSnapshot): string | null {
  const ownerId: unknown = snapshot.get('ownerId');
  if (typeof ownerId === 'string' && ownerId) return ownerId;
  const createdBy: unknown = snapshot.get('createdBy');
  return typeof createdBy === 'string' && createdBy && createdBy !== 'system' ? createdBy : null;
}

export function organizationName(snapshot: DocumentSnapshot): string {
  const name: unknown = snapshot.get('name');
  return typeof name === 'string' && name ? name : snapshot.id;
}

/** The highest workspace role among assignments; null when they hold none. */
export function highestWorkspaceRole(roleIds: Iterable<string>): WorkspaceRoleId | null {
  let best = -1;
  for (const roleId of roleIds) best = Math.max(best, workspaceRoleRank(roleId));
  return best >= 0 ? (WORKSPACE_ROLE_IDS[best] as WorkspaceRoleId) : null;
}

/**
 * The workspace role the caller's grants amount to in an organization: the
 * highest one assigned there, else the highest whose permissions they all
 * hold there (a custom role from the access console), else viewer.
 */
export function callerRoleIn(access: CallerAccess, organizationId: string): WorkspaceRoleId {
  const assigned = highestWorkspaceRole(access.assignments.filter((a) => a.organizationId === organizationId).map((a) => a.roleId));
  if (assigned) return assigned;
  for (const roleId of [...WORKSPACE_ROLE_IDS].reverse()) {
    if (WORKSPACE_ROLE_PERMISSIONS[roleId].every((permission) => can(access.grants, permission, organizationId))) return roleId;
  }
  return 'workspace_viewer';
}

/** May the caller see this workspace (its members, its summary)? A member, or whoever manages members there (a global admin). */
export function mayViewWorkspace(access: CallerAccess, organizationId: string): boolean {
  return access.assignments.some((a) => a.organizationId === organizationId) || can(access.grants, PERMISSIONS.manageMembers, organizationId);
}

export function mayManageMembers(grants: readonly Grant[], organizationId: string): boolean {
  return can(grants, PERMISSIONS.manageMembers, organizationId);
}

export interface WorkspaceMemberRecord {
  uid: string;
  roleId: WorkspaceRoleId;
}

/** The members of an organization (users holding a workspace role there), by uid. */
export async function membersOf(db: Firestore, organizationId: string, tx?: Transaction): Promise<Map<string, WorkspaceMemberRecord>> {
  const query: Query = collections(db).userRoles.where('organizationId', '==', organizationId);
  const snapshot = tx ? await tx.get(query) : await query.get();
  const roles = new Map<string, string[]>();
  for (const doc of snapshot.docs) {
    const userId: unknown = doc.get('userId');
    const roleId: unknown = doc.get('roleId');
    if (typeof userId !== 'string' || typeof roleId !== 'string') continue;
    roles.set(userId, [...(roles.get(userId) ?? []), roleId]);
  }
  const members = new Map<string, WorkspaceMemberRecord>();
  for (const [uid, roleIds] of roles) {
    const roleId = highestWorkspaceRole(roleIds);
    if (roleId) members.set(uid, { uid, roleId });
  }
  return members;
}

export interface StoredInvitation {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  roleId: WorkspaceRoleId;
  invitedBy: string;
  invitedByName: string | null;
  expiresAt: Date;
}

export function invitationFromDoc(snapshot: DocumentSnapshot): StoredInvitation {
  const data = snapshot.data() ?? {};
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: snapshot.id,
    workspaceId: str(data.workspaceId),
    workspaceName: str(data.workspaceName),
    email: str(data.email),
    roleId: isWorkspaceRoleId(data.roleId) ? data.roleId : 'workspace_viewer',
    invitedBy: str(data.invitedBy),
    invitedByName: typeof data.invitedByName === 'string' ? data.invitedByName : null,
    // A document without a valid expiry counts as lapsed.
    expiresAt: isTimestampLike(data.expiresAt) ? data.expiresAt.toDate() : new Date(0),
  };
}

export function invitationView(invitation: StoredInvitation, now: Date): WorkspaceInvitation {
  return { id: invitation.id, email: invitation.email, roleId: invitation.roleId, status: workspaceInvitationStatus(invitation.expiresAt, now), expiresAt: invitation.expiresAt.toISOString() };
}

/** The workspace's invitations (pending and expired), newest expiry first. */
export async function invitationsTo(db: Firestore, workspaceId: string, tx?: Transaction): Promise<StoredInvitation[]> {
  const query = invitationsOf(db).where('workspaceId', '==', workspaceId);
  const snapshot = tx ? await tx.get(query) : await query.get();
  return snapshot.docs.map(invitationFromDoc).sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime());
}

export const planOf = async (db: Firestore, uid: string, tx?: Transaction): Promise<PlanRole> => {
  const role = await planRoleOf(db, uid, tx);
  return isPlanRole(role) ? role : 'free';
};

/** Seats used: members plus pending (unexpired) invitations. */
export function seatsUsed(members: number, invitations: readonly StoredInvitation[], now: Date): number {
  return members + invitations.filter((invitation) => workspaceInvitationStatus(invitation.expiresAt, now) === 'pending').length;
}

/** An organization's summary as `uid` sees it. */
export async function organizationSummary(db: Firestore, snapshot: DocumentSnapshot, roleId: WorkspaceRoleId, now: Date): Promise<WorkspaceSummary> {
  const ownerId = ownerOfOrganization(snapshot) ?? '';
  const [plan, members, invitations] = await Promise.all([ownerId ? planOf(db, ownerId) : Promise.resolve<PlanRole>('free'), membersOf(db, snapshot.id), invitationsTo(db, snapshot.id)]);
  return {
    id: snapshot.id,
    kind: 'organization',
    name: organizationName(snapshot),
    roleId,
    ownerId,
    plan,
    seats: { used: seatsUsed(members.size, invitations, now), limit: ownerId ? seatLimitFor(plan) : null },
    settings: settingsFrom(snapshot),
  };
}

/** The caller's personal workspace: theirs alone. */
export async function personalSummary(db: Firestore, uid: string): Promise<WorkspaceSummary> {
  const [plan, settings] = await Promise.all([planOf(db, uid), settingsOfWorkspace(db, { ownerId: uid, organizationId: null })]);
  return { id: 'personal', kind: 'personal', name: '', roleId: 'workspace_owner', ownerId: uid, plan, seats: { used: 1, limit: 1 }, settings };
}

/** users/{uid} profiles, falling back to the Auth account for users without one. */
export async function userSummaries(db: Firestore, auth: { getUsers: (ids: { uid: string }[]) => Promise<{ users: UserRecord[] }> }, uids: readonly string[]): Promise<Map<string, UserSummary>> {
  const result = new Map<string, UserSummary>();
  const unique = [...new Set(uids)];
  if (unique.length === 0) return result;
  const profiles = await db.getAll(...unique.map((uid) => collections(db).users.doc(uid)));
  for (const profile of profiles) {
    if (!profile.exists) continue;
    const email: unknown = profile.get('email');
    const displayName: unknown = profile.get('displayName');
    result.set(profile.id, { uid: profile.id, email: typeof email === 'string' ? email : null, displayName: typeof displayName === 'string' && displayName ? displayName : null });
  }
  const missing = unique.filter((uid) => !result.has(uid));
  for (let start = 0; start < missing.length; start += 100) {
    const { users } = await auth.getUsers(missing.slice(start, start + 100).map((uid) => ({ uid })));
    for (const record of users) result.set(record.uid, { uid: record.uid, email: record.email ?? null, displayName: record.displayName ?? null });
  }
  return result;
}

/** Assignments of one user after dropping their workspace roles (or every role) in an organization. */
export function withoutOrganizationRoles(assignments: readonly StoredAssignment[], organizationId: string, which: 'workspace' | 'all'): { kept: StoredAssignment[]; dropped: StoredAssignment[] } {
  const kept: StoredAssignment[] = [];
  const dropped: StoredAssignment[] = [];
  for (const assignment of assignments) {
    const inside = assignment.organizationId === organizationId && (which === 'all' || workspaceRoleRank(assignment.roleId) >= 0);
    (inside ? dropped : kept).push(assignment);
  }
  return { kept, dropped };
}
