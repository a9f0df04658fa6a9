// Canceling a run on a person's behalf (POST /api/runs/:runId/cancel, the
// public API's POST /v1/runs/:runId/cancel): its starter or whoever may run
// its workflow (403 otherwise), 409 when it has already ended. The in-flight
// steps here stop at once; an instance executing it elsewhere sees the
// canceled document at its next write or heartbeat. Its sub-workflow runs
// stop too and its approval requests close.
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, type Caller } from '@agentflow/shared/server';
import { RUN_MESSAGES, isTerminalRunStatus, type RunStatus } from '@agentflow/shared/workflow';
import { closeWaitingRequests } from '../approvals/requests.js';
import { mayViewRun, runInWorkspace, runPermissions, type CallerWorkspace } from './access.js';
import type { StoredRun } from './runModel.js';
import type { RunsService } from './service.js';
import { decodeRun, encodeRun, runRef } from './store.js';
import { cancelChildRuns } from './subworkflow/firestorePorts.js';

const runNotFound = (runId: string) => new HttpError(404, `Run '${runId}' not found`);

/**
 * A run by id; 404 when there is none. With a workspace (a call with an API
 * key), a run outside it or one the caller may not see is the same 404.
 */
export async function loadRunFor(db: Firestore, caller: Caller, runId: string, workspace?: CallerWorkspace): Promise<StoredRun> {
  const run = decodeRun(await runRef(db, runId).get());
  if (!run) throw runNotFound(runId);
  if (workspace && (!runInWorkspace(run, workspace) || !(await mayViewRun(db, caller, run)))) throw runNotFound(runId);
  return run;
}

export async function cancelRun(deps: { db: Firestore; service: RunsService }, caller: Caller, runId: string, workspace?: CallerWorkspace): Promise<{ runId: string; status: RunStatus }> {
  const { db, service } = deps;
  const run = await loadRunFor(db, caller, runId, workspace);
  if (!(await runPermissions(db, caller, run)).steer) throw new HttpError(403, 'Forbidden: you may not run this workflow');
  if (isTerminalRunStatus(run.status)) throw new HttpError(409, `The run has already ${run.status === 'canceled' ? 'been canceled' : run.status}`);
  service.executor.cancelLocal(run.id);
  const result = await db.runTransaction(async (tx) => {
    const current = decodeRun(await tx.get(runRef(db, run.id)));
    if (!current || isTerminalRunStatus(current.status)) return current;
    const at = service.now().toISOString();
    for (const step of current.steps) {
      if (step.status === 'running' || step.status === 'waiting') Object.assign(step, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at });
      else if (step.status === 'pending') step.status = 'skipped';
    }
    Object.assign(current, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at, updatedAt: at, lease: null });
    tx.set(runRef(db, run.id), encodeRun(current));
    return current;
  });
  // Sub-workflow steps' child runs stop too (a step waiting for its child holds no execution that would).
  if (result?.status === 'canceled') await cancelChildRuns(db, result, () => service.now(), (id) => void service.executor.cancelLocal(id));
  // Its approval steps no longer wait: the inbox and the dashboard's count drop them (approvals/).
  if (result?.status === 'canceled') await closeWaitingRequests(db, run.id).catch(() => 0);
  return { runId: run.id, status: result?.status ?? 'canceled' };
}
