// Where a loop's per-item records are kept: one document per item in the
// run's subcollection workflowRuns/{runId}/loopItems/{loop step}_{index},
// never in the run document. 100 items × a few body steps, each with an
// input and output of up to RUN_LIMITS.maxStepOutputBytes, would pass
// Firestore's 1 MiB document limit (and the plans allow 10,000 items); one
// small document per item stays far below it, is written when its item
// starts (status 'running', so recovery knows it was under way) and when it
// ends (two writes per item, not per step, so no document takes more than a
// write a second), and is read one page at a time by the run view. A loop
// resumed after a restart (recovery.ts) reads its finished records back
// (list) and keeps them, with each item's output, instead of running them
// again.
import type { Firestore } from 'firebase-admin/firestore';
import type { RunStep, StepStatus } from '@agentflow/shared/workflow';
import { runRef, stepDocId } from '../store.js';

export const LOOP_ITEMS_SUBCOLLECTION = 'loopItems';

/** One item of one loop step: what its body steps did. */
export interface LoopItemRecord {
  runId: string;
  loopStepId: string;
  /** 0-based position in the list. */
  index: number;
  /** Items in the list. */
  total: number;
  /** running (started, not ended: under way, or interrupted by a restart), succeeded, failed (stop / collect), skipped (a failed item under 'skip'), canceled (stopped by another item's failure or a cancel). */
  status: Extract<StepStatus, 'running' | 'succeeded' | 'failed' | 'skipped' | 'canceled'>;
  error: string | null;
  /** The item's output in the loop's list (its last body output, or its collected error), whole: a resumed loop puts it back in its place. */
  output?: unknown;
  /** The body's steps for this item (parentStepId: the loop step, item: index), outputs truncated like any step's. */
  steps: RunStep[];
  startedAt: string;
  /** null while it runs. */
  endedAt: string | null;
}

/** The port the loop step writes through (Firestore in the service, a Map in unit tests). */
export interface LoopItemStore {
  save(record: LoopItemRecord): Promise<void>;
  load(runId: string, loopStepId: string, index: number): Promise<LoopItemRecord | null>;
  /** Every record of one loop step of a run (a loop resumed after a restart); empty for a loop that never ran. */
  list(runId: string, loopStepId: string): Promise<LoopItemRecord[]>;
}

const itemDocId = (loopStepId: string, index: number) => `${stepDocId(loopStepId)}_${index}`;

export function firestoreLoopItems(db: Firestore): LoopItemStore {
  const ref = (runId: string, loopStepId: string, index: number) => runRef(db, runId).collection(LOOP_ITEMS_SUBCOLLECTION).doc(itemDocId(loopStepId, index));
  return {
    async save(record) {
      // JSON text: step inputs and outputs are any JSON (Firestore refuses nested arrays and undefined).
      await ref(record.runId, record.loopStepId, record.index).set({ loopStepId: record.loopStepId, index: record.index, json: JSON.stringify(record) });
    },
    async load(runId, loopStepId, index) {
      const snapshot = await ref(runId, loopStepId, index).get();
      return snapshot.exists ? (JSON.parse(String(snapshot.get('json'))) as LoopItemRecord) : null;
    },
    async list(runId, loopStepId) {
      const snapshot = await runRef(db, runId).collection(LOOP_ITEMS_SUBCOLLECTION).where('loopStepId', '==', loopStepId).get();
      return snapshot.docs.map((doc) => JSON.parse(String(doc.get('json'))) as LoopItemRecord);
    },
  };
}

/** Deletes a run's item records (housekeeping and trash purge delete the run's subcollections with it). */
export async function deleteLoopItems(db: Firestore, runId: string): Promise<void> {
  const docs = await runRef(db, runId).collection(LOOP_ITEMS_SUBCOLLECTION).listDocuments();
  await Promise.all(docs.map((doc) => doc.delete()));
}
