// File storage for tests: the real Storage emulator (FIREBASE_STORAGE_EMULATOR_HOST,
// started by npm test with the other emulators), a bucket of the suite's own,
// the real file worker, and a fixed link key.
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { pino, type Logger } from 'pino';
import { createFilesModule, type FilesModule } from '../src/files/index';
import { adminBucket, type FileBucket } from '../src/files/bucket';
import { createLinkSigner } from '../src/files/links';

export const FILE_WORKER_PATH = path.resolve(__dirname, '../workers/fileWorker.mjs');
export const TEST_LINK_KEY = Buffer.alloc(32, 7);

export function storageEmulatorHost(): string {
  const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? process.env.STORAGE_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_STORAGE_EMULATOR_HOST is not set: run the tests with npm test (or start the Storage emulator and set it)');
  // The Cloud Storage client reads STORAGE_EMULATOR_HOST (with a scheme); the Admin SDK sets it from FIREBASE_STORAGE_EMULATOR_HOST.
  return host;
}

export function testFilesModule({ app, db, projectId, now, logger = pino({ level: 'silent' }) }: { app: App; db: Firestore; projectId: string; now?: () => Date; logger?: Logger }): FilesModule {
  storageEmulatorHost();
  return createFilesModule({ db, logger, bucket: adminBucket(app, `${projectId}.appspot.com`), workerPath: FILE_WORKER_PATH, links: createLinkSigner(TEST_LINK_KEY), now });
}

/** Deletes the objects under a prefix: the bucket outlives a test (and a run), so what an earlier one left is not this one's. */
export async function emptyBucketPrefix(bucket: Pick<FileBucket, 'list' | 'delete'>, prefix: string): Promise<void> {
  for (const object of (await bucket.list(prefix)).objects) await bucket.delete(object.path);
}
