// platform-api's file endpoints and their refusals' stable codes. Browsers
// never reach the bucket: they upload here, and read through a short-lived
// link this API signs after checking who may see the file.
import type { FileRef } from './model.js';

export const FILES_API = {
  /** POST multipart/form-data: uploads files (not yet used); answers {files: {field, file}[]}. */
  upload: '/api/files',
  /** GET: the file's reference, when the caller may see it. DELETE: an unused upload of the caller's. */
  one: (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`,
  /** POST: a short-lived download link {url, expiresAt} for whoever may see the file. */
  link: (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/link`,
  /** GET with ?exp=&sig= (the link): the bytes. */
  content: (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/content`,
  /** PUT multipart (field 'photo'): sets the caller's profile photo; DELETE removes it; GET: a link to it. */
  profilePhoto: '/api/profile/photo',
} as const;

export interface UploadedFile {
  /** The form field the file came in. */
  field: string;
  file: FileRef;
}

export interface FileLink {
  url: string;
  expiresAt: string;
}

export const FILE_ERROR_CODES = {
  /** A file is larger than the plan or the endpoint allows (413). */
  tooLarge: 'file_too_large',
  /** The bytes are not of a type this field takes (400). */
  typeNotAllowed: 'file_type_not_allowed',
  /** More files than one request may carry, or a file where none is expected (400). */
  tooManyFiles: 'too_many_files',
  /** The body is not multipart/form-data, or it is cut off (400). */
  badUpload: 'bad_upload',
  /** The file does not exist or the caller may not see it (404: nothing is revealed). */
  notFound: 'file_not_found',
  /** A download link that expired or was altered (403). */
  linkInvalid: 'file_link_invalid',
  /** A run input names a file that is not the caller's unused upload (400). */
  notUsable: 'file_not_usable',
  /** The bucket could not be reached (503): nothing was stored. */
  storageUnavailable: 'storage_unavailable',
} as const;

export type FileErrorCode = (typeof FILE_ERROR_CODES)[keyof typeof FILE_ERROR_CODES];
