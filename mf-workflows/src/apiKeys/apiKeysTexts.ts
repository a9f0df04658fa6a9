// How the API keys page puts the service's refusals and the domain schema's
// checks into the user's words: a refusal by its code, a check by its kind,
// a scope by its name.
import { ApiError } from '@agentflow/shared';
import type { ApiKeyScope } from '@agentflow/shared/api-keys';
import { en } from './i18n/en';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The key prefix of this page's texts. */
export const AK = 'workflows.apiKeys.';

/** A scope's description key: t() reads ':' as a namespace separator (i18next's rule, kept), so the catalog spells it '_'. */
export const scopeText = (t: Translate, scope: ApiKeyScope): string => t(`${AK}scopes.${scope.replace(':', '_')}`);

const TRANSLATED_CODES = new Set(Object.keys(en.workflows.apiKeys.codes));

/** Whatever an API keys call rejected with, in the user's language (never the service's English). */
export function apiKeysErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && TRANSLATED_CODES.has(error.code)) return t(`${AK}codes.${error.code}`);
    if (error.status === 403) return t(`${AK}codes.forbidden`);
    if (error.status === 0) return t(`${AK}codes.unreachable`);
  }
  return t(`${AK}codes.unknown`);
}

export type FormField = 'name' | 'scopes' | 'expiry' | 'ipAllowList' | 'rateLimit';
export type FormErrorKind = keyof typeof en.workflows.apiKeys.errors;

/** The form field a schema path or a service's `field` ('ipAllowList.1', 'scopes.0') belongs to. */
export function formFieldOf(path: readonly PropertyKey[]): FormField | null {
  const first = String(path[0] ?? '');
  if (first === 'name' || first === 'scopes' || first === 'ipAllowList') return first;
  if (first === 'expiresInDays') return 'expiry';
  if (first === 'rateLimitPerMinute') return 'rateLimit';
  return null;
}

/** A check of createApiKeySchema, by kind: its messages are English and terse. */
export function formErrorKind(issue: { code: string; path: readonly PropertyKey[] }): FormErrorKind {
  const field = formFieldOf(issue.path);
  if (field === 'scopes') return 'scopes';
  if (field === 'rateLimit' || field === 'expiry') return 'number';
  if (field === 'ipAllowList' && issue.path.length === 1 && issue.code === 'too_big') return 'tooMany';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'too_small') return 'required';
  return 'invalid';
}
