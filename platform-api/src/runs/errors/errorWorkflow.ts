// The error workflow (Workflow.errorWorkflowId): when a run is stored as
// failed, the workflow its snapshot names is started with the failed run's
// details, as a run of its own (trigger 'error'), paid by the failed run's
// owner and only when that owner may run it. An error workflow's own failure
// starts nothing (no loops); a refusal (plan, balance, trash, invalid
// workflow) is logged and the failed run stays as it is.
import type { Logger } from 'pino';
import { isTrigger, validateWorkflow, type RunStep, type Workflow } from '@agentflow/shared/workflow';
import type { StoredRun } from '../runModel.js';
import type { NewRun } from '../service.js';
import { isRunStoppingFailure } from './handled.js';

/** What an error workflow's run gets as its input. */
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
}

/** The input of the error run: the failed run and the step that failed it. */
export function errorRunInput(run: Pick<StoredRun, 'id' | 'workflowId' | 'workflowName' | 'error' | 'steps'>): ErrorRunInput {
  const step: RunStep | undefined = run.steps.find(isRunStoppingFailure);
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

/** The trigger an error run fires: the workflow's manual trigger, else its first. */
function errorTriggerOf(workflow: Workflow): string | undefined {
  return (workflow.nodes.find((node) => node.type === 'trigger.manual') ?? workflow.nodes.find((node) => isTrigger(node.type)))?.id;
}

export class ErrorWorkflowStarter {
  constructor(
    private readonly ports: ErrorWorkflowPorts,
    private readonly logger: Logger,
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
    const nodeId = errorTriggerOf(workflow);
    try {
      const runId = await this.ports.start({
        workflow,
        ownerId: run.ownerId,
        trigger: { type: 'error', userId: null, failedRunId: run.id, ...(nodeId ? { nodeId } : {}) },
        input: errorRunInput(run) as unknown as Record<string, unknown>,
      });
      this.logger.info({ runId: run.id, errorRunId: runId, errorWorkflowId }, 'started the error workflow of a failed run');
      return runId;
    } catch (error) {
      this.logger.warn({ err: error, runId: run.id, errorWorkflowId }, 'the error workflow of a failed run was refused');
      return null;
    }
  }
}
