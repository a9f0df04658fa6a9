// Hybrid retrieval's last step: the vector search's and the keyword search's
// ranked lists fused by reciprocal rank (RRF, Cormack et al. 2009), which needs
// no calibration between a cosine similarity and a BM25 score. The relevance
// threshold applies to each list where its score means something (the cosine
// similarity of a vector hit; a keyword hit matched the query's words), before
// fusion; top-k after. Pure: no Node, no Firebase.

export interface RetrievalSettings {
  /** Passages returned at most. */
  topK: number;
  /** Vector hits below this cosine similarity (−1…1) are dropped. */
  minSimilarity: number;
}

export const RETRIEVAL_LIMITS = { minTopK: 1, maxTopK: 20, defaultTopK: 5, defaultMinSimilarity: 0.3 } as const;

export const DEFAULT_RETRIEVAL: RetrievalSettings = { topK: RETRIEVAL_LIMITS.defaultTopK, minSimilarity: RETRIEVAL_LIMITS.defaultMinSimilarity };

/** RRF's constant: how much rank 1 outweighs rank 10 (60 is the paper's and most engines' choice). */
export const RRF_K = 60;

/** The field of RetrievalSettings that is out of bounds, or null when both are valid. */
export function invalidRetrievalField(settings: RetrievalSettings): keyof RetrievalSettings | null {
  const { topK, minSimilarity } = settings;
  if (!Number.isInteger(topK) || topK < RETRIEVAL_LIMITS.minTopK || topK > RETRIEVAL_LIMITS.maxTopK) return 'topK';
  if (typeof minSimilarity !== 'number' || !Number.isFinite(minSimilarity) || minSimilarity < -1 || minSimilarity > 1) return 'minSimilarity';
  return null;
}

export interface VectorHit {
  chunkId: string;
  /** Cosine similarity, −1…1. */
  similarity: number;
}

export interface KeywordHit {
  chunkId: string;
  /** BM25 score (unbounded; only its order is used). */
  score: number;
}

export type RetrievalMode = 'hybrid' | 'vector' | 'keyword';

export interface FusedHit {
  chunkId: string;
  /** 0…1: the fused RRF score over the best a passage could have had in the lists that ran (rank 1 in each). */
  relevance: number;
  /** 1-based rank in each list, null when the list did not find it. */
  vectorRank: number | null;
  keywordRank: number | null;
  similarity: number | null;
}

/** Cosine similarity from Firestore's COSINE distance (which is 1 − similarity). */
export const similarityFromCosineDistance = (distance: number): number => 1 - distance;
/** The COSINE distance threshold findNearest takes for a minimum similarity. */
export const cosineDistanceThreshold = (minSimilarity: number): number => 1 - minSimilarity;

/**
 * Fuses the two lists (either may be absent: a knowledge base without an
 * embedding credential searches by keyword alone) into at most `topK` passages,
 * best first. Ties keep the vector list's order, then the keyword list's.
 */
export function fuseByRank(vector: readonly VectorHit[] | null, keyword: readonly KeywordHit[] | null, settings: RetrievalSettings): FusedHit[] {
  const byId = new Map<string, FusedHit & { score: number; order: number }>();
  const lists = (vector ? 1 : 0) + (keyword ? 1 : 0);
  if (lists === 0) return [];
  const best = lists / (RRF_K + 1);
  const entry = (chunkId: string) => {
    let hit = byId.get(chunkId);
    if (!hit) {
      hit = { chunkId, relevance: 0, vectorRank: null, keywordRank: null, similarity: null, score: 0, order: byId.size };
      byId.set(chunkId, hit);
    }
    return hit;
  };
  const keptVector = [...(vector ?? [])].filter((hit) => hit.similarity >= settings.minSimilarity).sort((a, b) => b.similarity - a.similarity);
  keptVector.forEach((hit, index) => {
    const fused = entry(hit.chunkId);
    if (fused.vectorRank !== null) return; // a list names a passage once; the first (best) rank counts
    fused.vectorRank = index + 1;
    fused.similarity = hit.similarity;
    fused.score += 1 / (RRF_K + index + 1);
  });
  const keptKeyword = [...(keyword ?? [])].filter((hit) => hit.score > 0).sort((a, b) => b.score - a.score);
  keptKeyword.forEach((hit, index) => {
    const fused = entry(hit.chunkId);
    if (fused.keywordRank !== null) return;
    fused.keywordRank = index + 1;
    fused.score += 1 / (RRF_K + index + 1);
  });
  return [...byId.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, settings.topK)
    .map(({ score, order: _order, ...hit }) => ({ ...hit, relevance: Math.min(1, score / best) }));
}

/** Which lists a search runs: both when the knowledge base has an embedding model, keyword alone otherwise. */
export const retrievalMode = (hasEmbeddingModel: boolean): RetrievalMode => (hasEmbeddingModel ? 'hybrid' : 'keyword');
