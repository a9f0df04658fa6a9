#!/usr/bin/env node
// Knowledge search benchmark: the latency of one Knowledge step's search
// (platform-api/src/knowledge/search: the access check, the query's vector
// against the chunks with findNearest, its words against the BM25 index in
// the bucket, rank fusion, and the passages read back with their citations)
// on a knowledge base of N chunks, hybrid and keyword alone. The query's
// embedding is computed here (a hashed bag of words, 384 dimensions), so the
// figure is retrieval, not a provider's round trip. Seeding goes through the
// real ingestion (chunking, chunk store, keyword index); its time is printed.
//
// Needs the Firestore and Storage emulators and a build of shared and
// platform-api (npx tsc -b platform-api). For example, with the emulators running:
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 FIREBASE_STORAGE_EMULATOR_HOST=127.0.0.1:9199 node bench/knowledgeSearch.mjs
//
// Options: --pages 20,200 (a page is about 3 chunks; cumulative bases are not
// shared: each size is a base of its own), --samples N (default 20), --json.
//
// Measured here (2 cores shared with other work, dev emulators, 2026-11-27,
// --samples 10, two runs): 20 pages (60 chunks) hybrid p50 118–172 ms / p95
// 242–371 ms, keyword 32–66 / 48–148 ms; 200 pages (600 chunks) hybrid
// 133–145 / 146–226 ms, keyword 45–62 / 100–128 ms; seeding through ingestion
// 1.5–2.4 s. The emulator serves findNearest
// by scanning; hosted Firestore uses the vector index in
// firebase/firestore.indexes.json.
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { blocksFromText } from '@agentflow/shared/knowledge';
import { clearProject, emulatorHost, percentiles, requirePositiveIntegers } from './firestoreBench.mjs';
import { adminBucket } from '../platform-api/dist/files/bucket.js';
import { ChunkStore } from '../platform-api/dist/knowledge/chunkStore.js';
import { KeywordIndexStore } from '../platform-api/dist/knowledge/keywordIndexStore.js';
import { KnowledgeStore } from '../platform-api/dist/knowledge/store.js';
import { ingestSource } from '../platform-api/dist/knowledge/ingest.js';
import { runKnowledgeSearch } from '../platform-api/dist/knowledge/search/index.js';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '20,200' }, samples: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } } });
const host = emulatorHost('knowledgeSearch');
if (!process.env.FIREBASE_STORAGE_EMULATOR_HOST) {
  console.error('bench/knowledgeSearch: FIREBASE_STORAGE_EMULATOR_HOST is not set (the keyword index lives in the bucket).');
  process.exit(2);
}
const sizes = values.pages.split(',').map(Number);
const samples = Number(values.samples);
requirePositiveIntegers('knowledgeSearch', [...sizes, samples], '--pages and --samples take positive integers');

const PROJECT = 'demo-bench-knowledge-search';
const DIMENSIONS = 384;
const embed = (text) => {
  const vector = new Array(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []) {
    let hash = 7;
    for (const char of word) hash = (hash * 31 + char.codePointAt(0)) % 2_147_483_647;
    vector[hash % DIMENSIONS] += 1;
  }
  return vector;
};
const WORDS = 'boiler pump valve pressure filter warranty reset service invoice delivery pallet parcel thermostat radiator pipe leak gauge sensor fuse relay'.split(' ');
const paragraph = (page, n) => Array.from({ length: 60 }, (_, i) => WORDS[(page * 7 + n * 3 + i * i) % WORDS.length]).join(' ') + '.';
const manual = (pages) => Array.from({ length: pages }, (_, page) => `# Chapter ${page + 1}\n\n## Part A\n\n${paragraph(page, 1)} ${paragraph(page, 2)}\n\n## Part B\n\n${paragraph(page, 3)} ${paragraph(page, 4)}\n\n## Part C\n\n${paragraph(page, 5)}`).join('\f');

