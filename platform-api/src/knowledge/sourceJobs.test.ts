// Two workers on one source, on the Firestore emulator: A claims, A's lease
// lapses (an injected clock) and B takes the source over. From then on A's
// writes (progress, ready, failed, lease renewal) are refused and change
// nothing, while B's land; so are those of a worker's older claim once it
// took over its own lapsed lease; and A's job, taken over mid-ingestion,
// stops without writing chunks or touching the source.
import { deleteApp } from 'firebase-admin/app';
import pino from 'pino';
import { blocksFromText, KNOWLEDGE_BASES_COLLECTION, KNOWLEDGE_ERROR_CODES, KNOWLEDGE_CHUNKS, KNOWLEDGE_SOURCES } from '@agentflow/shared/knowledge';
import { adminBucket } from '../files/bucket';
import { LedgerMeter } from '../runs/ledgerMeter';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { storageEmulatorHost } from '../../testing/files';
import { ChunkStore } from './chunkStore';
import { KnowledgeJobExecutor } from './jobExecutor';
import { KEYWORD_INDEX_FIELD, KeywordIndexStore } from './keywordIndexStore';
import { knowledgeJobId, SourceJobs, type LeaseHolder } from './sourceJobs';
import { KnowledgeStore } from './store';

const PROJECT = 'demo-knowledge-source-jobs';
const { app, db } = firestoreFor(PROJECT);
const LEASE_MS = 1_000;
let clock = Date.parse('2026-11-27T10:00:00.000Z');
const now = () => new Date(clock);
const store = new KnowledgeStore(db, now);
const workerA = new SourceJobs(db, { instanceId: 'worker-a', leaseMs: LEASE_MS, now });
const workerB = new SourceJobs(db, { instanceId: 'worker-b', leaseMs: LEASE_MS, now });

beforeEach(() => clearFirestore(PROJECT));
afterAll(() => deleteApp(app));

async function queuedSource(text = 'Boilers need a yearly service.') {
  const kb = await store.create({ ownerId: 'ada', organizationId: null, name: 'Manuals', description: '', embedding: null, createdBy: 'ada' });
  const source = (await store.addSource(kb.id, { kind: 'text', name: 'Notes', file: null, url: null, size: text.length, createdBy: 'ada' }, { ...SourceJobs.firstJob(now()), text }))!;
  const ref = db.collection(KNOWLEDGE_BASES_COLLECTION).doc(kb.id).collection(KNOWLEDGE_SOURCES).doc(source.id);
  return { kb, source, ref };
}

async function claimed(jobs: SourceJobs, knowledgeBaseId: string, sourceId: string): Promise<LeaseHolder> {
  const claim = await jobs.claim(knowledgeBaseId, sourceId);
  expect(claim).toMatchObject({ claimed: true, sync: 1, holder: { instanceId: jobs === workerA ? 'worker-a' : 'worker-b' } });
  if (!claim.claimed) throw new Error('not claimed');
  return claim.holder;
}

