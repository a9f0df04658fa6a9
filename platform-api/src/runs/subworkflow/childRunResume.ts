// Resuming a parent run whose sub-workflow step waits for its child run
// (subworkflowStep.ts). Two ways lead here, both ending in one transaction
// that makes the waiting step pending again and queues the parent with this
// instance's lease, as an approval does; of several callers, one finds the
// step still waiting and the others nothing to do, so the parent resumes
// exactly once:
// - at once: the store tells when a child run's end was stored (the
//   executor's final write, on whichever instance executed the child;
//   the same report cancels the children of a run that ended while its
//   steps waited for them);
// - the sweep: every instance checks, every few seconds, the waiting runs
//   whose steps wait for a child (`awaitsChildRun`, derived on the run as it
//   is stored), and resumes those whose child has ended. It catches what the
//   first way cannot: a child canceled or failed by recovery (written
//   directly, not by an executor), a process that died between the child's
//   end and the parent's resume, and a child that ended while its parent was
//   still storing its wait.
// The parent then runs the step again, which finds the child ended and gives
// its output (or its failure).
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { isTerminalRunStatus, type ParentRunLink } from '@agentflow/shared/workflow';
import type { RunStore } from '../ports.js';
import type { StoredRun } from '../runModel.js';
import type { RunsService } from '../service.js';
import { decodeRun, encodeRun, runRef, runsCollection } from '../store.js';
import { singleFlight } from '../workflowScan.js';

/** Waiting parents read per page of a check. */
const PAGE = 100;

/** A child run whose end was stored. */
export type EndedChild = Pick<StoredRun, 'id'> & { parentRun: Pick<ParentRunLink, 'runId' | 'stepId'> };

/** A run whose end was stored by its executor: its parent, if a sub-workflow step started it, and the children of its canceled sub-workflow steps. */
export interface EndedRun {
  id: string;
  parentRun: ParentRunLink | null;
  /** Child runs of steps canceled as the run ended (its cancel, or fail-fast while the step waited for its child). */
  canceledChildRunIds: string[];
}

/**
 * The store, telling `onEnded` when the end of a run that has a parent run
 * or canceled sub-workflow steps has been stored (never awaited by the
 * executor).
 */
export function reportingRunEnds(store: RunStore, onEnded: (run: EndedRun) => void): RunStore {
  const save: RunStore['save'] = async (run, since) => {
    // Read before the first await: the executor goes on changing the object.
    let ended: EndedRun | null = null;
    if (isTerminalRunStatus(run.status)) {
      const canceledChildRunIds = run.steps.flatMap((step) => (step.type === 'subworkflow' && step.status === 'canceled' && typeof step.childRunId === 'string' ? [step.childRunId] : []));
      if (run.parentRun || canceledChildRunIds.length > 0) ended = { id: run.id, parentRun: run.parentRun ?? null, canceledChildRunIds };
    }
    const outcome = await store.save(run, since);
    if (ended && outcome.kind === 'saved') onEnded(ended);
    return outcome;
  };
  return new Proxy(store, {
    get: (target, key) => {
      if (key === 'save') return save;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface ChildRunResumerOptions {
  db: Firestore;
  logger: Logger;
  service: Pick<RunsService, 'queue' | 'instanceId' | 'executor'>;
  now?: () => Date;
  /** How often waiting parents are checked (default 5 s). */
  checkMs?: number;
}

export class ChildRunResumer {
  private timer: NodeJS.Timeout | null = null;
  private readonly checkOnce = singleFlight(() => this.resumeEnded());

  constructor(private readonly options: ChildRunResumerOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** A child run ended: resumes its parent if the parent's step waits for it; true when this call resumed it. */
  async childEnded(child: EndedChild): Promise<boolean> {
    const outcome = await this.resumeStep(child.parentRun.runId, child.parentRun.stepId, child.id);
    if (outcome === 'queued') await this.options.service.queue.enqueue(child.parentRun.runId);
    return outcome !== null;
  }

  /** The sweep: resumes the waiting parents whose child has ended; the ids of the parents this instance resumed. */
  check(): Promise<string[]> {
    return this.checkOnce();
  }

  private async resumeEnded(): Promise<string[]> {
    const { db } = this.options;
    const resumed: string[] = [];
    let after: QueryDocumentSnapshot | null = null;
    for (;;) {
      let query = runsCollection(db).where('status', '==', 'waiting').where('awaitsChildRun', '==', true).orderBy(FieldPath.documentId()).limit(PAGE);
      if (after) query = query.startAfter(after);
      const page = await query.get();
      const waits: { parentId: string; stepId: string; childId: string }[] = [];
      for (const doc of page.docs) {
        for (const step of decodeRun(doc)?.steps ?? []) {
          if (step.status === 'waiting' && typeof step.childRunId === 'string') waits.push({ parentId: doc.id, stepId: step.id, childId: step.childRunId });
        }
      }
      const children = waits.length > 0 ? await db.getAll(...waits.map((wait) => runRef(db, wait.childId))) : [];
      for (const [index, wait] of waits.entries()) {
        const child = decodeRun(children[index]!);
        // A child deleted with its history ended too: the step then fails, saying it lost track of it.
        if (child && !isTerminalRunStatus(child.status)) continue;
        try {
          if (await this.childEnded({ id: wait.childId, parentRun: { runId: wait.parentId, stepId: wait.stepId } })) resumed.push(wait.parentId);
        } catch (error) {
          this.options.logger.error({ err: error, runId: wait.parentId, childRunId: wait.childId }, 'could not resume a run after its sub-workflow ended');
        }
      }
      if (page.size < PAGE) return resumed;
      after = page.docs[page.docs.length - 1]!;
    }
  }

  /**
   * Makes the step that waits for the child pending again, in one
   * transaction: 'queued' when the parent was waiting (now queued with this
   * instance's lease), 'stored' when it is executing or queued elsewhere
   * (it picks the step up at its next write), null when the step no longer
   * waits for this child (another instance got there first, or a cancel).
   */
  private resumeStep(parentId: string, stepId: string, childId: string): Promise<'queued' | 'stored' | null> {
    const { db, service } = this.options;
    return db.runTransaction(async (tx) => {
      const parent = decodeRun(await tx.get(runRef(db, parentId)));
      if (!parent || isTerminalRunStatus(parent.status)) return null;
      const step = parent.steps.find((candidate) => candidate.id === stepId);
      if (!step || step.status !== 'waiting' || step.childRunId !== childId) return null;
      const at = this.now().toISOString();
      Object.assign(step, { status: 'pending', endedAt: null });
      parent.updatedAt = at;
      let outcome: 'queued' | 'stored' = 'stored';
      if (parent.status === 'waiting') {
        Object.assign(parent, { status: 'queued', lease: { instanceId: service.instanceId, expiresAt: this.now().getTime() + service.executor.limits.leaseMs } });
        outcome = 'queued';
      }
      tx.set(runRef(db, parentId), encodeRun(parent));
      return outcome;
    });
  }

  start(): void {
    const check = () => void this.check().catch((error: unknown) => this.options.logger.error({ err: error }, 'sub-workflow resume check failed'));
    check();
    this.timer = setInterval(check, this.options.checkMs ?? 5_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
