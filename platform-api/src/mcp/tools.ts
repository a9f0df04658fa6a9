// The tools of a workspace's MCP endpoint and what a call answers. A tool is
// a workflow of the key's workspace marked available (Workflow.mcp), not a
// template or in the trash, that the key's creator may run now; its input is
// its manual trigger's fields. A call is a run with trigger 'mcp' as the
// creator (metered like their own runs: the workspace's owner pays), waited
// for up to the call limit; the run's output is the result.
import type { Request } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { API_KEY_ERROR_CODES, PUBLIC_API } from '@agentflow/shared/api-keys';
import { errorBody, routeErrorAnswer } from '@agentflow/shared/server';
import { isTerminalRunStatus, mcpInputJsonSchema, mcpToolsOf, workflowFromDocument, type McpTool } from '@agentflow/shared/workflow';
import { mayRunWorkflow } from '../runs/access.js';
import type { StoredRun } from '../runs/runModel.js';
import { decodeRun, runRef } from '../runs/store.js';
import { inKeyWorkspace, keyWorkspace } from '../publicApi/workflows.js';
import { startPersonRun, type StartRunDeps } from '../runs/startPersonRun.js';
import { waitForRunEnd } from '../runs/webhookAnswer/runWatch.js';

/** How long a call waits for its run by default (MCP_CALL_TIMEOUT_MS), and at most. */
export const MCP_CALL_TIMEOUT = { defaultMs: 60_000, maxMs: 15 * 60_000 } as const;

export function mcpCallTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MCP_CALL_TIMEOUT_MS;
  if (raw === undefined || raw.trim() === '') return MCP_CALL_TIMEOUT.defaultMs;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MCP_CALL_TIMEOUT.maxMs) throw new Error(`MCP_CALL_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${MCP_CALL_TIMEOUT.maxMs}, not "${raw}"`);
  return value;
}

/** The tools of the key's workspace its creator may run, named as mcpToolsOf names them. */
export async function workspaceTools(db: Firestore, req: Request): Promise<McpTool[]> {
  const workspace = keyWorkspace(req);
  const collection = db.collection('workflows');
  // Equality filters only: served by single-field indexes, no composite one.
  const marked = (workspace.organizationId ? collection.where('organizationId', '==', workspace.organizationId) : collection.where('ownerId', '==', workspace.ownerId)).where('mcp.enabled', '==', true);
  const snapshot = await marked.get();
  const workflows = snapshot.docs.map((doc) => workflowFromDocument(doc.id, doc.data())).filter((workflow) => inKeyWorkspace(workflow, workspace));
  const runnable = await Promise.all(workflows.map((workflow) => mayRunWorkflow(db, req.caller!, workflow)));
  return mcpToolsOf(workflows.filter((_workflow, index) => runnable[index]));
}

export function toolDefinition(tool: McpTool): Tool {
  return { name: tool.name, title: tool.workflow.name, description: tool.description, inputSchema: mcpInputJsonSchema(tool.fields) as Tool['inputSchema'] };
}

const textOf = (value: unknown) => JSON.stringify(value, null, 2);

/** A refusal or failure as a tool error: the body the REST API would answer ({error, code, ...details}). */
function toolError(details: { error: string; code: string | null } & Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: textOf(details) }], structuredContent: details };
}

/** What a call answers for its run: the output when it succeeded, the error when it failed, its id and status when it still goes. */
export function runResult(runId: string, run: StoredRun | null, status: string): CallToolResult {
  const _meta = { 'agentflow/runId': runId };
  if (!run || !isTerminalRunStatus(run.status)) {
    // Still going at the limit (or waiting for an approval): the caller reads it later.
    const pending = { runId, status, message: `The run is still ${status}: read it with GET ${PUBLIC_API.run(runId)}`, url: PUBLIC_API.run(runId) };
    return { content: [{ type: 'text', text: textOf(pending) }], structuredContent: pending, _meta };
  }
  if (run.status !== 'succeeded') return { ...toolError({ error: run.error ?? `The run ${run.status}`, code: run.errorCode ?? null, runId, status: run.status }), _meta };
  // The run's output as a webhook's answer gives it: its output steps' values by node id.
  const output = run.output ?? {};
  return { content: [{ type: 'text', text: textOf(output) }], structuredContent: output, _meta };
}

export interface CallOptions {
  req: Request;
  /** What starts a person's run (the same function as the app's run form and /v1). */
  runs: StartRunDeps;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A call of the tool named `name`; null when the workspace has no such tool (the caller answers the protocol's error). */
export async function callTool(name: string, args: Record<string, unknown> | undefined, { req, runs, timeoutMs, signal }: CallOptions): Promise<CallToolResult | null> {
  const { db } = runs;
  const tool = (await workspaceTools(db, req)).find((candidate) => candidate.name === name);
  if (!tool) return null;
  const caller = req.caller!;
  if (!caller.apiKey!.scopes.includes('runs:write')) return toolError(errorBody(403, 'This API key lacks the runs:write scope: it may list the tools but not call them', API_KEY_ERROR_CODES.scopeMissing));
  let runId: string;
  try {
    // The app's own start: the same access, validation and input rule (a bad argument is named, and no run is made).
    runId = await startPersonRun(runs, caller, tool.workflow.id, { input: args ?? {}, trigger: 'mcp', workspace: keyWorkspace(req) });
  } catch (error) {
    const refused = routeErrorAnswer(error);
    if (refused) return toolError(refused.body);
    throw error;
  }
  const ended = await waitForRunEnd(db, runId, timeoutMs, signal);
  const run = ended ?? decodeRun(await runRef(db, runId).get());
  return runResult(runId, run, run?.status ?? 'queued');
}
