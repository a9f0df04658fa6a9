// One source made searchable: its content as blocks, chunked by structure,
// embedded in batches (when the knowledge base has an embedding model), then
// written with its vectors and added to the keyword index. Progress is
// reported after each batch. A re-sync writes the new chunks over the old ids
// and removes the ids the new version no longer has, so a search during a
// re-sync finds the old passages or the new ones, never none. Embedding is
// charged batch by batch, as the provider counts it: a refusal (tokens run
// out) stops the source, which fails with the refusal's code; its chunks are
// written only once every batch is embedded, so a failed attempt leaves the
// previous version searchable (the batches embedded before it stay charged:
// that work was done).
import {
  chunkBlocks,
  embeddingText,
  KNOWLEDGE_LIMITS,
  indexChunks,
  keywordDocument,
  unindexChunks,
  type Chunk,
  type KnowledgeBase,
  type KnowledgeSource,
} from '@agentflow/shared/knowledge';
import type { ChunkStore, NewChunk } from './chunkStore.js';
import { chunkId } from './chunkStore.js';
import type { ExtractedSource } from './extract/sourceBlocks.js';
import type { KeywordIndexStore } from './keywordIndexStore.js';

export interface EmbeddedBatch {
  vectors: number[][];
  /** Tokens the provider counted for the batch. */
  tokens: number;
}

export interface IngestPorts {
  chunks: ChunkStore;
  keywords: KeywordIndexStore;
  /** The source's content as blocks (file from the bucket, page through the address guard, pasted text). */
  loadContent: (source: KnowledgeSource) => Promise<ExtractedSource>;
  /** Embeds texts with the knowledge base's model (never called without one). */
  embed: (knowledgeBase: KnowledgeBase, texts: readonly string[]) => Promise<EmbeddedBatch>;
  /** Charges embedded tokens to the knowledge base's workspace; throws a refusal when they cannot be paid. */
  charge: (knowledgeBase: KnowledgeBase, source: KnowledgeSource, tokens: number) => Promise<void>;
  /** Chunks done of the total, after each batch. */
  progress: (source: KnowledgeSource, done: number, total: number) => Promise<void>;
}

export interface IngestResult {
  chunkCount: number;
  embeddedTokens: number;
  /** A title the content gave itself (a web page's), or null. */
  title: string | null;
  truncated: boolean;
  /** The vector length the model answered with, or null by keyword alone. */
  dimensions: number | null;
  /** The bytes read, when only reading tells them (a web page's), or null. */
  size: number | null;
}

export class EmptySourceError extends Error {
  override name = 'EmptySourceError';
}

export class EmbeddingShapeError extends Error {
  override name = 'EmbeddingShapeError';
}

export async function ingestSource(ports: IngestPorts, knowledgeBase: KnowledgeBase, source: KnowledgeSource, previousChunkCount: number): Promise<IngestResult> {
  const content = await ports.loadContent(source);
  const chunks: Chunk[] = chunkBlocks(content.blocks, knowledgeBase.chunking);
  if (!chunks.length) throw new EmptySourceError('the source holds no text');
  await ports.progress(source, 0, chunks.length);
  const prepared: NewChunk[] = [];
  let embeddedTokens = 0;
  let dimensions: number | null = knowledgeBase.embedding?.dimensions ?? null;
  for (let start = 0; start < chunks.length; start += KNOWLEDGE_LIMITS.embedBatch) {
    const batch = chunks.slice(start, start + KNOWLEDGE_LIMITS.embedBatch);
    if (knowledgeBase.embedding) {
      const embedded = await ports.embed(knowledgeBase, batch.map(embeddingText));
      if (embedded.vectors.length !== batch.length) throw new EmbeddingShapeError(`the model answered ${embedded.vectors.length} vectors for ${batch.length} texts`);
      for (const vector of embedded.vectors) {
        dimensions ??= vector.length;
        if (vector.length !== dimensions) throw new EmbeddingShapeError(`the model answered vectors of ${vector.length} dimensions; this knowledge base holds ${dimensions}`);
      }
      await ports.charge(knowledgeBase, source, embedded.tokens);
      embeddedTokens += embedded.tokens;
      const tokensEach = Math.ceil(embedded.tokens / batch.length);
      batch.forEach((chunk, offset) => prepared.push({ ...chunk, id: chunkId(source.id, chunk.index), embedding: embedded.vectors[offset]!, tokens: tokensEach }));
    } else {
      for (const chunk of batch) prepared.push({ ...chunk, id: chunkId(source.id, chunk.index), embedding: null, tokens: 0 });
    }
    await ports.progress(source, Math.min(chunks.length, start + batch.length), chunks.length);
  }
  await ports.chunks.write(knowledgeBase.id, source.id, prepared);
  const stale = Array.from({ length: Math.max(0, previousChunkCount - prepared.length) }, (_, offset) => chunkId(source.id, prepared.length + offset));
  if (stale.length) await ports.chunks.deleteIds(knowledgeBase.id, stale);
  await ports.keywords.update(knowledgeBase.id, (index) => {
    unindexChunks(index, stale);
    indexChunks(
      index,
      prepared.map((chunk) => keywordDocument(chunk.id, chunk)),
    );
  });
  return { chunkCount: prepared.length, embeddedTokens, title: content.title, truncated: content.truncated, dimensions, size: content.size ?? null };
}
