// Pure team rules (table-tested in teams.test.ts): how a team role relates to
// the owner's plan and to the member's own plan.
//
// - A team role never ranks above the owner's plan: it is capped when the
//   owner invites, when the member accepts, when the role changes and when the
//   owner's plan drops (capTeamRole).
// - Joining never lowers anyone: the membership role becomes the higher of the
//   member's own plan and the team role (a premium subscriber who joins a free
//   team stays premium).
// - Leaving restores the member's own plan: the one they had before joining,
//   unless something other than the team (their own subscription) changed
//   their plan meanwhile; then that change is their own plan and stays.
import { TEAM_INVITATION_TTL_MS, TEAM_ROLES, type PlanRole, type TeamInvitationStatus, type TeamRole } from './model.js';
import { MEMBERSHIP_RANKS } from './rules.js';

const rankOf = (role: string | null | undefined): number => (role != null && Object.hasOwn(MEMBERSHIP_RANKS, role) ? (MEMBERSHIP_RANKS[role] as number) : -1);

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

/** True when an owner on `ownerRole` may give a member `role`. */
export function ownerPlanAllows(ownerRole: string | null | undefined, role: TeamRole): boolean {
  return rankOf(role) <= rankOf(ownerRole) || role === 'free';
}

/** The highest team role at most `role` that the owner's plan allows (free at least). */
export function capTeamRole(role: TeamRole, ownerRole: string | null | undefined): TeamRole {
  if (ownerPlanAllows(ownerRole, role)) return role;
  const allowed = TEAM_ROLES.filter((candidate) => rankOf(candidate) <= rankOf(role) && ownerPlanAllows(ownerRole, candidate));
  return allowed[allowed.length - 1] ?? 'free';
}

/** The team roles an owner on `ownerRole` may give, lowest first. */
export function teamRolesFor(ownerRole: string | null | undefined): TeamRole[] {
  return TEAM_ROLES.filter((role) => ownerPlanAllows(ownerRole, role));
}

const higher = (a: PlanRole, b: PlanRole): PlanRole => (rankOf(b) > rankOf(a) ? b : a);

/** What a team stores about a member's plan (teamSeats/{uid}). */
export interface TeamSeatPlan {
  /** The member's own plan when they joined (or when it last changed outside the team). */
  previousRole: PlanRole;
  /** The membership role the team set. */
  grantedRole: PlanRole;
}

/**
 * The member's own plan: the stored one while the team's grant is still in
 * force; their current role once something else changed it.
 */
export function ownPlan(currentRole: PlanRole, seat: TeamSeatPlan | null): PlanRole {
  return seat && currentRole === seat.grantedRole ? seat.previousRole : currentRole;
}

/** Joining with, or changing to, `teamRole`: the seat to store; its grantedRole is the membership role to set. */
export function seatFor(currentRole: PlanRole, seat: TeamSeatPlan | null, teamRole: TeamRole): TeamSeatPlan {
  const own = ownPlan(currentRole, seat);
  return { previousRole: own, grantedRole: higher(own, teamRole) };
}

/** Leaving (or being removed): the membership role to set. */
export function roleAfterLeaving(currentRole: PlanRole, seat: TeamSeatPlan | null): PlanRole {
  return ownPlan(currentRole, seat);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function invitationExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TEAM_INVITATION_TTL_MS);
}

export function invitationStatus(expiresAt: Date, now: Date): TeamInvitationStatus {
  return now.getTime() < expiresAt.getTime() ? 'pending' : 'expired';
}
