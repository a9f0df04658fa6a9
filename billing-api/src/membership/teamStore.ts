// Where teams live and who may manage them.
//
// - teamInvitations/{auto id}: one per team and e-mail (checked in the
//   inviting transaction); deleted when accepted, declined or revoked; lapses
//   at expiresAt and then counts until the owner revokes or renews it.
// - teamMembers/{auto id}: a member as the owner sees them, without a user id.
// - teamSeats/{uid}: server-only; the member's team (one at a time, so leaving
//   restores exactly one plan) and their own plan from before joining.
//
// A team belongs to its owner; someone holding manage_team (or manage_all) in
// userAccess/{uid} may manage any owner's team, within the owner's plan.
import type { Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  DEFAULT_TEAM_ROLE,
  HttpError,
  MEMBERSHIP_COLLECTIONS,
  PERMISSIONS,
  RBAC_COLLECTIONS,
  invitationStatus,
  isPlanRole,
  isDocumentId,
  isTeamRole,
  isTimestampLike,
  isWellFormedText,
  membershipFromData,
  ownPlan,
  parseOr400,
  toIso,
  type ParseOptions,
  type PlanRole,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
  type TeamSeatPlan,
} from '@agentflow/shared/server';
import { z } from 'zod';

/** The team endpoints' 400 for a body, query or path that is not valid carries the code 'invalid_request'. */
export const TEAM_INPUT: ParseOptions = { code: 'invalid_request' };

/**
 * Ids the team endpoints hand out: invitation and member ids (Firestore
 * auto-ids). Anything else is refused before it reaches a Firestore path.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function idParam(req: Request, what: 'invitation' | 'member'): string {
  const raw = req.params.id;
  const id = typeof raw === 'string' ? raw : '';
  if (!ID_PATTERN.test(id)) throw new HttpError(400, `id is not a ${what} id`, 'invalid_request');
  return id;
}

export const ownerIdSchema = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'is undefined or empty.' })
  .max(128, { error: 'is not a user id' })
  .refine(isDocumentId, { error: 'is not a user id' })
  .refine(isWellFormedText, { error: 'is not a user id' });

/** `?ownerId=` names another owner's team (manage_team holders); absent, the caller's own. */
export function ownerOf(req: Request): string {
  const raw = req.query.ownerId;
  return raw === undefined ? req.caller!.uid : parseOr400(z.strictObject({ ownerId: ownerIdSchema }), { ownerId: raw }, TEAM_INPUT).ownerId;
}

/** The permission that lets someone manage every team. */
export const MANAGE_TEAM_PERMISSION = 'manage_team';

export interface TeamContext {
  auth: Auth;
  db: Firestore;
  now: () => Date;
}

export function teamCollections(db: Firestore) {
  return {
    members: db.collection(MEMBERSHIP_COLLECTIONS.teamMembers),
    invitations: db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations),
    seats: db.collection(MEMBERSHIP_COLLECTIONS.teamSeats),
    memberships: db.collection(MEMBERSHIP_COLLECTIONS.memberships),
  };
}

const toDate = (value: unknown): Date | null => (isTimestampLike(value) ? value.toDate() : null);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const teamRoleOf = (value: unknown): TeamRole => (isTeamRole(value) ? value : DEFAULT_TEAM_ROLE);

export function teamMemberFromData(id: string, data: Record<string, unknown>): TeamMember {
  return { id, ownerId: str(data.ownerId), email: str(data.email), role: teamRoleOf(data.role), createdAt: toIso(data.createdAt) };
}

export interface StoredInvitation {
  id: string;
  ownerId: string;
  ownerEmail: string | null;
  email: string;
  role: TeamRole;
  createdAt: Date | null;
  expiresAt: Date;
}

export function invitationFromData(id: string, data: Record<string, unknown>): StoredInvitation {
  return {
    id,
    ownerId: str(data.ownerId),
    ownerEmail: typeof data.ownerEmail === 'string' ? data.ownerEmail : null,
    email: str(data.email),
    role: teamRoleOf(data.role),
    createdAt: toDate(data.createdAt),
    // A document without a valid expiry counts as lapsed.
    expiresAt: toDate(data.expiresAt) ?? new Date(0),
  };
}

/** The owner's view: the same fields for every invitation, whoever the e-mail belongs to. */
export function invitationView(invitation: StoredInvitation, now: Date): TeamInvitation {
  return {
    id: invitation.id,
    ownerId: invitation.ownerId,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation.expiresAt, now),
    createdAt: invitation.createdAt?.toISOString() ?? null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export interface StoredSeat extends TeamSeatPlan {
  uid: string;
  ownerId: string;
  memberId: string;
}

export function seatFromSnapshot(snapshot: DocumentSnapshot): StoredSeat | null {
  if (!snapshot.exists) return null;
  const data = snapshot.data() ?? {};
  const role = (value: unknown): PlanRole => (isPlanRole(value) ? value : 'free');
  return { uid: snapshot.id, ownerId: str(data.ownerId), memberId: str(data.memberId), previousRole: role(data.previousRole), grantedRole: role(data.grantedRole) };
}

/** The role a user's membership holds now (free when they have none yet), read inside a transaction. */
export async function membershipRoleIn(db: Firestore, tx: Transaction, uid: string): Promise<PlanRole> {
  const snapshot = await tx.get(teamCollections(db).memberships.doc(uid));
  return snapshot.exists ? membershipFromData(uid, snapshot.data() ?? {}).role : 'free';
}

/**
 * The plan an owner's team roles are capped by: the owner's own plan, not a
 * role another team grants them (otherwise one paid plan could be passed on
 * from team to team without end). Inside a transaction when one is given.
 */
export async function ownerPlan(db: Firestore, ownerId: string, tx?: Transaction): Promise<PlanRole> {
  const { memberships, seats } = teamCollections(db);
  const read = (ref: ReturnType<typeof memberships.doc>) => (tx ? tx.get(ref) : ref.get());
  const [membership, seat] = await Promise.all([read(memberships.doc(ownerId)), read(seats.doc(ownerId))]);
  const current = membership.exists ? membershipFromData(ownerId, membership.data() ?? {}).role : 'free';
  return ownPlan(current, seatFromSnapshot(seat));
}

async function holdsManageTeam(db: Firestore, uid: string): Promise<boolean> {
  const access = await db.collection(RBAC_COLLECTIONS.userAccess).doc(uid).get();
  const permissions = access.get('permissions');
  return Array.isArray(permissions) && (permissions.includes(MANAGE_TEAM_PERMISSION) || permissions.includes(PERMISSIONS.manageAll));
}

/** The caller may manage `ownerId`'s team: it is their own, or they hold manage_team. */
export async function authorizeOwner(db: Firestore, req: Request, ownerId: string): Promise<void> {
  const caller = req.caller!.uid;
  if (ownerId === caller || (await holdsManageTeam(db, caller))) return;
  throw new HttpError(403, `Forbidden: only the team's owner or someone with the ${MANAGE_TEAM_PERMISSION} permission may manage it`, 'team_forbidden');
}

/** The owner's e-mail (shown to the people they invite); null when the account has none or is gone. */
export async function ownerEmailOf(ctx: TeamContext, req: Request, ownerId: string): Promise<string | null> {
  if (ownerId === req.caller!.uid) return req.caller!.email;
  try {
    return (await ctx.auth.getUser(ownerId)).email ?? null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
    throw error;
  }
}
