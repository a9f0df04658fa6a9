// The bucket as the file store needs it: put, get, delete and list objects.
// Production: the Firebase project's Cloud Storage bucket through the Admin
// SDK (FIREBASE_STORAGE_BUCKET, else <project>.appspot.com); locally and in
// tests the same SDK talks to the Storage emulator (FIREBASE_STORAGE_EMULATOR_HOST).
// Browsers never reach it: storage.rules denies them everything.
import { getStorage } from 'firebase-admin/storage';
import type { App } from 'firebase-admin/app';
import { projectIdFromEnv } from '@agentflow/shared/server';

export interface StoredObject {
  path: string;
  /** When the object was written (ISO 8601). */
  createdAt: string;
}

export interface FileBucket {
  readonly name: string;
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  get(path: string): Promise<Buffer>;
  /** Deletes the object; nothing happens when it is already gone. */
  delete(path: string): Promise<void>;
  /** Objects under a prefix, a page at a time. */
  list(prefix: string, pageToken?: string): Promise<{ objects: StoredObject[]; nextPageToken: string | null }>;
}

export function bucketNameFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIREBASE_STORAGE_BUCKET || `${projectIdFromEnv(env)}.appspot.com`;
}

export function adminBucket(app: App, name: string = bucketNameFromEnv()): FileBucket {
  const bucket = getStorage(app).bucket(name);
  return {
    name,
    async put(path, bytes, contentType) {
      // resumable: false — one request for files this size; a fresh upload never overwrites (ifGenerationMatch 0).
      await bucket.file(path).save(bytes, { resumable: false, contentType, preconditionOpts: { ifGenerationMatch: 0 } });
    },
    async get(path) {
      const [bytes] = await bucket.file(path).download();
      return bytes;
    },
    async delete(path) {
      await bucket.file(path).delete({ ignoreNotFound: true });
    },
    async list(prefix, pageToken) {
      const [files, next] = await bucket.getFiles({ prefix, autoPaginate: false, maxResults: 500, ...(pageToken ? { pageToken } : {}) });
      const objects = files.map((file) => ({ path: file.name, createdAt: String(file.metadata.timeCreated ?? new Date(0).toISOString()) }));
      const token = (next as { pageToken?: string } | null | undefined)?.pageToken ?? null;
      return { objects, nextPageToken: token };
    },
  };
}

/** Whether an error from the bucket says the object is not there. */
export const isMissingObject = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 404;
