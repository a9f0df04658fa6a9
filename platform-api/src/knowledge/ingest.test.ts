// Ingesting a source on the emulators (chunks in Firestore, keyword index in
// the bucket): batches embedded and charged as counted, progress after each,
// a re-sync replaces the passages and drops those the new version lacks, a
// refusal mid-way leaves the previous version searchable, and a knowledge base
// without a model is indexed by keyword without a single embedding call.
import { deleteApp } from 'firebase-admin/app';
import { blocksFromText, DEFAULT_RETRIEVAL, KNOWLEDGE_BASES_COLLECTION, KNOWLEDGE_LIMITS, keywordSearch, type KnowledgeBase, type KnowledgeSource } from '@agentflow/shared/knowledge';
import { adminBucket } from '../files/bucket';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { emptyBucketPrefix, storageEmulatorHost } from '../../testing/files';
import { ChunkStore, chunkId } from './chunkStore';
import { EmbeddingShapeError, EmptySourceError, ingestSource, type IngestPorts } from './ingest';
import { KeywordIndexStore } from './keywordIndexStore';

const PROJECT = 'demo-knowledge-ingest';
const { app, db } = firestoreFor(PROJECT);
afterAll(() => deleteApp(app));

const knowledgeBase = (embedding: boolean): KnowledgeBase => ({
  id: 'kb',
  ownerId: 'owner',
  organizationId: null,
  name: 'Manuals',
  description: '',
  chunking: { size: 200, overlap: 0 },
  retrieval: DEFAULT_RETRIEVAL,
  embedding: embedding ? { credentialId: 'cred', model: 'embed', dimensions: null } : null,
  createdBy: 'owner',
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  sourceCount: 1,
  chunkCount: 0,
});

const source: KnowledgeSource = {
  id: 'manual',
  knowledgeBaseId: 'kb',
  kind: 'text',
  name: 'Manual',
  file: null,
  url: null,
  status: 'processing',
  progress: null,
  failure: null,
  size: 0,
  chunkCount: 0,
  embeddedTokens: 0,
  createdBy: 'owner',
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  syncedAt: null,
};

/** `count` sections, each one chunk: "# Section i" then a sentence naming a word of its own. */
const sections = (count: number, word = 'topic') => Array.from({ length: count }, (_, i) => `# Section ${i}\n\nThis part explains ${word}${i} in detail.`).join('\n\n');

let chunks: ChunkStore;
let keywords: KeywordIndexStore;
let calls: { embed: number[]; charged: number[]; progress: Array<[number, number]> };
let text: string;
let refuseAfter: number | null;
let dimensionsOf: (call: number) => number;

const ports = (): IngestPorts => ({
  chunks,
  keywords,
  loadContent: async () => ({ blocks: blocksFromText(text), title: null, truncated: false }),
  embed: async (_kb, texts) => {
    calls.embed.push(texts.length);
    const call = calls.embed.length;
    return { vectors: texts.map((_, i) => Array.from({ length: dimensionsOf(call) }, (__, d) => (d === i % dimensionsOf(call) ? 1 : 0.01))), tokens: texts.length * 10 };
  },
  charge: async (_kb, _source, tokens) => {
    if (refuseAfter !== null && calls.charged.length >= refuseAfter) throw Object.assign(new Error('tokens exhausted'), { code: 'tokens_exhausted' });
    calls.charged.push(tokens);
  },
  progress: async (_source, done, total) => {
    calls.progress.push([done, total]);
  },
});

beforeEach(async () => {
  storageEmulatorHost();
  await clearFirestore(PROJECT);
  const bucket = adminBucket(app, `${PROJECT}.appspot.com`);
  await emptyBucketPrefix(bucket, 'knowledge/');
  await db.collection(KNOWLEDGE_BASES_COLLECTION).doc('kb').set({ name: 'Manuals' });
  chunks = new ChunkStore(db);
  keywords = new KeywordIndexStore(db, bucket);
  calls = { embed: [], charged: [], progress: [] };
  refuseAfter = null;
  dimensionsOf = () => 8;
});

