// A knowledge base's chunks in Firestore: `knowledgeBases/{kb}/chunks/{id}`
// with the passage, where it came from, and its vector (Firestore's vector
// type; nearest neighbours by `findNearest` on the index declared in
// firebase/firestore.indexes.json). Server-only: rules deny browsers.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  CHUNK_EMBEDDING_FIELD,
  cosineDistanceThreshold,
  KNOWLEDGE_BASES_COLLECTION,
  KNOWLEDGE_CHUNKS,
  similarityFromCosineDistance,
  type Chunk,
  type VectorHit,
} from '@agentflow/shared/knowledge';

export interface StoredChunk {
  id: string;
  sourceId: string;
  index: number;
  text: string;
  headings: string[];
  page: number | null;
  /** Tokens the embedded text counted (0 when not embedded). */
  tokens: number;
}

export interface NewChunk extends Chunk {
  id: string;
  embedding: readonly number[] | null;
  tokens: number;
}

/** Chunks written per batch: a 1,536-dimension vector is ~12 kB, so 100 stay far below a batch's 10 MB. */
const WRITE_BATCH = 100;
const DISTANCE_FIELD = '_distance';

export const chunkId = (sourceId: string, index: number): string => `${sourceId}-${String(index).padStart(5, '0')}`;

export class ChunkStore {
  constructor(private readonly db: Firestore) {}

  private chunks(knowledgeBaseId: string) {
    return this.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(knowledgeBaseId).collection(KNOWLEDGE_CHUNKS);
  }

  /** Writes a source's chunks (replacing any under the same ids), in batches. */
  async write(knowledgeBaseId: string, sourceId: string, chunks: readonly NewChunk[]): Promise<void> {
    const collection = this.chunks(knowledgeBaseId);
    for (let start = 0; start < chunks.length; start += WRITE_BATCH) {
      const batch = this.db.batch();
      for (const chunk of chunks.slice(start, start + WRITE_BATCH)) {
        batch.set(collection.doc(chunk.id), {
          sourceId,
          index: chunk.index,
          text: chunk.text,
          headings: [...chunk.headings],
          page: chunk.page,
          tokens: chunk.tokens,
          [CHUNK_EMBEDDING_FIELD]: chunk.embedding ? FieldValue.vector([...chunk.embedding]) : null,
        });
      }
      await batch.commit();
    }
  }

  /** Deletes every chunk of a source; answers their ids (for the keyword index). */
  async deleteSource(knowledgeBaseId: string, sourceId: string): Promise<string[]> {
    const snapshot = await this.chunks(knowledgeBaseId).where('sourceId', '==', sourceId).select().get();
    const writer = this.db.bulkWriter();
    for (const doc of snapshot.docs) void writer.delete(doc.ref);
    await writer.close();
    return snapshot.docs.map((doc) => doc.id);
  }

  /** Deletes chunks by id (a re-synced source's ids past its new end). */
  async deleteIds(knowledgeBaseId: string, ids: readonly string[]): Promise<void> {
    const collection = this.chunks(knowledgeBaseId);
    const writer = this.db.bulkWriter();
    for (const id of ids) void writer.delete(collection.doc(id));
    await writer.close();
  }

  /** The nearest chunks to a vector by cosine similarity, at least `minSimilarity`, best first. */
  async nearest(knowledgeBaseId: string, vector: readonly number[], limit: number, minSimilarity: number): Promise<VectorHit[]> {
    const snapshot = await this.chunks(knowledgeBaseId)
      .findNearest({
        vectorField: CHUNK_EMBEDDING_FIELD,
        queryVector: [...vector],
        limit,
        distanceMeasure: 'COSINE',
        distanceResultField: DISTANCE_FIELD,
        distanceThreshold: cosineDistanceThreshold(minSimilarity),
      })
      .get();
    return snapshot.docs.map((doc) => ({ chunkId: doc.id, similarity: similarityFromCosineDistance(Number(doc.get(DISTANCE_FIELD))) }));
  }

  /** Chunks by id, in the order asked; ids no longer stored are left out. */
  async byIds(knowledgeBaseId: string, ids: readonly string[]): Promise<StoredChunk[]> {
    if (!ids.length) return [];
    const collection = this.chunks(knowledgeBaseId);
    const snapshots = await this.db.getAll(...ids.map((id) => collection.doc(id)));
    return snapshots.filter((doc) => doc.exists).map((doc) => {
      const data = doc.data()!;
      return {
        id: doc.id,
        sourceId: String(data.sourceId),
        index: Number(data.index),
        text: String(data.text),
        headings: Array.isArray(data.headings) ? data.headings.map(String) : [],
        page: typeof data.page === 'number' ? data.page : null,
        tokens: Number(data.tokens ?? 0),
      };
    });
  }

  /** A chunk's stored vector (tests and re-sync checks), or null. */
  async vectorOf(knowledgeBaseId: string, id: string): Promise<number[] | null> {
    const doc = await this.chunks(knowledgeBaseId).doc(id).get();
    const value = doc.get(CHUNK_EMBEDDING_FIELD) as { toArray(): number[] } | null | undefined;
    return value ? value.toArray() : null;
  }
}
