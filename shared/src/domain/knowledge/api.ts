// platform-api's knowledge endpoints: their paths, request schemas (a failure
// is a 400 naming the field) and the stable codes of their refusals and of a
// source's failure, which the page translates. Pure: no Node, no Firebase.
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';
import { CHUNKING_LIMITS } from './chunking.js';
import { RETRIEVAL_LIMITS, retrievalMode, type RetrievalMode } from './fusion.js';
import { KNOWLEDGE_LIMITS, type KnowledgeBase, type KnowledgeSource, type RetrievedPassage } from './model.js';

const seg = encodeURIComponent;

export const KNOWLEDGE_API = {
  /** GET ?workspaceId=: the workspace's knowledge bases. POST: creates one. */
  list: '/api/knowledge-bases',
  /** GET, PATCH, DELETE one knowledge base. */
  one: (id: string) => `/api/knowledge-bases/${seg(id)}`,
  /** GET: its sources with their status. POST: adds a source (file, url or text). */
  sources: (id: string) => `/api/knowledge-bases/${seg(id)}/sources`,
  /** DELETE: removes a source, its chunks and its file. */
  source: (id: string, sourceId: string) => `/api/knowledge-bases/${seg(id)}/sources/${seg(sourceId)}`,
  /** POST: processes a source again (a page re-fetched, a file re-read). */
  resync: (id: string, sourceId: string) => `/api/knowledge-bases/${seg(id)}/sources/${seg(sourceId)}/resync`,
  /** POST {query, topK?, minSimilarity?}: the ranked passages (the test page). */
  search: (id: string) => `/api/knowledge-bases/${seg(id)}/search`,
} as const;

export const KNOWLEDGE_ERROR_CODES = {
  notFound: 'knowledge_base_not_found',
  sourceNotFound: 'knowledge_source_not_found',
  /** A file of a type a knowledge base does not read (400). */
  fileTypeNotAllowed: 'knowledge_file_type_not_allowed',
  tooManySources: 'knowledge_too_many_sources',
  /** The embedding credential is not an AI credential of the workspace, or its provider has no embeddings (400). */
  embeddingCredentialInvalid: 'knowledge_embedding_credential_invalid',
  /** The vector length the model answers is not one the knowledge bases index (source failure). */
  embeddingDimensionsUnsupported: 'knowledge_embedding_dimensions_unsupported',
  /** The provider refused or failed the embedding call (source failure). */
  embeddingFailed: 'knowledge_embedding_failed',
  /** The file or page could not be read, or holds no text (source failure). */
  unreadable: 'knowledge_source_unreadable',
  empty: 'knowledge_source_empty',
  /** The page could not be fetched: refused address, timeout, an error status (source failure). */
  fetchFailed: 'knowledge_page_fetch_failed',
  /** The workspace's tokens ran out while embedding (source failure). */
  tokensExhausted: 'knowledge_tokens_exhausted',
  /** The caller may not use knowledge bases of that workspace, or it does not exist (403). */
  workspaceForbidden: 'knowledge_workspace_forbidden',
  /** A re-sync of a source that is being processed (409). */
  sourceBusy: 'knowledge_source_busy',
  /** Processing stopped for a reason the source does not explain (a server fault; source failure). */
  processingFailed: 'knowledge_processing_failed',
} as const;

/** Why a knowledge base searches by keyword alone (null: it searches by both). */
export const KNOWLEDGE_RETRIEVAL_REASONS = { noEmbeddingCredential: 'no_embedding_credential' } as const;
export type KnowledgeRetrievalReason = (typeof KNOWLEDGE_RETRIEVAL_REASONS)[keyof typeof KNOWLEDGE_RETRIEVAL_REASONS];

/** A knowledge base as the API answers it: the stored fields plus how it searches, and why. */
export interface KnowledgeBaseView extends KnowledgeBase {
  retrievalMode: RetrievalMode;
  retrievalReason: KnowledgeRetrievalReason | null;
}

export function knowledgeBaseView(knowledgeBase: KnowledgeBase): KnowledgeBaseView {
  const mode = retrievalMode(knowledgeBase.embedding !== null);
  return { ...knowledgeBase, retrievalMode: mode, retrievalReason: mode === 'keyword' ? KNOWLEDGE_RETRIEVAL_REASONS.noEmbeddingCredential : null };
}

/** GET list: { knowledgeBases }; GET sources: { sources }; POST search: the ranked passages. */
export interface KnowledgeBaseListResponse {
  knowledgeBases: KnowledgeBaseView[];
}
export interface KnowledgeSourceListResponse {
  sources: KnowledgeSource[];
}
export interface KnowledgeSearchResponse {
  mode: RetrievalMode;
  retrievalReason: KnowledgeRetrievalReason | null;
  passages: RetrievedPassage[];
}