test('once B took the source over from A, A cannot write progress, ready or failed, nor renew; B can', async () => {
  const { kb, source, ref } = await queuedSource();
  const a = await claimed(workerA, kb.id, source.id);
  expect(await store.progress(kb.id, source.id, a, 1, 4)).toBe('written');
  expect(await workerB.claim(kb.id, source.id)).toEqual({ claimed: false, why: 'taken' });
  // A's lease lapses; nobody took over yet, so A's work still lands.
  clock += LEASE_MS + 1;
  expect(await store.progress(kb.id, source.id, a, 2, 4)).toBe('written');

  const b = await claimed(workerB, kb.id, source.id);
  expect(await store.progress(kb.id, source.id, b, 1, 4)).toBe('written');
  const taken = (await ref.get()).data();
  const baseBefore = (await store.get(kb.id))!;
  expect(taken).toMatchObject({ status: 'processing', progress: { done: 1, total: 4 }, lease: { instanceId: 'worker-b' } });

  expect(await store.progress(kb.id, source.id, a, 4, 4)).toBe('lost');
  expect(await store.markReady(kb.id, source.id, a, { chunkCount: 4, embeddedTokens: 0, name: 'A wins', dimensions: null })).toBe('lost');
  expect(await store.markFailed(kb.id, source.id, a, { code: KNOWLEDGE_ERROR_CODES.processingFailed, message: 'A failed' })).toBe('lost');
  expect(await workerA.renew(kb.id, source.id, a)).toBe(false);
  expect((await ref.get()).data()).toEqual(taken);
  expect(await store.get(kb.id)).toEqual(baseBefore);

  expect(await workerB.renew(kb.id, source.id, b)).toBe(true);
  expect(await store.markReady(kb.id, source.id, b, { chunkCount: 3, embeddedTokens: 0, dimensions: null })).toBe('written');
  expect(await store.source(kb.id, source.id)).toMatchObject({ status: 'ready', chunkCount: 3, name: 'Notes', progress: null, failure: null });
  expect((await store.get(kb.id))!.chunkCount).toBe(3);
  // Ended: A's late failure does not reopen it.
  expect(await store.markFailed(kb.id, source.id, a, { code: KNOWLEDGE_ERROR_CODES.processingFailed, message: 'A failed' })).toBe('lost');
  expect((await store.source(kb.id, source.id))!.status).toBe('ready');
});

test("a worker that took over its own lapsed lease is a new claimant: the older claim's writes are refused", async () => {
  const { kb, source } = await queuedSource();
  const first = await claimed(workerA, kb.id, source.id);
  clock += LEASE_MS + 1;
  const second = await claimed(workerA, kb.id, source.id);
  expect(second.claim).not.toBe(first.claim);
  expect(await store.progress(kb.id, source.id, first, 1, 1)).toBe('lost');
  expect(await workerA.renew(kb.id, source.id, first)).toBe(false);
  expect(await store.markReady(kb.id, source.id, first, { chunkCount: 9, embeddedTokens: 0, dimensions: null })).toBe('lost');
  expect(await store.markReady(kb.id, source.id, second, { chunkCount: 1, embeddedTokens: 0, dimensions: null })).toBe('written');
  expect(await store.source(kb.id, source.id)).toMatchObject({ status: 'ready', chunkCount: 1 });
});

test('a job taken over while it reads its source stops: no chunks, no keyword entries, the source stays the new worker\'s', async () => {
  storageEmulatorHost();
  const { kb, source, ref } = await queuedSource('# Boiler\n\nHold the reset button for ten seconds.\n\n# Pump\n\nDescale the pump every spring.');
  let taken: FirebaseFirestore.DocumentData | undefined;
  const executor = new KnowledgeJobExecutor({
    store,
    jobs: workerA,
    chunks: new ChunkStore(db),
    keywords: new KeywordIndexStore(db, adminBucket(app, `${PROJECT}.appspot.com`)),
    embedder: {
      embed: () => Promise.reject(new Error('a base without an embedding model embeds nothing')),
      embedQuery: () => Promise.reject(new Error('not searched here')),
    },
    meter: new LedgerMeter(db),
    // While A reads the source, its lease lapses and B takes the source over.
    loadContent: async () => {
      clock += LEASE_MS + 1;
      expect(await workerB.claim(kb.id, source.id)).toMatchObject({ claimed: true });
      taken = (await ref.get()).data();
      return { blocks: blocksFromText(await workerA.pastedText(kb.id, source.id)), title: null, truncated: false };
    },
    logger: pino({ level: 'silent' }),
    // A heartbeat far off: A's lease lapses only by the injected clock.
    leaseMs: 60_000,
    enqueue: async () => undefined,
  });
  await executor.execute(knowledgeJobId(kb.id, source.id));
  expect(taken).toMatchObject({ status: 'processing', lease: { instanceId: 'worker-b' } });
  expect((await ref.get()).data()).toEqual(taken);
  expect((await db.collection(KNOWLEDGE_BASES_COLLECTION).doc(kb.id).collection(KNOWLEDGE_CHUNKS).count().get()).data().count).toBe(0);
  expect((await db.collection(KNOWLEDGE_BASES_COLLECTION).doc(kb.id).get()).get(KEYWORD_INDEX_FIELD) ?? null).toBeNull();
});
