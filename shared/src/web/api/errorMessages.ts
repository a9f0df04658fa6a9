// A service error in the user's language when the page has no words of its
// own for it. Every service error carries a stable code (the English `error`
// text is for logs); the generic codes, one per kind of failure, are
// translated here (errors.codes.* in the shared catalogs), while a page
// translates the specific codes of its own area (team, billing, credentials,
// plans) first and falls back to this.
import { GENERIC_ERROR_CODES, REQUEST_ERROR_CODES, defaultErrorCode } from '../../domain/validation/errorCodes.js';
import type { I18nContextValue } from '../federation/contexts.js';
import { ApiError } from './apiClient.js';

type Translate = I18nContextValue['t'];

/** The codes with a sentence in errors.codes: the generic ones, and the rate limit's. */
const TRANSLATED_CODES: ReadonlySet<string> = new Set<string>([...Object.values(GENERIC_ERROR_CODES), REQUEST_ERROR_CODES.rateLimited]);

/** The translated sentence for an ApiError whose code is a generic one; null for any other failure. */
export function genericErrorMessage(t: Translate, error: unknown): string | null {
  return error instanceof ApiError && error.code && TRANSLATED_CODES.has(error.code) ? t(`errors.codes.${error.code}`) : null;
}

/**
 * Always a sentence in the user's language, never the service's English: the
 * generic code's, else (a specific code the page did not translate, or an
 * answer without a code) the generic kind of its status; a network failure
 * says the service could not be reached; anything else is common.error.
 */
export function serviceErrorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common.error');
  if (error.status === 0) return t('errors.unreachable');
  return genericErrorMessage(t, error) ?? (error.status >= 400 ? t(`errors.codes.${defaultErrorCode(error.status)}`) : t('common.error'));
}
