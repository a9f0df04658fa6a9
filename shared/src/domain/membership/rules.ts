// Pure membership rules (table-tested in rules.test.ts).
import { FREE_TOKENS_PER_MONTH, TOKEN_PERIOD_MS, type UserMembership } from './model.js';

/** Plan role ranks (PLAN_ROLES): a user has a plan role when their rank is at least the asked one. */
export const MEMBERSHIP_RANKS: Readonly<Record<string, number>> = { free: 0, basic: 1, premium: 2, enterprise: 3, admin: 4 };

/**
 * The scale package eligibility is judged on: the plan roles, plus the seed's
 * profile tags (b2c_user, b2b_admin) at the rank they had there.
 */
export const ELIGIBILITY_RANKS: Readonly<Record<string, number>> = { free: 0, basic: 1, b2c_user: 1, premium: 2, admin: 3, b2b_admin: 3, enterprise: 4 };

/** The seed's simpler plan scale (no enterprise); see meetsSimpleRole. */
export const SIMPLE_RANKS: Readonly<Record<string, number>> = { free: 0, basic: 1, premium: 2, admin: 3 };

const rankIn = (scale: Readonly<Record<string, number>>, role: string | null | undefined): number =>
  role != null && Object.hasOwn(scale, role) ? (scale[role] as number) : -1;

/** True when the membership's plan role ranks at least `askedRole`; an unknown asked role counts as -1; no membership is false. */
export function hasMembershipRole(membership: Pick<UserMembership, 'role'> | null | undefined, askedRole: string): boolean {
  if (!membership) return false;
  return rankIn(MEMBERSHIP_RANKS, membership.role) >= rankIn(MEMBERSHIP_RANKS, askedRole);
}

/**
 * The seed's simpler plan check (free 0, basic 1, premium 2, admin 3).
 * Nothing in the product calls it (the membership provider's hasRole uses
 * hasMembershipRole). It is kept because issue 6 §1 lists it among the rules
 * shared must provide ("the simpler check free 0, basic 1, premium 2,
 * admin 3") and rules.test.ts pins it; delete it with that requirement.
 */
export function meetsSimpleRole(userRole: string | null | undefined, askedRole: string): boolean {
  if (userRole == null) return false;
  return rankIn(SIMPLE_RANKS, userRole) >= rankIn(SIMPLE_RANKS, askedRole);
}

/** A package is eligible when its role ranks at least the user's and its requiredRole at most the user's. */
export function isPackageEligible(pkg: { role: string; requiredRole: string }, userRole: string): boolean {
  const user = rankIn(ELIGIBILITY_RANKS, userRole);
  return rankIn(ELIGIBILITY_RANKS, pkg.role) >= user && rankIn(ELIGIBILITY_RANKS, pkg.requiredRole) <= user;
}

export function hasTokens(membership: Pick<UserMembership, 'tokensRemaining'> | null | undefined, amount: number): boolean {
  return !!membership && membership.tokensRemaining >= amount;
}

/** Tokens used this period: the monthly allowance minus what remains (never negative). */
export function usedTokens(monthlyAllowance: number, tokensRemaining: number): number {
  return Math.max(0, monthlyAllowance - tokensRemaining);
}

/**
 * The summary's reset date: the ledger's real next refill, which is
 * tokensReset itself (it always names the end of the current allowance month;
 * adding a month here showed the refill one month too late).
 */
export function summaryResetDate(tokensReset: Date): Date {
  return new Date(tokensReset.getTime());
}

/*
 * THE ALLOWANCE RULE (one home; the ledger applies it, billing-api's Stripe
 * sync, plan and billing-cycle changes and the time-based refill all go
 * through the ledger).
 *
 * A member receives the allowance of the plan they hold, once per allowance
 * month. The allowance month is the ledger's 30-day period ending at the
 * membership's tokensReset; it is not a Stripe billing period, because a
 * billing-cycle switch or a plan change starts a new Stripe period and must
 * not start a new allowance month.
 * - A new month starts the balance at the allowance of the plan held then
 *   (unused tokens do not carry over); that allowance counts as granted.
 * - Within a month, holding a plan whose allowance exceeds what was already
 *   granted this month grants the difference (an upgrade, a first paid period).
 * - Holding a plan whose allowance is at or below what was granted grants
 *   nothing: a switch back, a billing-cycle switch, a renewal the month
 *   already covers, a downgrade. A downgrade keeps the balance for the rest of
 *   the month (the tokens were paid for) and the next month starts from the
 *   lower plan.
 * So over any sequence of changes within one month, the tokens granted equal
 * the highest allowance held in that month, never more.
 */

/** What holding a plan with `allowance` grants now, given what this month already granted. */
export function allowanceTopUp(grantedThisMonth: number, allowance: number): number {
  const granted = Number.isFinite(grantedThisMonth) ? Math.max(0, grantedThisMonth) : 0;
  const wanted = Number.isFinite(allowance) ? Math.max(0, Math.floor(allowance)) : 0;
  return Math.max(0, wanted - granted);
}

/** The month's granted total after holding a plan with `allowance`: the highest allowance held. */
export function grantedAfter(grantedThisMonth: number, allowance: number): number {
  return Math.max(0, grantedThisMonth) + allowanceTopUp(grantedThisMonth, allowance);
}

/** A new allowance month: the balance becomes the plan's allowance, and that is what the month has granted. */
export function newAllowanceMonth(allowance: number): { tokensRemaining: number; granted: number } {
  const wanted = Number.isFinite(allowance) ? Math.max(0, Math.floor(allowance)) : 0;
  return { tokensRemaining: wanted, granted: wanted };
}

/**
 * When the allowance refill is due (tokensReset has passed), the next reset
 * moves forward by whole 30-day periods past `now`; null when not due.
 */
export function nextResetAfter(tokensReset: Date, now: Date): Date | null {
  if (now.getTime() < tokensReset.getTime()) return null;
  const periods = Math.floor((now.getTime() - tokensReset.getTime()) / TOKEN_PERIOD_MS) + 1;
  return new Date(tokensReset.getTime() + periods * TOKEN_PERIOD_MS);
}

/** What a membership starts with: the free allowance when free, else 0, resetting 30 days from now. */
export function initialMembershipTokens(role: string, now: Date): { tokensRemaining: number; tokensReset: Date } {
  return { tokensRemaining: role === 'free' ? FREE_TOKENS_PER_MONTH : 0, tokensReset: new Date(now.getTime() + TOKEN_PERIOD_MS) };
}
