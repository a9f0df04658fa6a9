// Creating runs (manual, webhook, schedule), the token charged at start, and
// keeping the leases of queued runs fresh. The HTTP routes and the
// scheduler go through here.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { InsufficientTokensError, credit, debit } from '@agentflow/shared/server';
import {
  RUN_SERVER_COLLECTIONS,
  RUN_START_COST,
  type RunTrigger,
  type Workflow,
} from '@agentflow/shared/workflow';
import { initialSteps, type RunExecutor } from './engine.js';
import type { InProcessRunQueue, RunQueue } from './queue.js';
import { encodeRun, newRunId, runRef, type StoredRun } from './store.js';

export interface NewRun {
  workflow: Workflow;
  /** Whose tokens the run uses, and who may watch it. */
  ownerId: string;
  trigger: RunTrigger;
  input: Record<string, unknown>;
}

const START_COST = RUN_START_COST;

export class RunsService {
  constructor(
    readonly db: Firestore,
    readonly logger: Logger,
    readonly executor: RunExecutor,
    readonly queue: RunQueue,
    readonly instanceId: string,
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
   * Charges the start token, stores the run and queues it. Throws
   * InsufficientTokensError (nothing stored) when the owner has no token.
   */
  async start(newRun: NewRun): Promise<string> {
    const runId = newRunId();
    const idempotencyKey = `run:${runId}:start`;
    await debit(this.db, { uid: newRun.ownerId, feature: 'workflow_run', amount: START_COST, idempotencyKey });
    try {
      await runRef(this.db, runId).create(encodeRun(this.document(runId, newRun)));
    } catch (error) {
      // The run does not exist: give the token back.
      await credit(this.db, { uid: newRun.ownerId, amount: START_COST, reason: 'refund', idempotencyKey: `${idempotencyKey}:refund` }).catch(() => undefined);
      throw error;
    }
    await this.queue.enqueue(runId);
    return runId;
  }

  /**
   * A schedule tick: the tick document and the run are created in one
   * transaction, so of several instances seeing the same tick one creates
   * the run. Returns null when another instance already did. Without tokens
   * the run is stored as failed with the ledger's message (the owner sees why).
   */
  async startScheduled(newRun: NewRun, tickIso: string): Promise<string | null> {
    const runId = newRunId();
    const tickRef = this.db.collection(RUN_SERVER_COLLECTIONS.scheduleTicks).doc(`${newRun.workflow.id}_${tickIso}`);
    const created = await this.db
      .runTransaction(async (tx) => {
        const tick = await tx.get(tickRef);
        if (tick.exists) return false;
        tx.create(tickRef, { workflowId: newRun.workflow.id, tick: tickIso, runId, instanceId: this.instanceId, createdAt: this.now().toISOString() });
        tx.create(runRef(this.db, runId), encodeRun(this.document(runId, newRun)));
        return true;
      })
      .catch((error: unknown) => {
        // ALREADY_EXISTS: another instance's transaction won the race.
        if ((error as { code?: unknown }).code === 6) return false;
        throw error;
      });
    if (!created) return null;
    try {
      await debit(this.db, { uid: newRun.ownerId, feature: 'workflow_run', amount: START_COST, idempotencyKey: `run:${runId}:start` });
    } catch (error) {
      const message = error instanceof InsufficientTokensError ? error.message : 'Could not charge the run';
      const at = this.now().toISOString();
      await runRef(this.db, runId).update({ status: 'failed', error: message, tokensUsed: 0, endedAt: at, updatedAt: at, lease: null });
      if (!(error instanceof InsufficientTokensError)) this.logger.error({ err: error, runId }, 'schedule run charge failed');
      return runId;
    }
    await this.queue.enqueue(runId);
    return runId;
  }

  /**
   * Queued runs wait with a lease; renew it so another instance does not take
   * them for dead. A run can end while it waits (rejected, canceled, failed by
   * recovery): read and write in one transaction so an ended (or deleted) run
   * never gets a lease back. Returns the ids renewed.
   */
  async renewQueuedLeases(): Promise<string[]> {
    const waiting = (this.queue as Partial<InProcessRunQueue>).waitingIds?.() ?? [];
    if (waiting.length === 0) return [];
    const expiresAt = this.now().getTime() + this.executor.limits.leaseMs;
    const renewed: string[] = [];
    // Chunks keep each transaction under Firestore's 500 writes.
    for (let i = 0; i < waiting.length; i += 400) {
      const chunk = waiting.slice(i, i + 400);
      renewed.push(
        ...(await this.db.runTransaction(async (tx) => {
          const snapshots = await tx.getAll(...chunk.map((runId) => runRef(this.db, runId)));
          const ids: string[] = [];
          for (const snapshot of snapshots) {
            const status: unknown = snapshot.get('status');
            if (!snapshot.exists || (status !== 'queued' && status !== 'running')) continue;
            tx.update(snapshot.ref, { lease: { instanceId: this.instanceId, expiresAt } });
            ids.push(snapshot.id);
          }
          return ids;
        })),
      );
    }
    return renewed;
  }
}
