// Memberships, plans and the token meter: the types and constants every
// package shares. Pure: no Firebase, no React.

export const MEMBERSHIP_ROLES = ['free', 'basic', 'premium', 'enterprise', 'admin'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** One billing period: 30 days. */
export const TOKEN_PERIOD_MS = 2_592_000_000;
/** What a new free membership starts with (and refills to each period). */
export const FREE_TOKENS_PER_MONTH = 10;

export const MEMBERSHIP_COLLECTIONS = {
  memberships: 'userMemberships',
  tokenUsage: 'tokenUsage',
  packages: 'packages',
  subscriptions: 'subscriptions',
  teamMembers: 'teamMembers',
} as const;

/** userMemberships/{uid}. Dates cross the wire as ISO 8601 strings. */
export interface UserMembership {
  userId: string;
  role: MembershipRole;
  tokensRemaining: number;
  /** When the allowance next refills. */
  tokensReset: string;
  stripeCustomerId: string | null;
  subscriptionId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** A plan (packages/{id}). */
export interface MembershipPackage {
  id: string;
  name: string;
  description: string;
  /** The membership role the plan grants. */
  role: string;
  /** The lowest role that may buy it (eligibility). */
  requiredRole: string;
  tokensPerMonth: number;
  /** Price in the smallest currency unit (cents). */
  priceMonthly: number;
  currency: string;
  stripePriceId: string | null;
  features: string[];
  active: boolean;
}

/** tokenUsage/{idempotencyKey}: one debit (or credit, with a negative tokensUsed). */
export interface TokenUsageEntry {
  id?: string;
  userId: string;
  tokensUsed: number;
  feature: string;
  timestamp: string;
  createdAt: string | null;
}

export interface TokenSummary {
  used: number;
  total: number;
  /** tokensReset + 30 days, ISO 8601 (as the product defines the summary's reset date). */
  resetDate: string;
}

export type UsagePeriod = 'week' | 'month' | 'year';
export interface UsagePoint {
  label: string;
  tokens: number;
}

export interface Subscription {
  id: string;
  userId: string;
  packageId: string;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid' | 'paused';
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  createdAt: string | null;
}

export interface TeamMember {
  id: string;
  /** The subscription owner whose team this is. */
  ownerId: string;
  email: string;
  /** The member's user id once the e-mail belongs to an account. */
  userId: string | null;
  role: MembershipRole;
  createdAt: string | null;
}
