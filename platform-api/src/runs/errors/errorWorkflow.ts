// The error workflow (Workflow.errorWorkflowId): when a run is stored as
// failed (by the executor, or by recovery after a restart), the workflow its
// snapshot names is started with the failed run's details, as a run of its
// own (trigger 'error'), paid by the failed run's owner and only when that
// owner may run it. It starts at the workflow's error trigger, whose output is
// the details in the one shape of shared's errorTrigger.ts; a workflow made
// before that trigger existed (a webhook or manual trigger reading
// `input.failedRun`) still starts at its manual (else first) trigger with the
// old `{ failedRun }` input. Each failed run starts its error workflow at most
// once (a claim per failed run), so two instances reporting the same failure
// start one run. An error workflow's own failure starts nothing (no loops); a
// refusal (plan, balance, trash, invalid workflow) is logged and the failed
// run stays as it is.
import type { Logger } from 'pino';
import { errorTriggerOf, isTrigger, runPathOf, validateWorkflow, type FailedRunDetails, type RunStep, type Workflow } from '@agentflow/shared/workflow';
import type { StoredRun } from '../runModel.js';
import type { NewRun } from '../service.js';
import { isRunStoppingFailure } from './handled.js';

/** What an error workflow without an error trigger gets as its input (before the error trigger: kept for those workflows). */
export interface ErrorRunInput {
  failedRun: {
    id: string;
    workflowId: string;
    workflowName: string;
    error: string | null;
    failedStep: { nodeId: string; name: string; error: string | null } | null;
  };
}

export interface ErrorWorkflowPorts {
  /** The workflow by id; null when it does not exist. */
  loadWorkflow(workflowId: string): Promise<Workflow | null>;
  /** Whether `ownerId` may run `workflow` (the rule of runs/access.ts). */
  mayRun(ownerId: string, workflow: Workflow): Promise<boolean>;
  /** Starts a run (RunsService.start): charges, stores and queues it. */
  start(newRun: NewRun): Promise<string>;
  /** Claims the start of the error workflow for this failed run: true for the first caller only, ever. */
  claim(failedRunId: string, errorWorkflowId: string): Promise<boolean>;
}

/** The step that failed the run (the first failure that stopped it), if any. */
const failedStepOf = (run: Pick<StoredRun, 'steps'>): RunStep | undefined => run.steps.find(isRunStoppingFailure);

/** The error trigger's output: the failed run's details (shared errorTrigger.ts's shape). */
export function failedRunDetails(
  run: Pick<StoredRun, 'id' | 'workflowId' | 'workflowName' | 'error' | 'errorCode' | 'steps' | 'trigger' | 'startedAt' | 'endedAt'>,
  now: Date,
): FailedRunDetails {
  const step = failedStepOf(run);
  return {
    workflow: { id: run.workflowId, name: run.workflowName },
    run: { id: run.id, path: runPathOf(run.workflowId, run.id), trigger: run.trigger.type, startedAt: run.startedAt },
    failedStep: step ? { id: step.nodeId, name: step.name, type: step.type } : null,
    error: { message: run.error ?? step?.error ?? 'The run failed', code: run.errorCode ?? null },
    failedAt: run.endedAt ?? now.toISOString(),
  };
}

/** The old input of the error run (workflows without an error trigger): the failed run and the step that failed it. */
export function errorRunInput(run: Pick<StoredRun, 'id' | 'workflowId' | 'workflowName' | 'error' | 'steps'>): ErrorRunInput {
  const step = failedStepOf(run);
  return {
    failedRun: {
      id: run.id,
      workflowId: run.workflowId,
      workflowName: run.workflowName,
      error: run.error,
      failedStep: step ? { nodeId: step.nodeId, name: step.name, error: step.error } : null,
    },
  };
}

/** Where an error run starts and with what: the error trigger with the details, else (older workflows) the manual or first trigger with `{ failedRun }`. */
export function errorRunStart(workflow: Workflow, run: StoredRun, now: Date): { nodeId: string | undefined; input: Record<string, unknown> } {
  const errorTrigger = errorTriggerOf(workflow);
  if (errorTrigger) return { nodeId: errorTrigger.id, input: failedRunDetails(run, now) as unknown as Record<string, unknown> };
  const legacy = workflow.nodes.find((node) => node.type === 'trigger.manual') ?? workflow.nodes.find((node) => isTrigger(node.type));
  return { nodeId: legacy?.id, input: errorRunInput(run) as unknown as Record<string, unknown> };
}

export class ErrorWorkflowStarter {
  constructor(
    private readonly ports: ErrorWorkflowPorts,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts the failed run's error workflow; resolves with its run id, or null when none starts (logged). */
  async start(run: StoredRun): Promise<string | null> {
    const errorWorkflowId = run.snapshot.errorWorkflowId;
    if (run.status !== 'failed' || !errorWorkflowId) return null;
    // An error workflow that fails reports to nobody: one that named itself (or a pair naming each other) would loop.
    if (run.trigger.type === 'error') return null;
    const skip = (reason: string) => {
      this.logger.warn({ runId: run.id, errorWorkflowId, reason }, 'the error workflow of a failed run did not start');
      return null;
    };
    const workflow = await this.ports.loadWorkflow(errorWorkflowId);
    if (!workflow) return skip('not found');
    if (workflow.visibility === 'template') return skip('a template');
    if (!(await this.ports.mayRun(run.ownerId, workflow))) return skip('the owner may not run it');
    if (validateWorkflow(workflow).length > 0) return skip('invalid');
    // Once per failed run: the executor and recovery on several instances may each report it.
    if (!(await this.ports.claim(run.id, errorWorkflowId))) return null;
    const { nodeId, input } = errorRunStart(workflow, run, this.now());
    try {
      const runId = await this.ports.start({
        workflow,
        ownerId: run.ownerId,
        trigger: { type: 'error', userId: null, failedRunId: run.id, ...(nodeId ? { nodeId } : {}) },
        input,
      });
      this.logger.info({ runId: run.id, errorRunId: runId, errorWorkflowId }, 'started the error workflow of a failed run');
      return runId;
    } catch (error) {
      // Refused (plan, balance…): it stays claimed, so another report of the same failure does not try again.
      this.logger.warn({ err: error, runId: run.id, errorWorkflowId }, 'the error workflow of a failed run was refused');
      return null;
    }
  }
}
