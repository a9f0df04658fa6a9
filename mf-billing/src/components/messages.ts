// Turning billing-api failures into translated text that carries the service's own `{error}`.
import { ApiError, BILLING_ERROR_CODE_LIST, genericErrorMessage, type I18nContextValue } from '@agentflow/shared';
import { PLAN_ERROR_CODES } from '@agentflow/shared/entitlements';

type Translate = I18nContextValue['t'];

/** Codes the billing pages translate wherever they come from: billing-api's Stripe codes and the plan refusals (billing.errorCodes). */
const TRANSLATED_CODES: ReadonlySet<string> = new Set<string>([...BILLING_ERROR_CODE_LIST, ...Object.values(PLAN_ERROR_CODES)]);

/** A refusal with a code the pages know, in the page's language; null for any other failure. */
export function codedErrorMessage(t: Translate, error: unknown): string | null {
  return error instanceof ApiError && error.code && TRANSLATED_CODES.has(error.code) ? t(`billing.errorCodes.${error.code}`) : null;
}

export function apiErrorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common.error');
  if (error.status === 0) return t('billing.errors.network');
  if (error.status === 401) return t('billing.errors.unauthorized');
  // A billing code first, then the generic code every service error carries; the service's English text only for an answer with no code.
  return codedErrorMessage(t, error) ?? genericErrorMessage(t, error) ?? t('billing.errors.failed', { message: error.message });
}

/** An ISO timestamp as a date (and time), in the page's language. */
export function formatDate(value: string | null | undefined, language: string, withTime = false): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' }).format(date);
}

/** An amount in the currency's smallest unit (Stripe's cents), formatted for the page's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
  // Zero-decimal currencies (JPY…) are counted in whole units.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
