// What follows a decision, outside its transaction and never failing it:
// the other approvers' bell entries for the step are marked read (and no
// longer open: the header's approvals count drops), and a rejection that
// failed the run closes the entries of the steps it canceled and tells its
// starter and its workflow's owner.
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
      if (after?.status === 'failed') {
        // The decision's transaction canceled the run's other waiting requests: their bell entries close too.
        const siblings = await requestsCollection(approvals.db).where('runId', '==', run.id).get();
        await Promise.all(
          siblings.docs
            .filter((sibling) => sibling.get('nodeId') !== nodeId)
            .map((sibling) => approvals.dispatcher.approvalDecided((sibling.get('notifyUids') as string[] | undefined) ?? [], run.id, sibling.get('nodeId') as string)),
        );
        await approvals.runFailed(after);
      }
    }
  } catch (error) {
    approvals.logger.error({ err: error, runId: run.id, nodeId }, 'after an approval decision: notifications not updated');
  }
}

