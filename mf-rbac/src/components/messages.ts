// Turning failures into translated text: platform-api refusals (by their
// stable code), and the issues of the shared request schemas (whose own
// messages are English).
import { ApiError, GENERIC_ERROR_CODES, defaultErrorCode, genericErrorMessage, type I18nContextValue } from '@agentflow/shared';

type Translate = I18nContextValue['t'];

/**
 * A translated sentence for a failed call, chosen by the service's stable code
 * (else its status): never the service's English text, which is for logs.
 */
export function apiErrorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common.error');
  if (error.status === 0) return t('rbac.errors.network');
  switch (error.code ?? defaultErrorCode(error.status)) {
    case GENERIC_ERROR_CODES.invalidRequest:
      return t('rbac.errors.invalid');
    case GENERIC_ERROR_CODES.unauthenticated:
      return t('rbac.errors.unauthorized');
    case GENERIC_ERROR_CODES.forbidden:
      return t('rbac.errors.forbidden');
    case GENERIC_ERROR_CODES.notFound:
      return t('rbac.errors.notFound');
    case GENERIC_ERROR_CODES.conflict:
      return t('rbac.errors.conflict');
    default:
      // Any other code (rate limit, unavailable…) has its sentence in the shared catalogs.
      return genericErrorMessage(t, error) ?? t('rbac.errors.failed');
  }
}

/** The part of a zod issue these forms read (kept structural: the console does not import zod itself). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  maximum?: unknown;
}

const FORMAT_KEYS: Record<string, string> = {
  id: 'rbac.validation.idFormat',
  roleId: 'rbac.validation.idFormat',
  resource: 'rbac.validation.resourceFormat',
  system: 'rbac.validation.systemFormat',
  from: 'rbac.validation.date',
  to: 'rbac.validation.date',
};

/** Field name → its first problem, translated. */
export function schemaFieldErrors(t: Translate, issues: readonly SchemaIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    switch (issue.code) {
      case 'too_small':
      case 'invalid_type':
        errors[field] = t('rbac.validation.required');
        break;
      case 'too_big':
        errors[field] = t('rbac.validation.tooLong', { max: String(issue.maximum ?? '') });
        break;
      case 'invalid_format':
        errors[field] = t(FORMAT_KEYS[field] ?? 'rbac.validation.invalid');
        break;
      case 'invalid_value':
        errors[field] = t('rbac.validation.choice');
        break;
      default:
        errors[field] = t('rbac.validation.invalid');
    }
  }
  return errors;
}

/** An ISO timestamp as a short local date and time, in the page's language. */
export function formatTime(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
