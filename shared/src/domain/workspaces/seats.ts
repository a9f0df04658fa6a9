// Seats and invitations of a workspace: pure rules (table-tested in seats.test.ts).
//
// A workspace's seats come from its OWNER's plan, because the owner pays for
// the workspace. The numbers follow what each plan's allowance is sized for
// (entitlements.ts): free is one person trying the product (the owner alone,
// so sharing a workspace is a reason to pay), basic is "a small team's month"
// (3), premium a department (10), enterprise is priced per contract
// (unlimited). The platform's admin plan is unlimited like enterprise.
// Seats count members (owner included) plus pending, unexpired invitations,
// so inviting cannot overbook a workspace.
import type { PlanRole } from '../membership/model.js';
import { MEMBERSHIP_RANKS } from '../membership/rules.js';
import type { WorkspaceInvitationStatus } from './api.js';

/** Seats per plan of the workspace's owner; null = unlimited. */
export const WORKSPACE_SEATS: Readonly<Record<PlanRole, number | null>> = {
  free: 1,
  basic: 3,
  premium: 10,
  enterprise: null,
  admin: null,
};

/** The plans a user can buy, cheapest first (admin is granted, never sold). */
const PURCHASABLE_PLANS: readonly PlanRole[] = ['free', 'basic', 'premium', 'enterprise'];

/** An invitation lapses after 7 days (the workspace may invite again). */
export const WORKSPACE_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The longest workspace name and description. */
export const WORKSPACE_NAME_MAX = 80;
export const WORKSPACE_DESCRIPTION_MAX = 500;

/** The seat limit of an owner on `plan` (an unknown plan counts as free). */
export function seatLimitFor(plan: string | null | undefined): number | null {
  if (plan != null && Object.hasOwn(WORKSPACE_SEATS, plan)) return WORKSPACE_SEATS[plan as PlanRole];
  return WORKSPACE_SEATS.free;
}

/** True when `used` seats plus `adding` more fit the limit. */
export function seatsAllow(limit: number | null, used: number, adding = 1): boolean {
  return limit === null || used + adding <= limit;
}

/**
 * The cheapest plan whose seats exceed those of `plan` (what a seat refusal
 * names to upgrade to); null when nothing has more (already unlimited).
 */
export function cheapestPlanWithMoreSeats(plan: string | null | undefined): PlanRole | null {
  const limit = seatLimitFor(plan);
  if (limit === null) return null;
  const rank = plan != null && Object.hasOwn(MEMBERSHIP_RANKS, plan) ? (MEMBERSHIP_RANKS[plan] as number) : 0;
  for (const candidate of PURCHASABLE_PLANS) {
    const more = WORKSPACE_SEATS[candidate];
    if ((MEMBERSHIP_RANKS[candidate] as number) > rank && (more === null || more > limit)) return candidate;
  }
  return null;
}

export function workspaceInvitationExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + WORKSPACE_INVITATION_TTL_MS);
}

export function workspaceInvitationStatus(expiresAt: Date, now: Date): WorkspaceInvitationStatus {
  return now.getTime() < expiresAt.getTime() ? 'pending' : 'expired';
}
