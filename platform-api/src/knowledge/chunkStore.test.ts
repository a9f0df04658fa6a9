// Chunks on the Firestore emulator: vectors stored with Firestore's vector
// type, nearest neighbours by cosine with the similarity threshold, a source's
// chunks deleted with it, reads by id in the order asked.
import { deleteApp } from 'firebase-admin/app';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { ChunkStore, chunkId, type NewChunk } from './chunkStore';

const PROJECT = 'demo-knowledge-chunks';
const { app, db } = firestoreFor(PROJECT);
const store = new ChunkStore(db);

beforeEach(() => clearFirestore(PROJECT));
afterAll(() => deleteApp(app));

const chunk = (sourceId: string, index: number, text: string, embedding: number[] | null): NewChunk => ({
  id: chunkId(sourceId, index),
  index,
  text,
  headings: ['Manual'],
  page: index + 1,
  embedding,
  tokens: embedding ? 7 : 0,
});

test('nearest: best cosine first, below the minimum similarity left out', async () => {
  await store.write('kb', 'boiler', [chunk('boiler', 0, 'reset', [1, 0, 0]), chunk('boiler', 1, 'warranty', [0.6, 0.8, 0])]);
  await store.write('kb', 'radiator', [chunk('radiator', 0, 'bleed', [0, 0, 1])]);
  const hits = await store.nearest('kb', [0.9, 0.1, 0], 5, 0.3);
  expect(hits.map((hit) => hit.chunkId)).toEqual([chunkId('boiler', 0), chunkId('boiler', 1)]);
  expect(hits[0]!.similarity).toBeGreaterThan(hits[1]!.similarity);
  expect(hits[0]!.similarity).toBeCloseTo((0.9 * 1) / Math.hypot(0.9, 0.1), 5);
  // Another knowledge base's chunks are never searched.
  expect(await store.nearest('other', [0.9, 0.1, 0], 5, 0)).toEqual([]);
});

test('a source removed takes its chunks; the others stay, read back in the order asked', async () => {
  await store.write('kb', 'boiler', [chunk('boiler', 0, 'reset', [1, 0, 0]), chunk('boiler', 1, 'warranty', null)]);
  await store.write('kb', 'radiator', [chunk('radiator', 0, 'bleed', [0, 0, 1])]);
  expect(await store.vectorOf('kb', chunkId('boiler', 0))).toEqual([1, 0, 0]);
  expect(await store.vectorOf('kb', chunkId('boiler', 1))).toBeNull();
  const removed = await store.deleteSource('kb', 'boiler');
  expect(removed.sort()).toEqual([chunkId('boiler', 0), chunkId('boiler', 1)]);
  const read = await store.byIds('kb', [chunkId('boiler', 0), chunkId('radiator', 0)]);
  expect(read).toEqual([{ id: chunkId('radiator', 0), sourceId: 'radiator', index: 0, text: 'bleed', headings: ['Manual'], page: 1, tokens: 7 }]);
  expect(await store.nearest('kb', [1, 0, 0], 5, -1)).toEqual([{ chunkId: chunkId('radiator', 0), similarity: expect.closeTo(0, 5) }]);
});

test('more chunks than one batch are all written', async () => {
  const many = Array.from({ length: 230 }, (_, index) => chunk('long', index, `passage ${index}`, [1, index / 230, 0]));
  await store.write('kb', 'long', many);
  const ids = many.map((item) => item.id);
  expect((await store.byIds('kb', ids)).map((item) => item.id)).toEqual(ids);
});
