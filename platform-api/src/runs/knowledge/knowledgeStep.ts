// The Knowledge step: searches a knowledge base of the run's workspace with a
// question computed from the step's input, and gives the passages with their
// citations (file and page, or URL and headings) and the retrieval that ran
// ('hybrid', or 'keyword' when the base has no embedding credential). The
// engine knows a port (KnowledgeSearch), not Firestore: knowledge/search/
// implements it over retrieve.ts and the stores, and checks that the run's
// workspace may view the base. The agents' search_knowledge tool
// (agents/knowledgeTool.ts) searches through the same searchForRun().
//
// Embedding the question is a provider call on the base's credential: its
// tokens are charged at the price table's embedding price per 1,000 tokens
// (embeddingTokensFor, as ingestion pays), as soon as the provider answered.
import { embeddingTokensFor } from '@agentflow/shared/domain';
import { KNOWLEDGE_LIMITS, type RetrievalMode, type RetrievedPassage } from '@agentflow/shared/knowledge';
import { KNOWLEDGE_STEP_ERROR_CODES, parseNodeParams, stepPassage, type KnowledgeStepErrorCode, type KnowledgeStepOutput } from '@agentflow/shared/workflow';
import { evaluate } from '../../expressions/evaluate.js';
import { runWorkspace } from '../vaultRefusal.js';
import { StepFailure, type StepContext, type StepHandler } from '../steps.js';

export interface KnowledgeSearchRequest {
  /** The run's workspace: its payer and organization (null: the payer's personal workspace). */
  ownerId: string;
  organizationId: string | null;
  knowledgeBaseId: string;
  query: string;
  /** Absent: the knowledge base's own settings. */
  topK?: number;
  minSimilarity?: number;
  /** Recorded with the credential's use (audit). */
  runId: string;
  nodeId: string;
  signal: AbortSignal;
}

export interface KnowledgeSearchResult {
  mode: RetrievalMode;
  passages: RetrievedPassage[];
  /** The query's embedding call (null by keyword alone): what it is charged. */
  embedding: { modelId: string; tokens: number } | null;
}

/** The engine's port to retrieval. Refusals throw KnowledgeStepFailure with a stable code. */
export interface KnowledgeSearch {
  search(request: KnowledgeSearchRequest): Promise<KnowledgeSearchResult>;
}

/** A search that cannot be made (missing or foreign base, bad query, embedding refused): not transient. */
export class KnowledgeStepFailure extends StepFailure {
  constructor(
    message: string,
    readonly code: KnowledgeStepErrorCode,
  ) {
    super(message, code);
    this.name = 'KnowledgeStepFailure';
  }
}

export interface RunSearch {
  knowledgeBaseId: string;
  query: string;
  topK?: number;
  minSimilarity?: number;
}

/** Platform tokens of embedding a query: the price table's embedding price, as ingestion and the test search pay (pricing.ts). */
export const queryEmbeddingCost = (embedding: KnowledgeSearchResult['embedding']): number => (embedding ? embeddingTokensFor(embedding.tokens) : 0);

/** One search for a run's step (or its agent's tool call): the passages as a run records them, and the tokens charged under `callKey`. */
export async function searchForRun(search: KnowledgeSearch | null, context: Pick<StepContext, 'run' | 'node' | 'signal' | 'chargeTokens'>, request: RunSearch, callKey: string): Promise<{ output: KnowledgeStepOutput; tokens: number }> {
  if (!search) throw new StepFailure('Knowledge bases are not available on this server');
  const query = request.query.trim();
  if (!query) throw new KnowledgeStepFailure('The question to search the knowledge base with is empty', KNOWLEDGE_STEP_ERROR_CODES.query);
  if (query.length > KNOWLEDGE_LIMITS.queryMax) throw new KnowledgeStepFailure(`The question to search the knowledge base with is longer than ${KNOWLEDGE_LIMITS.queryMax} characters`, KNOWLEDGE_STEP_ERROR_CODES.query);
  const result = await search.search({
    ...runWorkspace(context.run),
    knowledgeBaseId: request.knowledgeBaseId,
    query,
    ...(request.topK !== undefined ? { topK: request.topK } : {}),
    ...(request.minSimilarity !== undefined ? { minSimilarity: request.minSimilarity } : {}),
    runId: context.run.id,
    nodeId: context.node.id,
    signal: context.signal,
  });
  const tokens = queryEmbeddingCost(result.embedding);
  if (tokens > 0) await context.chargeTokens(tokens, callKey);
  return { output: { knowledgeBaseId: request.knowledgeBaseId, query, mode: result.mode, passages: result.passages.map(stepPassage) }, tokens };
}

/** The question as text: a string, or a number or boolean written out; anything else is refused. */
function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new KnowledgeStepFailure(`The question must be text; the expression gave ${value === undefined ? 'nothing' : Array.isArray(value) ? 'a list' : typeof value}`, KNOWLEDGE_STEP_ERROR_CODES.query);
}

export function createKnowledgeHandler(search: KnowledgeSearch | null): StepHandler {
  return async (context) => {
    const parsed = parseNodeParams('knowledge', context.node.params);
    if (!parsed.success) throw new StepFailure(`Invalid parameters of ${context.node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const { knowledgeBaseId, query, topK, minSimilarity } = parsed.data;
    const text = queryText(await evaluate(query, context.input));
    const { output } = await searchForRun(search, context, { knowledgeBaseId, query: text, topK, minSimilarity }, `${context.stepId}:embed`);
    return { output };
  };
}
