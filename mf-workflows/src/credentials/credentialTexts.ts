// How the credentials area puts the domain's facts into the user's words: a
// type's label, a service refusal by its code, a form check by its kind.
// Service messages are English (and may speak to an operator), so the UI
// never shows them: it shows the translation of the code, or a generic line.
import { ApiError } from '@agentflow/shared';
import { CREDENTIAL_TYPES, type CredentialTypeId } from '@agentflow/shared/credentials';
import { en } from './i18n/en';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const C = 'workflows.credentials.';

const TRANSLATED_CODES = new Set(Object.keys(en.workflows.credentials.codes));
const TRANSLATED_LABELS = new Set(Object.keys(en.workflows.credentials.typeLabels));

/** The type's brand name as the domain has it, or the translated words for a generic type. */
export function typeLabel(t: Translate, type: CredentialTypeId): string {
  return TRANSLATED_LABELS.has(type) ? t(`${C}typeLabels.${type}`) : CREDENTIAL_TYPES[type].label;
}

/** A refusal code (from an ApiError or a test result) in the user's language. */
export function codeText(t: Translate, code: string | null | undefined): string {
  return t(`${C}codes.${code && TRANSLATED_CODES.has(code) ? code : 'unknown'}`);
}

/** Whatever a credentials call rejected with, in the user's language. */
export function errorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && TRANSLATED_CODES.has(error.code)) return codeText(t, error.code);
    if (error.status === 0) return t(`${C}codes.unreachable`);
  }
  return codeText(t, null);
}

/** Whether the deployment cannot store credentials at all (no master key). */
export const vaultUnavailable = (error: unknown) => error instanceof ApiError && error.code === 'credentials_not_configured';

export type FieldErrorKind = keyof typeof en.workflows.credentials.form.errors;

/** The domain schemas' checks, named by kind (their messages are English and terse). */
export function fieldErrorKind(issue: { code: string; message: string }): FieldErrorKind {
  if (issue.code === 'too_big') return 'tooLong';
  // An unknown enum value is the type select left at its placeholder.
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.message === 'is required' || issue.code === 'too_small') return 'required';
  if (issue.message === 'must be an http(s) URL') return 'url';
  if (issue.message === 'must be a header name') return 'headerName';
  if (issue.message === 'must be one line' || issue.message === 'must not hold control characters') return 'oneLine';
  return 'invalid';
}
