// GET /api/runs/:runId/approvals (APPROVALS_API.runApprovals; the path is
// spelled out: the table's builder would encode the ':'): the run's
// waiting approval steps and, for each, whether the caller may decide it.
// The verdict is the decide route's own (mayDecideApproval on the workflow as
// stored now, shares included), so the run view never contradicts POST
// decide. A run the caller may not view is a 404 (its existence is not told).
import type { Request, RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, type Caller } from '@agentflow/shared/server';
import { approvalRequestId, mayDecideApproval, type ApproverView, type RunApprovalView, type RunApprovals, type RunStep } from '@agentflow/shared/domain';
import { approversOf, mayViewRun } from '../runs/access.js';
import { caller, pathParam } from '../runs/routeKit.js';
import type { StoredRun } from '../runs/runModel.js';
import { approvalTargetOf, callerSubject } from './access.js';
import { approverViews, requestsCollection, type StoredApprovalRequest } from './requests.js';
import type { ApprovalsModule } from './index.js';

export interface RunApprovalsDeps {
  db: Firestore;
  approvals: ApprovalsModule | null;
}

/** The approvers as people read them: as recorded when the step began waiting, else looked up now. */
async function viewsOf({ db, approvals }: RunApprovalsDeps, run: StoredRun, nodeId: string, approvers: string[]): Promise<ApproverView[]> {
  const request = await requestsCollection(db).doc(approvalRequestId(run.id, nodeId)).get();
  const recorded = request.exists ? (request.data() as StoredApprovalRequest).approverViews : undefined;
  if (recorded) return recorded;
  if (approvals) return approverViews(db, approvals.auth, approvers);
  return approvers.map((id) => ({ kind: id.includes('@') ? 'email' : 'user', id, label: id }));
}

/** The run's waiting approval steps with the caller's verdict on each (the caller may view the run: checked before). */
export async function waitingApprovalsOf(deps: RunApprovalsDeps, user: Caller, run: StoredRun): Promise<Array<RunApprovalView & { step: RunStep }>> {
  const waiting = run.steps.filter((step) => step.type === 'approval' && step.status === 'waiting');
  const [subject, target] = await Promise.all([callerSubject(deps.db, user), approvalTargetOf(deps.db, run)]);
  return Promise.all(
    waiting.map(async (step) => {
      const approvers = approversOf(run, step.nodeId);
      return { step, nodeId: step.nodeId, mayDecide: mayDecideApproval(subject, target, approvers), approvers: await viewsOf(deps, run, step.nodeId, approvers) };
    }),
  );
}

export function mountRunApprovals(router: Router, deps: { db: Firestore; authed: RequestHandler; loadRun: (runId: string) => Promise<StoredRun>; approvals: ApprovalsModule | null }): void {
  const { db, authed, loadRun } = deps;

  router.get('/api/runs/:runId/approvals', authed, async (req: Request, res) => {
    const user = caller(req);
    const runId = pathParam(req, 'runId');
    const notFound = new HttpError(404, `Run '${runId}' not found`);
    const run = await loadRun(runId).catch(() => null);
    if (!run || !(await mayViewRun(db, user, run))) throw notFound;
    const views = await waitingApprovalsOf(deps, user, run);
    const body: RunApprovals = { approvals: views.map(({ nodeId, mayDecide, approvers }) => ({ nodeId, mayDecide, approvers })) };
    res.json(body);
  });
}
