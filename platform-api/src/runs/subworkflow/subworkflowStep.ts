// The sub-workflow step: runs another workflow as a run of its own and gives
// its output. The child run is started through the runs service like any
// run (charged its start token to the parent run's owner, who pays for the
// whole tree; the child's agents charge the same owner under the child's run
// id, so nothing is counted twice), with trigger 'subworkflow', the parent
// run and step recorded on it (parentRun) and the child's id on the parent
// step (childRunId). Its output is the child's output; a failed child fails
// the step. Depth: the top-level run is 0; a child deeper than
// SUBWORKFLOW_LIMITS.maxDepth is refused ('subworkflow-depth'), which is
// what stops a workflow calling itself.
//
// Waiting: the step watches the child in process for a short while
// (inProcessMs), so a quick child costs nothing more. A child still going
// then leaves the step 'waiting' (like an approval or a long wait: the run is
// stored 'waiting' and holds no process). When the child ends, the step is
// made pending again and the run queued, on whichever instance sees it first
// (childRunResume.ts, in one transaction); the step runs again, finds its
// child (childRunId, linked back to this run and step) ended, and gives its
// output or fails as the child did, under the node's on-error setting like
// any failure. A restart loses nothing while the step waits. Cancelling the
// parent cancels the child: here through the step's signal, and for a
// waiting step through the cancel route (cancelChildRuns).
import {
  FLOW_STEP_ERROR_CODES,
  SUBWORKFLOW_LIMITS,
  parseNodeParams,
  runInputSchema,
  validateWorkflow,
  isTerminalRunStatus,
  type InputField,
  type StepInput,
  type Workflow,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import { renderValues } from '../../connectors/runtime/values.js';
import { FlowStepFailure } from '../flowStepFailure.js';
import type { StoredRun } from '../runModel.js';
import { isInTrash, type NewRun } from '../service.js';
import { StepFailure, type StepHandler } from '../steps.js';
import { messageOf } from '@agentflow/shared/domain';

/** What the step needs from the outside (firestorePorts.ts on Firestore and the runs service). */
export interface SubworkflowPorts {
  /** The workflow, null when there is none. */
  loadWorkflow(workflowId: string): Promise<Workflow | null>;
  /** The check of starting a run by hand (access.ts mayRunWorkflow), for the run's owner. */
  mayRun(ownerId: string, workflow: Workflow): Promise<boolean>;
  /** Starts the child run (RunsService.start); its id. Throws the service's refusals. */
  start(newRun: NewRun): Promise<string>;
  /** The run as stored; null when there is none. */
  load(runId: string): Promise<StoredRun | null>;
  /** Resolves with the run once it has ended; rejects when `signal` aborts. */
  ended(runId: string, signal: AbortSignal): Promise<StoredRun>;
  /** Cancels a run that has not ended (a no-op for one that has). */
  cancel(runId: string): Promise<void>;
}

export interface SubworkflowStepOptions {
  /** How long the step watches its child in process before it waits durably (default 3 s; tests set 0). */
  inProcessMs?: number;
}

/** Given when the in-process watch ended without the child ending. */
class StillRunning extends Error {}

const fail = (code: (typeof FLOW_STEP_ERROR_CODES)[keyof typeof FLOW_STEP_ERROR_CODES], message: string) => new FlowStepFailure(message, code);

/** The child workflow, checked as a manual run of it would be; its input fields. */
async function childWorkflow(ports: SubworkflowPorts, ownerId: string, workflowId: string): Promise<{ workflow: Workflow; triggerId: string; fields: InputField[] }> {
  const workflow = await ports.loadWorkflow(workflowId);
  // A template runs only as the caller's copy; a trashed workflow not at all; neither is said apart from "missing".
  if (!workflow || workflow.visibility === 'template' || isInTrash(workflow)) throw fail(FLOW_STEP_ERROR_CODES.subworkflowMissing, `The sub-workflow '${workflowId}' does not exist or cannot run`);
  if (!(await ports.mayRun(ownerId, workflow))) throw fail(FLOW_STEP_ERROR_CODES.subworkflowForbidden, `The owner of this run may not run the workflow '${workflowId}'`);
  const problems = validateWorkflow(workflow);
  if (problems.length > 0) throw fail(FLOW_STEP_ERROR_CODES.subworkflowMissing, `The sub-workflow '${workflow.name}' cannot run: ${problems[0]!.message}`);
  const trigger = workflow.nodes.find((node) => node.type === 'trigger.manual');
  if (!trigger) throw fail(FLOW_STEP_ERROR_CODES.subworkflowMissing, `The sub-workflow '${workflow.name}' has no manual trigger to start it with`);
  return { workflow, triggerId: trigger.id, fields: (trigger.params as { inputSchema?: InputField[] }).inputSchema ?? [] };
}

/**
 * The child the step started in an earlier execution of the run (it waited,
 * and runs again now that the child ended); null when none. Only an earlier
 * execution's: a retry within this one starts a child of its own, while the
 * attempts of a step run again after its wait all give that child's outcome
 * (so retries never start children without end across resumes).
 */
async function earlierChild(ports: SubworkflowPorts, run: StoredRun, stepId: string): Promise<StoredRun | null> {
  const step = run.steps.find((candidate) => candidate.id === stepId);
  if (typeof step?.childRunId !== 'string' || typeof step.startedAt !== 'string') return null;
  const child = await ports.load(step.childRunId);
  // Linked back to this very run and step (a run copied from another, as "run from here" does, starts its own child).
  if (!child || child.parentRun?.runId !== run.id || child.parentRun.stepId !== stepId) return null;
  return child.createdAt < step.startedAt ? child : null;
}

function outputOf(child: StoredRun): { output: unknown } {
  if (child.status !== 'succeeded') {
    throw fail(FLOW_STEP_ERROR_CODES.subworkflowFailed, `The sub-workflow run ${child.id} ${child.status}: ${child.error ?? 'no reason given'}`);
  }
  return { output: child.output ?? {} };
}

export function createSubworkflowHandler(ports: SubworkflowPorts, { inProcessMs = 3_000 }: SubworkflowStepOptions = {}): StepHandler {
  return async ({ run, node, stepId, input, signal, annotateStep }) => {
    // Only a top-level step of a stored run can wait durably (not a loop's item, not a step test).
    const durable = annotateStep !== undefined && run.steps.some((step) => step.id === stepId && step.parentStepId === null);
    // Run again after its child ended: that child's outcome is the step's.
    const earlier = durable ? await earlierChild(ports, run, stepId) : null;
    let childRunId: string;
    if (earlier) {
      if (isTerminalRunStatus(earlier.status)) return outputOf(earlier);
      childRunId = earlier.id;
    } else {
      childRunId = await startChild(ports, run, node, stepId, input, signal);
      annotateStep?.({ childRunId });
    }
    // Cancel, fail-fast or the step's timeout: the child stops too.
    const cancelChild = () => void ports.cancel(childRunId).catch(() => undefined);
    signal.addEventListener('abort', cancelChild, { once: true });
    const watch = new AbortController();
    const stopWatching = () => watch.abort(signal.reason);
    signal.addEventListener('abort', stopWatching, { once: true });
    const window = durable ? setTimeout(() => watch.abort(new StillRunning()), inProcessMs) : null;
    try {
      return outputOf(await ports.ended(childRunId, watch.signal));
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // Still going: the step waits for it without holding this process.
      if (watch.signal.reason instanceof StillRunning) return { output: { childRunId }, waiting: true };
      if (error instanceof FlowStepFailure) throw error;
      cancelChild();
      throw fail(FLOW_STEP_ERROR_CODES.subworkflowFailed, `Lost track of the sub-workflow run ${childRunId}: ${messageOf(error)}`);
    } finally {
      if (window) clearTimeout(window);
      signal.removeEventListener('abort', cancelChild);
      signal.removeEventListener('abort', stopWatching);
    }
  };
}

/** Checks the child workflow and its input and starts the child run; its id. */
async function startChild(ports: SubworkflowPorts, run: StoredRun, node: WorkflowNode, stepId: string, input: StepInput, signal: AbortSignal): Promise<string> {
  const parsed = parseNodeParams('subworkflow', node.params);
  if (!parsed.success) throw new StepFailure(`Invalid parameters of ${node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const params = parsed.data;
  const depth = (run.depth ?? 0) + 1;
  if (depth > SUBWORKFLOW_LIMITS.maxDepth) {
    throw fail(FLOW_STEP_ERROR_CODES.subworkflowDepth, `Sub-workflows may nest at most ${SUBWORKFLOW_LIMITS.maxDepth} deep: '${params.workflowId}' would run at depth ${depth} (a workflow that calls itself?)`);
  }
  const { workflow, triggerId, fields } = await childWorkflow(ports, run.ownerId, params.workflowId);
  const rendered = await renderValues(params.input, input);
  const childInput = runInputSchema(fields).safeParse(rendered);
  if (!childInput.success) {
    const issue = childInput.error.issues[0];
    throw fail(FLOW_STEP_ERROR_CODES.subworkflowInput, `Input of the sub-workflow: input.${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`);
  }
  if (signal.aborted) throw signal.reason;
  try {
    return await ports.start({
      workflow,
      ownerId: run.ownerId,
      trigger: { type: 'subworkflow', userId: null, nodeId: triggerId },
      input: childInput.data as Record<string, unknown>,
      child: { parentRun: { runId: run.id, stepId, workflowId: run.workflowId }, depth },
    });
  } catch (error) {
    // Refused or unpaid: final (another attempt would start nothing more).
    throw fail(FLOW_STEP_ERROR_CODES.subworkflowFailed, `The sub-workflow '${workflow.name}' could not start: ${messageOf(error)}`);
  }
}
