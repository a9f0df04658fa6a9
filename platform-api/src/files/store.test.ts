// The file store when the bucket fails (issue 17 item 6): the user gets a
// clear 503 storage_unavailable and nothing half-done is left that anyone
// could reach: no metadata without its object, the owner's total unchanged,
// and an object left behind by a failed delete is removed by the sweeper.
import { deleteApp } from 'firebase-admin/app';
import { pino } from 'pino';
import { clearFirestore, firestoreFor } from '@agentflow/shared/testing/serviceHarness';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { storageEmulatorHost } from '../../testing/files';
import { adminBucket, type FileBucket } from './bucket';
import { FileRefusedError } from './errors';
import { FileStore } from './store';

const PROJECT = 'demo-agentflow-file-store';
const { app, db } = firestoreFor(PROJECT);
let clock = Date.now();
const failing = { put: false, delete: false };
let store: FileStore;
let bucket: FileBucket;

beforeAll(async () => {
  emulatorHosts();
  storageEmulatorHost();
  await clearFirestore(PROJECT);
  const real = adminBucket(app, `${PROJECT}.appspot.com`);
  // The real emulator bucket, told to fail on demand (an outage, a lost connection).
  bucket = {
    ...real,
    put: (path, bytes, type) => (failing.put ? Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })) : real.put(path, bytes, type)),
    delete: (path) => (failing.delete ? Promise.reject(new Error('503 backend error')) : real.delete(path)),
  };
  store = new FileStore({ db, bucket, logger: pino({ level: 'silent' }), now: () => new Date(clock) });
});
afterAll(() => deleteApp(app));
beforeEach(() => {
  failing.put = false;
  failing.delete = false;
  clock = Date.now();
});

/** Owners of this run of the suite: the emulator's bucket outlives earlier runs. */
const owner = (label: string) => `${label}-${Date.now().toString(36)}`;
const total = async (owner: string) => Number((await db.collection('storageUsage').doc(owner).get()).get('bytes') ?? 0);
const newFile = (owner: string, text: string) => ({ ownerId: owner, name: 'a.txt', bytes: Buffer.from(text), contentType: 'text/plain', use: { kind: 'upload' as const } });

it('answers storage_unavailable (503) when the bucket cannot take the bytes, and records nothing', async () => {
  failing.put = true;
  const alice = owner('owner-a');
  const error = await store.save(newFile(alice, 'hello')).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FileRefusedError);
  expect(error).toMatchObject({ status: 503, code: 'storage_unavailable' });
  expect((error as FileRefusedError).toHttp().message).toMatch(/nothing was stored/);
  expect((await db.collection('files').where('ownerId', '==', alice).get()).size).toBe(0);
  expect((await bucket.list(`files/${alice}/`)).objects).toEqual([]);
  expect(await total(alice)).toBe(0);
});

it('removes the metadata even when the object cannot be deleted, and the sweeper removes the object later', async () => {
  const bob = owner('owner-b');
  const saved = await store.save(newFile(bob, 'stays a while'));
  expect(await total(bob)).toBe(saved.size);
  failing.delete = true;
  expect(await store.remove(saved.id)).toBe(true);
  expect((await db.collection('files').doc(saved.id).get()).exists).toBe(false);
  expect(await total(bob)).toBe(0);
  const objects = async () => (await bucket.list(`files/${bob}/`)).objects.map((object) => object.path);
  expect(await objects()).toEqual([saved.objectPath]);

  failing.delete = false;
  clock += 2 * 3_600_000;
  expect(await store.sweepOrphanObjects()).toBeGreaterThanOrEqual(1);
  expect(await objects()).toEqual([]);
});

it('never hands out an unused upload twice: two runs taking the same file at once, one wins', async () => {
  const saved = await store.save(newFile('owner-c', 'one run only'));
  const ref = { fileId: saved.id, name: saved.name, contentType: saved.contentType, size: saved.size };
  const results = await Promise.allSettled([
    store.attach('owner-c', [{ field: 'input.doc', ref }], { kind: 'run', runId: 'run-1', workflowId: 'wf', stepId: null }),
    store.attach('owner-c', [{ field: 'input.doc', ref }], { kind: 'run', runId: 'run-2', workflowId: 'wf', stepId: null }),
  ]);
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
  expect(refused.reason).toMatchObject({ status: 400, code: 'file_not_usable' });
  expect(['run-1', 'run-2']).toContain((await db.collection('files').doc(saved.id).get()).get('use.runId'));
});
