// Issue 23's first must-show, through the HTTP routes on the emulators: a PDF
// (uploaded) and a web page (a local test server) are ingested on the run
// queue and the right passage comes back for a question by vector, by keyword
// (a base with no embedding credential, which says so) and by the hybrid;
// removing a source removes its chunks, its keyword entries and its file; a
// 200-page PDF reports progress while it is processed, and its embedding is
// charged once per batch at the price table's embedding price.
import { CREDENTIALS_API, debit, embeddingTokensFor, MEMBERSHIP_COLLECTIONS } from '@agentflow/shared/server';
import { KNOWLEDGE_API, KNOWLEDGE_BASES_COLLECTION, KNOWLEDGE_CHUNKS, KNOWLEDGE_SOURCES, type KnowledgeSource } from '@agentflow/shared/knowledge';
import { pdfBytes } from '../../testing/fileFixtures';
import { fakeEmbedding, fakeTokenCount } from '../agents/providers/openai/testing/fake';
import { knowledgeJobId } from './sourceJobs';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startRecordingServer, type RecordingServer } from '../testing/upstream';

let h: RunsHarness;
let alice: RunsUser;
let web: RecordingServer;
/** A fake OpenAI embeddings endpoint (wire format) that takes `embedDelayMs` per call, so progress can be watched. */
let embeddings: RecordingServer;
let embedDelayMs = 0;
let credentialId: string;

const PAGE = `<!doctype html><html><head><title>Shipping terms</title></head><body>
<nav>Home | Products | Contact</nav>
<article><h1>Shipping terms</h1><h2>Deliveries abroad</h2>
<p>Parcels to Switzerland travel by courier and arrive within five working days; customs duties are paid by the recipient on delivery.</p>
<h2>Returns</h2><p>Goods may be returned within thirty days in their original packaging for a full refund.</p></article>
<footer>Cookie settings · © Müller & Söhne</footer></body></html>`;

// Each page longer than half a chunk (size 200), so each page is a chunk of its own and is cited by its number.
const MANUAL = [
  'Boiler manual. To reset the boiler, hold the red reset button for ten seconds until the flame lights and the display shows the normal operating temperature again.',
  'Warranty. The warranty covers the heat exchanger for seven years from installation, provided the boiler is serviced every year by a registered engineer.',
  'Maintenance. Descale the pump every spring with the blue descaling kit, then flush the circuit with clean water and check the pressure gauge reads one bar.',
];

beforeAll(async () => {
  web = await startRecordingServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(PAGE);
  });
  embeddings = await startRecordingServer((req, res, body) => {
    const { input, model } = JSON.parse(body) as { input: string[]; model: string };
    const tokens = input.reduce((sum, text) => sum + fakeTokenCount(text), 0);
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })), model, usage: { prompt_tokens: tokens, total_tokens: tokens } }));
    }, embedDelayMs);
    void req;
  });
  h = await startRunsHarness('knowledge-ingestion');
  alice = await h.createUser('alice', { tokens: 1000, plan: 'premium' });
  const created = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openaiCompatible', name: 'Embeddings', settings: { baseUrl: `${embeddings.url}/v1` }, secrets: { apiKey: 'sk-test-embeddings' } } });
  expect(created.status).toBe(201);
  credentialId = created.body.id as string;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await web?.close();
  await embeddings?.close();
});

async function createBase(name: string, embedding: boolean, chunking?: { size: number; overlap: number }) {
  const response = await h.call('POST', KNOWLEDGE_API.list, { user: alice, body: { workspaceId: 'personal', name, embedding: embedding ? { credentialId, model: 'text-embedding-3-small' } : null, ...(chunking ? { chunking } : {}) } });
  expect(response.status).toBe(201);
  return response.body as { id: string; retrievalMode: string; retrievalReason: string | null };
}

async function uploadPdf(name: string, pages: readonly string[]): Promise<string> {
  const answer = await h.upload(alice, [{ field: 'file', name, bytes: pdfBytes(pages) }]);
  expect(answer.status).toBe(201);
  return answer.body.files[0].file.fileId as string;
}

