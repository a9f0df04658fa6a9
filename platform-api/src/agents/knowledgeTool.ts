// An agent's search_knowledge tool: offered when its node lists knowledge
// bases (tools.knowledge). Each call is a child step of the agent's step (type
// 'knowledge') with the question, the passages and their citations, and the
// tokens embedding the question cost, so the run record shows what was
// retrieved. The model reads the passages numbered with their citation
// ("[1] Price list.pdf, p. 3 — Rentals"), so its answer can cite them. A
// refused search (a base of another workspace, a missing one) goes back to
// the model as the tool's error; running out of tokens or a cancel stops the
// whole agent.
import { jsonSchema, tool, type ToolSet } from 'ai';
import { citationLabel } from '@agentflow/shared/knowledge';
import { KNOWLEDGE_STEP_LIMITS, KNOWLEDGE_TOOL_NAME, type KnowledgeStepOutput } from '@agentflow/shared/workflow';
import type { ToolCallContext } from './appTools.js';
import { messageOf } from '@agentflow/shared/domain';

/** Searches one knowledge base for the agent; charges the query's embedding under `callKey` and says what it cost. */
export type KnowledgeToolSearch = (knowledgeBaseId: string, query: string, callKey: string, signal: AbortSignal) => Promise<{ output: KnowledgeStepOutput; tokens: number }>;

/** The search charges its own embedding (chargeTokens and maxResultChars are not used: passages are cut by the search). */
export interface KnowledgeToolOptions extends Omit<ToolCallContext, 'chargeTokens' | 'maxResultChars'> {
  knowledgeBaseIds: readonly string[];
  search: KnowledgeToolSearch;
}

interface ToolInput {
  query: string;
  knowledge_base_id?: string;
}

/** What the model reads back: the passages numbered, each under its citation. */
export function passagesForModel(output: KnowledgeStepOutput): string {
  if (!output.passages.length) return 'No passage of the knowledge base matches this question.';
  return output.passages
    .map((passage, index) => {
      const text = passage.text.length > KNOWLEDGE_STEP_LIMITS.maxToolPassageChars ? `${passage.text.slice(0, KNOWLEDGE_STEP_LIMITS.maxToolPassageChars)}…` : passage.text;
      return `[${index + 1}] ${citationLabel(passage.citation)}${passage.citation.url ? ` (${passage.citation.url})` : ''}\n${text}`;
    })
    .join('\n\n');
}

export function knowledgeToolsFor(options: KnowledgeToolOptions): ToolSet {
  const ids = options.knowledgeBaseIds;
  if (!ids.length) return {};
  const several = ids.length > 1;
  let calls = 0;
  return {
    [KNOWLEDGE_TOOL_NAME]: tool({
      description: `Search the workspace's knowledge base${several ? 's' : ''} (company documents: manuals, price lists, terms) for passages that answer a question. Each passage comes with its source; cite sources by their number, like [1].`,
      inputSchema: jsonSchema<ToolInput>({
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The question or keywords to search for' },
          ...(several ? { knowledge_base_id: { type: 'string', enum: [...ids], description: 'Which knowledge base to search' } } : {}),
        },
        required: several ? ['query', 'knowledge_base_id'] : ['query'],
        additionalProperties: false,
      }),
      execute: async (args) => {
        const id = `${options.stepId}/${KNOWLEDGE_TOOL_NAME}#${++calls}`;
        const knowledgeBaseId = several ? (args.knowledge_base_id ?? '') : ids[0]!;
        const base = { id, parentStepId: options.stepId, nodeId: options.nodeId, name: KNOWLEDGE_TOOL_NAME, type: 'knowledge' as const };
        await options.onChildStep({ ...base, status: 'running', input: { query: args.query, knowledgeBaseId }, startedAt: new Date().toISOString() });
        try {
          // The model may only search what its node lists.
          if (!ids.includes(knowledgeBaseId)) throw new Error(`"${knowledgeBaseId}" is not one of the knowledge bases this agent may search: ${ids.join(', ')}`);
          const { output, tokens } = await options.search(knowledgeBaseId, String(args.query ?? ''), `${id}:embed`, options.signal);
          options.charged(tokens);
          await options.onChildStep({ ...base, status: 'succeeded', output, tokens, error: null, endedAt: new Date().toISOString() });
          // The structured output (passages with their citations) is what a chat's stream shows as sources; the model reads it as numbered text (toModelOutput).
          return output;
        } catch (error) {
          await options.onChildStep({ ...base, status: 'failed', error: messageOf(error), endedAt: new Date().toISOString() });
          if (options.isFatal(error) || options.signal.aborted) options.onFatal(error);
          throw error;
        }
      },
      toModelOutput: ({ output }) => ({ type: 'text', value: passagesForModel(output as KnowledgeStepOutput) }),
    }),
  };
}
