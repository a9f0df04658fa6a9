// The files module: the store (bucket + metadata), the inspector (what a file
// is, the text in it), download links and the HTTP routes. server.ts builds
// it from the environment; tests build it on the Storage emulator.
import { Router } from 'express';
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { adminBucket, bucketNameFromEnv, type FileBucket } from './bucket.js';
import { createFileInspector, type FileInspector } from './inspect/fileInspector.js';
import { createLinkSigner, linkKeyFromEnv, type FileLinkSigner } from './links.js';
import { createFilesRouter, type RunVisibility } from './router.js';
import { createProfilePhotoRouter } from './profile/router.js';
import { FileStore } from './store.js';

export { FileStore, type NewFile } from './store.js';
export { FileRefusedError } from './errors.js';
export type { FileInspector, ExtractedText } from './inspect/fileInspector.js';
export type { FileBucket } from './bucket.js';
export type { FileLinkSigner } from './links.js';
export { acceptedType } from './accept.js';
export { isMultipart, readMultipart, type ReceivedFile } from './upload.js';
export { asHttp, fileLink, mayReadFile, sendFileBytes, storeUploads, type RunVisibility } from './router.js';

export interface FilesModule {
  store: FileStore;
  inspector: FileInspector;
  links: FileLinkSigner;
  /** The bucket the files are in (knowledge bases keep their keyword indexes there too). */
  bucket: FileBucket;
  /** The routes, once the app knows who may see a run. */
  router: (options: { auth: Auth; canSeeRun: RunVisibility; publicUrl?: string | null }) => Router;
  close: () => Promise<void>;
}

export interface FilesModuleOptions {
  db: Firestore;
  logger: Logger;
  bucket: FileBucket;
  /** workers/fileWorker.mjs. */
  workerPath: string;
  links: FileLinkSigner;
  now?: () => Date;
}

export function createFilesModule({ db, logger, bucket, workerPath, links, now }: FilesModuleOptions): FilesModule {
  const store = new FileStore({ db, bucket, logger, now });
  const inspector = createFileInspector({ workerPath });
  return {
    store,
    inspector,
    links,
    bucket,
    // The file routes, then the profile photo's (profile/router.ts).
    router: ({ auth, canSeeRun, publicUrl }) =>
      Router().use(createFilesRouter({ auth, store, inspector, links, canSeeRun, logger, publicUrl }), createProfilePhotoRouter({ auth, store, inspector, links, logger, publicUrl })),
    close: () => inspector.close(),
  };
}

/** The module as a deployment configures it: the project's bucket, FILE_LINK_KEY. */
export function filesModuleFromEnv({ app, db, logger, workerPath, env = process.env }: { app: App; db: Firestore; logger: Logger; workerPath: string; env?: NodeJS.ProcessEnv }): FilesModule {
  const bucket = adminBucket(app, bucketNameFromEnv(env));
  logger.info({ bucket: bucket.name, emulator: env.FIREBASE_STORAGE_EMULATOR_HOST ?? null }, 'file storage ready');
  return createFilesModule({ db, logger, bucket, workerPath, links: createLinkSigner(linkKeyFromEnv(env, logger)) });
}
