// Pure membership rules (table-tested in rules.test.ts).
import { TOKEN_PERIOD_MS, type UserMembership } from './model.js';

/** Membership role ranks: a user has a role when their rank is at least the asked one. */
export const MEMBERSHIP_RANKS: Readonly<Record<string, number>> = { free: 0, basic: 1, premium: 2, enterprise: 3, admin: 4 };

/** The scale package eligibility is judged on. */
export const ELIGIBILITY_RANKS: Readonly<Record<string, number>> = { free: 0, basic: 1, b2c_user: 1, premium: 2, admin: 3, b2b_admin: 3, enterprise: 4 };

/** The simpler check some screens use. */
export const SIMPLE_RANKS: Readonly<Record<string, number>> = { free: 0, basic: 1, premium: 2, admin: 3 };

const rankIn = (scale: Readonly<Record<string, number>>, role: string | null | undefined): number =>
  role != null && Object.hasOwn(scale, role) ? (scale[role] as number) : -1;

/** True when the membership's role ranks at least `askedRole`; an unknown asked role counts as -1; no membership is false. */
export function hasMembershipRole(membership: Pick<UserMembership, 'role'> | null | undefined, askedRole: string): boolean {
  if (!membership) return false;
  return rankIn(MEMBERSHIP_RANKS, membership.role) >= rankIn(MEMBERSHIP_RANKS, askedRole);
}

/** The simpler rank check (free 0, basic 1, premium 2, admin 3). */
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

/** The summary's reset date: tokensReset + 30 days. */
export function summaryResetDate(tokensReset: Date): Date {
  return new Date(tokensReset.getTime() + TOKEN_PERIOD_MS);
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

/** What a membership starts with: 10 tokens when free, else 0, resetting 30 days from now. */
export function initialMembershipTokens(role: string, now: Date): { tokensRemaining: number; tokensReset: Date } {
  return { tokensRemaining: role === 'free' ? 10 : 0, tokensReset: new Date(now.getTime() + TOKEN_PERIOD_MS) };
}
