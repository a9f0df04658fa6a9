// An agent's app tools: each connector operation its node lists becomes a
// tool described from the declaration (the operation's English description
// and its param schema as JSON Schema). Each call is a child step of the
// agent's step, with its input, output, error and the app fee it cost, like
// a delegation; the provider's refusal goes back to the model as the tool's
// error, while running out of tokens or a cancel stops the whole agent.
import { jsonSchema, tool, type ToolSet } from 'ai';
import { z } from 'zod';
import { connectorOf, connectorOperationOf, connectorToolName, type ConnectorTool } from '@agentflow/shared/workflow';
import type { ChildStepUpdate } from './runAgent.js';
import { messageOf } from '@agentflow/shared/domain';

/** Runs one app operation for the agent (the run's owner, the tool's credential): see connectors/agentTools in runs/agentStep.ts. */
export type AppToolCall = (tool: ConnectorTool, values: Record<string, unknown>, childStepId: string, signal: AbortSignal) => Promise<unknown>;

/** What every kind of agent tool (app, knowledge, MCP) is given by its agent step to report and pay its calls. */
export interface ToolCallContext {
  stepId: string;
  nodeId: string;
  signal: AbortSignal;
  chargeTokens: (tokens: number, callKey: string) => Promise<void>;
  onChildStep: (update: ChildStepUpdate) => void | Promise<void>;
  /** Counts a call's fee into the agent's tokens. */
  charged: (tokens: number) => void;
  /** A failure that must end the whole agent (tokens, cancel): the caller stops the tree. */
  onFatal: (error: unknown) => void;
  isFatal: (error: unknown) => boolean;
  /** How much of a result the model reads back. */
  maxResultChars: number;
}

export interface AppToolsOptions extends ToolCallContext {
  tools: readonly ConnectorTool[];
  call: AppToolCall;
  /** Platform tokens of one call, charged before the provider is reached. */
  stepFee: number;
}

export function appToolsFor(options: AppToolsOptions): ToolSet {
  const tools: ToolSet = {};
  const counts = new Map<string, number>();
  for (const spec of options.tools) {
    const connector = connectorOf(spec.connector);
    const operation = connector && connectorOperationOf(connector, spec.operation);
    if (!connector || !operation) continue;
    const name = connectorToolName(spec);
    const schema = z.toJSONSchema(operation.params, { io: 'input', unrepresentable: 'any' }) as Parameters<typeof jsonSchema>[0];
    tools[name] = tool({
      description: `${connector.name}: ${operation.description}.${operation.mutates ? ' This changes data in ' + connector.name + '.' : ''}`,
      inputSchema: jsonSchema<Record<string, unknown>>(schema),
      execute: async (args) => {
        const n = (counts.get(name) ?? 0) + 1;
        counts.set(name, n);
        const id = `${options.stepId}/${name}#${n}`;
        const base = { id, parentStepId: options.stepId, nodeId: options.nodeId, name: `${connector.name}: ${operation.id}`, type: 'connector' as const };
        await options.onChildStep({ ...base, status: 'running', input: args, startedAt: new Date().toISOString() });
        let tokens = 0;
        try {
          if (options.stepFee > 0) {
            await options.chargeTokens(options.stepFee, `${id}:app`);
            tokens = options.stepFee;
            options.charged(options.stepFee);
          }
          const output = await options.call(spec, args ?? {}, id, options.signal);
          await options.onChildStep({ ...base, status: 'succeeded', output, tokens, error: null, endedAt: new Date().toISOString() });
          const text = JSON.stringify(output ?? null);
          return text.length > options.maxResultChars ? `${text.slice(0, options.maxResultChars)}\n[truncated: ${text.length} characters in all]` : text;
        } catch (error) {
          await options.onChildStep({ ...base, status: 'failed', error: messageOf(error), tokens, endedAt: new Date().toISOString() });
          if (options.isFatal(error) || options.signal.aborted) options.onFatal(error);
          // What the model reads as the tool's error: the provider's refusal in plain words.
          throw error;
        }
      },
    });
  }
  return tools;
}
