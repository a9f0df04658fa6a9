// What each plan allows: the one table the plans page renders and the
// services enforce. Every row here is enforced somewhere (named beside it);
// a row that nothing enforces does not belong in this table, because the
// plans page promises exactly what it lists. Pure: no Firebase, no React.
//
// The allowances (tokensPerMonth) are sized by the price table
// (pricing.ts): one agent step on the platform's default model (about 1,000
// tokens in and 300 out at the default price of 1 + 4 per 1,000) costs 3
// platform tokens, and every run costs RUN_START_COST (1) to start. So a
// run with one agent step costs about 4 tokens:
//   Free        100 tokens  ≈ 25 such runs, 33 agent steps: a trial
//   Basic     2,000 tokens  ≈ 500 runs, 660 agent steps: a small team's month
//   Premium  10,000 tokens  ≈ 2,500 runs (5 × Basic)
//   Enterprise 50,000 tokens ≈ 12,500 runs (5 × Premium)
// On a user's own provider credential an agent step costs only the step fee
// (1 token), so the same allowance goes about 2–3 times further.
import { FREE_TOKENS_PER_MONTH, type PlanRole } from './model.js';
import { PLAN_ERROR_CODES, type PlanErrorCode } from './planErrors.js';

export interface PlanEntitlements {
  /** The monthly token allowance (enforced by the ledger: a debit beyond the balance is refused). */
  tokensPerMonth: number;
  /** Webhook triggers: platform-api refuses the webhook URL and every delivery below this. */
  webhookTriggers: boolean;
  /** Schedule triggers: the scheduler records a refused run instead of running. */
  scheduleTriggers: boolean;
  /** Saved credentials per owner; null = no limit (platform-api refuses a create beyond it). */
  maxCredentials: number | null;
  /** The largest file one upload or saved answer may be, in bytes (platform-api answers 413 beyond it; never above FILE_LIMITS.maxUploadBytes). */
  maxFileBytes: number;
  /** All of an owner's stored files together, in bytes (platform-api refuses a file that would pass it). */
  storageBytes: number;
  /** Days a run (with its files) is kept: the housekeeping job deletes older ones. */
  runRetentionDays: number;
  /** Items one loop step may run over (platform-api runs/loop/ fails the step with loop-too-many-items beyond it). */
  maxLoopItems: number;
}

// Decimal megabytes, as the plans page shows them (5 MB = 5,000,000 bytes).
const MB = 1_000_000;

/** The plans a user can hold, in the order the plans page shows them ('admin' is the operators' plan). */
export const ENTITLEMENT_PLANS = ['free', 'basic', 'premium', 'enterprise'] as const satisfies readonly PlanRole[];
export type EntitlementPlan = (typeof ENTITLEMENT_PLANS)[number];

export const PLAN_ENTITLEMENTS: Readonly<Record<EntitlementPlan, PlanEntitlements>> = {
  free: { tokensPerMonth: FREE_TOKENS_PER_MONTH, webhookTriggers: false, scheduleTriggers: false, maxCredentials: 3, maxFileBytes: 5 * MB, storageBytes: 100 * MB, runRetentionDays: 7, maxLoopItems: 100 },
  basic: { tokensPerMonth: 2_000, webhookTriggers: true, scheduleTriggers: true, maxCredentials: 20, maxFileBytes: 10 * MB, storageBytes: 2_000 * MB, runRetentionDays: 30, maxLoopItems: 1_000 },
  premium: { tokensPerMonth: 10_000, webhookTriggers: true, scheduleTriggers: true, maxCredentials: 100, maxFileBytes: 25 * MB, storageBytes: 10_000 * MB, runRetentionDays: 90, maxLoopItems: 10_000 },
  enterprise: { tokensPerMonth: 50_000, webhookTriggers: true, scheduleTriggers: true, maxCredentials: null, maxFileBytes: 25 * MB, storageBytes: 50_000 * MB, runRetentionDays: 365, maxLoopItems: 10_000 },
};

/** Operators run the platform: nothing is withheld from them. */
const ADMIN_ENTITLEMENTS: PlanEntitlements = { ...PLAN_ENTITLEMENTS.enterprise };

/** A plan's entitlements; an unknown or missing role is treated as free (the least). */
export function entitlementsFor(role: string | null | undefined): PlanEntitlements {
  if (role === 'admin') return ADMIN_ENTITLEMENTS;
  return role != null && Object.hasOwn(PLAN_ENTITLEMENTS, role) ? PLAN_ENTITLEMENTS[role as EntitlementPlan] : PLAN_ENTITLEMENTS.free;
}

/** The switch-like entitlements a refusal can name. */
export type PlanFeature = 'webhookTriggers' | 'scheduleTriggers';

/** The lowest plan that includes `feature`; null when none does. */
export function lowestPlanWith(feature: PlanFeature): EntitlementPlan | null {
  return ENTITLEMENT_PLANS.find((plan) => PLAN_ENTITLEMENTS[plan][feature]) ?? null;
}

