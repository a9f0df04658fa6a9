// What follows a decision, outside its transaction and never failing it:
// the other approvers' bell entries for the step are marked read, and a
// rejection that failed the run tells its starter and its workflow's owner.
import { approvalRequestId } from '@agentflow/shared/domain';
import type { StoredRun } from '../runs/runModel.js';
import { decodeRun, runRef } from '../runs/store.js';
import { requestsCollection } from './requests.js';
import type { ApprovalsModule } from './index.js';

/** After a decision: the other approvers' bell entries are read; a rejection that failed the run tells its people. */
export async function afterDecision(approvals: ApprovalsModule, run: StoredRun, nodeId: string, approved: boolean): Promise<void> {
  try {
    const request = await requestsCollection(approvals.db).doc(approvalRequestId(run.id, nodeId)).get();
    const uids = (request.get('notifyUids') as string[] | undefined) ?? [];
    await approvals.dispatcher.approvalDecided(uids, run.id, nodeId);
    if (!approved) {
      const after = decodeRun(await runRef(approvals.db, run.id).get());
      if (after?.status === 'failed') await approvals.runFailed(after);
    }
  } catch (error) {
    approvals.logger.error({ err: error, runId: run.id, nodeId }, 'after an approval decision: notifications not updated');
  }
}

