// A service's refusal in the user's words, with the way out: the plans page
// (the plan that unlocks it highlighted) for tokens and plan limits, the
// credentials page for a missing AI credential. The code→text mapping of
// api/refusals.ts, rendered; every run view, the webhook address and the
// credentials page show refusals through it.
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { type EntitlementPlan } from '@agentflow/shared/entitlements';
import { PLANS_PAGE, plansPath, type Refusal } from '../api/refusals';
import { CREDENTIALS_PAGE } from '../credentials/agentCredentials';
import { CredentialMissingNote } from '../credentials/CredentialMissingNote';
import { C } from '../credentials/credentialTexts';
import { CREDENTIALS_CATALOGS } from '../credentials/i18n';
import { REFUSALS_CATALOGS } from '../i18n/refusals';

export const R = 'workflows.refusals.';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface RefusalWords {
  text: string;
  link: { to: string; label: string };
}

/** The refusal's sentences and its link, in the user's language; `compact` leaves out the second sentence. */
export function refusalWords(t: Translate, refusal: Refusal, compact = false): RefusalWords {
  const planName = (plan: EntitlementPlan) => t(`${R}plans.${plan}`);
  // To the plan that unlocks it (highlighted on the plans page), else to the plans.
  const upgrade = (plan: EntitlementPlan | null) => (plan ? { to: plansPath(plan), label: t(`${R}upgradeTo`, { plan: planName(plan) }) } : { to: PLANS_PAGE, label: t(`${R}seePlans`) });
  const also = (key: string, plan: EntitlementPlan | null) => (plan && !compact ? ` ${t(`${R}${key}`, { plan: planName(plan) })}` : '');
  switch (refusal.code) {
    case 'insufficient_tokens': {
      const when = refusal.trigger === null ? 'start' : refusal.trigger === 'webhook' || refusal.trigger === 'schedule' ? refusal.trigger : 'other';
      return { text: t(`${R}insufficientTokens.${when}`), link: { to: PLANS_PAGE, label: t(`${R}seePlans`) } };
    }
    case 'plan_required':
      return { text: `${t(`${R}planRequired.${refusal.feature ?? 'other'}`)}${also('planRequired.availableFrom', refusal.plan)}`, link: upgrade(refusal.plan) };
    case 'plan_limit_reached':
      return { text: `${t(`${R}planLimit.credentials`)}${also('planLimit.allowsMore', refusal.plan)}`, link: upgrade(refusal.plan) };
    case 'credential_missing':
      return { text: t(`${C}codes.credential_missing`), link: { to: CREDENTIALS_PAGE, label: t(`${C}run.setUp`) } };
  }
}

export interface RefusalNoteProps {
  refusal: Refusal;
  /** Just refused what the user asked for: announced (role=alert). A refused run's recorded reason is not. */
  announce?: boolean;
  /** A history row's line: one sentence and the link. */
  compact?: boolean;
  testId?: string;
}

export function RefusalNote({ refusal, announce = false, compact = false, testId = 'refusal-note' }: RefusalNoteProps) {
  useRemoteCatalogs(REFUSALS_CATALOGS);
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  // The run form's own note, which also says nothing was charged and what to do.
  if (refusal.code === 'credential_missing' && !compact) return <CredentialMissingNote announce={announce} />;
  const { text, link } = refusalWords(t, refusal, compact);
  return (
    <div className={compact ? 'refusal-note refusal-note--compact' : 'form-alert refusal-note'} role={announce ? 'alert' : undefined} data-testid={testId} data-code={refusal.code}>
      <p>{text}</p>
      <p>
        <Link to={link.to}>{link.label}</Link>
      </p>
    </div>
  );
}