/** The lowest plan allowing more than `count` credentials (the one to upgrade to); null when none does. */
export function lowestPlanAllowingCredentials(count: number): EntitlementPlan | null {
  return ENTITLEMENT_PLANS.find((plan) => {
    const max = PLAN_ENTITLEMENTS[plan].maxCredentials;
    return max === null || max > count;
  }) ?? null;
}

export { PLAN_ERROR_CODES, type PlanErrorCode } from './planErrors.js';

/** What a plan refusal names besides its code, for the UI's link to the plans page. */
export interface PlanRefusalDetails {
  /** The plan that unlocks the feature (a plan id of the plans page), or null when no plan does. */
  plan: EntitlementPlan | null;
  /** What was refused: a PlanFeature, or 'credentials' for the credential limit. */
  feature: PlanFeature | 'credentials' | 'storage';
}

const FEATURE_WORDS: Record<PlanRefusalDetails['feature'], string> = {
  webhookTriggers: 'Webhook triggers',
  scheduleTriggers: 'Schedule triggers',
  credentials: 'More saved credentials',
  storage: 'More file storage',
};

const planName = (plan: EntitlementPlan) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** The English message of a plan refusal (the service's `error` text; the UI translates by code). */
export function planRefusalMessage(code: Exclude<PlanErrorCode, 'insufficient_tokens'>, details: PlanRefusalDetails, currentRole: string | null | undefined): string {
  const current = entitlementsFor(currentRole);
  const unlock = details.plan ? `; upgrade to ${planName(details.plan)} to use them` : '';
  if (code === PLAN_ERROR_CODES.planLimitReached && details.feature === 'credentials') {
    return `Your plan allows ${String(current.maxCredentials)} saved credentials${details.plan ? `; ${planName(details.plan)} allows more` : ''}`;
  }
  if (code === PLAN_ERROR_CODES.planLimitReached && details.feature === 'storage') {
    return `Your plan's file storage (${String(Math.round(current.storageBytes / MB))} MB) is full${details.plan ? `; ${planName(details.plan)} allows more` : ''}`;
  }
  return `${FEATURE_WORDS[details.feature]} are not included in your plan${unlock}`;
}

/** A plan refusal as the services send it: the English text, the code, and what the UI links to. */
export interface PlanRefusal extends PlanRefusalDetails {
  code: Exclude<PlanErrorCode, 'insufficient_tokens'>;
  message: string;
}

// A poll trigger runs on the poller's schedule: the same feature as a schedule.
const TRIGGER_FEATURES = { webhook: 'webhookTriggers', schedule: 'scheduleTriggers', poll: 'scheduleTriggers' } as const satisfies Record<string, PlanFeature>;

/** The plan feature a kind of trigger needs (app triggers poll on a schedule); null: every plan may (manual, voice). */
export function triggerFeature(trigger: string): PlanFeature | null {
  return Object.hasOwn(TRIGGER_FEATURES, trigger) ? TRIGGER_FEATURES[trigger as keyof typeof TRIGGER_FEATURES] : null;
}

/** Whether a plan may run workflows from this kind of trigger; null when it may (manual and voice runs always may). */
export function triggerRefusal(role: string | null | undefined, trigger: string): PlanRefusal | null {
  const feature = triggerFeature(trigger);
  if (feature === null || entitlementsFor(role)[feature]) return null;
  const details: PlanRefusalDetails = { plan: lowestPlanWith(feature), feature };
  return { code: PLAN_ERROR_CODES.planRequired, ...details, message: planRefusalMessage(PLAN_ERROR_CODES.planRequired, details, role) };
}

/** Whether an owner who has `count` credentials may save another; null when they may. */
export function credentialLimitRefusal(role: string | null | undefined, count: number): PlanRefusal | null {
  const max = entitlementsFor(role).maxCredentials;
  if (max === null || count < max) return null;
  const details: PlanRefusalDetails = { plan: lowestPlanAllowingCredentials(count), feature: 'credentials' };
  return { code: PLAN_ERROR_CODES.planLimitReached, ...details, message: planRefusalMessage(PLAN_ERROR_CODES.planLimitReached, details, role) };
}

/** Whether an owner who stores `usedBytes` may add `addBytes` more; null when they may. */
export function storageLimitRefusal(role: string | null | undefined, usedBytes: number, addBytes: number): PlanRefusal | null {
  if (usedBytes + addBytes <= entitlementsFor(role).storageBytes) return null;
  const plan = ENTITLEMENT_PLANS.find((p) => PLAN_ENTITLEMENTS[p].storageBytes >= usedBytes + addBytes) ?? null;
  const details: PlanRefusalDetails = { plan, feature: 'storage' };
  return { code: PLAN_ERROR_CODES.planLimitReached, ...details, message: planRefusalMessage(PLAN_ERROR_CODES.planLimitReached, details, role) };
}
