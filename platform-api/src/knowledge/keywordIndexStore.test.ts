// The keyword index on the Storage and Firestore emulators: changes land on the
// newest version, two instances changing it at once both land (neither change
// is lost), an instance reads the object again only when a newer one is named,
// and the superseded objects are deleted.
import { deleteApp } from 'firebase-admin/app';
import { keywordDocument, keywordSearch, KNOWLEDGE_BASES_COLLECTION } from '@agentflow/shared/knowledge';
import { adminBucket, type FileBucket } from '../files/bucket';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { emptyBucketPrefix, storageEmulatorHost } from '../../testing/files';
import { KeywordIndexStore } from './keywordIndexStore';

const PROJECT = 'demo-knowledge-keywords';
const first = firestoreFor(PROJECT);
const second = firestoreFor(PROJECT);
let bucket: FileBucket;

beforeAll(() => {
  storageEmulatorHost();
  bucket = adminBucket(first.app, `${PROJECT}.appspot.com`);
});
beforeEach(async () => {
  await clearFirestore(PROJECT);
  await emptyBucketPrefix(bucket, 'knowledge/');
  await first.db.collection(KNOWLEDGE_BASES_COLLECTION).doc('kb').set({ name: 'Manuals' });
});
afterAll(() => Promise.all([deleteApp(first.app), deleteApp(second.app)]));

const add = (id: string, text: string) => (index: Parameters<Parameters<KeywordIndexStore['update']>[1]>[0]) => index.add(keywordDocument(id, { text, headings: [] }));

test('changes made by two instances at once both land; the superseded objects are gone', async () => {
  const a = new KeywordIndexStore(first.db, bucket);
  const b = new KeywordIndexStore(second.db, bucket);
  await Promise.all([a.update('kb', add('boiler', 'reset the boiler')), b.update('kb', add('radiator', 'bleed the radiator')), a.update('kb', add('warranty', 'two years warranty'))]);
  const index = await new KeywordIndexStore(first.db, bucket).load('kb');
  expect(['boiler', 'radiator', 'warranty'].map((word) => keywordSearch(index, word, 1)[0]?.chunkId)).toEqual(['boiler', 'radiator', 'warranty']);
  const { objects } = await bucket.list('knowledge/kb/keyword/');
  expect(objects).toHaveLength(1);
  expect((await first.db.collection(KNOWLEDGE_BASES_COLLECTION).doc('kb').get()).get('keywordIndex')).toEqual({ version: 3, path: objects[0]!.path });
});

test('an instance sees another instance’s change at its next load; removing deletes the object', async () => {
  const a = new KeywordIndexStore(first.db, bucket);
  const b = new KeywordIndexStore(second.db, bucket);
  await a.update('kb', add('boiler', 'reset the boiler'));
  expect(keywordSearch(await b.load('kb'), 'radiator', 1)).toEqual([]);
  await a.update('kb', add('radiator', 'bleed the radiator'));
  expect(keywordSearch(await b.load('kb'), 'radiator', 1)[0]?.chunkId).toBe('radiator');
  await b.update('kb', (index) => index.discard('boiler'));
  expect(keywordSearch(await a.load('kb'), 'boiler', 1)).toEqual([]);
  await a.remove('kb');
  expect((await bucket.list('knowledge/kb/')).objects).toEqual([]);
});

test('a knowledge base removed meanwhile is not indexed', async () => {
  await first.db.collection(KNOWLEDGE_BASES_COLLECTION).doc('kb').delete();
  await new KeywordIndexStore(first.db, bucket).update('kb', add('boiler', 'reset'));
  expect((await bucket.list('knowledge/kb/')).objects).toEqual([]);
});
