// Stored ledger documents (plain data from the Admin SDK) as their wire
// shapes: memberships, packages and usage entries. Times are read by the
// domain's strict parseIso.
import { isPlanRole, type MembershipPackage, type TokenUsageEntry, type UserMembership } from '../domain/membership/model.js';
import { parseIso } from '../domain/validation/time.js';

/** A stored membership as the wire shape (dates as ISO strings). */
export function membershipFromData(uid: string, data: Record<string, unknown>): UserMembership {
  const remaining = data.tokensRemaining;
  return {
    userId: uid,
    role: isPlanRole(data.role) ? data.role : 'free',
    tokensRemaining: typeof remaining === 'number' && Number.isFinite(remaining) ? remaining : 0,
    tokensReset: parseIso(data.tokensReset) ?? new Date(0).toISOString(),
    stripeCustomerId: typeof data.stripeCustomerId === 'string' ? data.stripeCustomerId : null,
    subscriptionId: typeof data.subscriptionId === 'string' ? data.subscriptionId : null,
    createdAt: parseIso(data.createdAt),
    updatedAt: parseIso(data.updatedAt),
  };
}

/** A stored package as the wire shape. */
export function packageFromData(id: string, data: Record<string, unknown>): MembershipPackage {
  const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    id,
    name: str(data.name, id),
    description: str(data.description),
    role: str(data.role),
    requiredRole: str(data.requiredRole, 'free'),
    tokensPerMonth: num(data.tokensPerMonth),
    priceMonthly: num(data.priceMonthly),
    priceYearly: num(data.priceYearly),
    currency: str(data.currency, 'usd'),
    stripePriceId: typeof data.stripePriceId === 'string' ? data.stripePriceId : null,
    stripePriceIdMonthly: typeof data.stripePriceIdMonthly === 'string' ? data.stripePriceIdMonthly : typeof data.stripePriceId === 'string' ? data.stripePriceId : null,
    stripePriceIdYearly: typeof data.stripePriceIdYearly === 'string' ? data.stripePriceIdYearly : null,
    interval: data.interval === 'year' ? 'year' : 'month',
    features: Array.isArray(data.features) ? data.features.filter((item): item is string => typeof item === 'string') : [],
    active: data.active === true,
  };
}

/** A stored usage entry as the wire shape. */
export function usageEntryFromData(id: string, data: Record<string, unknown>): TokenUsageEntry {
  return {
    id,
    userId: typeof data.userId === 'string' ? data.userId : '',
    tokensUsed: typeof data.tokensUsed === 'number' ? data.tokensUsed : 0,
    feature: typeof data.feature === 'string' ? data.feature : '',
    timestamp: parseIso(data.timestamp) ?? new Date(0).toISOString(),
    createdAt: parseIso(data.createdAt),
    ...(typeof data.workflowId === 'string' && typeof data.runId === 'string'
      ? { workflowId: data.workflowId, workflowName: typeof data.workflowName === 'string' ? data.workflowName : '', runId: data.runId }
      : {}),
  };
}
