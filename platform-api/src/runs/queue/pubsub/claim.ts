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
import { decodeRun, encodeRun, isNotFound, isPreconditionFailure, runRef } from '../../store.js';
import type { RunVersion } from '../../ports.js';
import type { StoredRun } from '../../runModel.js';
import type { CarriedRun } from './carriedRun.js';

export type ClaimOutcome = 'claimed' | 'taken' | 'ended' | 'gone';

export interface RunClaims {
  /**
   * Claims the run for this worker; only 'claimed' executes it. A waiting
   * run the executor then finds nothing to do in is let go by the executor
   * (execution.ts letGo). `carried`: the run as created, from its message
   * (carriedRun.ts): claimed with one conditional write when untouched since.
   */
  claim(runId: string, carried?: CarriedRun | null): Promise<ClaimOutcome>;
}

/** Claim attempts when others keep writing the run between the read and the write (a cancel, an approval). */
const CLAIM_ATTEMPTS = 5;

export interface RunClaimOptions {
  instanceId: string;
  leaseMs: number;
  now?: () => Date;
  /** The claimed run and its version: the executor starts from it instead of reading the run again (engine.ts prime). */
  onClaimed?: (run: StoredRun, version: RunVersion) => void;
}


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
        if (!isPreconditionFailure(error) || attempt >= CLAIM_ATTEMPTS) throw error;
      }
    }
  };
  /** A carried queued run: 'claimed' when nobody wrote it since its create, null when someone did (it is read then). */
  const claimCarried = async ({ run, version }: CarriedRun): Promise<ClaimOutcome | null> => {
    const at = now();
    const claimed: StoredRun = { ...run, status: 'running', updatedAt: at.toISOString(), lease: { instanceId: options.instanceId, expiresAt: at.getTime() + options.leaseMs } };
    try {
      const written = await runRef(db, run.id).update({ status: claimed.status, updatedAt: claimed.updatedAt, lease: claimed.lease }, { lastUpdateTime: version });
      options.onClaimed?.(claimed, written.writeTime);
      return 'claimed';
    } catch (error) {
      if (isNotFound(error)) return 'gone';
      if (isPreconditionFailure(error)) return null;
      throw error;
    }
  };
  return {
    claim: async (runId, carried) => (carried?.run.status === 'queued' ? await claimCarried(carried) : null) ?? claim(runId),
  };
}
