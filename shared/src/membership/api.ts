// billing-api's membership and token endpoints: paths and response shapes.
import type { MembershipPackage, Subscription, TeamMember, TokenSummary, UsagePoint, UserMembership } from './model.js';

export const MEMBERSHIP_API = {
  membership: '/api/membership',
  subscriptionStatus: '/api/subscription/status',
  subscriptionHistory: '/api/subscription/history',
  tokenSummary: '/api/tokens/summary',
  tokenHistory: '/api/tokens/history',
  tokenUsage: '/api/tokens/usage',
  consume: '/api/tokens/consume',
  eligiblePackages: '/api/packages/eligible',
  teamMembers: '/api/team/members',
  teamMember: (id: string) => `/api/team/members/${encodeURIComponent(id)}`,
} as const;

export interface MembershipDetails {
  userMembership: UserMembership;
  activeSubscription: Subscription | null;
  packageDetails: MembershipPackage | null;
}

export interface SubscriptionStatus {
  isActive: boolean;
  subscription: Subscription | null;
  package: MembershipPackage | null;
}

export interface ConsumeResponse {
  tokensRemaining: number;
  /** false when the idempotency key had already been applied (nothing debited again). */
  applied: boolean;
}

export type TokenSummaryResponse = TokenSummary;
export type TokenHistoryResponse = { history: UsagePoint[] };
export type RecentUsageResponse = { entries: import('./model.js').TokenUsageEntry[] };
export type TeamMemberList = { members: TeamMember[] };
export type PackageList = { packages: MembershipPackage[] };
