// One agent step: the agent's role as system prompt, its prompt template
// rendered against the step input, one model call after another through the
// Vercel AI SDK until it answers (or uses up its steps), with its HTTP tools
// and its delegates as tools. A delegate is another agent node run
// recursively for a sub-task and reported as a child step.
//
// Every model call is charged as soon as the provider has answered (a model
// middleware, before any tool the call asked for runs), so a run that runs
// out of tokens stops at that call. The SDK's own retries are off: the
// engine's retry/backoff is the only one, and counts attempts.
import { NoObjectGeneratedError, generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel, type LanguageModel, type LanguageModelMiddleware, type ToolSet } from 'ai';
import { RUN_LIMITS, parseNodeParams, type AgentParams, type RunStepType, type WorkflowNode } from '@agentflow/shared/workflow';
import { appToolsFor, type AppToolCall, type ToolCallContext } from './appTools.js';
import { knowledgeToolsFor, type KnowledgeToolSearch } from './knowledgeTool.js';
import { mcpToolsFor, type McpSession, type McpSessionOpener } from './mcpTools.js';
import { agentCallCost, messageOf } from '@agentflow/shared/domain';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import { renderTemplate } from '../expressions/evaluate.js';
import { AgentConfigError, AgentStepLimitError } from './agentErrors.js';
import { MAX_TOOL_RESULT_CHARS, httpToolFor } from './httpTool.js';
import { jsonOutput, outputError } from './structuredOutput.js';
import { withAttachments, type AgentAttachment } from './attachments.js';
import { NoProviderError, ProviderCallError, toProviderCallError, type ModelResolver } from './providers.js';
import { streamAnswer, type AgentStreamSink } from './streamAnswer.js';

export interface ChildStepUpdate {
  id: string;
  parentStepId: string;
  nodeId: string;
  name: string;
  status: 'running' | 'succeeded' | 'failed';
  /** The child's node type when it is not its node's (an app tool call of an agent: 'connector'). */
  type?: RunStepType;
  input?: unknown;
  output?: unknown;
  error?: string | null;
  tokens?: number;
  startedAt?: string;
  endedAt?: string;
}

/** What an HTTP tool's credential adds to its requests. */
export interface ToolCredential {
  headers: Record<string, string>;
  secrets: string[];
}

export interface RunAgentOptions {
  /** Type 'agent' (params per shared/src/workflow/params.ts). */
  node: WorkflowNode;
  /** The run's snapshot, to resolve delegates by node id. */
  nodes: readonly WorkflowNode[];
  /** What this agent sees: the run input and upstream outputs (StepInput); the data of its templates. */
  input: unknown;
  /** This step's id; child step ids are `${stepId}/${delegateNodeId}#${n}`. */
  stepId: string;
  models: ModelResolver;
  /**
   * The model of an agent (this one or a delegate) that names a credential:
   * opened from the vault for the run's owner. null: the agent names none,
   * and `models` (the platform default) serves it.
   */
  credentialModel?: (params: AgentParams, nodeId: string) => Promise<LanguageModel | null>;
  /** The headers of an HTTP tool's vault credential, and the values to redact from its answer (absent: a tool naming one fails). */
  toolCredentialHeaders?: (credentialId: string) => Promise<ToolCredential>;
  /** The platform fee of an agent step on the user's own credential (default DEFAULT_OWN_CREDENTIAL_STEP_FEE). */
  ownCredentialStepFee?: number;
  /** Cancel / timeout. */
  signal: AbortSignal;
  /**
   * Debits the platform tokens of ONE model call (agentCallCost: the price
   * table applied to the provider's usage, or the step fee). callKey is
   * `${stepId}:call:${n}` (n from 1 within this agent's execution; a
   * delegate's calls use its child step id). Errors (InsufficientTokensError)
   * stop the whole agent and are rethrown unchanged.
   */
  chargeTokens: (tokens: number, callKey: string) => Promise<void>;
  onChildStep: (update: ChildStepUpdate) => void | Promise<void>;
  fetchPolicy: SafeFetchPolicy;
  /** Model calls per agent (each delegate has as many); default RUN_LIMITS.maxAgentSteps. */
  maxSteps?: number;
  /** The text of the files this agent reads (its `files` param), put after its prompt; delegates get none. */
  attachments?: readonly AgentAttachment[];
  /** Runs an app (connector) operation an agent lists in tools.connectors, and the platform fee of one call (absent: such tools fail). */
  apps?: { call: AppToolCall; stepFee: number };
  /** Streams the answer as it is written (a chat run; streamAnswer.ts): a text agent's own answer, never a delegate's. */
  stream?: AgentStreamSink;
  /** Searches a knowledge base an agent lists in tools.knowledge (the search_knowledge tool; absent: such agents fail). */
  knowledge?: { search: KnowledgeToolSearch };
  /** Connects to the MCP servers an agent lists in tools.mcp (once per server per agent; closed when it ends), and the fee of one call (absent: such agents fail). */
  mcp?: { open: McpSessionOpener; stepFee: number };
}

