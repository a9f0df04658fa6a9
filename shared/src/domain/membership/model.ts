// Memberships, plans and the token meter: the types and constants every
// package shares. Pure: no Firebase, no React.
//
// "Role" means three different things in Agentflow; this file is about the first:
// - a plan role (PlanRole): what a user or team pays for and may therefore do
//   (userMemberships/{uid}.role, packages' role and requiredRole, team roles);
// - an access role (rbac/model.ts, AccessRole): who may do what, assigned in userRoles;
// - the profile's roles (auth/profile.ts, ProfileRoleTag): bookkeeping tags written
//   at sign-up, read by no decision.

/**
 * The plans, lowest first. 'admin' is the plan the platform grants its
 * operators (no plan owner can give it); it is not the access-control role
 * 'admin' (ADMIN_ROLE_ID), which decides what someone may manage.
 */
export const PLAN_ROLES = ['free', 'basic', 'premium', 'enterprise', 'admin'] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];
/** @deprecated The old name of PlanRole (browser code still says it); a plan role, not an access role. */
export type MembershipRole = PlanRole;

export function isPlanRole(value: unknown): value is PlanRole {
  return typeof value === 'string' && (PLAN_ROLES as readonly string[]).includes(value);
}

/** One billing period: 30 days. */
export const TOKEN_PERIOD_MS = 2_592_000_000;
/**
 * What a new free membership starts with (and refills to each period): the
 * Free plan's allowance, which PLAN_ENTITLEMENTS.free reads from here (the
 * sizing is explained in entitlements.ts). Defined here rather than there so
 * that the browser singleton, which carries the membership model, does not
 * carry the whole entitlements table.
 */
export const FREE_TOKENS_PER_MONTH = 100;

export const MEMBERSHIP_COLLECTIONS = {
  memberships: 'userMemberships',
  tokenUsage: 'tokenUsage',
  packages: 'packages',
  subscriptions: 'subscriptions',
  teamMembers: 'teamMembers',
  /** teamInvitations/{id}: a pending invitation; deleted when accepted, declined or revoked. */
  teamInvitations: 'teamInvitations',
  /**
   * teamSeats/{uid}: the team a user belongs to (one at a time) and the plan
   * they had before joining. Server-only: neither the owner nor the member
   * reads it (it holds the member's uid and their own plan).
   */
  teamSeats: 'teamSeats',
  /** tokenReservations/{id}: a block of an owner's tokens held by one service instance (reservations.ts). Server-only. */
  tokenReservations: 'tokenReservations',
} as const;

/** userMemberships/{uid}. Dates cross the wire as ISO 8601 strings. */
export interface UserMembership {
  userId: string;
  /** The plan the user has now (their own, or a team's). */
  role: PlanRole;
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
  /** The plan role buying it grants. */
  role: string;
  /** The lowest plan role that may buy it (eligibility). */
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
  /** The workflow and run the tokens were spent for (runs' start and agent/app steps); absent on other entries and older ones. */
  workflowId?: string;
  workflowName?: string;
  runId?: string;
}

export interface TokenSummary {
  used: number;
  total: number;
  /** The ledger's next refill (the membership's tokensReset), ISO 8601. */
  resetDate: string;
}

export type UsagePeriod = 'week' | 'month' | 'year';
export interface UsagePoint {
  label: string;
  tokens: number;
}

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

// The status sets every package branches on, in one place (Stripe's names).
/** The plan applies now: paid or on trial (the membership holds the plan's role). */
export const PLAN_GRANTING_STATUSES = ['active', 'trialing'] as const satisfies readonly SubscriptionStatusName[];
/** Stripe still bills it: a plan change updates it, and a second Checkout would charge twice. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const satisfies readonly SubscriptionStatusName[];
/** Over: the membership falls back to free. */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired', 'unpaid'] as const satisfies readonly SubscriptionStatusName[];

/** Whether `status` (any string: Stripe may send a status newer than this list) is one of `statuses`. */
export function subscriptionStatusIn(statuses: readonly SubscriptionStatusName[], status: string): boolean {
  return (statuses as readonly string[]).includes(status);
}

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

/** Plan roles a team member can be given (admin is granted by the platform, not by a plan owner). */
export const TEAM_ROLES = ['free', 'basic', 'premium', 'enterprise'] as const satisfies readonly PlanRole[];
export type TeamRole = (typeof TEAM_ROLES)[number];
export const DEFAULT_TEAM_ROLE: TeamRole = 'basic';
/** Members plus open invitations of one team. */
export const TEAM_SIZE_LIMIT = 100;
/** An invitation that is not accepted within 14 days lapses (the owner may invite again). */
export const TEAM_INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A member of a team, as its owner sees it: no user id (the owner knows the
 * member by the e-mail they invited, and nothing says which account that is).
 */
export interface TeamMember {
  id: string;
  /** The owner whose team this is (the plan the members share). */
  ownerId: string;
  email: string;
  role: TeamRole;
  /** When the member accepted (joined). */
  createdAt: string | null;
}

export const TEAM_INVITATION_STATUSES = ['pending', 'expired'] as const;
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number];

/** An invitation as the owner sees it. The same shape whether or not the e-mail has an account. */
export interface TeamInvitation {
  id: string;
  ownerId: string;
  email: string;
  role: TeamRole;
  status: TeamInvitationStatus;
  createdAt: string | null;
  expiresAt: string;
}

/** An invitation as the invited person sees it (pending ones only). */
export interface ReceivedTeamInvitation {
  id: string;
  /** Who invites: the owner's e-mail (null when the owner's account has none). */
  ownerEmail: string | null;
  /** The role accepting gives, already capped to the owner's current plan. */
  role: TeamRole;
  createdAt: string | null;
  expiresAt: string;
}

/** The team the signed-in user is a member of, as they see it. */
export interface TeamMembershipView {
  /** The member id (the owner's list uses the same id). */
  id: string;
  ownerEmail: string | null;
  role: TeamRole;
  joinedAt: string | null;
  /** The plan leaving the team returns them to. */
  roleAfterLeaving: PlanRole;
}

