// The lease that makes Pub/Sub's at-least-once delivery exactly-once in
// effect: before a worker executes a delivered run it claims the run in one
// Firestore transaction, and only the claimant executes it.
//
// - queued: claimable whatever its lease says (the lease of a queued run is
//   the enqueuing API's or recovery's, kept so recovery leaves it alone; on
//   Pub/Sub nobody executes a queued run). The claim makes it 'running'
//   under this worker's lease, so a duplicate delivery, here or on another
//   worker, finds it taken.
// - running: taken. Its holder executes it (and adopts decisions written
//   meanwhile, execution.ts reconcile), or died: then its lease lapses and
//   recovery fails or resumes it (recovery.ts). The message is acked either way.
// - waiting (an approval or a wait decided): claimable when no live lease of
//   another worker holds it; the claim sets the lease (the status stays
//   'waiting' until the executor continues it). A live lease: that worker
//   continues the run and adopts the decision.
// - ended or gone: nothing to do.
import type { Firestore } from 'firebase-admin/firestore';
import { isTerminalRunStatus } from '@agentflow/shared/workflow';
import { decodeRun, encodeRun, runRef } from '../../store.js';

export type ClaimOutcome = 'claimed' | 'taken' | 'ended' | 'gone';

export interface RunClaims {
  /** Claims the run for this worker; only 'claimed' executes it. */
  claim(runId: string): Promise<ClaimOutcome>;
  /** After an execution: a waiting run still under this worker's claim is let go (the executor ended without writing). */
  release(runId: string): Promise<void>;
}

export function firestoreRunClaims(db: Firestore, options: { instanceId: string; leaseMs: number; now?: () => Date }): RunClaims {
  const now = () => options.now?.() ?? new Date();
  return {
    claim: (runId) =>
      db.runTransaction(async (tx) => {
        const ref = runRef(db, runId);
        const run = decodeRun(await tx.get(ref));
        if (!run) return 'gone';
        if (isTerminalRunStatus(run.status)) return 'ended';
        const at = now();
        if (run.status === 'running') return 'taken';
        if (run.status === 'waiting' && run.lease && run.lease.instanceId !== options.instanceId && run.lease.expiresAt > at.getTime()) return 'taken';
        const lease = { instanceId: options.instanceId, expiresAt: at.getTime() + options.leaseMs };
        if (run.status === 'queued') Object.assign(run, { status: 'running', updatedAt: at.toISOString(), lease });
        else run.lease = lease;
        tx.set(ref, encodeRun(run));
        return 'claimed';
      }),
    release: (runId) =>
      db.runTransaction(async (tx) => {
        const ref = runRef(db, runId);
        const run = decodeRun(await tx.get(ref));
        if (run?.status === 'waiting' && run.lease?.instanceId === options.instanceId) tx.update(ref, { lease: null });
      }),
  };
}
