// Sharing one workflow with single users, and moving a workflow to another
// workspace. The decisions are the domain's workflowPermits: listing shares
// needs view, changing them needs share (a user may also drop their own
// share); moving needs share on the workflow and edit_workflows in the target
// workspace. Runs and versions stay where they are: runs point to the
// workflow id, versions are its subcollection.
import type { Request, RequestHandler, Router } from 'express';
import { FieldPath, FieldValue } from 'firebase-admin/firestore';
import {
  HttpError,
  MAX_WORKFLOW_SHARES,
  PERMISSIONS,
  PERSONAL_WORKSPACE,
  can,
  isShareRoleId,
  moveWorkflowSchema,
  parseOr400,
  shareWorkflowSchema,
  workflowPermits,
  type AccessSubject,
  type ShareRoleId,
  type WorkflowAction,
  type WorkflowMoved,
  type WorkflowShares,
} from '@agentflow/shared/server';
import { WORKFLOW_COLLECTION, workflowFromDocument, type Workflow } from '@agentflow/shared/workflow';
import { accessSubjectOf } from '../runs/access.js';
import { pathParam, refuse, workspaceNotFound, type WorkspacesContext } from './context.js';
import { userSummaries } from './store.js';

const workflowNotFound = () => new HttpError(404, 'Workflow not found');

const ACTION_WORDS: Record<WorkflowAction, string> = { view: 'see', edit: 'edit', run: 'run', share: 'share', delete: 'delete', useCredential: 'use credentials in' };

export function mountShares(router: Router, ctx: WorkspacesContext, authed: RequestHandler[]): void {
  const { access } = ctx;
  const { db } = access;
  const workflows = db.collection(WORKFLOW_COLLECTION);

  async function loadWorkflow(req: Request): Promise<Workflow> {
    const id = pathParam(req, 'workflowId', workflowNotFound);
    const snapshot = await workflows.doc(id).get();
    if (!snapshot.exists) throw workflowNotFound();
    return workflowFromDocument(snapshot.id, snapshot.data() ?? {});
  }

  /** 403 unless the caller may do `action` to the workflow; their subject for further decisions. */
  async function permitted(req: Request, workflow: Workflow, action: WorkflowAction): Promise<AccessSubject> {
    const subject = await accessSubjectOf(db, req.caller!);
    if (!workflowPermits(subject, workflow, action)) throw refuse(403, 'workspace_forbidden', `Forbidden: you may not ${ACTION_WORDS[action]} this workflow`);
    return subject;
  }

  async function sharesOf(sharedWith: Readonly<Record<string, string>>): Promise<WorkflowShares> {
    const entries = Object.entries(sharedWith).filter((entry): entry is [string, ShareRoleId] => isShareRoleId(entry[1]));
    const summaries = await userSummaries(db, access.auth, entries.map(([uid]) => uid));
    return {
      shares: entries
        .map(([uid, roleId]) => ({ uid, email: summaries.get(uid)?.email ?? null, displayName: summaries.get(uid)?.displayName ?? null, roleId }))
        .sort((a, b) => (a.email ?? a.uid).localeCompare(b.email ?? b.uid)),
    };
  }

  router.get('/api/workflows/:workflowId/shares', ...authed, async (req, res) => {
    const workflow = await loadWorkflow(req);
    await permitted(req, workflow, 'view');
    res.json(await sharesOf(workflow.sharedWith ?? {}));
  });

  router.put('/api/workflows/:workflowId/shares', ...authed, async (req, res) => {
    const workflow = await loadWorkflow(req);
    await permitted(req, workflow, 'share');
    const { email, roleId } = parseOr400(shareWorkflowSchema, req.body);
    let uid: string;
    try {
      uid = (await access.auth.getUserByEmail(email)).uid;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found' || (error as { code?: string }).code === 'auth/invalid-email') throw refuse(404, 'user_not_found', `No Agentflow account has the e-mail ${email}: invite them to a workspace instead`);
      throw error;
    }
    if (!workflow.organizationId && uid === workflow.ownerId) throw refuse(400, 'share_with_owner', 'The workflow’s owner already holds every right on it');
    const ref = workflows.doc(workflow.id);
    const sharedWith = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (!current.exists) throw workflowNotFound();
      const shares = { ...((current.get('sharedWith') as Record<string, string> | undefined) ?? {}) };
      if (!Object.hasOwn(shares, uid) && Object.keys(shares).length >= MAX_WORKFLOW_SHARES) {
        throw refuse(409, 'share_limit_reached', `A workflow is shared with at most ${MAX_WORKFLOW_SHARES} people one by one: put them in a workspace instead`);
      }
      shares[uid] = roleId;
      tx.update(ref, new FieldPath('sharedWith', uid), roleId);
      return shares;
    });
    res.json(await sharesOf(sharedWith));
  });

  router.delete('/api/workflows/:workflowId/shares/:uid', ...authed, async (req, res) => {
    const workflow = await loadWorkflow(req);
    const uid = pathParam(req, 'uid', () => refuse(404, 'user_not_found', 'User not found'));
    // Anyone may give back their own share; removing another's needs share.
    if (uid !== req.caller!.uid || !Object.hasOwn(workflow.sharedWith ?? {}, uid)) await permitted(req, workflow, 'share');
    const ref = workflows.doc(workflow.id);
    const sharedWith = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (!current.exists) throw workflowNotFound();
      const shares = { ...((current.get('sharedWith') as Record<string, string> | undefined) ?? {}) };
      if (Object.hasOwn(shares, uid)) {
        delete shares[uid];
        tx.update(ref, new FieldPath('sharedWith', uid), FieldValue.delete());
      }
      return shares;
    });
    res.json(await sharesOf(sharedWith));
  });

  router.post('/api/workflows/:workflowId/move', ...authed, async (req, res) => {
    const caller = req.caller!;
    const workflow = await loadWorkflow(req);
    const subject = await permitted(req, workflow, 'share');
    const { workspaceId } = parseOr400(moveWorkflowSchema, req.body);
    const toPersonal = workspaceId === PERSONAL_WORKSPACE;
    const current = workflow.organizationId ?? null;
    if ((toPersonal && current === null && workflow.ownerId === caller.uid) || (!toPersonal && current === workspaceId)) {
      throw refuse(400, 'same_workspace', 'The workflow is already in that workspace');
    }
    if (!toPersonal) {
      if (!can(subject.grants, PERMISSIONS.editWorkflows, workspaceId)) {
        // Not a member there: as if it did not exist.
        if (!subject.grants.some((grant) => grant.organizationId === workspaceId)) throw workspaceNotFound(workspaceId);
        throw refuse(403, 'workspace_forbidden', 'Forbidden: you need the edit_workflows permission in the target workspace');
      }
      if (!(await access.collections.organizations.doc(workspaceId).get()).exists) throw workspaceNotFound(workspaceId);
    }
    const organizationId = toPersonal ? null : workspaceId;
    // Into your personal workspace, the workflow becomes yours (a personal workspace is its owner's).
    const change = toPersonal ? { organizationId: null, visibility: 'private', ownerId: caller.uid } : { organizationId, visibility: 'organization' };
    await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(workflows.doc(workflow.id));
      if (!snapshot.exists) throw workflowNotFound();
      tx.update(workflows.doc(workflow.id), change);
    });
    access.logger.info({ workflowId: workflow.id, from: current ?? `user:${workflow.ownerId}`, to: organizationId ?? `user:${caller.uid}`, by: caller.uid }, 'workflow moved');
    const body: WorkflowMoved = { workflow: { id: workflow.id, organizationId } };
    res.json(body);
  });
}