test('embeds in batches, charges each as counted, reports progress, and makes every passage findable', async () => {
  const total = KNOWLEDGE_LIMITS.embedBatch + 4;
  text = sections(total);
  const result = await ingestSource(ports(), knowledgeBase(true), source, 0);
  expect(result).toEqual({ chunkCount: total, embeddedTokens: total * 10, title: null, truncated: false, dimensions: 8, size: null });
  expect(calls.embed).toEqual([KNOWLEDGE_LIMITS.embedBatch, 4]);
  expect(calls.charged).toEqual([KNOWLEDGE_LIMITS.embedBatch * 10, 40]);
  expect(calls.progress).toEqual([
    [0, total],
    [KNOWLEDGE_LIMITS.embedBatch, total],
    [total, total],
  ]);
  const stored = await chunks.byIds('kb', [chunkId('manual', 0), chunkId('manual', total - 1)]);
  expect(stored.map((chunk) => [chunk.headings, chunk.tokens])).toEqual([
    [['Section 0'], 10],
    [[`Section ${total - 1}`], 10],
  ]);
  expect((await chunks.vectorOf('kb', chunkId('manual', 3)))!).toHaveLength(8);
  expect(keywordSearch(await keywords.load('kb'), `topic${total - 1}`, 1)[0]?.chunkId).toBe(chunkId('manual', total - 1));
});

test('a re-sync replaces the passages and drops the ids the new version no longer has', async () => {
  text = sections(5, 'old');
  await ingestSource(ports(), knowledgeBase(true), source, 0);
  text = sections(2, 'new');
  const result = await ingestSource(ports(), knowledgeBase(true), source, 5);
  expect(result.chunkCount).toBe(2);
  expect((await chunks.byIds('kb', [0, 1, 2, 3, 4].map((i) => chunkId('manual', i)))).map((chunk) => chunk.text)).toEqual(['This part explains new0 in detail.', 'This part explains new1 in detail.']);
  const index = await keywords.load('kb');
  expect(keywordSearch(index, 'old4', 5)).toEqual([]);
  expect(keywordSearch(index, 'old0', 5)).toEqual([]);
  expect(keywordSearch(index, 'new1', 1)[0]?.chunkId).toBe(chunkId('manual', 1));
});

test('a refusal mid-way fails the source and leaves the previous version searchable', async () => {
  text = sections(3, 'kept');
  await ingestSource(ports(), knowledgeBase(true), source, 0);
  text = sections(KNOWLEDGE_LIMITS.embedBatch + 1, 'lost');
  refuseAfter = calls.charged.length + 1; // the second batch of this attempt is refused
  await expect(ingestSource(ports(), knowledgeBase(true), source, 3)).rejects.toMatchObject({ code: 'tokens_exhausted' });
  expect((await chunks.byIds('kb', [chunkId('manual', 0)]))[0]!.text).toBe('This part explains kept0 in detail.');
  expect(keywordSearch(await keywords.load('kb'), 'kept2', 1)[0]?.chunkId).toBe(chunkId('manual', 2));
});

test('keyword alone: no embedding call, no charge, passages findable by their words', async () => {
  text = sections(3);
  const result = await ingestSource(ports(), knowledgeBase(false), source, 0);
  expect(result).toMatchObject({ chunkCount: 3, embeddedTokens: 0, dimensions: null });
  expect(calls.embed).toEqual([]);
  expect(calls.charged).toEqual([]);
  expect(await chunks.vectorOf('kb', chunkId('manual', 0))).toBeNull();
  expect(keywordSearch(await keywords.load('kb'), 'topic2', 1)[0]?.chunkId).toBe(chunkId('manual', 2));
});

test('an empty source and a model answering vectors of changing length are refused', async () => {
  text = '   ';
  await expect(ingestSource(ports(), knowledgeBase(true), source, 0)).rejects.toBeInstanceOf(EmptySourceError);
  text = sections(KNOWLEDGE_LIMITS.embedBatch + 1);
  dimensionsOf = (call) => (call === 1 ? 8 : 16);
  await expect(ingestSource(ports(), knowledgeBase(true), source, 0)).rejects.toBeInstanceOf(EmbeddingShapeError);
  expect(await chunks.byIds('kb', [chunkId('manual', 0)])).toEqual([]);
});
