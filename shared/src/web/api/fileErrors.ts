// A refused file in the user's language (errors.files.* in the shared
// catalogs): the size limit with its figure, the type that was found, a full
// storage. Used wherever files are uploaded (profile photo, run form,
// approvals); anything else falls back to serviceErrorMessage.
import { FILE_ERROR_CODES } from '../../domain/files/api.js';
import { formatBytes } from '../../domain/files/model.js';
import { PLAN_ERROR_CODES } from '../../domain/membership/planErrors.js';
import type { I18nContextValue } from '../federation/contexts.js';
import { ApiError } from './apiClient.js';
import { serviceErrorMessage } from './errorMessages.js';

type Translate = I18nContextValue['t'];

const FILE_CODES: ReadonlySet<string> = new Set<string>(Object.values(FILE_ERROR_CODES));

/** The form field a refusal names (the API sends `field`), or null. */
export function refusedField(error: unknown): string | null {
  return error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : null;
}

/** Whether the refusal is the plan's storage being full (the plans page can help). */
export const isStorageFull = (error: unknown): boolean =>
  error instanceof ApiError && error.code === PLAN_ERROR_CODES.planLimitReached && error.details.feature === 'storage';

/** `language` writes the size limit in the user's numerals (5,0 MB); without it, as formatBytes does. */
export function fileErrorMessage(t: Translate, error: unknown, language?: string): string {
  if (!(error instanceof ApiError) || !error.code) return serviceErrorMessage(t, error);
  if (isStorageFull(error)) return t('errors.files.storage_limit_reached');
  if (!FILE_CODES.has(error.code)) return serviceErrorMessage(t, error);
  if (error.code === FILE_ERROR_CODES.tooLarge && typeof error.details.maxBytes === 'number') return t('errors.files.file_too_large', { size: formatBytes(error.details.maxBytes, language) });
  if (error.code === FILE_ERROR_CODES.typeNotAllowed && typeof error.details.contentType === 'string') return t('errors.files.file_type_found', { type: error.details.contentType });
  if (error.code === FILE_ERROR_CODES.tooManyFiles) return t('errors.files.too_many_files', { max: Number(error.details.max ?? 10) });
  return t(`errors.files.${error.code}`);
}
