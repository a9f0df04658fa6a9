// The approval routes, mounted on the runs router (runs/router.ts):
// - POST /api/runs/:runId/approve | /reject {stepId?, comment?, attachments?}
//   and POST /api/runs/:runId/decide {decision, nodeId?, comment?, fileId?}:
//   403 for a caller who may not decide (mayDecide: the domain's
//   mayDecideApproval), 409 approval-not-waiting when nothing waits.
// - GET /api/approvals?workspace=: the waiting approvals the caller may
//   decide, newest first (ApprovalList).
// - GET /api/runs/:runId/approvals: the run's waiting steps with the
//   caller's verdict (runApprovals.ts).
// - One-click links and notification preferences: linkRoutes.ts.
import type { Router, RequestHandler, Request } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fileRefSchema, type FileRef } from '@agentflow/shared/server';
import {
  APPROVALS_API,
  APPROVAL_LIMITS,
  approvalDecisionBodySchema,
  approvalListQuerySchema,
  mayDecideApproval,
  type ApprovalItem,
  type ApprovalList,
  type WorkflowAccessTarget,
} from '@agentflow/shared/domain';
import type { FilesModule } from '../files/index.js';
import { caller, parseOr400, pathParam } from '../runs/routeKit.js';
import type { StoredRun } from '../runs/runModel.js';
import type { RunsService } from '../runs/service.js';
import { decodeRun, runRef } from '../runs/store.js';
import type { DecisionPorts } from './decide.js';
import { decideApproval, type ApprovalDecision } from './decideApproval.js';
import { approvalTargetOf, callerSubject } from './access.js';
import { closedStatus, requestsCollection, toApprovalItem, workspaceFilterKey, type StoredApprovalRequest } from './requests.js';
import type { ApprovalsModule } from './index.js';
import { mountLinkRoutes } from './linkRoutes.js';
import { mountRunApprovals } from './runApprovals.js';
import { mountNotificationPreferenceRoutes } from '../notifications/routes.js';

/** Files one approve or reject decision may carry. */
export const DECISION_ATTACHMENT_LIMIT = 5;

/** The body of /approve and /reject (as before the inbox). */
const legacyDecisionSchema = z.strictObject({
  stepId: z.string({ error: 'must be a string' }).min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
  comment: z.string({ error: 'must be a string' }).max(2000, 'must be at most 2000 characters').optional(),
  /** Files the approver uploaded first (a signed form): recorded on the step with the decision. */
  attachments: z.array(fileRefSchema).max(DECISION_ATTACHMENT_LIMIT, `must have at most ${DECISION_ATTACHMENT_LIMIT} files`).optional(),
});

export interface ApprovalRoutesOptions {
  db: Firestore;
  authed: RequestHandler;
  service: RunsService;
  files: FilesModule | null;
  loadRun: (runId: string) => Promise<StoredRun>;
  /** Requests, links and notifications; null: deciding works, the inbox lists nothing and links are refused. */
  approvals: ApprovalsModule | null;
}

export function mountApprovalRoutes(router: Router, options: ApprovalRoutesOptions): void {
  const { db, authed, service, files, loadRun, approvals } = options;
  const ports: DecisionPorts = { db, service, files };

  const decide = async (req: Request, decision: ApprovalDecision) => {
    const { runId, stepId, approved } = await decideApproval({ db, service, files, approvals }, caller(req), pathParam(req, 'runId'), decision);
    return { runId, stepId, approved };
  };

  const legacy = (approved: boolean): RequestHandler =>
    async (req, res) => {
      const body = parseOr400(legacyDecisionSchema, req.body);
      res.json(await decide(req, { approved, ...(body.stepId !== undefined ? { stepId: body.stepId } : {}), ...(body.comment !== undefined ? { comment: body.comment } : {}), attachments: body.attachments ?? [] }));
    };
  router.post('/api/runs/:runId/approve', authed, legacy(true));
  router.post('/api/runs/:runId/reject', authed, legacy(false));

  router.post('/api/runs/:runId/decide', authed, async (req, res) => {
    const body = parseOr400(approvalDecisionBodySchema, req.body);
    // Only the file's id is known here: the store checks it is the caller's unused upload and gives the real reference.
    const attachments: FileRef[] = body.fileId ? [{ fileId: body.fileId, name: 'attachment', contentType: 'application/octet-stream', size: 0 }] : [];
    res.json(await decide(req, { approved: body.decision === 'approve', ...(body.nodeId !== undefined ? { nodeId: body.nodeId } : {}), ...(body.comment !== undefined ? { comment: body.comment } : {}), attachments }));
  });

  router.get(APPROVALS_API.approvals, authed, async (req, res) => {
    const user = caller(req);
    const query = parseOr400(approvalListQuerySchema, req.query);
    const answer: ApprovalList = { approvals: approvals ? await listApprovals(db, user, query.workspace) : [] };
    res.json(answer);
  });

  mountRunApprovals(router, { db, authed, loadRun, approvals });

  if (approvals) {
    mountLinkRoutes(router, { approvals, ports, loadRun });
    mountNotificationPreferenceRoutes(router, { authed, db, dispatcher: approvals.dispatcher, now: approvals.now });
  }
}

/**
 * The inbox's queries (indexes.test.ts checks each against the declared
 * composite indexes): the caller in notifyUids, waiting, newest first,
 * optionally in one workspace.
 */
export const APPROVAL_QUERY_SHAPES = [
  { contains: 'notifyUids', equal: ['status'], orderBy: 'requestedAt' },
  { contains: 'notifyUids', equal: ['workspaceId', 'status'], orderBy: 'requestedAt' },
] as const;

async function listApprovals(db: Firestore, user: ReturnType<typeof caller>, workspace: string | undefined): Promise<ApprovalItem[]> {
  let query = requestsCollection(db).where('notifyUids', 'array-contains', user.uid).where('status', '==', 'waiting');
  if (workspace !== undefined) query = query.where('workspaceId', '==', workspaceFilterKey(workspace, user.uid));
  const snapshot = await query.orderBy('requestedAt', 'desc').limit(APPROVAL_LIMITS.maxListed).get();
  if (snapshot.empty) return [];
  const subject = await callerSubject(db, user);
  const targets = new Map<string, Promise<WorkflowAccessTarget>>();
  const items = await Promise.all(
    snapshot.docs.map(async (doc) => {
      const record = doc.data() as StoredApprovalRequest;
      const run = decodeRun(await runRef(db, record.runId).get());
      const step = run?.steps.find((s) => s.nodeId === record.nodeId && s.type === 'approval');
      if (!run || !step || step.status !== 'waiting') {
        // Moved on without a decision here (canceled, failed elsewhere, deleted): closed now.
        await doc.ref.update({ status: step ? closedStatus(step.status) : 'canceled', closedAt: new Date().toISOString() }).catch(() => undefined);
        return null;
      }
      // One read of each workflow for the whole list.
      if (!targets.has(record.workflowId)) targets.set(record.workflowId, approvalTargetOf(db, run));
      const target = await targets.get(record.workflowId)!;
      // Re-checked now: a role revoked since the step began waiting takes the item away.
      return mayDecideApproval(subject, target, record.approvers) ? toApprovalItem(record, user.uid) : null;
    }),
  );
  return items.filter((item): item is ApprovalItem => item !== null);
}
