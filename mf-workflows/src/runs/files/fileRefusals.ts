// Which failures are about a file (its size, type, upload, or a full
// storage): those are worded with fileErrorMessage and shown where the file
// was picked, rather than in a toast with the service's English.
import { ApiError, isStorageFull } from '@agentflow/shared';
import { FILE_ERROR_CODES } from '@agentflow/shared/files';

const FILE_CODES: ReadonlySet<string> = new Set<string>(Object.values(FILE_ERROR_CODES));

export const isFileRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && ((error.code !== null && FILE_CODES.has(error.code)) || isStorageFull(error));

/** Whether the refused upload is of no further use (its type is refused): delete it rather than let it wait for the sweeper. */
export const uploadUseless = (error: unknown): boolean => error instanceof ApiError && error.code === FILE_ERROR_CODES.typeNotAllowed;
