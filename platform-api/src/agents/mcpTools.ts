// An agent's MCP tools: each tool its node lists (tools.mcp) on one of the
// workspace's MCP servers becomes a tool for the model, named
// mcp_<server>_<tool> (mcpModelToolNames), described by the server's own
// description and input schema. The session (one connection per server for
// this agent's execution) is opened by the engine and closed when the agent
// ends. Each call is a child step (type 'mcp') with its input, output, error
// and the fee it cost, like an app tool; the server's error goes back to the
// model as the tool's error, while running out of tokens or a cancel stops
// the whole agent.
import { jsonSchema, tool, type ToolSet } from 'ai';
import { mcpModelToolNames, type McpAgentTool, type McpToolView } from '@agentflow/shared/mcp';
import type { ToolCallContext } from './appTools.js';
import { messageOf } from '@agentflow/shared/domain';

/** A listed tool of a connected server. */
export interface McpToolHandle {
  serverId: string;
  serverName: string;
  tool: McpToolView;
}

/** What a tool call answered: its content as text and its structured content, if any. */
export interface McpCallOutcome {
  isError: boolean;
  text: string;
  structured: unknown;
}

/** The agent's connections: the tools found on its servers (in its node's order) and how to call them. */
export interface McpSession {
  tools: McpToolHandle[];
  call(handle: McpToolHandle, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallOutcome>;
  close(): Promise<void>;
}

/** Connects to the servers of `tools` (once each) and finds the tools; throws a step error for a server or tool that cannot be used. */
export type McpSessionOpener = (tools: readonly McpAgentTool[], signal: AbortSignal) => Promise<McpSession>;

export interface McpToolsOptions extends ToolCallContext {
  session: McpSession;
  /** The agent's other tool names (kept unique against them). */
  taken: Iterable<string>;
  /** Platform tokens of one call (the app tool fee), charged before the server is called. */
  stepFee: number;
}

/** The tool reported an error: the model reads it as the tool's error, and the child step fails with it. */
export class McpToolError extends Error {
  override name = 'McpToolError';
}

const truncated = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n[truncated: ${text.length} characters in all]` : text);

export function mcpToolsFor(options: McpToolsOptions): ToolSet {
  const tools: ToolSet = {};
  const names = mcpModelToolNames(
    options.session.tools.map((handle) => ({ serverName: handle.serverName, tool: handle.tool.name })),
    options.taken,
  );
  const counts = new Map<string, number>();
  options.session.tools.forEach((handle, index) => {
    const name = names[index]!;
    tools[name] = tool({
      description: `${handle.serverName} (MCP): ${handle.tool.description || handle.tool.name}`,
      inputSchema: jsonSchema<Record<string, unknown>>(handle.tool.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: async (args) => {
        const n = (counts.get(name) ?? 0) + 1;
        counts.set(name, n);
        const id = `${options.stepId}/${name}#${n}`;
        const base = { id, parentStepId: options.stepId, nodeId: options.nodeId, name: `${handle.serverName}: ${handle.tool.name}`, type: 'mcp' as const };
        await options.onChildStep({ ...base, status: 'running', input: args, startedAt: new Date().toISOString() });
        let tokens = 0;
        try {
          if (options.stepFee > 0) {
            await options.chargeTokens(options.stepFee, `${id}:mcp`);
            tokens = options.stepFee;
            options.charged(options.stepFee);
          }
          const outcome = await options.session.call(handle, args ?? {}, options.signal);
          const text = truncated(outcome.text, options.maxResultChars);
          if (outcome.isError) throw new McpToolError(text || `The tool ${handle.tool.name} failed`);
          const output = outcome.structured !== undefined ? { text, structured: outcome.structured } : { text };
          await options.onChildStep({ ...base, status: 'succeeded', output, tokens, error: null, endedAt: new Date().toISOString() });
          return outcome.structured !== undefined && text === '' ? truncated(JSON.stringify(outcome.structured), options.maxResultChars) : text;
        } catch (error) {
          await options.onChildStep({ ...base, status: 'failed', error: messageOf(error), tokens, endedAt: new Date().toISOString() });
          if (options.isFatal(error) || options.signal.aborted) options.onFatal(error);
          throw error;
        }
      },
    });
  });
  return tools;
}
