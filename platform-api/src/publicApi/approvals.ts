// /v1/runs/:runId/approvals (issue 24): what waits for a decision in a run
// and whether the key's creator may give it, and the decision itself, through
// the app's own functions (approvals/runApprovals.ts waitingApprovalsOf,
// approvals/decideApproval.ts): the same verdicts and refusals as the run
// view. A run outside the key's workspace, or one its creator may not see,
// is a 404.
import type { Request } from 'express';
import type { z } from 'zod';
import type { publicDecisionBodySchema, publicRunApprovalSchema, publicDecisionSchema } from '@agentflow/shared/api-keys';
import { waitingApprovalsOf, type RunApprovalsDeps } from '../approvals/runApprovals.js';
import { decideApproval, type DecideDeps } from '../approvals/decideApproval.js';
import { publicRunId, runForKey } from './runs.js';
import { keyWorkspace } from './workflows.js';

export async function listPublicRunApprovals(deps: RunApprovalsDeps, req: Request, runId: string): Promise<{ approvals: z.output<typeof publicRunApprovalSchema>[] }> {
  const run = await runForKey(deps.db, req, runId);
  const views = await waitingApprovalsOf(deps, req.caller!, run);
  return {
    approvals: views.map(({ step, mayDecide, approvers }) => ({ nodeId: step.nodeId, stepId: step.id, name: step.name, waitingSince: step.startedAt, mayDecide, approvers })),
  };
}

export async function decidePublicApproval(
  deps: DecideDeps,
  req: Request,
  params: { runId: string; nodeId: string },
  body: z.output<typeof publicDecisionBodySchema>,
): Promise<z.output<typeof publicDecisionSchema>> {
  const decided = await decideApproval(deps, req.caller!, publicRunId(params.runId), { approved: body.decision === 'approve', nodeId: params.nodeId, ...(body.comment !== undefined ? { comment: body.comment } : {}), attachments: [] }, keyWorkspace(req));
  return { runId: decided.runId, nodeId: decided.nodeId, stepId: decided.stepId, decision: body.decision };
}
