// The lease that makes Pub/Sub's at-least-once delivery exactly-once in
// effect: before a worker executes a delivered run it claims the run (a read
// and a write conditional on it), and only the claimant executes it, starting
// from the run as claimed.
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
import type { RunVersion } from '../../ports.js';
import type { StoredRun } from '../../runModel.js';

export type ClaimOutcome = 'claimed' | 'taken' | 'ended' | 'gone';

export interface RunClaims {
  /** Claims the run for this worker; only 'claimed' executes it. */
  claim(runId: string): Promise<ClaimOutcome>;
  /** After an execution: a waiting run still under this worker's claim is let go (the executor ended without writing). */
  release(runId: string): Promise<void>;
}

/** gRPC FAILED_PRECONDITION: the run was written since it was read. */
const FAILED_PRECONDITION = 9;
/** Claim attempts when others keep writing the run between the read and the write (a cancel, an approval). */
const CLAIM_ATTEMPTS = 5;

export interface RunClaimOptions {
  instanceId: string;
  leaseMs: number;
  now?: () => Date;
  /** The claimed run and its version: the executor starts from it instead of reading the run again (engine.ts prime). */
  onClaimed?: (run: StoredRun, version: RunVersion) => void;
}

const isConflict = (error: unknown) => (error as { code?: unknown }).code === FAILED_PRECONDITION;

export function firestoreRunClaims(db: Firestore, options: RunClaimOptions): RunClaims {
  const now = () => options.now?.() ?? new Date();
  // A read and a write conditional on the read's update time (no transaction: the same two round trips, and
  // the write's time is the claimed run's version, which a transaction does not return).
  const claim = async (runId: string): Promise<ClaimOutcome> => {
    const ref = runRef(db, runId);
    for (let attempt = 1; ; attempt++) {
      const snapshot = await ref.get();
      const run = decodeRun(snapshot);
      if (!run || !snapshot.updateTime) return 'gone';
      if (isTerminalRunStatus(run.status)) return 'ended';
      const at = now();
      if (run.status === 'running') return 'taken';
      if (run.status === 'waiting' && run.lease && run.lease.instanceId !== options.instanceId && run.lease.expiresAt > at.getTime()) return 'taken';
      const lease = { instanceId: options.instanceId, expiresAt: at.getTime() + options.leaseMs };
      if (run.status === 'queued') Object.assign(run, { status: 'running', updatedAt: at.toISOString(), lease });
      else run.lease = lease;
      try {
        const written = await ref.update(encodeRun(run), { lastUpdateTime: snapshot.updateTime });
        options.onClaimed?.(run, written.writeTime);
        return 'claimed';
      } catch (error) {
        if (!isConflict(error) || attempt >= CLAIM_ATTEMPTS) throw error;
      }
    }
  };
  return {
    claim,
    // Most runs end terminal: one read tells, and only a run left waiting under this claim is written.
    release: async (runId) => {
      const ref = runRef(db, runId);
      const snapshot = await ref.get();
      const run = decodeRun(snapshot);
      if (run?.status !== 'waiting' || run.lease?.instanceId !== options.instanceId || !snapshot.updateTime) return;
      // Written meanwhile (a decision, another worker's claim): theirs stands.
      await ref.update({ lease: null }, { lastUpdateTime: snapshot.updateTime }).catch((error: unknown) => {
        if (!isConflict(error)) throw error;
      });
    },
  };
}
