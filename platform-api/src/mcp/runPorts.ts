// What the MCP endpoint needs of the runs: start a person's run of a workflow
// (trigger 'mcp', as the key's creator) and wait for its end up to a limit.
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '@agentflow/shared/server';
import { HttpError } from '@agentflow/shared/server';
import { RUN_LIMITS, RUN_MESSAGES, runInputSchema, validateWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { mayRunWorkflow } from '../runs/access.js';
import { parseOr400, refusalAsHttp } from '../runs/routeKit.js';
import { WorkflowInTrashError, isInTrash, type RunsService } from '../runs/service.js';
import type { StoredRun } from '../runs/runModel.js';
import { firestoreRunWatcher } from '../runs/webhookAnswer/runWatch.js';
import { mcpInputFieldsOf } from '@agentflow/shared/workflow';

export interface McpRunPorts {
  /**
   * Starts the caller's run of the workflow at its manual trigger with trigger
   * 'mcp'; the run id. Throws an HttpError (its status and code) when the run
   * is refused before it exists: input naming the field, the caller may not
   * run it, no tokens, a plan or credential refusal.
   */
  start: (caller: Caller, workflow: Workflow, input: Record<string, unknown>) => Promise<string>;
  /** The run once it has ended; null when it is still going after `timeoutMs` (or `signal` aborts). */
  waitForEnd: (runId: string, timeoutMs: number, signal?: AbortSignal) => Promise<StoredRun | null>;
}

/** The ports on the runs module's service. */
export function mcpRunPorts(db: Firestore, service: RunsService): McpRunPorts {
  const watcher = firestoreRunWatcher(db);
  return {
    start: async (caller, workflow, input) => {
      if (workflow.visibility === 'template') throw new HttpError(403, RUN_MESSAGES.copyTemplateFirst);
      if (!(await mayRunWorkflow(db, caller, workflow))) throw new HttpError(403, RUN_MESSAGES.notAllowedToRun);
      if (isInTrash(workflow)) throw refusalAsHttp(new WorkflowInTrashError(workflow.id))!;
      const problem = validateWorkflow(workflow)[0];
      if (problem) throw new HttpError(400, `The workflow cannot run: ${problem.message}`);
      const fields = mcpInputFieldsOf(workflow);
      const trigger = workflow.nodes.find((node) => node.type === 'trigger.manual');
      if (!fields || !trigger) throw new HttpError(400, 'The workflow has no manual trigger');
      const parsed = parseOr400(runInputSchema(fields), input);
      if (Buffer.byteLength(JSON.stringify(parsed)) > RUN_LIMITS.maxInputBytes) throw new HttpError(413, `input is larger than ${RUN_LIMITS.maxInputBytes} bytes`);
      try {
        return await service.start({ workflow, ownerId: caller.uid, trigger: { type: 'mcp', userId: caller.uid, nodeId: trigger.id }, input: parsed });
      } catch (error) {
        throw refusalAsHttp(error) ?? error;
      }
    },
    waitForEnd: (runId, timeoutMs, signal) => watcher.settled(runId, timeoutMs, signal),
  };
}
