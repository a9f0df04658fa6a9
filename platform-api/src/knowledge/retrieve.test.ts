// Retrieval on the emulators: chunks with vectors in Firestore, the keyword
// index in the bucket. The embedder here is a stand-in for a provider (a
// hashed bag of words: texts sharing words point the same way), so which
// passage wins is decided by the real findNearest, MiniSearch and fusion.
import { deleteApp } from 'firebase-admin/app';
import { DEFAULT_CHUNKING, DEFAULT_RETRIEVAL, keywordDocument, KNOWLEDGE_BASES_COLLECTION, type KnowledgeBase } from '@agentflow/shared/knowledge';
import { adminBucket } from '../files/bucket';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { emptyBucketPrefix, storageEmulatorHost } from '../../testing/files';
import { ChunkStore, chunkId, type NewChunk } from './chunkStore';
import { KeywordIndexStore } from './keywordIndexStore';
import { searchKnowledge, type RetrievalPorts } from './retrieve';

const PROJECT = 'demo-knowledge-retrieve';
const { app, db } = firestoreFor(PROJECT);
afterAll(() => deleteApp(app));

const DIMENSIONS = 384;
function bagOfWords(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % DIMENSIONS;
    vector[hash]! += 1;
  }
  return vector;
}

const base = (embedding: boolean): KnowledgeBase => ({
  id: 'kb',
  ownerId: 'owner',
  organizationId: null,
  name: 'Manuals',
  description: '',
  chunking: DEFAULT_CHUNKING,
  retrieval: DEFAULT_RETRIEVAL,
  embedding: embedding ? { credentialId: 'cred', model: 'test-embed', dimensions: DIMENSIONS } : null,
  createdBy: 'owner',
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  sourceCount: 2,
  chunkCount: 3,
});

const passages = [
  { source: 'boiler', index: 0, text: 'Hold the reset button for five seconds until the light turns green.', headings: ['Boiler', 'Reset'], page: 4 },
  { source: 'boiler', index: 1, text: 'The warranty covers parts for two years from installation.', headings: ['Boiler', 'Warranty'], page: 9 },
  { source: 'terms', index: 0, text: 'Invoices are payable within thirty days.', headings: ['Payment'], page: null },
];

let ports: RetrievalPorts;
let embedCalls = 0;

beforeAll(async () => {
  storageEmulatorHost();
  await clearFirestore(PROJECT);
  const bucket = adminBucket(app, `${PROJECT}.appspot.com`);
  await emptyBucketPrefix(bucket, 'knowledge/');
  await db.collection(KNOWLEDGE_BASES_COLLECTION).doc('kb').set({ name: 'Manuals' });
  const chunks = new ChunkStore(db);
  const keywords = new KeywordIndexStore(db, bucket);
  for (const source of ['boiler', 'terms']) {
    const mine: NewChunk[] = passages
      .filter((passage) => passage.source === source)
      .map((passage) => ({ id: chunkId(source, passage.index), index: passage.index, text: passage.text, headings: passage.headings, page: passage.page, embedding: bagOfWords(`${passage.headings.join(' ')} ${passage.text}`), tokens: 12 }));
    await chunks.write('kb', source, mine);
    await keywords.update('kb', (index) => mine.forEach((chunk) => index.add(keywordDocument(chunk.id, chunk))));
  }
  ports = {
    chunks,
    keywords,
    embedQuery: async (_kb, text) => {
      embedCalls++;
      return { vector: bagOfWords(text), tokens: 5 };
    },
    sourceLabels: async (_kb, ids) =>
      new Map(ids.map((id) => [id, id === 'boiler' ? { name: 'Boiler manual.pdf', url: null } : { name: 'Terms', url: 'https://example.com/terms' }])),
  };
});

test('hybrid: the passage both searches agree on comes first, cited with file, page and headings', async () => {
  const result = await searchKnowledge(ports, base(true), 'how long is the boiler warranty');
  expect(result.mode).toBe('hybrid');
  expect(result.embeddedTokens).toBe(5);
  expect(result.passages[0]).toMatchObject({
    chunkId: chunkId('boiler', 1),
    text: passages[1]!.text,
    citation: { knowledgeBaseId: 'kb', sourceId: 'boiler', sourceName: 'Boiler manual.pdf', url: null, page: 9, headings: ['Boiler', 'Warranty'] },
    vectorRank: 1,
    keywordRank: 1,
    relevance: 1,
  });
});

test('keyword alone when the knowledge base has no embedding model: nothing is embedded', async () => {
  const before = embedCalls;
  const result = await searchKnowledge(ports, base(false), 'invoices payable');
  expect(result).toMatchObject({ mode: 'keyword', embeddedTokens: 0 });
  expect(embedCalls).toBe(before);
  expect(result.passages.map((passage) => passage.chunkId)).toEqual([chunkId('terms', 0)]);
  expect(result.passages[0]!.citation).toMatchObject({ sourceName: 'Terms', url: 'https://example.com/terms', page: null });
});

test('top-k and the similarity threshold hold; a question about nothing stored finds nothing', async () => {
  const one = await searchKnowledge(ports, base(true), 'boiler', { topK: 1, minSimilarity: 0 });
  expect(one.passages).toHaveLength(1);
  const none = await searchKnowledge(ports, base(true), 'zebra crossing', { topK: 5, minSimilarity: 0.3 });
  expect(none.passages).toEqual([]);
});