async function waitForSource(baseId: string, sourceId: string, timeoutMs = 30_000): Promise<KnowledgeSource> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await h.call('GET', KNOWLEDGE_API.sources(baseId), { user: alice });
    const source = (listed.body.sources as KnowledgeSource[]).find((s) => s.id === sourceId);
    if (source && (source.status === 'ready' || source.status === 'failed')) return source;
    if (Date.now() > deadline) throw new Error(`source ${sourceId} did not finish: ${JSON.stringify(source)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function addSource(baseId: string, body: unknown): Promise<KnowledgeSource> {
  const added = await h.call('POST', KNOWLEDGE_API.sources(baseId), { user: alice, body });
  expect(added.status).toBe(202);
  expect(added.body.status).toBe('queued');
  return waitForSource(baseId, added.body.id as string);
}

const search = (baseId: string, query: string) => h.call('POST', KNOWLEDGE_API.search(baseId), { user: alice, body: { query, topK: 3 } });

describe.each([
  ['hybrid (vector + keyword)', true],
  ['keyword alone (no embedding credential)', false],
])('a PDF and a web page, searched by %s', (_label, embedding) => {
  let baseId: string;
  let pdf: KnowledgeSource;
  let page: KnowledgeSource;

  beforeAll(async () => {
    const base = await createBase(`Support ${embedding ? 'hybrid' : 'keyword'}`, embedding, { size: 200, overlap: 0 });
    baseId = base.id;
    expect(base).toMatchObject(embedding ? { retrievalMode: 'hybrid', retrievalReason: null } : { retrievalMode: 'keyword', retrievalReason: 'no_embedding_credential' });
    pdf = await addSource(baseId, { kind: 'file', fileId: await uploadPdf('boiler.pdf', MANUAL) });
    page = await addSource(baseId, { kind: 'url', url: `${web.url}/shipping` });
  }, 60_000);

  test('both sources are ready with their chunks, size and name', () => {
    expect(pdf).toMatchObject({ status: 'ready', name: 'boiler.pdf', failure: null });
    expect(pdf.chunkCount).toBeGreaterThanOrEqual(3);
    expect(page).toMatchObject({ status: 'ready', name: 'Shipping terms', url: `${web.url}/shipping` });
    expect(page.chunkCount).toBeGreaterThanOrEqual(1);
    // A page's size is the bytes fetched (not its characters, nor 0 as before it was fetched).
    expect(page.size).toBe(Buffer.byteLength(PAGE));
    expect(page.size).toBeGreaterThan(PAGE.length);
    expect(pdf.embeddedTokens > 0).toBe(embedding);
  });

  test('a question finds the right passage, cited by file and page, or by URL and heading', async () => {
    const warranty = await search(baseId, 'How many years does the warranty cover the heat exchanger?');
    expect(warranty.status).toBe(200);
    expect(warranty.body.mode).toBe(embedding ? 'hybrid' : 'keyword');
    expect(warranty.body.retrievalReason).toBe(embedding ? null : 'no_embedding_credential');
    const top = warranty.body.passages[0];
    expect(top.text).toContain('seven years');
    expect(top.citation).toMatchObject({ sourceId: pdf.id, sourceName: 'boiler.pdf', page: 2, url: null });
    expect(top.keywordRank).not.toBeNull();
    expect(top.vectorRank !== null).toBe(embedding);

    const customs = await search(baseId, 'Who pays customs duties for parcels to Switzerland?');
    expect(customs.body.passages[0].text).toContain('customs duties are paid by the recipient');
    expect(customs.body.passages[0].citation).toMatchObject({ sourceId: page.id, url: `${web.url}/shipping`, page: null });
    expect(customs.body.passages[0].citation.headings).toContain('Deliveries abroad');
    // The page's navigation and footer were left out of its main content.
    expect(JSON.stringify(customs.body.passages)).not.toContain('Cookie settings');
  });

  if (embedding) {
    test('by vector alone: a question sharing no rare word with the passage still ranks it by its vector', async () => {
      // The fake's vectors are bags of words: the query's words meet the passage's in vector space.
      const answer = await search(baseId, 'descale pump spring kit');
      expect(answer.body.passages[0].text).toContain('descaling kit');
      expect(answer.body.passages[0].vectorRank).toBe(1);
    });
  }

  test('removing a source removes its chunks, its keyword entries and its file', async () => {
    const fileId = pdf.file!.fileId;
    const chunks = h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(baseId).collection(KNOWLEDGE_CHUNKS);
    expect((await chunks.where('sourceId', '==', pdf.id).count().get()).data().count).toBe(pdf.chunkCount);
    const removed = await h.call('DELETE', KNOWLEDGE_API.source(baseId, pdf.id), { user: alice });
    expect(removed.status).toBe(204);
    expect((await chunks.where('sourceId', '==', pdf.id).count().get()).data().count).toBe(0);
    expect((await h.db.collection('files').doc(fileId).get()).exists).toBe(false);
    expect((await h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(baseId).collection(KNOWLEDGE_SOURCES).doc(pdf.id).get()).exists).toBe(false);
    // Keyword entries gone: the warranty passage is found no more, the page's still are.
    const warranty = await search(baseId, 'warranty heat exchanger seven years');
    expect(JSON.stringify(warranty.body.passages)).not.toContain('seven years');
    const base = await h.call('GET', KNOWLEDGE_API.one(baseId), { user: alice });
    expect(base.body).toMatchObject({ sourceCount: 1, chunkCount: page.chunkCount });
  });
});

test('a 200-page PDF is ingested on the queue, reports progress while it runs, and its embedding is charged once per batch', async () => {
  const base = await createBase('Service manual', true, { size: 200, overlap: 0 });
  const pages = Array.from({ length: 200 }, (_, i) => `Page ${i + 1} of the service manual explains procedure number ${i + 1} for the valve model V${i + 1} in detail, with the torque values and the order of the steps.`);
  const fileId = await uploadPdf('service-manual.pdf', pages);
  embedDelayMs = 150;
  const progress: Array<{ done: number; total: number }> = [];
  const added = await h.call('POST', KNOWLEDGE_API.sources(base.id), { user: alice, body: { kind: 'file', fileId } });
  expect(added.status).toBe(202);
  const sourceId = added.body.id as string;
  const stop = h.db
    .collection(KNOWLEDGE_BASES_COLLECTION)
    .doc(base.id)
    .collection(KNOWLEDGE_SOURCES)
    .doc(sourceId)
    .onSnapshot((snapshot) => {
      const value = snapshot.get('progress') as { done: number; total: number } | null | undefined;
      if (value) progress.push(value);
    });
  let source: KnowledgeSource;
  try {
    source = await waitForSource(base.id, sourceId, 60_000);
  } finally {
    stop();
    embedDelayMs = 0;
  }
  expect(source).toMatchObject({ status: 'ready', failure: null, progress: null });
  expect(source.chunkCount).toBeGreaterThanOrEqual(200);
  // At least one value between the start and the end was written while it ran.
  expect(progress.some((p) => p.done > 0 && p.done < p.total && p.total === source.chunkCount)).toBe(true);
  const hit = await search(base.id, 'procedure number 137 valve model V137');
  expect(hit.body.passages[0].citation.page).toBe(137);
  // Charged per batch of embedded tokens, at the embedding price, once per batch (keys knowledge:<source>:1:<batch>).
  const usage = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', alice.uid).where('feature', '==', 'knowledge_embedding').get();
  const sourceCharges = usage.docs.filter((doc) => String(doc.get('idempotencyKey')).startsWith(`knowledge:${sourceId}:1:`));
  expect(sourceCharges.length).toBe(Math.ceil(source.chunkCount / 96));
  expect(sourceCharges.reduce((sum, doc) => sum + Number(doc.get('tokensUsed')), 0)).toBeGreaterThanOrEqual(embeddingTokensFor(source.embeddedTokens));
}, 90_000);

test('a source a dead worker left processing: a live lease keeps other workers off it; once lapsed, recovery queues it again and it is ready, its batches not charged twice', async () => {
  const base = await createBase('Recovered', true, { size: 200, overlap: 0 });
  const text = Array.from({ length: 120 }, (_, i) => `Clause ${i + 1}. The tenant keeps item number ${i + 1} of the inventory in good repair and returns it at the end of the lease term.`).join('\n\n');
  const source = await addSource(base.id, { kind: 'text', name: 'Lease terms', text });
  expect(source.status).toBe('ready');
  const ref = h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(base.id).collection(KNOWLEDGE_SOURCES).doc(source.id);
  const charges = async () => {
    const usage = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', alice.uid).where('feature', '==', 'knowledge_embedding').get();
    return usage.docs.filter((doc) => String(doc.get('idempotencyKey')).startsWith(`knowledge:${source.id}:`)).map((doc) => Number(doc.get('tokensUsed')));
  };
  const charged = await charges();
  expect(charged.length).toBe(Math.ceil(source.chunkCount / 96));
  const embedCalls = () => embeddings.seen.length;

  // Another worker holds it under a live lease: a delivery of its job here does nothing.
  await ref.update({ status: 'processing', lease: { instanceId: 'other-worker', expiresAt: Date.now() + 60_000 } });
  const callsBefore = embedCalls();
  await h.app.runs.queue.enqueue(knowledgeJobId(base.id, source.id));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await ref.get()).get('status')).toBe('processing');
  expect(embedCalls()).toBe(callsBefore);

  // That worker died: its lease lapses, recovery queues the source again and this worker processes it.
  await ref.update({ lease: { instanceId: 'other-worker', expiresAt: Date.now() - 1 } });
  h.app.runs.jobs.start();
  let recovered: KnowledgeSource;
  try {
    recovered = await waitForSource(base.id, source.id);
  } finally {
    h.app.runs.jobs.stop();
  }
  expect(recovered).toMatchObject({ status: 'ready', chunkCount: source.chunkCount, failure: null, embeddedTokens: source.embeddedTokens });
  expect(embedCalls()).toBeGreaterThan(callsBefore);
  // The same batches of the same version: charged once.
  expect(await charges()).toEqual(charged);
}, 60_000);

test('a workspace out of tokens: the source fails with knowledge_tokens_exhausted and nothing of it is searchable', async () => {
  const carol = await h.createUser('carol', { plan: 'premium' });
  const credential = await h.call('POST', CREDENTIALS_API.create, { user: carol, body: { type: 'openaiCompatible', name: 'Embeddings', settings: { baseUrl: `${embeddings.url}/v1` }, secrets: { apiKey: 'sk-test-carol' } } });
  expect(credential.status).toBe(201);
  await debit(h.db, { uid: carol.uid, feature: 'workflow_run', amount: await h.balance(carol.uid), idempotencyKey: 'test:drain' });
  const base = await h.call('POST', KNOWLEDGE_API.list, { user: carol, body: { workspaceId: 'personal', name: 'Broke', embedding: { credentialId: credential.body.id, model: 'text-embedding-3-small' } } });
  expect(base.status).toBe(201);
  const added = await h.call('POST', KNOWLEDGE_API.sources(base.body.id), { user: carol, body: { kind: 'text', name: 'Rates', text: 'The hourly rate for emergency call-outs is ninety euros.' } });
  expect(added.status).toBe(202);
  const deadline = Date.now() + 20_000;
  let source: KnowledgeSource | undefined;
  while (Date.now() < deadline) {
    source = (await h.call('GET', KNOWLEDGE_API.sources(base.body.id), { user: carol })).body.sources[0];
    if (source?.status === 'failed' || source?.status === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(source).toMatchObject({ status: 'failed', chunkCount: 0, embeddedTokens: 0, failure: { code: 'knowledge_tokens_exhausted' } });
  expect((await h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(base.body.id).collection(KNOWLEDGE_CHUNKS).count().get()).data().count).toBe(0);
  expect(await h.balance(carol.uid)).toBe(0);
}, 30_000);
