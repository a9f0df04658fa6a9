// Creating runs (manual, webhook, schedule), the token charged at start, and
// keeping the leases of queued runs fresh. The HTTP routes and the
// scheduler go through here; runs are kept through the run store port and
// paid through the meter port (ports.ts), like the executor's steps.
import type { Logger } from 'pino';
import { RUN_START_COST, initialSteps, type RunTrigger, type Workflow } from '@agentflow/shared/workflow';
import type { RunExecutor } from './engine.js';
import { isUnpaid, type Meter, type RunAccount, type RunStore } from './ports.js';
import type { InProcessRunQueue, RunQueue } from './queue.js';
import { newRunId, type StoredRun } from './runModel.js';

export interface NewRun {
  workflow: Workflow;
  /** Whose tokens the run uses, and who may watch it. */
  ownerId: string;
  trigger: RunTrigger;
  input: Record<string, unknown>;
}

const START_COST = RUN_START_COST;

/**
 * Checks a run can start before anything is charged or stored: today, that
 * every agent's credential exists and its owner may use it. A message says
 * what to fix; null lets the run start.
 */
export type RunPreflight = (workflow: Workflow, ownerId: string) => Promise<string | null>;

/** The preflight refused: nothing was charged or stored. */
export class RunRefusedError extends Error {
  override name = 'RunRefusedError';
}

export class RunsService {
  constructor(
    readonly store: RunStore,
    readonly meter: Meter,
    readonly logger: Logger,
    readonly executor: RunExecutor,
    readonly queue: RunQueue,
    readonly instanceId: string,
    private readonly preflight: RunPreflight = async () => null,
  ) {}

  now(): Date {
    return this.executor.now();
  }

  private document(runId: string, { workflow, ownerId, trigger, input }: NewRun): StoredRun {
    const now = this.now();
    return {
      id: runId,
      workflowId: workflow.id,
      workflowVersion: workflow.version,
      workflowName: workflow.name,
      organizationId: workflow.organizationId ?? null,
      snapshot: { nodes: workflow.nodes, edges: workflow.edges },
      ownerId,
      status: 'queued',
      trigger,
      input,
      output: null,
      error: null,
      // The start token counts: tokensUsed is what the run cost.
      tokensUsed: START_COST,
      steps: initialSteps(workflow.nodes, workflow.edges),
      createdAt: now.toISOString(),
      startedAt: null,
      endedAt: null,
      updatedAt: now.toISOString(),
      lease: { instanceId: this.instanceId, expiresAt: now.getTime() + this.executor.limits.leaseMs },
    };
  }

  /**
   * The one place a run is charged for starting, whatever started it (the
   * meter makes it once per run). Agent steps' tokens are charged by the
   * executor through the same meter.
   */
  private chargeStart(run: RunAccount): Promise<void> {
    return this.meter.chargeRunStart(run, START_COST);
  }

  /**
   * Charges the start token, stores the run and queues it. Throws
   * RunRefusedError (preflight) or InsufficientTokensError (no token), with
   * nothing charged or stored.
   */
  async start(newRun: NewRun): Promise<string> {
    const refusal = await this.preflight(newRun.workflow, newRun.ownerId);
    if (refusal) throw new RunRefusedError(refusal);
    const account = { runId: newRunId(), ownerId: newRun.ownerId };
    await this.chargeStart(account);
    try {
      await this.store.create(this.document(account.runId, newRun));
    } catch (error) {
      // The run does not exist: give the token back.
      await this.meter.refundRunStart(account, START_COST).catch(() => undefined);
      throw error;
    }
    await this.queue.enqueue(account.runId);
    return account.runId;
  }

  /**
   * A schedule tick: the tick and the run are created together, so of
   * several instances seeing the same tick one creates the run. Returns null
   * when another instance already did. Without tokens the run is stored as
   * failed with the ledger's message (the owner sees why).
   */
  async startScheduled(newRun: NewRun, tickIso: string): Promise<string | null> {
    const account = { runId: newRunId(), ownerId: newRun.ownerId };
    const tick = { workflowId: newRun.workflow.id, tick: tickIso, instanceId: this.instanceId, createdAt: this.now().toISOString() };
    if (!(await this.store.createForTick(this.document(account.runId, newRun), tick))) return null;
    // A schedule has nobody to answer: the refused run is recorded, free, with the reason.
    const refusal = await this.preflight(newRun.workflow, newRun.ownerId);
    if (refusal) {
      const at = this.now().toISOString();
      await this.store.patch(account.runId, { status: 'failed', error: refusal, tokensUsed: 0, endedAt: at, updatedAt: at, lease: null });
      return account.runId;
    }
    try {
      await this.chargeStart(account);
    } catch (error) {
      const message = isUnpaid(error) ? error.message : 'Could not charge the run';
      const at = this.now().toISOString();
      await this.store.patch(account.runId, { status: 'failed', error: message, tokensUsed: 0, endedAt: at, updatedAt: at, lease: null });
      if (!isUnpaid(error)) this.logger.error({ err: error, runId: account.runId }, 'schedule run charge failed');
      return account.runId;
    }
    await this.queue.enqueue(account.runId);
    return account.runId;
  }

  /**
   * Queued runs wait with a lease; renew it so another instance does not take
   * them for dead (the store leaves alone those that ended meanwhile).
   * Returns the ids renewed.
   */
  async renewQueuedLeases(): Promise<string[]> {
    const waiting = (this.queue as Partial<InProcessRunQueue>).waitingIds?.() ?? [];
    if (waiting.length === 0) return [];
    return this.store.renewLeases(waiting, { instanceId: this.instanceId, expiresAt: this.now().getTime() + this.executor.limits.leaseMs });
  }
}