export type KnowledgeErrorCode = (typeof KNOWLEDGE_ERROR_CODES)[keyof typeof KNOWLEDGE_ERROR_CODES];
export const KNOWLEDGE_ERROR_CODE_LIST: readonly KnowledgeErrorCode[] = Object.values(KNOWLEDGE_ERROR_CODES);

const text = (max: number) => z.string({ error: 'must be a string' }).trim().max(max, `must be at most ${max} characters`);
const name = text(KNOWLEDGE_LIMITS.nameMax).min(1, 'is required');

export const chunkingSchema = z.strictObject({
  size: z.number({ error: 'must be a number' }).int('must be a whole number').min(CHUNKING_LIMITS.minSize, `must be at least ${CHUNKING_LIMITS.minSize}`).max(CHUNKING_LIMITS.maxSize, `must be at most ${CHUNKING_LIMITS.maxSize}`),
  overlap: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0'),
}).refine((value) => value.overlap <= value.size * CHUNKING_LIMITS.maxOverlapShare, { error: `must be at most ${CHUNKING_LIMITS.maxOverlapShare * 100} % of the size`, path: ['overlap'] });

export const retrievalSchema = z.strictObject({
  topK: z.number({ error: 'must be a number' }).int('must be a whole number').min(RETRIEVAL_LIMITS.minTopK, `must be at least ${RETRIEVAL_LIMITS.minTopK}`).max(RETRIEVAL_LIMITS.maxTopK, `must be at most ${RETRIEVAL_LIMITS.maxTopK}`),
  minSimilarity: z.number({ error: 'must be a number' }).min(-1, 'must be at least -1').max(1, 'must be at most 1'),
});

const embeddingSchema = z.strictObject({ credentialId: documentIdSchema, model: text(200).min(1, 'is required') }).nullable();

export const createKnowledgeBaseSchema = z.strictObject({
  /** 'personal' or an organization id. */
  workspaceId: documentIdSchema,
  name,
  description: text(KNOWLEDGE_LIMITS.descriptionMax).default(''),
  chunking: chunkingSchema.optional(),
  retrieval: retrievalSchema.optional(),
  embedding: embeddingSchema.default(null),
});

export const updateKnowledgeBaseSchema = z
  .strictObject({
    name: name.optional(),
    description: text(KNOWLEDGE_LIMITS.descriptionMax).optional(),
    retrieval: retrievalSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { error: 'must change at least one field' });

export const addSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('file'), fileId: documentIdSchema }),
    z.strictObject({ kind: z.literal('url'), url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048, 'must be at most 2048 characters') }),
    z.strictObject({ kind: z.literal('text'), name, text: text(KNOWLEDGE_LIMITS.pastedTextMax).min(1, 'is required') }),
  ],
  { error: "must be one of 'file', 'url', 'text'" },
);

/** GET list's query: the workspace ('personal' or an organization id). */
export const listKnowledgeBasesQuerySchema = z.object({ workspaceId: documentIdSchema });

export const searchKnowledgeSchema = z.strictObject({
  query: text(KNOWLEDGE_LIMITS.queryMax).min(1, 'is required'),
  topK: retrievalSchema.shape.topK.optional(),
  minSimilarity: retrievalSchema.shape.minSimilarity.optional(),
});

export type CreateKnowledgeBaseBody = z.infer<typeof createKnowledgeBaseSchema>;
export type UpdateKnowledgeBaseBody = z.infer<typeof updateKnowledgeBaseSchema>;
export type AddSourceBody = z.infer<typeof addSourceSchema>;
export type SearchKnowledgeBody = z.infer<typeof searchKnowledgeSchema>;

/**
 * The embedding model a credential type suggests, by AI credential type: the
 * types whose provider serves embeddings (through the AI SDK's embedMany).
 * '' : the endpoint's own models (the user names one). A type absent here
 * (Anthropic, Groq) has no embeddings: choosing it is
 * KNOWLEDGE_ERROR_CODES.embeddingCredentialInvalid.
 */
export const EMBEDDING_MODEL_SUGGESTIONS: Readonly<Record<string, string>> = {
  openai: 'text-embedding-3-small',
  google: 'text-embedding-004',
  mistral: 'mistral-embed',
  ollama: 'nomic-embed-text',
  openaiCompatible: '',
};

export const embedsWith = (credentialType: string): boolean => Object.prototype.hasOwnProperty.call(EMBEDDING_MODEL_SUGGESTIONS, credentialType);
