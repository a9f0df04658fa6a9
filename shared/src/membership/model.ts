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
  /** Yearly price in cents (0 when the plan has no yearly price). */
  priceYearly: number;
  currency: string;
  /** The default Stripe price (the monthly one); kept for older readers. */
  stripePriceId: string | null;
  stripePriceIdMonthly: string | null;
  stripePriceIdYearly: string | null;
  /** The plan's default billing interval. */
  interval: BillingInterval;
  features: string[];
  active: boolean;
}

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

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

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

/** subscriptions/{id}: the user's Stripe subscription as billing-api last synced it. */
export interface Subscription {
  id: string;
  userId: string;
  packageId: string;
  status: SubscriptionStatusName;
  /** Stripe's subscription id (sub_…), null before checkout completes. */
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  /** The Stripe price the subscription item is on. */
  priceId: string | null;
  interval: BillingInterval;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  createdAt: string | null;
  updatedAt: string | null;
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
