// Keyword relevance for a knowledge base: a MiniSearch index (BM25+ scoring,
// maintained, no native code) over its chunks' text and heading paths. One
// index per knowledge base, stored as MiniSearch's JSON beside the chunks and
// loaded by whichever instance searches, so the options it is built and loaded
// with live here once. Pure: no Node, no Firebase.
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { KeywordHit } from './fusion.js';

export interface KeywordDocument {
  /** The chunk's id. */
  id: string;
  text: string;
  /** The heading path, space-joined: a word in the section's title counts for its passages. */
  headings: string;
}

const SEARCH_OPTIONS: SearchOptions = {
  // A heading's words say what a section is about; they weigh more than a word in passing.
  boost: { headings: 1.5 },
  // Typos of longer words ("warrenty") still match; short words must match exactly.
  fuzzy: (term) => (term.length > 5 ? 0.2 : false),
  prefix: (term) => term.length > 3,
  combineWith: 'OR',
};

export const KEYWORD_INDEX_OPTIONS: Options<KeywordDocument> = {
  idField: 'id',
  fields: ['text', 'headings'],
  storeFields: [],
  searchOptions: SEARCH_OPTIONS,
};

export const newKeywordIndex = (): MiniSearch<KeywordDocument> => new MiniSearch<KeywordDocument>(KEYWORD_INDEX_OPTIONS);

/** An index as stored (`JSON.stringify(index)`), loaded with the options it was built with. */
export const keywordIndexFromJson = (json: string): MiniSearch<KeywordDocument> => MiniSearch.loadJSON<KeywordDocument>(json, KEYWORD_INDEX_OPTIONS);

export const keywordDocument = (chunkId: string, chunk: { text: string; headings: readonly string[] }): KeywordDocument => ({
  id: chunkId,
  text: chunk.text,
  headings: chunk.headings.join(' '),
});

/** Adds chunks, replacing any already indexed under the same id (a re-synced source). */
export function indexChunks(index: MiniSearch<KeywordDocument>, documents: readonly KeywordDocument[]): void {
  for (const document of documents) {
    if (index.has(document.id)) index.replace(document);
    else index.add(document);
  }
}

/** Removes a source's chunks (ids not in the index are ignored). */
export function unindexChunks(index: MiniSearch<KeywordDocument>, chunkIds: readonly string[]): void {
  index.discardAll(chunkIds.filter((id) => index.has(id)));
}

/** The best `limit` chunks for a query by BM25+, best first. */
export function keywordSearch(index: MiniSearch<KeywordDocument>, query: string, limit: number): KeywordHit[] {
  if (!query.trim()) return [];
  return index
    .search(query)
    .slice(0, limit)
    .map((result) => ({ chunkId: String(result.id), score: result.score }));
}
