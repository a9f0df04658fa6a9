// The plans, in one place: the default packages (packages/{id}) and the
// Stripe products and prices `npm run stripe:sync` creates (found by lookup
// key) derive from this list. Amounts in cents. It lives with membership
// (what a plan grants) so that stripe/ reads it and membership never imports stripe/.
import { FREE_TOKENS_PER_MONTH, type BillingInterval, type MembershipPackage } from '@agentflow/shared/server';

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
    description: `Try Agentflow: ${FREE_TOKENS_PER_MONTH} tokens a month.`,
    role: 'free',
    requiredRole: 'free',
    tokensPerMonth: FREE_TOKENS_PER_MONTH,
    priceMonthly: 0,
    priceYearly: 0,
    currency: 'usd',
    interval: 'month',
    features: ['voice_command', 'workflow_run'],
    active: true,
    lookupKeys: { month: null, year: null },
  },
  {
    id: 'basic',
    name: 'Basic',
    description: 'For individuals: 100 tokens a month.',
    role: 'basic',
    requiredRole: 'free',
    tokensPerMonth: 100,
    priceMonthly: 900,
    priceYearly: 9000,
    currency: 'usd',
    interval: 'month',
    features: ['voice_command', 'workflow_run', 'template_copy'],
    active: true,
    lookupKeys: { month: 'agentflow_basic_monthly', year: 'agentflow_basic_yearly' },
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For professionals: 1,000 tokens a month and agents.',
    role: 'premium',
    requiredRole: 'free',
    tokensPerMonth: 1000,
    priceMonthly: 2900,
    priceYearly: 29000,
    currency: 'usd',
    interval: 'month',
    features: ['voice_command', 'workflow_run', 'template_copy', 'agent'],
    active: true,
    lookupKeys: { month: 'agentflow_premium_monthly', year: 'agentflow_premium_yearly' },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For teams: 10,000 tokens a month, agents and team members.',
    role: 'enterprise',
    requiredRole: 'free',
    tokensPerMonth: 10000,
    priceMonthly: 9900,
    priceYearly: 99000,
    currency: 'usd',
    interval: 'month',
    features: ['voice_command', 'workflow_run', 'template_copy', 'agent', 'team'],
    active: true,
    lookupKeys: { month: 'agentflow_enterprise_monthly', year: 'agentflow_enterprise_yearly' },
  },
];

/** A plan as a package document before any Stripe price exists. */
export function packageFromPlan(plan: PlanDefinition): MembershipPackage {
  const { lookupKeys: _lookupKeys, ...fields } = plan;
  return { ...fields, features: [...plan.features], stripePriceId: null, stripePriceIdMonthly: null, stripePriceIdYearly: null };
}
