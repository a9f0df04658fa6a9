// One run of a bulk re-run: a failed run the caller may see, of a workflow
// they may run (now: it may have moved or been unshared since), started again
// with the same input as a 'rerun' by the caller; the workspace owner pays,
// as for any run. Every refusal is a code, never an exception: one bad run
// does not stop the others.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { WORKFLOW_COLLECTION, personTriggerOf, validateWorkflow, workflowFromDocument, type RerunRefusalCode } from '@agentflow/shared/workflow';
import type { Caller } from '@agentflow/shared/server';
import { mayRunWorkflow, runPermissions } from '../runs/access.js';
import { isUnpaid } from '../runs/ports.js';
import { RunRefusedError, WorkflowInTrashError, isInTrash, type RunsService } from '../runs/service.js';
import { decodeRun, runRef } from '../runs/store.js';

export interface RerunDeps {
  db: Firestore;
  logger: Logger;
  service: RunsService;
}

export type RerunOutcome = { newRunId: string } | { code: RerunRefusalCode };

export async function rerunOne({ db, logger, service }: RerunDeps, user: Caller, runId: string): Promise<RerunOutcome> {
  const run = decodeRun(await runRef(db, runId).get());
  // A run the caller may not see is answered as one that does not exist.
  if (!run || !(await runPermissions(db, user, run)).view) return { code: 'run_not_found' };
  if (run.status !== 'failed') return { code: 'run_not_failed' };
  const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(run.workflowId).get();
  if (!snapshot.exists) return { code: 'workflow_not_found' };
  const workflow = workflowFromDocument(snapshot.id, snapshot.data() ?? {});
  if (workflow.visibility === 'template' || !(await mayRunWorkflow(db, user, workflow))) return { code: 'forbidden' };
  if (isInTrash(workflow)) return { code: 'workflow_not_found' };
  if (validateWorkflow(workflow).length > 0) return { code: 'invalid_input' };
  try {
    const newRunId = await service.start({
      workflow,
      ownerId: user.uid,
      trigger: { type: 'rerun', userId: user.uid, rerunOf: run.id, nodeId: personTriggerOf(workflow)?.id ?? null },
      input: run.input,
    });
    return { newRunId };
  } catch (error) {
    if (error instanceof RunRefusedError) return { code: error.code };
    if (error instanceof WorkflowInTrashError) return { code: 'workflow_not_found' };
    if (isUnpaid(error)) return { code: 'insufficient_tokens' };
    logger.error({ err: error, runId }, 'bulk re-run: the run could not start');
    return { code: 'rerun_failed' };
  }
}
