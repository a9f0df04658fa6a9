// Knowledge bases: what a workspace's documents become so agents can answer
// from them with citations. A knowledge base holds sources (an uploaded file,
// a web page, pasted text); each source becomes chunks with their vectors.
// Every document here is written by platform-api only (rules deny browsers):
// browsers read through its API, which checks the workspace. Pure: no Node, no Firebase.
import type { FileRef } from '../files/model.js';
import type { ChunkingOptions } from './chunking.js';
import type { RetrievalSettings } from './fusion.js';

export const KNOWLEDGE_BASES_COLLECTION = 'knowledgeBases';
/** Subcollections of a knowledge base. */
export const KNOWLEDGE_SOURCES = 'sources';
export const KNOWLEDGE_CHUNKS = 'chunks';
/** The field of a chunk holding its vector (the vector index in firestore.indexes.json names it). */
export const CHUNK_EMBEDDING_FIELD = 'embedding';

/**
 * The vector lengths a knowledge base may embed with: one Firestore vector
 * index per length is declared on the chunks (an index has one dimension;
 * Firestore's limit is 2,048). 384: small local models; 768: Google, Ollama's
 * nomic-embed-text; 1024: Mistral; 1536: OpenAI's text-embedding-3-small (and
 * -large, asked for 1,536 dimensions).
 */
export const VECTOR_INDEX_DIMENSIONS = [384, 768, 1024, 1536] as const;
export const isIndexedDimension = (length: number): boolean => (VECTOR_INDEX_DIMENSIONS as readonly number[]).includes(length);

export type SourceKind = 'file' | 'url' | 'text';
export type SourceStatus = 'queued' | 'processing' | 'ready' | 'failed';

/** The file types a source may be, by the type sniffed from its bytes (or, for text formats, its name). */
export const KNOWLEDGE_FILE_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
} as const;
export type KnowledgeFileFormat = (typeof KNOWLEDGE_FILE_TYPES)[keyof typeof KNOWLEDGE_FILE_TYPES];

export const KNOWLEDGE_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  pastedTextMax: 200_000,
  /** Characters extracted from one source at most (a 200-page manual is ~600k). */
  extractedTextMax: 2_000_000,
  sourcesPerBase: 500,
  /** Chunks embedded per embedMany call. */
  embedBatch: 96,
  queryMax: 1_000,
} as const;

/** An embedding model reached through one of the workspace's AI credentials. */
export interface EmbeddingModelRef {
  credentialId: string;
  model: string;
  /** Vector length the model answers with (fixed when the first chunk is embedded; a vector index has one dimension). */
  dimensions: number | null;
}

export interface KnowledgeBase {
  id: string;
  /** The workspace: the payer's uid (personal) and the organization (or null). */
  ownerId: string;
  organizationId: string | null;
  name: string;
  description: string;
  chunking: ChunkingOptions;
  retrieval: RetrievalSettings;
  /** null: keyword relevance only (no embedding credential chosen). */
  embedding: EmbeddingModelRef | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  sourceCount: number;
  chunkCount: number;
}

export interface SourceFailure {
  /** A stable code the UI translates (KNOWLEDGE_ERROR_CODES). */
  code: string;
  message: string;
}

export interface KnowledgeSource {
  id: string;
  knowledgeBaseId: string;
  kind: SourceKind;
  /** A file's name, a page's title (or URL until fetched), or the name given to pasted text. */
  name: string;
  file: FileRef | null;
  url: string | null;
  status: SourceStatus;
  /** Pages or chunks done of the total while processing. */
  progress: { done: number; total: number } | null;
  failure: SourceFailure | null;
  /** Bytes of the file or page, characters of pasted text. */
  size: number;
  chunkCount: number;
  /** Tokens embedded for this source (what it was charged). */
  embeddedTokens: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** When it was last made ready. */
  syncedAt: string | null;
}

/** Where a passage came from: enough to cite it. */
export interface Citation {
  knowledgeBaseId: string;
  sourceId: string;
  sourceName: string;
  url: string | null;
  page: number | null;
  headings: readonly string[];
}

export interface RetrievedPassage {
  chunkId: string;
  text: string;
  citation: Citation;
  relevance: number;
  similarity: number | null;
  vectorRank: number | null;
  keywordRank: number | null;
}

/** A citation as one line: "Price list.pdf, p. 3 — Rentals › Deposits" (the page word comes from the caller's catalog). */
export function citationLabel(citation: Citation, pageWord = 'p.'): string {
  const where = citation.page !== null ? `${citation.sourceName}, ${pageWord} ${citation.page}` : citation.sourceName;
  return citation.headings.length ? `${where} — ${citation.headings.join(' › ')}` : where;
}
