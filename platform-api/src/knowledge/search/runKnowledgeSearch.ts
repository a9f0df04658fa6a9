// The runs' KnowledgeSearch port (runs/knowledge/knowledgeStep.ts) over
// retrieval (../retrieve.ts) and the stores. A run searches only a knowledge
// base of its own workspace (the workflow's organization, or its payer's
// personal workspace) that its payer may view (mayUseKnowledge): a base of
// another workspace is refused with 'knowledge-base-forbidden' before anything
// of it is read, so a workflow document naming a foreign id learns nothing of
// its content. The question is embedded with the
// base's own embedding credential (opened from the vault for the payer, in
// the run's workspace, audited with the run and node); a base without one is
// searched by keyword alone and the result says so.
import { embed } from 'ai';
import { HttpError } from '@agentflow/shared/server';
import { mayUseKnowledge, type KnowledgeBase } from '@agentflow/shared/knowledge';
import { KNOWLEDGE_STEP_ERROR_CODES } from '@agentflow/shared/workflow';
import type { Grant } from '@agentflow/shared/rbac';
import { KnowledgeStepFailure, type KnowledgeSearch, type KnowledgeSearchRequest } from '../../runs/knowledge/knowledgeStep.js';
import { searchKnowledge, type QueryVector, type RetrievalPorts } from '../retrieve.js';
import { ProviderCallError, toProviderCallError } from '../../agents/providers.js';
import type { KnowledgeStore } from '../store.js';

/** Embeds a question with the knowledge base's model for a run (queryEmbedder.ts on the vault and the provider adapters). */
export type RunQueryEmbedder = (knowledgeBase: KnowledgeBase, text: string, request: KnowledgeSearchRequest) => Promise<QueryVector>;

export interface RunKnowledgeSearchDeps {
  store: Pick<KnowledgeStore, 'get' | 'sourceLabels'>;
  chunks: RetrievalPorts['chunks'];
  keywords: RetrievalPorts['keywords'];
  /** The payer's grants (access/store.ts loadAccess). */
  grantsOf: (uid: string) => Promise<readonly Grant[]>;
  embedQuery: RunQueryEmbedder;
}

/** Is the knowledge base in the run's workspace, and may its payer view it? */
export function runMayView(grants: readonly Grant[], request: Pick<KnowledgeSearchRequest, 'ownerId' | 'organizationId'>, knowledgeBase: Pick<KnowledgeBase, 'ownerId' | 'organizationId'>): boolean {
  const inWorkspace = request.organizationId ? knowledgeBase.organizationId === request.organizationId : knowledgeBase.organizationId === null && knowledgeBase.ownerId === request.ownerId;
  return inWorkspace && mayUseKnowledge(grants, request.ownerId, knowledgeBase, 'view');
}

export function runKnowledgeSearch(deps: RunKnowledgeSearchDeps): KnowledgeSearch {
  return {
    async search(request) {
      const knowledgeBase = await deps.store.get(request.knowledgeBaseId);
      if (!knowledgeBase) throw new KnowledgeStepFailure(`The knowledge base "${request.knowledgeBaseId}" does not exist (it may have been deleted)`, KNOWLEDGE_STEP_ERROR_CODES.missing);
      // A personal base searched from its owner's personal run needs no roles read.
      const grants = request.organizationId ? await deps.grantsOf(request.ownerId) : [];
      if (!runMayView(grants, request, knowledgeBase)) {
        throw new KnowledgeStepFailure(`The knowledge base "${request.knowledgeBaseId}" is not one of this workflow's workspace`, KNOWLEDGE_STEP_ERROR_CODES.forbidden);
      }
      let embedded: { modelId: string; tokens: number } | null = null;
      const ports: RetrievalPorts = {
        chunks: deps.chunks,
        keywords: deps.keywords,
        sourceLabels: (id, ids) => deps.store.sourceLabels(id, ids),
        embedQuery: async (base, text) => {
          const vector = await deps.embedQuery(base, text, request);
          embedded = { modelId: base.embedding?.model ?? '', tokens: vector.tokens };
          return vector;
        },
      };
      const settings = { topK: request.topK ?? knowledgeBase.retrieval.topK, minSimilarity: request.minSimilarity ?? knowledgeBase.retrieval.minSimilarity };
      const result = await searchKnowledge(ports, knowledgeBase, request.query, settings);
      return { mode: result.mode, passages: result.passages, embedding: embedded };
    },
  };
}

/** What opens the base's credential and builds its embedding model (the vault and the provider adapters, injected so this file stays free of them). */
export interface QueryEmbedderDeps {
  /** The embedding model of the credential for the run's payer in the run's workspace; throws HttpError refusals of the vault. */
  embeddingModel: (request: KnowledgeSearchRequest, credentialId: string, modelId: string) => Promise<Parameters<typeof embed>[0]['model']>;
}

/**
 * Embeds the question through the AI SDK. A refused credential or a provider's
 * refusal fails the search with 'knowledge-embedding-failed'; a transient
 * provider failure (5xx, 429, unreachable) is a ProviderCallError the engine retries.
 */
export function queryEmbedder(deps: QueryEmbedderDeps): RunQueryEmbedder {
  return async (knowledgeBase, text, request) => {
    const ref = knowledgeBase.embedding;
    if (!ref) throw new Error('a knowledge base without an embedding model is searched by keyword alone');
    try {
      const model = await deps.embeddingModel(request, ref.credentialId, ref.model);
      const result = await embed({ model, value: text, maxRetries: 0, abortSignal: request.signal });
      return { vector: result.embedding, tokens: result.usage?.tokens ?? 0 };
    } catch (error) {
      if (request.signal.aborted) throw error;
      // The provider busy or unreachable: another attempt may succeed (the engine retries the step).
      const mapped = toProviderCallError(error);
      if (mapped instanceof ProviderCallError && mapped.transient) throw mapped;
      const reason = error instanceof HttpError ? error.message : ((error as { message?: unknown } | null)?.message ?? String(error));
      throw new KnowledgeStepFailure(`The knowledge base's embedding model could not embed the question: ${String(reason)}`, KNOWLEDGE_STEP_ERROR_CODES.embedding);
    }
  };
}
