// platform-api's file endpoints (FILES_API) as the run views use them: upload
// what a run form or an approver picked (one multipart request, each file
// under its field name), fetch a short-lived link to show or download a file,
// and drop an upload that will not be used after all. The bytes never pass
// through Firestore or the bucket directly: platform-api checks every call.
import type { ApiCall } from '@agentflow/shared';
import { FILES_API, type FileLink, type FileRef, type UploadedFile } from '@agentflow/shared/files';

/** At most this many files go with one approve or reject decision (platform-api refuses more). */
export const DECISION_ATTACHMENT_LIMIT = 5;

export interface UploadPart {
  /** The form field the file goes in: a run form's field key, or attachments.<n>. */
  field: string;
  file: File;
}

export interface FilesClient {
  /** Uploads every part in one request; the service stores all of them or none. */
  upload(parts: readonly UploadPart[]): Promise<UploadedFile[]>;
  /** A link to the file's bytes that works without auth for a few minutes (an <img> src, a download). */
  link(fileId: string): Promise<FileLink>;
  /** Deletes one of the caller's uploads that no run or decision took. */
  discard(fileId: string): Promise<void>;
}

export function createFilesClient(call: ApiCall): FilesClient {
  return {
    upload: async (parts) => {
      const form = new FormData();
      for (const part of parts) form.append(part.field, part.file, part.file.name);
      const answer = await call<{ files?: UploadedFile[] } | undefined>('POST', FILES_API.upload, { body: form });
      return Array.isArray(answer?.files) ? answer.files : [];
    },
    link: (fileId) => call<FileLink>('POST', FILES_API.link(fileId), { body: {} }),
    discard: async (fileId) => {
      await call('DELETE', FILES_API.one(fileId));
    },
  };
}

/** The uploaded file of each field, by field name. */
export function refsByField(uploaded: readonly UploadedFile[]): Record<string, FileRef> {
  return Object.fromEntries(uploaded.map((entry) => [entry.field, entry.file]));
}
