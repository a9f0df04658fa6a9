// Searching a knowledge base: the query's vector against the chunks'
// (findNearest) and its words against the keyword index (BM25+), fused by rank
// (shared/knowledge/fusion.ts), read back with where each passage came from so
// an answer can cite it. A knowledge base without an embedding model searches
// by keyword alone and says so (mode 'keyword').
import { fuseByRank, keywordSearch, retrievalMode, type Citation, type KnowledgeBase, type RetrievalMode, type RetrievalSettings, type RetrievedPassage } from '@agentflow/shared/knowledge';
import type { ChunkStore } from './chunkStore.js';
import type { KeywordIndexStore } from './keywordIndexStore.js';

export interface QueryVector {
  vector: number[];
  /** Tokens the embedding call counted (what the search is charged). */
  tokens: number;
}

export interface SourceLabel {
  name: string;
  url: string | null;
}

export interface RetrievalPorts {
  chunks: ChunkStore;
  keywords: KeywordIndexStore;
  /** Embeds the query with the knowledge base's model (never called without one). */
  embedQuery: (knowledgeBase: KnowledgeBase, text: string) => Promise<QueryVector>;
  /** The names (and URLs) of sources, by id; missing ids are sources removed meanwhile. */
  sourceLabels: (knowledgeBaseId: string, sourceIds: readonly string[]) => Promise<Map<string, SourceLabel>>;
}

export interface SearchResult {
  mode: RetrievalMode;
  passages: RetrievedPassage[];
  /** Tokens embedded for the query (0 by keyword alone). */
  embeddedTokens: number;
}

/** Each list brings more candidates than asked, so fusion can promote a passage both lists agree on. */
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 20;

export async function searchKnowledge(ports: RetrievalPorts, knowledgeBase: KnowledgeBase, query: string, settings: RetrievalSettings = knowledgeBase.retrieval): Promise<SearchResult> {
  const mode = retrievalMode(knowledgeBase.embedding !== null);
  const candidates = Math.max(MIN_CANDIDATES, settings.topK * CANDIDATES_PER_RESULT);
  const [vectorSide, keywordHits] = await Promise.all([
    mode === 'hybrid'
      ? ports.embedQuery(knowledgeBase, query).then(async (embedded) => ({ tokens: embedded.tokens, hits: await ports.chunks.nearest(knowledgeBase.id, embedded.vector, candidates, settings.minSimilarity) }))
      : Promise.resolve(null),
    ports.keywords.load(knowledgeBase.id).then((index) => keywordSearch(index, query, candidates)),
  ]);
  const fused = fuseByRank(vectorSide?.hits ?? null, keywordHits, settings);
  const stored = new Map((await ports.chunks.byIds(knowledgeBase.id, fused.map((hit) => hit.chunkId))).map((chunk) => [chunk.id, chunk]));
  const labels = await ports.sourceLabels(knowledgeBase.id, [...new Set([...stored.values()].map((chunk) => chunk.sourceId))]);
  const passages: RetrievedPassage[] = [];
  for (const hit of fused) {
    const chunk = stored.get(hit.chunkId);
    const label = chunk ? labels.get(chunk.sourceId) : undefined;
    if (!chunk || !label) continue; // removed between the search and the read
    const citation: Citation = { knowledgeBaseId: knowledgeBase.id, sourceId: chunk.sourceId, sourceName: label.name, url: label.url, page: chunk.page, headings: chunk.headings };
    passages.push({ chunkId: chunk.id, text: chunk.text, citation, relevance: hit.relevance, similarity: hit.similarity, vectorRank: hit.vectorRank, keywordRank: hit.keywordRank });
  }
  return { mode, passages, embeddedTokens: vectorSide?.tokens ?? 0 };
}
