// The plans, in one place: the default packages (packages/{id}) and the
// Stripe products and prices `npm run stripe:sync` creates (found by lookup
// key) derive from this list. Amounts in cents. It lives with membership
// (what a plan grants) so that stripe/ reads it and membership never imports stripe/.
import { PLAN_ENTITLEMENTS, type BillingInterval, type MembershipPackage } from '@agentflow/shared/server';

// What every plan meters (features.ts); what a plan allows beyond that is PLAN_ENTITLEMENTS, which the plans page renders.
const METERED_FEATURES = ['voice_command', 'workflow_run', 'template_copy'] as const;
const tokens = (plan: keyof typeof PLAN_ENTITLEMENTS) => PLAN_ENTITLEMENTS[plan].tokensPerMonth;
const grouped = (value: number) => value.toLocaleString('en-US');

/** The Stripe price ids are filled in by `stripe:sync`; a plan names its prices by lookup key instead. */
type StripePriceIds = 'stripePriceId' | 'stripePriceIdMonthly' | 'stripePriceIdYearly';

/** A package before Stripe prices exist, plus the lookup keys that find them. */
export interface PlanDefinition extends Omit<MembershipPackage, StripePriceIds> {
  /** Stripe price lookup keys per interval; null for a plan Stripe does not bill (free). */
  lookupKeys: Record<BillingInterval, string | null>;
}

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    description: `Try Agentflow: ${grouped(tokens('free'))} tokens a month.`,
    role: 'free',
    requiredRole: 'free',
    tokensPerMonth: tokens('free'),
    priceMonthly: 0,
    priceYearly: 0,
    currency: 'usd',
    interval: 'month',
    features: [...METERED_FEATURES],
    active: true,
    lookupKeys: { month: null, year: null },
  },
  {
    id: 'basic',
    name: 'Basic',
    description: `For individuals and small teams: ${grouped(tokens('basic'))} tokens a month, webhooks and schedules.`,
    role: 'basic',
    requiredRole: 'free',
    tokensPerMonth: tokens('basic'),
    priceMonthly: 900,
    priceYearly: 9000,
    currency: 'usd',
    interval: 'month',
    features: [...METERED_FEATURES],
    active: true,
    lookupKeys: { month: 'agentflow_basic_monthly', year: 'agentflow_basic_yearly' },
  },
  {
    id: 'premium',
    name: 'Premium',
    description: `For professionals: ${grouped(tokens('premium'))} tokens a month.`,
    role: 'premium',
    requiredRole: 'free',
    tokensPerMonth: tokens('premium'),
    priceMonthly: 2900,
    priceYearly: 29000,
    currency: 'usd',
    interval: 'month',
    features: [...METERED_FEATURES],
    active: true,
    lookupKeys: { month: 'agentflow_premium_monthly', year: 'agentflow_premium_yearly' },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: `For teams: ${grouped(tokens('enterprise'))} tokens a month.`,
    role: 'enterprise',
    requiredRole: 'free',
    tokensPerMonth: tokens('enterprise'),
    priceMonthly: 9900,
    priceYearly: 99000,
    currency: 'usd',
    interval: 'month',
    features: [...METERED_FEATURES],
    active: true,
    lookupKeys: { month: 'agentflow_enterprise_monthly', year: 'agentflow_enterprise_yearly' },
  },
];

/** A plan as a package document before any Stripe price exists. */
export function packageFromPlan(plan: PlanDefinition): MembershipPackage {
  const { lookupKeys: _lookupKeys, ...fields } = plan;
  return { ...fields, features: [...METERED_FEATURES], stripePriceId: null, stripePriceIdMonthly: null, stripePriceIdYearly: null };
}
