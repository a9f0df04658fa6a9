// The run store on Firestore: runs in workflowRuns/{runId} (codec in
// store.ts), a truncated step's whole output in its stepOutputs
// subcollection, schedule ticks in scheduleTicks/{workflowId}_{tick}, polled
// items in connectorPollItems/{workflowId}_{sha256(key)}. A
// run's version is its document's update time, so a conditional save is an
// update with that precondition.
import { createHash } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { RUN_SERVER_COLLECTIONS } from '@agentflow/shared/workflow';
import type { LoadedRun, PollItem, RunPatch, RunStore, RunVersion, SaveOutcome, ScheduleTick } from './ports.js';
import type { RunLease, StoredRun } from './runModel.js';
import { decodeRun, encodeRun, isPreconditionFailure, isRetryableWriteError, runRef, stepOutputRef } from './store.js';

/** gRPC ALREADY_EXISTS: another instance's transaction created the tick first. */
const ALREADY_EXISTS = 6;
/** Runs per lease renewal transaction: under Firestore's 500 writes. */
const RENEWAL_CHUNK = 400;

export class FirestoreRunStore implements RunStore {
  constructor(readonly db: Firestore) {}

  async create(run: StoredRun): Promise<RunVersion> {
    // The create's write time is the document's update time: the version a conditional save compares.
    return (await runRef(this.db, run.id).create(encodeRun(run))).writeTime;
  }

  createForTick(run: StoredRun, tick: ScheduleTick): Promise<boolean> {
    // One claim per schedule trigger and instant: two schedules of a workflow may tick at once.
    const tickRef = this.db.collection(RUN_SERVER_COLLECTIONS.scheduleTicks).doc(tick.nodeId ? `${tick.workflowId}_${tick.nodeId}_${tick.tick}` : `${tick.workflowId}_${tick.tick}`);
    return this.createClaimed(run, tickRef, { workflowId: tick.workflowId, tick: tick.tick, nodeId: tick.nodeId ?? null, instanceId: tick.instanceId, createdAt: tick.createdAt });
  }

  createForPollItem(run: StoredRun, item: PollItem): Promise<boolean> {
    return this.createClaimed(run, pollItemRef(this.db, item.workflowId, item.key), { workflowId: item.workflowId, key: item.key, instanceId: item.instanceId, createdAt: item.createdAt });
  }

  /** The run and the document that claims it (a tick, an item), both or neither; false when the claim exists. */
  private createClaimed(run: StoredRun, claimRef: DocumentReference, claim: Record<string, unknown>): Promise<boolean> {
    return this.db
      .runTransaction(async (tx) => {
        if ((await tx.get(claimRef)).exists) return false;
        tx.create(claimRef, { ...claim, runId: run.id });
        tx.create(runRef(this.db, run.id), encodeRun(run));
        return true;
      })
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
        throw error;
      });
  }

  async load(runId: string): Promise<LoadedRun | null> {
    const snapshot = await runRef(this.db, runId).get();
    const run = decodeRun(snapshot);
    return run ? { run, version: snapshot.updateTime ?? null } : null;
  }

  async save(run: StoredRun, since: RunVersion | null): Promise<SaveOutcome> {
    // Encoded before the first await: the executor keeps changing `run`.
    const data = encodeRun(run);
    const ref = runRef(this.db, run.id);
    try {
      const result = since === null ? await ref.update(data) : await ref.update(data, { lastUpdateTime: timestampOf(since) });
      return { kind: 'saved', version: result.writeTime };
    } catch (error) {
      if (isPreconditionFailure(error)) {
        const fresh = await ref.get();
        return { kind: 'conflict', current: decodeRun(fresh), version: fresh.updateTime ?? null };
      }
      if (isRetryableWriteError(error)) return { kind: 'busy', error };
      throw error;
    }
  }

  async patch(runId: string, fields: RunPatch): Promise<void> {
    await runRef(this.db, runId).update(fields);
  }

  /**
   * A run can end while it waits in a queue (rejected, canceled, failed by
   * recovery): read and write in one transaction so an ended (or deleted)
   * run never gets a lease back.
   */
  async renewLeases(runIds: readonly string[], lease: RunLease): Promise<string[]> {
    const renewed: string[] = [];
    for (let i = 0; i < runIds.length; i += RENEWAL_CHUNK) {
      const chunk = runIds.slice(i, i + RENEWAL_CHUNK);
      renewed.push(
        ...(await this.db.runTransaction(async (tx) => {
          const snapshots = await tx.getAll(...chunk.map((runId) => runRef(this.db, runId)));
          const ids: string[] = [];
          for (const snapshot of snapshots) {
            const status: unknown = snapshot.get('status');
            if (!snapshot.exists || (status !== 'queued' && status !== 'running')) continue;
            tx.update(snapshot.ref, { lease });
            ids.push(snapshot.id);
          }
          return ids;
        })),
      );
    }
    return renewed;
  }

  async saveFullOutput(runId: string, stepId: string, output: unknown): Promise<void> {
    await stepOutputRef(this.db, runId, stepId).set({ json: JSON.stringify(output ?? null) });
  }

  async loadFullOutput(runId: string, stepId: string): Promise<{ output: unknown } | null> {
    const full = await stepOutputRef(this.db, runId, stepId).get();
    return full.exists ? { output: JSON.parse(String(full.get('json'))) as unknown } : null;
  }
}

/** An item key can be long and hold any character: its hash names the document. */
export function pollItemRef(db: Firestore, workflowId: string, key: string): DocumentReference {
  return db.collection(RUN_SERVER_COLLECTIONS.connectorPollItems).doc(`${workflowId}_${createHash('sha256').update(key).digest('hex')}`);
}

/** A version this store handed out; anything else is a caller's mistake, never a silent unconditional write. */
function timestampOf(version: RunVersion): Timestamp {
  if (version instanceof Timestamp) return version;
  throw new TypeError('Not a version of the Firestore run store');
}
