// The sub-workflow step's ports on Firestore and the runs service: workflows
// read as the runs API reads them, the run-by-hand permission, the child run
// watched through its document, and a cancel written as the cancel route
// writes it (the executing instance stops at its next write or heartbeat;
// here, at once), down the tree: a child waiting for a child of its own
// cancels that one too.
import type { Firestore } from 'firebase-admin/firestore';
import { RUN_MESSAGES, WORKFLOW_COLLECTION, isTerminalRunStatus, workflowFromDocument } from '@agentflow/shared/workflow';
import { mayRunWorkflow } from '../access.js';
import type { RunsService } from '../service.js';
import type { StoredRun } from '../runModel.js';
import { decodeRun, encodeRun, runRef } from '../store.js';
import type { SubworkflowPorts } from './subworkflowStep.js';

/** Ends a run that has not ended as canceled (its running and waiting steps too); the canceled run, null when it had ended or does not exist. */
export async function cancelStoredRun(db: Firestore, runId: string, now: () => Date): Promise<StoredRun | null> {
  return db.runTransaction(async (tx) => {
    const current = decodeRun(await tx.get(runRef(db, runId)));
    if (!current || isTerminalRunStatus(current.status)) return null;
    const at = now().toISOString();
    for (const step of current.steps) {
      if (step.status === 'running' || step.status === 'waiting') Object.assign(step, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at });
      else if (step.status === 'pending') step.status = 'skipped';
    }
    Object.assign(current, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at, updatedAt: at, lease: null });
    tx.set(runRef(db, runId), encodeRun(current));
    return current;
  });
}

/**
 * Cancels the child runs of the run's sub-workflow steps that were going
 * (now 'canceled' on the run, their childRunId kept), and theirs in turn. A
 * child executing somewhere stops at its next write; one waiting for its own
 * child is not executing anywhere, hence the walk down.
 */
export async function cancelChildRuns(db: Firestore, run: StoredRun, now: () => Date, cancelLocal: (runId: string) => void): Promise<void> {
  for (const step of run.steps) {
    if (step.type !== 'subworkflow' || step.status !== 'canceled' || typeof step.childRunId !== 'string') continue;
    cancelLocal(step.childRunId);
    const canceled = await cancelStoredRun(db, step.childRunId, now);
    if (canceled) await cancelChildRuns(db, canceled, now, cancelLocal);
  }
}

/** Resolves with the run once its document says it ended. */
export function runEnded(db: Firestore, runId: string, signal: AbortSignal): Promise<StoredRun> {
  return new Promise<StoredRun>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let unsubscribe: () => void = () => undefined;
    const done = (settle: () => void) => {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => done(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    unsubscribe = runRef(db, runId).onSnapshot(
      (snapshot) => {
        const run = decodeRun(snapshot);
        if (!run) done(() => reject(new Error(`The run ${runId} was deleted`)));
        else if (isTerminalRunStatus(run.status)) done(() => resolve(run));
      },
      (error) => done(() => reject(error)),
    );
  });
}

/** `service` is asked at run time: the runs module builds the service after the executor these ports serve. */
export function firestoreSubworkflowPorts(db: Firestore, runs: () => RunsService): SubworkflowPorts {
  return {
    loadWorkflow: async (workflowId) => {
      const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
      return snapshot.exists ? workflowFromDocument(snapshot.id, snapshot.data() ?? {}) : null;
    },
    // The run's owner stands in for the caller: whose run (and tokens) it is.
    mayRun: (ownerId, workflow) => mayRunWorkflow(db, { uid: ownerId }, workflow),
    start: (newRun) => runs().start(newRun),
    load: async (runId) => decodeRun(await runRef(db, runId).get()),
    ended: (runId, signal) => runEnded(db, runId, signal),
    cancel: async (runId) => {
      const cancelLocal = (id: string) => void runs().executor.cancelLocal(id);
      cancelLocal(runId);
      const canceled = await cancelStoredRun(db, runId, () => runs().now());
      if (canceled) await cancelChildRuns(db, canceled, () => runs().now(), cancelLocal);
    },
  };
}
