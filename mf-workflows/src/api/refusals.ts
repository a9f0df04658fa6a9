// The one place mf-workflows turns a service's refusal into something the UI
// can say in the user's language: a start, a webhook address or a credential
// refused with a stable code (ApiError.code), and a run recorded as refused
// (WorkflowRun.errorCode). Pure: components/RefusalNote.tsx renders the
// result (translated text and the link to the plans or credentials page).
import { ApiError } from '@agentflow/shared';
import { PLAN_ERROR_CODES, entitlementsFor, lowestPlanAllowingCredentials, lowestPlanWith, triggerFeature, type EntitlementPlan, type PlanFeature } from '@agentflow/shared/entitlements';
import { CREDENTIAL_ERROR_CODES } from '@agentflow/shared/credentials';
import { isRunRefusalCode, type RunTriggerType, type WorkflowRunSummary } from '@agentflow/shared/workflow';

export type Refusal =
  /** Not enough tokens: `trigger` says who asked (a refused webhook or schedule run), null for a start in the app. */
  | { code: 'insufficient_tokens'; trigger: RunTriggerType | null }
  /** The owner's plan lacks `feature` (null: not known); `plan` is the lowest plan that has it. */
  | { code: 'plan_required'; feature: PlanFeature | null; plan: EntitlementPlan | null }
  /** The plan's limit of saved credentials is reached; `plan` allows more. */
  | { code: 'plan_limit_reached'; plan: EntitlementPlan | null }
  /** An agent has no AI credential it can use. */
  | { code: 'credential_missing' };

export const PLANS_PAGE = '/billing/plans';

/** The plans page, with `plan` highlighted when there is one to name. */
export const plansPath = (plan: EntitlementPlan | null = null) => (plan ? `${PLANS_PAGE}?plan=${encodeURIComponent(plan)}` : PLANS_PAGE);

/**
 * What the refused call was about, for what the answer does not carry:
 * ApiError keeps the service's `code` but not its `plan` and `feature`, so
 * the plan to name is worked out from the shared entitlements table.
 */
export interface RefusalContext {
  /** The feature the call needed (the webhook address: webhookTriggers). */
  feature?: PlanFeature;
  /** The signed-in user's plan role (membership.role): which plan allows more credentials. */
  role?: string | null;
}

/** A service refusal the UI explains by its code; null for any other failure (the caller's generic message). */
export function refusalOfError(error: unknown, context: RefusalContext = {}): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case PLAN_ERROR_CODES.insufficientTokens:
      return { code: 'insufficient_tokens', trigger: null };
    case PLAN_ERROR_CODES.planRequired: {
      const feature = context.feature ?? null;
      return { code: 'plan_required', feature, plan: feature ? lowestPlanWith(feature) : null };
    }
    case PLAN_ERROR_CODES.planLimitReached: {
      // The service names the plan allowing more than the owner's limit; the limit is the role's.
      const max = entitlementsFor(context.role).maxCredentials;
      return { code: 'plan_limit_reached', plan: max === null ? null : lowestPlanAllowingCredentials(max) };
    }
    case CREDENTIAL_ERROR_CODES.missingForRun:
      return { code: 'credential_missing' };
    default:
      // 402 Payment Required means one thing on these services: the tokens ran out.
      return error.status === 402 ? { code: 'insufficient_tokens', trigger: null } : null;
  }
}


/** Why a run was refused (its errorCode, read with its trigger); null for a run that was not refused or an unknown code. */
export function refusalOfRun(run: Pick<WorkflowRunSummary, 'status' | 'errorCode' | 'trigger'>): Refusal | null {
  if (run.status !== 'refused' || !isRunRefusalCode(run.errorCode)) return null;
  switch (run.errorCode) {
    case 'insufficient_tokens':
      return { code: 'insufficient_tokens', trigger: run.trigger.type };
    case 'plan_required': {
      const feature = triggerFeature(run.trigger.type);
      return { code: 'plan_required', feature, plan: feature ? lowestPlanWith(feature) : null };
    }
    case 'credential_missing':
      return { code: 'credential_missing' };
  }
}
