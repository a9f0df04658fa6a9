// Runs whose process died. Every run a process holds (queued in its queue
// or executing) carries a lease {instanceId, expiresAt} that the executor
// renews every heartbeat (10 s) and drops when the run ends or waits; with
// several platform-api instances, a run is only another instance's to fail
// once its lease has expired (30 s without a heartbeat). At start, and then
// every lease period, recoverInterruptedRuns() fails the queued and running
// runs whose lease expired (or that never had one) with 'Interrupted by a
// restart', on the run and on its running steps. Waiting runs hold no lease
// and are left alone: their state is in Firestore and they continue when
// someone decides the approval.
//
// A run interrupted in loops only (every running step is a top-level loop
// step) is resumed instead, when the caller gives `resume` (the module's
// queue): its loop steps go back to pending, the run to queued under a
// lease of this instance (so no other sweep takes it too), and it is
// queued here. The loop step then keeps the items its records show finished
// and runs the rest (loop/resume.ts, which also says what becomes of an
// item that was under way). Any other step under way at the crash may have
// acted halfway, so such a run still fails.
//
// With a durable queue (Pub/Sub, the caller gives `requeue`), a queued run
// is not held by a process but by the topic: a queued run whose lease
// expired is published again under a fresh lease (covering a publish that
// was lost; a duplicate delivery is acked by the claim, queue/pubsub/claim.ts)
// and never failed. That lease lasts REQUEUE_LEASE_FACTOR lease periods, so a
// long backlog is published again at most once per such period.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { RUN_MESSAGES, type RunStep } from '@agentflow/shared/workflow';
import { decodeRun, encodeRun, runRef, runsCollection } from './store.js';
import { singleFlight } from './workflowScan.js';
import type { StoredRun } from './runModel.js';

export interface RecoveryOptions {
  now?: () => Date;
  /** This process: its own runs are never failed here. */
  instanceId?: string;
  /** Told of each run this sweep failed (the error workflow: errors/errorWorkflow.ts, at most once per run); never awaited by the sweep. */
  onRunFailed?: (run: StoredRun) => Promise<unknown>;
  /** Queues a run in this process: given, a run interrupted in its loops is resumed rather than failed. */
  resume?: (runId: string) => Promise<void>;
  /** Publishes a queued run again (a durable queue): given, queued runs whose lease expired are re-published, not failed. */
  requeue?: (runId: string) => Promise<void>;
  /** How long a resumed run is this instance's before its execution renews the lease (default 30 s). */
  leaseMs?: number;
}

/** A re-published queued run is left alone this many lease periods (each re-publication is a duplicate while it waits). */
const REQUEUE_LEASE_FACTOR = 10;

/** A step the run can pick up again after a crash: a top-level loop (its items are recorded one by one). */
const isResumable = (step: RunStep) => step.parentStepId === null && step.type === 'loop';

/** Fails interrupted runs (returns their ids) and resumes those interrupted in loops (through `resume`). */
export async function recoverInterruptedRuns(db: Firestore, options: RecoveryOptions = {}): Promise<string[]> {
  const now = () => options.now?.() ?? new Date();
  const candidates = await runsCollection(db).where('status', 'in', ['queued', 'running']).get();
  const recovered: string[] = [];
  for (const doc of candidates.docs) {
    // A live lease as read: no transaction (a backlog of queued runs would otherwise contend with the claims on every sweep).
    const seen = decodeRun(doc);
    if (seen?.lease && (seen.lease.expiresAt > now().getTime() || seen.lease.instanceId === options.instanceId)) continue;
    // One run's transaction failing (contention with another sweep or a claim) skips it until the next sweep, not the rest.
    const failed = await db.runTransaction(async (tx) => {
      const run = decodeRun(await tx.get(runRef(db, doc.id)));
      if (!run || (run.status !== 'queued' && run.status !== 'running')) return null;
      const at = now();
      if (run.lease && (run.lease.expiresAt > at.getTime() || run.lease.instanceId === options.instanceId)) return null;
      const iso = at.toISOString();
      if (options.requeue && run.status === 'queued') {
        Object.assign(run, { updatedAt: iso, lease: { instanceId: options.instanceId ?? 'recovery', expiresAt: at.getTime() + REQUEUE_LEASE_FACTOR * (options.leaseMs ?? 30_000) } });
        tx.set(runRef(db, doc.id), encodeRun(run));
        return 'requeued' as const;
      }
      const running = run.steps.filter((step) => step.status === 'running');
      if (options.resume && run.status === 'running' && running.length > 0 && running.every(isResumable)) {
        for (const step of running) Object.assign(step, { status: 'pending', endedAt: null });
        Object.assign(run, { status: 'queued', updatedAt: iso, lease: { instanceId: options.instanceId ?? 'recovery', expiresAt: at.getTime() + (options.leaseMs ?? 30_000) } });
        tx.set(runRef(db, doc.id), encodeRun(run));
        return 'resumed' as const;
      }
      for (const step of run.steps) {
        if (step.status === 'running') Object.assign(step, { status: 'failed', error: RUN_MESSAGES.interrupted, endedAt: iso });
      }
      Object.assign(run, { status: 'failed', error: RUN_MESSAGES.interrupted, endedAt: iso, updatedAt: iso, lease: null });
      tx.set(runRef(db, doc.id), encodeRun(run));
      return run;
    }).catch(() => null);
    if (!failed) continue;
    if (failed === 'requeued') {
      await options.requeue?.(doc.id).catch(() => undefined);
      continue;
    }
    if (failed === 'resumed') {
      // Not queued (this process is stopping): the lease lapses and a later sweep takes it again.
      await options.resume?.(doc.id).catch(() => undefined);
      continue;
    }
    recovered.push(doc.id);
    void options.onRunFailed?.(failed).catch(() => undefined);
  }
  return recovered;
}

/** Recovery at start and then every `intervalMs`; returns the stop function. */
export function startRecoveryLoop(db: Firestore, logger: Logger, options: RecoveryOptions & { intervalMs: number }): () => void {
  // One sweep at a time: a sweep longer than the interval would otherwise contend with the next one for the same runs.
  const sweep = singleFlight(() =>
    recoverInterruptedRuns(db, options)
      .then((ids) => {
        if (ids.length > 0) logger.warn({ runIds: ids }, 'failed interrupted runs');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'run recovery failed')),
  );
  void sweep();
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
