// Deciding a run's waiting approval step on a person's behalf, one function
// for every door: the app's /approve, /reject and /decide
// (approvals/routes.ts) and the public API's POST /v1/runs/:runId/approvals/:nodeId.
// 403 for a caller who may not decide (mayDecide); 409 approval-not-waiting
// when nothing waits, said only to the run's payer and its approvers (anyone
// else gets the 403). With a workspace (a call with an API key), a run
// outside it or one the caller may not see is a 404 like a missing one.
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, type Caller, type FileRef } from '@agentflow/shared/server';
import { RUN_MESSAGES } from '@agentflow/shared/domain';
import type { FilesModule } from '../files/index.js';
import { mayDecide, type CallerWorkspace } from '../runs/access.js';
import { loadRunFor } from '../runs/cancelRun.js';
import type { RunsService } from '../runs/service.js';
import { applyDecision, attachDecisionFiles, decisionRecord, notWaiting, waitingApprovalStep } from './decide.js';
import { afterDecision } from './afterDecision.js';
import type { ApprovalsModule } from './index.js';

export interface DecideDeps {
  db: Firestore;
  service: RunsService;
  files: FilesModule | null;
  /** Requests and notifications; null: the decision still moves the run on. */
  approvals: ApprovalsModule | null;
}

export interface ApprovalDecision {
  approved: boolean;
  /** The step decided; else the one of `nodeId`; else the first waiting approval step. */
  stepId?: string;
  nodeId?: string;
  comment?: string;
  /** The approver's own unused uploads, attached to the decision. */
  attachments: FileRef[];
}

export interface DecisionResult {
  runId: string;
  stepId: string;
  nodeId: string;
  approved: boolean;
}

export async function decideApproval(deps: DecideDeps, caller: Caller, runId: string, decision: ApprovalDecision, workspace?: CallerWorkspace): Promise<DecisionResult> {
  const { db, service, files, approvals } = deps;
  const run = await loadRunFor(db, caller, runId, workspace);
  const step = waitingApprovalStep(run, decision);
  if (!step) {
    // Only the owner and the run's approvers learn that nothing is waiting.
    let involved = run.ownerId === caller.uid;
    for (const n of run.snapshot.nodes) if (!involved && n.type === 'approval') involved = await mayDecide(db, caller, run, n.id);
    if (!involved) throw new HttpError(403, RUN_MESSAGES.notAllowedToApprove);
    throw notWaiting(decision.stepId ?? decision.nodeId);
  }
  if (!(await mayDecide(db, caller, run, step.nodeId))) throw new HttpError(403, RUN_MESSAGES.notAllowedToApprove);
  const attachments = await attachDecisionFiles(files, caller.uid, decision.attachments, { runId, workflowId: run.workflowId, stepId: step.id });
  const record = decisionRecord(caller, decision.approved, decision.comment, service.now(), attachments);
  const outcome = await applyDecision({ db, service, files }, runId, step.id, record);
  if (outcome !== 'resume' && outcome !== 'stored') throw notWaiting(step.id);
  if (approvals) void afterDecision(approvals, run, step.nodeId, decision.approved);
  return { runId, stepId: step.id, nodeId: step.nodeId, approved: decision.approved };
}