export interface RunAgentResult {
  /** The answer text, or the parsed object validated against the node's JSON schema. */
  output: unknown;
  /** Tokens charged while this agent ran, its delegates' included (each child step also reports its own). */
  tokens: number;
}

/** Delegates of delegates… stop here (and a delegate already working higher up the chain is refused). */
export const MAX_DELEGATION_DEPTH = 3;

export { AgentConfigError, AgentOutputError, AgentStepLimitError } from './agentErrors.js';
export { MAX_TOOL_RESULT_CHARS } from './httpTool.js';

/** Shared by an agent and the delegates it calls. */
interface Tree {
  /** Set by the first error that must end the whole step (tokens, provider, cancel). */
  fatal: { error: unknown } | null;
  /** Aborted on a fatal error so the agents up the chain stop calling the model. */
  controller: AbortController;
}

export async function runAgent(options: RunAgentOptions): Promise<RunAgentResult> {
  const tree: Tree = { fatal: null, controller: new AbortController() };
  return runOne(options, tree, [options.node.id], null, () => undefined);
}

function agentParams(node: WorkflowNode): AgentParams {
  if (node.type !== 'agent') throw new AgentConfigError(`Node "${node.id}" is a ${node.type} node, not an agent`);
  const parsed = parseNodeParams('agent', node.params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AgentConfigError(`Agent "${node.name}" has invalid settings: ${issue ? `${issue.path.join('.') || 'params'} ${issue.message}` : 'invalid params'}`);
  }
  return parsed.data;
}

/** Fatal for the whole step (stop every agent in the tree); anything else a delegate hits is reported back to its caller as a tool error. */
function isFatal(error: unknown): boolean {
  // The ledger's error by name: the agents do not depend on the ledger.
  return error instanceof ProviderCallError || error instanceof NoProviderError || (error as { name?: unknown } | null)?.name === 'InsufficientTokensError';
}

/**
 * Runs one agent of the tree. `onCharged` passes every debit up the chain of
 * callers, so a caller's total includes delegates that failed after spending.
 */
