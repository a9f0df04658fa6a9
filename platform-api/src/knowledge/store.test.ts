// Knowledge bases and sources on the Firestore emulator: a workspace lists its
// own, the counts on a knowledge base follow its sources (added, made ready,
// re-synced, removed), the first embedded source fixes the vector length, and
// a source removed meanwhile is reported, not recreated. (A job's writes
// refused once another worker holds the source: sourceJobs.test.ts.)
import { deleteApp } from 'firebase-admin/app';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { SourceJobs } from './sourceJobs';
import { KnowledgeStore } from './store';

const PROJECT = 'demo-knowledge-store';
const { app, db } = firestoreFor(PROJECT);
const store = new KnowledgeStore(db, () => new Date('2026-11-27T10:00:00.000Z'));
const jobs = new SourceJobs(db, { instanceId: 'worker', leaseMs: 60_000 });

/** The source claimed for a job: its holder, what the job's writes name. */
async function claimed(knowledgeBaseId: string, sourceId: string, sync = 1) {
  const claim = await jobs.claim(knowledgeBaseId, sourceId);
  expect(claim).toMatchObject({ claimed: true, sync });
  if (!claim.claimed) throw new Error('not claimed');
  return claim.holder;
}

beforeEach(() => clearFirestore(PROJECT));
afterAll(() => deleteApp(app));

const FIRST_JOB = SourceJobs.firstJob(new Date('2026-11-27T10:00:00.000Z'));

const base = (name: string, organizationId: string | null, ownerId = 'ada') =>
  store.create({ ownerId, organizationId, name, description: '', embedding: { credentialId: 'cred', model: 'text-embedding-3-small', dimensions: null }, createdBy: ownerId });

test('each workspace lists its own knowledge bases, by name', async () => {
  await base('Manuals', null);
  await base('Brochures', null);
  await base('Price list', 'acme');
  await base('Other person', null, 'bob');
  expect((await store.list({ ownerId: 'ada', organizationId: null })).map((kb) => kb.name)).toEqual(['Brochures', 'Manuals']);
  expect((await store.list({ ownerId: 'ada', organizationId: 'acme' })).map((kb) => kb.name)).toEqual(['Price list']);
});

test('counts follow the sources; the first embedded source fixes the vector length', async () => {
  const kb = await base('Manuals', null);
  expect(kb).toMatchObject({ sourceCount: 0, chunkCount: 0, chunking: { size: 1200, overlap: 150 }, retrieval: { topK: 5, minSimilarity: 0.3 } });
  const boiler = (await store.addSource(kb.id, { kind: 'text', name: 'Boiler', file: null, url: null, size: 120, createdBy: 'ada' }, FIRST_JOB))!;
  const terms = (await store.addSource(kb.id, { kind: 'url', name: 'https://example.com/terms', file: null, url: 'https://example.com/terms', size: 0, createdBy: 'ada' }, FIRST_JOB))!;
  expect(boiler).toMatchObject({ status: 'queued', chunkCount: 0, progress: null, failure: null });
  expect((await store.get(kb.id))!.sourceCount).toBe(2);

  let worker = await claimed(kb.id, boiler.id);
  expect(await store.progress(kb.id, boiler.id, worker, 3, 10)).toBe('written');
  expect((await store.source(kb.id, boiler.id))!).toMatchObject({ status: 'processing', progress: { done: 3, total: 10 } });
  expect(await store.markReady(kb.id, boiler.id, worker, { chunkCount: 10, embeddedTokens: 900, dimensions: 1536 })).toBe('written');
  expect(await store.markReady(kb.id, terms.id, await claimed(kb.id, terms.id), { chunkCount: 4, embeddedTokens: 300, name: 'Shipping terms', dimensions: 1536 })).toBe('written');
  expect(await store.get(kb.id)).toMatchObject({ chunkCount: 14, embedding: { dimensions: 1536 } });
  expect((await store.source(kb.id, terms.id))!).toMatchObject({ status: 'ready', name: 'Shipping terms', syncedAt: '2026-11-27T10:00:00.000Z' });

  // A re-sync with fewer chunks: the knowledge base loses the difference.
  expect(await jobs.requeue(kb.id, boiler.id)).toBe('queued');
  worker = await claimed(kb.id, boiler.id, 2);
  await store.markReady(kb.id, boiler.id, worker, { chunkCount: 6, embeddedTokens: 500, dimensions: 1536 });
  expect((await store.get(kb.id))!.chunkCount).toBe(10);
  expect((await store.source(kb.id, boiler.id))!.embeddedTokens).toBe(1400);

  expect((await store.removeSource(kb.id, terms.id))!.id).toBe(terms.id);
  expect(await store.get(kb.id)).toMatchObject({ sourceCount: 1, chunkCount: 6 });
  expect((await store.listSources(kb.id)).map((source) => source.id)).toEqual([boiler.id]);
  expect(await store.sourceLabels(kb.id, [boiler.id, terms.id])).toEqual(new Map([[boiler.id, { name: 'Boiler', url: null }]]));
});

test('a failure is kept with its code; a source removed meanwhile is not written again', async () => {
  const kb = await base('Manuals', null);
  const source = (await store.addSource(kb.id, { kind: 'text', name: 'Notes', file: null, url: null, size: 5, createdBy: 'ada' }, FIRST_JOB))!;
  const worker = await claimed(kb.id, source.id);
  expect(await store.markFailed(kb.id, source.id, worker, { code: 'source_empty', message: 'the source holds no text' })).toBe('written');
  expect((await store.source(kb.id, source.id))!).toMatchObject({ status: 'failed', failure: { code: 'source_empty' } });
  await store.removeSource(kb.id, source.id);
  expect(await store.progress(kb.id, source.id, worker, 1, 3)).toBe('gone');
  expect(await store.markReady(kb.id, source.id, worker, { chunkCount: 3, embeddedTokens: 0, dimensions: null })).toBe('gone');
  expect(await store.markFailed(kb.id, source.id, worker, { code: 'source_empty', message: 'x' })).toBe('gone');
  expect(await store.source(kb.id, source.id)).toBeNull();
  expect(await store.addSource('missing', { kind: 'text', name: 'x', file: null, url: null, size: 1, createdBy: 'ada' })).toBeNull();
});

test('removing a knowledge base removes its sources', async () => {
  const kb = await base('Manuals', null);
  await store.addSource(kb.id, { kind: 'text', name: 'Notes', file: null, url: null, size: 5, createdBy: 'ada' });
  await store.remove(kb.id);
  expect(await store.get(kb.id)).toBeNull();
  expect(await store.listSources(kb.id)).toEqual([]);
});