await clearProject(host, PROJECT);
const app = initializeApp({ projectId: PROJECT }, 'bench-knowledge-search');
const db = getFirestore(app);
const bucket = adminBucket(app, `${PROJECT}.appspot.com`);
const store = new KnowledgeStore(db);
const chunks = new ChunkStore(db);
const keywords = new KeywordIndexStore(db, bucket);
const search = runKnowledgeSearch({ store, chunks, keywords, grantsOf: async () => [], embedQuery: async (_kb, text) => ({ vector: embed(text), tokens: 5 }) });
const questions = ['how do I reset the boiler pressure', 'warranty of the pump valve', 'parcel delivery on a pallet', 'thermostat sensor fuse relay'];

const results = [];
for (const pages of sizes) {
  const seedStarted = performance.now();
  const base = await store.create({ ownerId: 'bench-user', organizationId: null, name: `Manual ${pages}`, description: '', createdBy: 'bench-user', embedding: { credentialId: 'bench-credential', model: 'bench-embed', dimensions: null } });
  const text = manual(pages);
  const source = await store.addSource(base.id, { kind: 'text', name: `Manual of ${pages} pages`, file: null, url: null, size: text.length, createdBy: 'bench-user' });
  const ingested = await ingestSource(
    { chunks, keywords, loadContent: async () => ({ blocks: blocksFromText(text), title: null, truncated: false }), embed: async (_kb, texts) => ({ vectors: texts.map(embed), tokens: texts.length }), charge: async () => undefined, progress: async () => undefined },
    (await store.get(base.id)),
    source,
    0,
  );
  await store.markReady(base.id, source.id, { chunkCount: ingested.chunkCount, embeddedTokens: ingested.embeddedTokens, dimensions: ingested.dimensions });
  const seedMs = performance.now() - seedStarted;
  const keywordBase = await store.create({ ownerId: 'bench-user', organizationId: null, name: `Keywords ${pages}`, description: '', createdBy: 'bench-user', embedding: null });
  const keywordSource = await store.addSource(keywordBase.id, { kind: 'text', name: 'Manual', file: null, url: null, size: text.length, createdBy: 'bench-user' });
  const keywordIngested = await ingestSource({ chunks, keywords, loadContent: async () => ({ blocks: blocksFromText(text), title: null, truncated: false }), embed: async () => ({ vectors: [], tokens: 0 }), charge: async () => undefined, progress: async () => undefined }, await store.get(keywordBase.id), keywordSource, 0);
  await store.markReady(keywordBase.id, keywordSource.id, { chunkCount: keywordIngested.chunkCount, embeddedTokens: 0, dimensions: null });

  for (const [mode, knowledgeBaseId] of [['hybrid', base.id], ['keyword', keywordBase.id]]) {
    const latencies = [];
    let found = 0;
    for (let i = 0; i < samples + 1; i++) {
      const started = performance.now();
      const result = await search.search({ ownerId: 'bench-user', organizationId: null, knowledgeBaseId, query: questions[i % questions.length], topK: 5, runId: 'bench-run', nodeId: 'search', signal: AbortSignal.timeout(30_000) });
      // The first search loads the keyword index into this instance's cache: reported apart.
      if (i > 0) latencies.push(performance.now() - started);
      else results.push({ pages, chunks: ingested.chunkCount, mode, firstMs: Math.round(performance.now() - started) });
      found += result.passages.length;
    }
    const q = percentiles(latencies);
    Object.assign(results.at(-1), { seedMs: mode === 'hybrid' ? Math.round(seedMs) : null, p50Ms: Math.round(q(0.5)), p95Ms: Math.round(q(0.95)), passagesPerSearch: found / (samples + 1) });
  }
}
await deleteApp(app);
if (values.json) console.log(JSON.stringify(results, null, 2));
else for (const r of results) console.log(`${String(r.pages).padStart(4)} pages (${r.chunks} chunks) ${r.mode.padEnd(7)} ${r.seedMs === null ? '' : `seeded ${r.seedMs} ms · `}first search ${r.firstMs} ms · p50 ${r.p50Ms} ms · p95 ${r.p95Ms} ms · ${r.passagesPerSearch} passages/search`);
