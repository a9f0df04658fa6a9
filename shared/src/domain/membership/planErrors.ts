// The stable codes of plan refusals, apart from the entitlements table so a
// browser page can tell a refusal's kind without loading the table.
/**
 * Stable codes of plan refusals, sent as `{error, code, plan, feature}`
 * beside the English text (the UI translates by code and links to the plan).
 */
export const PLAN_ERROR_CODES = {
  /** The feature is not in the caller's plan (403); `plan` names the lowest plan that has it. */
  planRequired: 'plan_required',
  /** The plan's limit of something (credentials) is reached (403); `plan` names the plan with more. */
  planLimitReached: 'plan_limit_reached',
  /** Not enough tokens left (402): the ledger refused the debit. */
  insufficientTokens: 'insufficient_tokens',
} as const;

export type PlanErrorCode = (typeof PLAN_ERROR_CODES)[keyof typeof PLAN_ERROR_CODES];