async function runOne(
  options: RunAgentOptions,
  tree: Tree,
  chain: string[],
  task: { text: string; from: string } | null,
  onCharged: (tokens: number) => void,
): Promise<RunAgentResult> {
  const { node, stepId, signal } = options;
  const params = agentParams(node);
  const maxSteps = Math.max(1, options.maxSteps ?? RUN_LIMITS.maxAgentSteps);
  const combined = AbortSignal.any([signal, tree.controller.signal]);
  let tokens = 0;
  let calls = 0;
  let pricedModelId: string | null = null;
  const charged = (used: number) => {
    tokens += used;
    onCharged(used);
  };

  // Charges each call right after the provider answered: a refused debit ends the agent before tools run.
  const chargeCall = async (usage: { inputTokens: { total?: number | undefined }; outputTokens: { total?: number | undefined } }) => {
    const callKey = `${stepId}:call:${++calls}`;
    // Platform tokens, not the provider's count: the price table, or the step fee on the user's own credential.
    const used = agentCallCost({
      inputTokens: usage.inputTokens.total ?? 0,
      outputTokens: usage.outputTokens.total ?? 0,
      modelId: pricedModelId,
      ownCredential: params.credentialId !== undefined,
      firstCallOfStep: calls === 1,
      stepFee: options.ownCredentialStepFee,
    });
    if (used > 0) {
      try {
        await options.chargeTokens(used, callKey);
      } catch (error) {
        tree.fatal ??= { error };
        tree.controller.abort(error);
        throw error;
      }
      charged(used);
    }
  };
  const charging: LanguageModelMiddleware = {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      await chargeCall(result.usage);
      return result;
    },
    // A streamed call is charged when its usage arrives (the finish part), before the SDK runs the tools it asked for.
    wrapStream: async ({ doStream }) => {
      const { stream, ...rest } = await doStream();
      const charged = stream.pipeThrough(
        new TransformStream({
          async transform(part, controller) {
            if (part.type === 'finish') await chargeCall(part.usage);
            controller.enqueue(part);
          },
        }),
      );
      return { stream: charged, ...rest };
    },
  };

  let mcpSession: McpSession | null = null;
  try {
    const resolved = (await options.credentialModel?.(params, node.id)) ?? options.models.resolve(params.model ?? null);
    if (typeof resolved === 'string' || resolved.specificationVersion !== 'v3') throw new AgentConfigError('The AI provider gave a model this version of platform-api cannot call');
    pricedModelId = resolved.modelId;
    const model = wrapLanguageModel({ model: resolved, middleware: charging });

    let prompt = await renderTemplate(params.promptTemplate, options.input);
    if (task) prompt += `\n\nTask from ${task.from}:\n${task.text}`;
    // Only the step's own agent reads its files: a delegate works on the task it is given.
    else prompt = withAttachments(prompt, options.attachments ?? []);

    const tools: ToolSet = {};
    // How app, knowledge and MCP tools report and pay their calls (child steps of this step).
    const toolContext: ToolCallContext = {
      stepId,
      nodeId: node.id,
      signal: combined,
      chargeTokens: options.chargeTokens,
      onChildStep: options.onChildStep,
      charged,
      onFatal: (error) => {
        tree.fatal ??= { error };
        tree.controller.abort(error);
      },
      isFatal,
      maxResultChars: MAX_TOOL_RESULT_CHARS,
    };
    for (const httpTool of params.tools.http) tools[httpTool.name] = httpToolFor(httpTool, options, combined);
    const appTools = params.tools.connectors ?? [];
    if (appTools.length > 0) {
      if (!options.apps) throw new AgentConfigError(`Agent "${node.name}" uses app tools, but apps are not available on this server`);
      Object.assign(
        tools,
        appToolsFor({
          tools: appTools,
          call: options.apps.call,
          stepFee: options.apps.stepFee,
          ...toolContext,
        }),
      );
    }
    const knowledgeBaseIds = params.tools.knowledge ?? [];
    if (knowledgeBaseIds.length > 0) {
      if (!options.knowledge) throw new AgentConfigError(`Agent "${node.name}" searches knowledge bases, but knowledge bases are not available on this server`);
      Object.assign(
        tools,
        knowledgeToolsFor({
          knowledgeBaseIds,
          search: options.knowledge.search,
          ...toolContext,
        }),
      );
    }
    const mcpTools = params.tools.mcp ?? [];
    if (mcpTools.length > 0) {
      if (!options.mcp) throw new AgentConfigError(`Agent "${node.name}" uses MCP tools, but MCP servers are not available on this server`);
      mcpSession = await options.mcp.open(mcpTools, combined);
      Object.assign(
        tools,
        mcpToolsFor({
          session: mcpSession,
          taken: Object.keys(tools),
          stepFee: options.mcp.stepFee,
          ...toolContext,
        }),
      );
    }
    const delegateCounts = new Map<string, number>();
    for (const delegateId of params.tools.delegates) {
      const delegateNode = options.nodes.find((n) => n.id === delegateId);
      if (!delegateNode || delegateNode.type !== 'agent') throw new AgentConfigError(`Agent "${node.name}" delegates to "${delegateId}", which is not an agent in this workflow`);
      let name = delegateToolName(delegateId);
      while (tools[name]) name = `${name.slice(0, 60)}_${Object.keys(tools).length}`;
      tools[name] = delegateToolFor(delegateNode, options, tree, chain, node.name, delegateCounts, charged);
    }

    const output = params.output.type === 'json' ? jsonOutput(params.output.schema) : undefined;
    let system = params.role;
    if (params.output.type === 'json') {
      system += `\n\nWhen you give your final answer, reply with only a JSON object that matches this JSON schema:\n${JSON.stringify(params.output.schema)}`;
    }
    const hasTools = Object.keys(tools).length > 0;

    const call = {
      model,
      system,
      prompt,
      ...(hasTools ? { tools } : {}),
      stopWhen: stepCountIs(maxSteps),
      // The last allowed call gets no tools, so the agent answers with what it has.
      ...(hasTools ? { prepareStep: ({ stepNumber }: { stepNumber: number }) => (stepNumber >= maxSteps - 1 ? { activeTools: [] } : undefined) } : {}),
      maxRetries: 0,
      abortSignal: combined,
    };
    const stepLimit = () => new AgentStepLimitError(`Agent "${node.name}" used its ${maxSteps} steps without giving a final answer`);
    if (options.stream && !task && params.output.type === 'text') {
      const streamed = await streamAnswer(call, options.stream, combined);
      if (tree.fatal) throw tree.fatal.error;
      if (streamed.finishReason === 'tool-calls' || (streamed.toolCallCount > 0 && streamed.text === '')) throw stepLimit();
      return { output: streamed.text, tokens };
    }
    const result = await generateText({ ...call, ...(output ? { output } : {}) });
    // A delegate's fatal error may land on the step that also met the stop condition.
    if (tree.fatal) throw tree.fatal.error;

    if (result.finishReason === 'tool-calls' || (result.toolCalls.length > 0 && result.text === '')) throw stepLimit();
    if (params.output.type === 'json') return { output: result.output as unknown, tokens };
    return { output: result.text, tokens };
  } catch (error) {
    if (tree.fatal) throw tree.fatal.error;
    if (signal.aborted) throw signal.reason ?? error;
    if (NoObjectGeneratedError.isInstance(error)) throw outputError(node, error);
    // A step error of the engine's (an MCP server that cannot be used) keeps its code.
    if ((error as { stepErrorCode?: unknown } | null)?.stepErrorCode !== undefined) throw error;
    throw toProviderCallError(error);
  } finally {
    // The agent's MCP connections end with it.
    await mcpSession?.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------- JSON output

// ---------------------------------------------------------------- delegation

/** OpenAI function names: letters, digits, _ and -, at most 64. */
export function delegateToolName(nodeId: string): string {
  return `delegate_${nodeId.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
}

function delegateToolFor(
  delegate: WorkflowNode,
  parent: RunAgentOptions,
  tree: Tree,
  chain: string[],
  parentName: string,
  counts: Map<string, number>,
  charged: (tokens: number) => void,
) {
  const params = agentParams(delegate);
  const role = params.role.length > 400 ? `${params.role.slice(0, 400)}…` : params.role;
  return tool({
    description: `Hand a sub-task to ${params.name}, another agent, and get its answer. ${params.name}: ${role}`,
    inputSchema: jsonSchema<{ task: string }>({
      type: 'object',
      properties: { task: { type: 'string', description: `What ${params.name} should do, with the details it needs` } },
      required: ['task'],
      additionalProperties: false,
    }),
    execute: async ({ task }) => {
      const n = (counts.get(delegate.id) ?? 0) + 1;
      counts.set(delegate.id, n);
      const id = `${parent.stepId}/${delegate.id}#${n}`;
      const base = { id, parentStepId: parent.stepId, nodeId: delegate.id, name: params.name };
      let childTokens = 0;
      const childCharged = (used: number) => {
        childTokens += used;
        charged(used);
      };
      await parent.onChildStep({ ...base, status: 'running', input: { task }, startedAt: new Date().toISOString() });
      try {
        if (chain.includes(delegate.id)) throw new AgentConfigError(`${params.name} is already working on this task higher up (a delegation cycle)`);
        if (chain.length > MAX_DELEGATION_DEPTH) throw new AgentConfigError(`Delegation is nested more than ${MAX_DELEGATION_DEPTH} levels deep`);
        const result = await runOne({ ...parent, node: delegate, stepId: id }, tree, [...chain, delegate.id], { text: task, from: parentName }, childCharged);
        await parent.onChildStep({ ...base, status: 'succeeded', output: result.output, tokens: result.tokens, error: null, endedAt: new Date().toISOString() });
        return typeof result.output === 'string' ? result.output : JSON.stringify(result.output);
      } catch (error) {
        const fatal = tree.fatal?.error ?? (isFatal(error) || parent.signal.aborted ? error : null);
        await parent.onChildStep({ ...base, status: 'failed', error: messageOf(fatal ?? error), tokens: childTokens, endedAt: new Date().toISOString() });
        if (fatal !== null) {
          // The SDK would hand a tool's error back to the model: stop the whole tree instead.
          tree.fatal ??= { error: fatal };
          tree.controller.abort(fatal);
        }
        throw error;
      }
    },
  });
}
