// The sub-workflow step: runs another workflow as a run of its own and gives
// its output. The child run is started through the runs service like any
// run (charged its start token to the parent run's owner, who pays for the
// whole tree; the child's agents charge the same owner under the child's run
// id, so nothing is counted twice), with trigger 'subworkflow', the parent
// run and step recorded on it (parentRun) and the child's id on the parent
// step (childRunId). The step then watches the child until it ends: its
// output is the child's output, a failed child fails the step. Cancelling the
// parent (or the step timing out) cancels the child. Depth: the top-level run
// is 0; a child deeper than SUBWORKFLOW_LIMITS.maxDepth is refused
// ('subworkflow-depth'), which is what stops a workflow calling itself.
import {
  FLOW_STEP_ERROR_CODES,
  SUBWORKFLOW_LIMITS,
  parseNodeParams,
  runInputSchema,
  validateWorkflow,
  type InputField,
  type Workflow,
} from '@agentflow/shared/workflow';
import { renderValues } from '../../connectors/runtime/values.js';
import { messageOf } from '../failures.js';
import { FlowStepFailure } from '../flowStepFailure.js';
import type { StoredRun } from '../runModel.js';
import { isInTrash, type NewRun } from '../service.js';
import { StepFailure, type StepHandler } from '../steps.js';

/** What the step needs from the outside (firestorePorts.ts on Firestore and the runs service). */
export interface SubworkflowPorts {
  /** The workflow, null when there is none. */
  loadWorkflow(workflowId: string): Promise<Workflow | null>;
  /** The check of starting a run by hand (access.ts mayRunWorkflow), for the run's owner. */
  mayRun(ownerId: string, workflow: Workflow): Promise<boolean>;
  /** Starts the child run (RunsService.start); its id. Throws the service's refusals. */
  start(newRun: NewRun): Promise<string>;
  /** Resolves with the run once it has ended; rejects when `signal` aborts. */
  ended(runId: string, signal: AbortSignal): Promise<StoredRun>;
  /** Cancels a run that has not ended (a no-op for one that has). */
  cancel(runId: string): Promise<void>;
}

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

export function createSubworkflowHandler(ports: SubworkflowPorts): StepHandler {
  return async ({ run, node, stepId, input, signal, annotateStep }) => {
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
    let childRunId: string;
    try {
      childRunId = await ports.start({
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
    annotateStep?.({ childRunId });
    // Cancel, fail-fast or the step's timeout: the child stops too.
    const cancelChild = () => void ports.cancel(childRunId).catch(() => undefined);
    signal.addEventListener('abort', cancelChild, { once: true });
    let ended: StoredRun;
    try {
      ended = await ports.ended(childRunId, signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      cancelChild();
      throw fail(FLOW_STEP_ERROR_CODES.subworkflowFailed, `Lost track of the sub-workflow run ${childRunId}: ${messageOf(error)}`);
    } finally {
      signal.removeEventListener('abort', cancelChild);
    }
    if (ended.status !== 'succeeded') {
      throw fail(FLOW_STEP_ERROR_CODES.subworkflowFailed, `The sub-workflow run ${childRunId} ${ended.status}: ${ended.error ?? 'no reason given'}`);
    }
    return { output: ended.output ?? {} };
  };
}
