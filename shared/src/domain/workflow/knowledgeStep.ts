// The Knowledge step and the agents' search_knowledge tool (issue 23): what a
// step gives (passages with their citations, and which retrieval ran), the
// error codes the engine records and the UI translates, and the one mapping
// from a retrieved passage to what a run shows. Pure: no zod here (the param
// schema is in params.ts), so the builder's first view may import it.
import type { Citation, RetrievedPassage } from '../knowledge/model.js';
import type { RetrievalMode } from '../knowledge/fusion.js';

/** The agent tool's name (OpenAI function names: letters, digits, _ and -). */
export const KNOWLEDGE_TOOL_NAME = 'search_knowledge';

export const KNOWLEDGE_STEP_LIMITS = {
  /** Knowledge bases one agent may search. */
  maxAgentKnowledgeBases: 5,
  /** Characters of a passage the model reads back from the tool (the step output keeps it whole). */
  maxToolPassageChars: 1_500,
} as const;

/** Stable codes of a knowledge step's (or tool call's) failure, beside the English message. */
export const KNOWLEDGE_STEP_ERROR_CODES = {
  /** The knowledge base is gone (or never was). */
  missing: 'knowledge-base-missing',
  /** The knowledge base belongs to another workspace than the run's, or the run's owner may not view it. */
  forbidden: 'knowledge-base-forbidden',
  /** The query is empty or longer than KNOWLEDGE_LIMITS.queryMax. */
  query: 'knowledge-query-invalid',
  /** The embedding credential could not embed the query (deleted, refused, provider failure). */
  embedding: 'knowledge-embedding-failed',
} as const;
export type KnowledgeStepErrorCode = (typeof KNOWLEDGE_STEP_ERROR_CODES)[keyof typeof KNOWLEDGE_STEP_ERROR_CODES];

/** One passage as a run records it: `score` is the fused relevance (0…1), `citation` where it came from. */
export interface StepPassage {
  text: string;
  score: number;
  citation: Citation;
  sourceId: string;
}

/** A Knowledge step's output and a search_knowledge call's: `mode` says whether vectors took part ('keyword': no embedding credential). */
export interface KnowledgeStepOutput {
  knowledgeBaseId: string;
  query: string;
  mode: RetrievalMode;
  passages: StepPassage[];
}

export function stepPassage(passage: RetrievedPassage): StepPassage {
  return { text: passage.text, score: Math.round(passage.relevance * 1000) / 1000, citation: passage.citation, sourceId: passage.citation.sourceId };
}

/** A step output that is a knowledge search's (the run view shows its passages as cited cards). */
export function isKnowledgeStepOutput(value: unknown): value is KnowledgeStepOutput {
  if (typeof value !== 'object' || value === null) return false;
  const { passages, mode } = value as Partial<KnowledgeStepOutput>;
  return Array.isArray(passages) && (mode === 'hybrid' || mode === 'vector' || mode === 'keyword') && passages.every((p) => typeof p === 'object' && p !== null && typeof p.text === 'string' && typeof p.citation === 'object' && p.citation !== null);
}
