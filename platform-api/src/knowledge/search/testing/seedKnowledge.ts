// Test code only: a knowledge base made searchable for the search tests,
// through the real ingestion (ingest.ts: chunking, chunk store, keyword
// index). Its chunks are embedded with the OpenAI fake's own function
// (fakeEmbedding), the vectors the fake server answers for a query, so which
// passage wins is decided by the real findNearest, MiniSearch and fusion.
import type { Firestore } from 'firebase-admin/firestore';
import { blocksFromText } from '@agentflow/shared/knowledge';
import type { KnowledgeBase } from '@agentflow/shared/knowledge';
import type { FileBucket } from '../../../files/bucket';
import { fakeEmbedding, fakeTokenCount } from '../../../agents/providers/openai/testing/fake';
import { ChunkStore } from '../../chunkStore';
import { ingestSource } from '../../ingest';
import { KeywordIndexStore } from '../../keywordIndexStore';
import { SourceJobs } from '../../sourceJobs';
import { KnowledgeStore } from '../../store';

export interface SeedSource {
  name: string;
  url?: string;
  /** Markdown; form feeds separate pages. */
  text: string;
}

export async function seedKnowledgeBase(
  db: Firestore,
  bucket: FileBucket,
  base: { ownerId: string; organizationId: string | null; name: string; embedding: { credentialId: string; model: string } | null },
  sources: readonly SeedSource[],
): Promise<KnowledgeBase> {
  const store = new KnowledgeStore(db);
  const jobs = new SourceJobs(db, { instanceId: 'seed', leaseMs: 60_000 });
  const created = await store.create({ ...base, description: '', createdBy: base.ownerId, embedding: base.embedding ? { ...base.embedding, dimensions: null } : null });
  const ports = {
    chunks: new ChunkStore(db),
    keywords: new KeywordIndexStore(db, bucket),
    loadContent: async (source: { name: string }) => ({ blocks: blocksFromText(sources.find((s) => s.name === source.name)!.text), title: null, truncated: false }),
    embed: async (_kb: KnowledgeBase, texts: readonly string[]) => ({ vectors: texts.map((text) => fakeEmbedding(text)), tokens: texts.reduce((sum, text) => sum + fakeTokenCount(text), 0) }),
    charge: async () => undefined,
    progress: async () => undefined,
  };
  for (const seed of sources) {
    const source = (await store.addSource(created.id, { kind: seed.url ? 'url' : 'text', name: seed.name, file: null, url: seed.url ?? null, size: seed.text.length, createdBy: base.ownerId }, SourceJobs.firstJob(new Date())))!;
    const claim = await jobs.claim(created.id, source.id);
    if (!claim.claimed) throw new Error(`could not claim the seeded source ${source.id}`);
    const knowledgeBase = (await store.get(created.id))!;
    const result = await ingestSource(ports, knowledgeBase, source, 0);
    await store.markReady(created.id, source.id, claim.holder, { chunkCount: result.chunkCount, embeddedTokens: result.embeddedTokens, dimensions: result.dimensions });
  }
  return (await store.get(created.id))!;
}
