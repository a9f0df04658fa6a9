// Turning billing-api failures into translated text that carries the service's own `{error}`.
import { ApiError, type I18nContextValue } from '@agentflow/shared';

type Translate = I18nContextValue['t'];

export function apiErrorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common.error');
  if (error.status === 0) return t('billing.errors.network');
  if (error.status === 401) return t('billing.errors.unauthorized');
  return t('billing.errors.failed', { message: error.message });
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
