// Why a file was refused, said once for the API (router.ts turns these into
// HTTP answers naming the field) and the engine (a step fails with the text).
import { FILE_ERROR_CODES, FILE_LIMITS, HttpError, PLAN_ERROR_CODES, formatBytes, type FileErrorCode, type PlanRefusal } from '@agentflow/shared/server';

export class FileRefusedError extends Error {
  override name = 'FileRefusedError';
  constructor(
    readonly status: 400 | 403 | 404 | 413 | 503,
    message: string,
    readonly code: FileErrorCode | typeof PLAN_ERROR_CODES.planLimitReached,
    readonly details: Readonly<Record<string, string | number | boolean | null>> = {},
  ) {
    super(message);
  }

  toHttp(): HttpError {
    return new HttpError(this.status, this.message, this.code, this.details);
  }
}

const named = (field: string | null): Record<string, string> => (field ? { field } : {});
const label = (field: string | null) => (field ? `${field}: ` : '');

export const fileTooLarge = (field: string | null, maxBytes: number) =>
  new FileRefusedError(413, `${label(field)}the file is larger than ${formatBytes(maxBytes)}`, FILE_ERROR_CODES.tooLarge, { ...named(field), maxBytes });

export const fileTypeNotAllowed = (field: string | null, found: string | null) =>
  new FileRefusedError(400, `${label(field)}${found ? `files of type ${found}` : 'files of this type'} are not accepted here`, FILE_ERROR_CODES.typeNotAllowed, { ...named(field), contentType: found });

export const tooManyFiles = (max: number = FILE_LIMITS.maxFilesPerRequest) =>
  new FileRefusedError(400, `at most ${max} files may be sent at once`, FILE_ERROR_CODES.tooManyFiles, { max });

export const badUpload = (why: string) => new FileRefusedError(400, `The upload could not be read: ${why}`, FILE_ERROR_CODES.badUpload);

export const fileNotFound = (fileId: string) => new FileRefusedError(404, `File '${fileId}' not found`, FILE_ERROR_CODES.notFound);

export const fileNotUsable = (field: string) =>
  new FileRefusedError(400, `${field}: must be a file you uploaded and have not used yet`, FILE_ERROR_CODES.notUsable, { field });

export const storageFull = (refusal: PlanRefusal) =>
  new FileRefusedError(403, refusal.message, PLAN_ERROR_CODES.planLimitReached, { plan: refusal.plan, feature: refusal.feature });

export const storageUnavailable = () =>
  new FileRefusedError(503, 'File storage is unavailable right now; nothing was stored. Try again in a minute.', FILE_ERROR_CODES.storageUnavailable);
