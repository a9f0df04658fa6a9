// Test code only: each plan's monthly token allowance, read from the one table
// the services enforce (PLAN_ENTITLEMENTS; the free one is the ledger's
// FREE_TOKENS_PER_MONTH), so that a re-set of the allowances does not ripple
// through the suites. A suite states what a balance must be in these terms
// (the free allowance, the premium allowance minus what was spent).
import { FREE_TOKENS_PER_MONTH, PLAN_ENTITLEMENTS, type EntitlementPlan } from '@agentflow/shared/server';

export const ALLOWANCE: Readonly<Record<EntitlementPlan, number>> = {
  free: FREE_TOKENS_PER_MONTH,
  basic: PLAN_ENTITLEMENTS.basic.tokensPerMonth,
  premium: PLAN_ENTITLEMENTS.premium.tokensPerMonth,
  enterprise: PLAN_ENTITLEMENTS.enterprise.tokensPerMonth,
};
