// One-click approval links (APPROVALS_API.link):
// - GET  → ApprovalLinkView: what the link would decide. Readable with the
//   link alone (the e-mail went to the approver); the data the step shows
//   only to the approver signed in when the workspace demands sign-in.
// - POST {decision, comment?} → ApprovalDecided. The token must verify
//   (400 link-invalid), not have lapsed (410 link-expired), not have been
//   used (409 link-used: the token's id is claimed in the decision's own
//   transaction); when the workspace demands sign-in (organizations/{id}.
//   approvalLinksRequireSignIn, or the personal workspace's own setting;
//   default true; see workspaces/settingsRoutes.ts) the approver's ID token must come too (401
//   link-sign-in-required) and be the user the link was sent to (403
//   link-wrong-user); the user must still be an approver (403 not-approver).
import type { Request, Router } from 'express';
import { HttpError, describeTokenError } from '@agentflow/shared/server';
import {
  APPROVAL_ERROR_CODES,
  approvalLinkBodySchema,
  approvalRequestId,
  mayDecideApproval,
  type ApprovalDecided,
  type ApprovalLinkClaims,
  type ApprovalLinkView,
} from '@agentflow/shared/domain';
import { parseOr400 } from '../runs/routeKit.js';
import type { StoredRun } from '../runs/runModel.js';
import { applyDecision, decisionRecord, waitingApprovalStep, type DecisionPorts } from './decide.js';
import { approvalTargetOf } from './access.js';
import { approversOfNode, requestsCollection, shownData, subjectFor } from './requests.js';
import { linkTokenId, linksCollection, verifyApprovalLink } from './linkToken.js';
import type { ApprovalsModule } from './index.js';
import { afterDecision } from './afterDecision.js';
import { settingsOfWorkspace } from '../workspaces/settingsRoutes.js';

const BEARER = /^Bearer (\S+)$/;

const linkUsed = () => new HttpError(409, 'This link was already used, or the step was decided meanwhile', APPROVAL_ERROR_CODES.linkUsed);

export function mountLinkRoutes(router: Router, deps: { approvals: ApprovalsModule; ports: DecisionPorts; loadRun: (runId: string) => Promise<StoredRun> }): void {
  const { approvals, ports } = deps;
  const { db, auth } = approvals;
  const path = '/api/approval-links/:token';

  const claimsOf = async (req: Request): Promise<ApprovalLinkClaims> => {
    const token = typeof req.params.token === 'string' ? req.params.token : '';
    const tid = linkTokenId(token);
    if (!tid) throw new HttpError(400, 'This approval link is not valid', APPROVAL_ERROR_CODES.linkInvalid);
    const stored = await linksCollection(db).doc(tid).get();
    const verified = verifyApprovalLink(approvals.linkSecret, token, stored.exists ? stored.get('claims') : null, approvals.now());
    if (!verified.ok) {
      if (verified.code === APPROVAL_ERROR_CODES.linkExpired) throw new HttpError(410, 'This approval link has expired: decide from your approvals in the app', APPROVAL_ERROR_CODES.linkExpired);
      throw new HttpError(400, 'This approval link is not valid', APPROVAL_ERROR_CODES.linkInvalid);
    }
    return verified.claims;
  };

  /** The run and its waiting step the link is for; link-used when it moved on or the token was used. */
  const waitingFor = async (claims: ApprovalLinkClaims) => {
    if ((await linksCollection(db).doc(claims.tid).get()).get('usedAt') !== null) throw linkUsed();
    let run: StoredRun;
    try {
      run = await deps.loadRun(claims.runId);
    } catch {
      throw linkUsed();
    }
    const step = waitingApprovalStep(run, { nodeId: claims.nodeId });
    const node = run.snapshot.nodes.find((n) => n.id === claims.nodeId);
    if (!step || !node) throw linkUsed();
    return { run, step, node };
  };

  const requiresSignIn = async (run: StoredRun): Promise<boolean> => (await settingsOfWorkspace(db, await approvalTargetOf(db, run))).approvalLinksRequireSignIn;

  /** The signed-in user's uid when an ID token came; null without one. */
  const signedIn = async (req: Request): Promise<string | null> => {
    const header = req.headers.authorization;
    if (!header) return null;
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) throw new HttpError(401, 'Malformed Authorization header: expected "Bearer <Firebase ID token>"');
    try {
      return (await auth.verifyIdToken(match[1], true)).uid;
    } catch (error) {
      const { status, message } = describeTokenError(error);
      throw new HttpError(status, message);
    }
  };

  router.get(path, async (req, res) => {
    const claims = await claimsOf(req);
    const { run, node } = await waitingFor(claims);
    const required = await requiresSignIn(run);
    const viewer = await signedIn(req).catch(() => null);
    const request = await requestsCollection(db).doc(approvalRequestId(run.id, node.id)).get();
    const { message } = approversOfNode(node);
    const recipient = await auth.getUser(claims.uid).catch(() => null);
    // The step's data only to its approver when the workspace wants approvers signed in.
    const showData = !required || viewer === claims.uid;
    const view: ApprovalLinkView = {
      runId: run.id,
      nodeId: node.id,
      workflowName: run.workflowName,
      message: (request.get('message') as string | undefined) ?? message,
      shown: showData ? ((request.get('shown') as Record<string, unknown> | undefined) ?? shownData({ input: run.input ?? {} })) : {},
      decision: claims.decision,
      expiresAt: new Date(claims.exp).toISOString(),
      requiresSignIn: required,
      recipientEmail: recipient?.email ?? null,
    };
    res.json(view);
  });

  router.post(path, async (req, res) => {
    const claims = await claimsOf(req);
    const body = parseOr400(approvalLinkBodySchema, req.body);
    if (claims.decision !== null && body.decision !== claims.decision) throw new HttpError(400, `decision must be '${claims.decision}' for this link`);
    const { run, step, node } = await waitingFor(claims);
    if (await requiresSignIn(run)) {
      const uid = await signedIn(req);
      if (uid === null) throw new HttpError(401, 'Sign in as the approver to use this link', APPROVAL_ERROR_CODES.linkSignInRequired);
      if (uid !== claims.uid) throw new HttpError(403, 'This link was sent to another user: sign in as them, or decide from your approvals', APPROVAL_ERROR_CODES.linkWrongUser);
    }
    // Still an approver? A role revoked since the e-mail went out takes the link's power away.
    const subject = await subjectFor(db, auth, claims.uid);
    const target = await approvalTargetOf(db, run);
    if (!subject || !mayDecideApproval(subject, target, approversOfNode(node).approvers)) throw new HttpError(403, 'You are no longer one of the approvers of this step', APPROVAL_ERROR_CODES.notApprover);
    const user = await auth.getUser(claims.uid);
    const approved = body.decision === 'approve';
    const record = decisionRecord({ uid: claims.uid, email: user.email ?? null }, approved, body.comment, approvals.now(), [], 'link');
    const outcome = await applyDecision(ports, run.id, step.id, record, claims.tid);
    if (outcome === 'link-used' || outcome === 'conflict') throw linkUsed();
    void afterDecision(approvals, run, node.id, approved);
    const answer: ApprovalDecided = { runId: run.id, stepId: step.id, approved };
    res.json(answer);
  });
}
