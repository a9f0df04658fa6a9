// Who may do what with workflows and runs. The decisions are the domain's
// (shared/src/domain/rbac/workspaces.ts); this file only gathers what they
// read: the caller's grants (loadAccess), their verified e-mail, and the
// workflow as it is now (it may have moved to another workspace or been
// shared since the run started).
// - run a workflow: workflowPermits(…, 'run'). Templates are never run
//   directly: the user copies one first (RUN_MESSAGES.copyTemplateFirst).
// - see a run (GET, events, files, loop items): its payer (ownerId), whoever
//   started it, whoever may view its workflow, and whoever may decide one of
//   its approval steps (an approver reads what they sign off).
// - cancel or re-run a run: whoever may run its workflow, and its starter.
// - decide an approval: mayDecideApproval in the workflow's workspace. The
//   run's payer or starter is NOT implicitly an approver: an approval step
//   exists so that someone else signs off.
import type { Firestore } from 'firebase-admin/firestore';
import { RBAC_COLLECTIONS, mayDecideApproval, workflowPermits, workspaceKey, type AccessSubject, type WorkflowAccessTarget, type WorkflowAction } from '@agentflow/shared/rbac';
import { WORKFLOW_COLLECTION, parseNodeParams, workflowFromDocument, type Workflow } from '@agentflow/shared/workflow';
import type { Caller } from '@agentflow/shared/server';
import { loadAccess } from '../access/store.js';
import type { StoredRun } from './runModel.js';

/** Who asks: a verified caller, or a bare uid (a run's payer, asked by a sub-workflow or error workflow). */
export type RunActor = Pick<Caller, 'uid'> & Partial<Pick<Caller, 'email' | 'token' | 'emailVerified'>>;

/** The subject of the domain's decisions: the caller's grants, and their e-mail only when verified. */
export async function accessSubjectOf(db: Firestore, actor: RunActor): Promise<AccessSubject> {
  const access = await loadAccess(db, actor.uid);
  // An unverified address proves nothing: whoever signs up with it first would decide.
  const verified = actor.emailVerified ?? actor.token?.email_verified === true;
  const verifiedEmail = verified && actor.email ? actor.email.toLowerCase() : null;
  return { uid: actor.uid, verifiedEmail, grants: access.grants };
}

/** May the actor do `action` to the workflow (the one decision)? */
export async function workflowAllows(db: Firestore, actor: RunActor, workflow: WorkflowAccessTarget, action: WorkflowAction): Promise<boolean> {
  // workflowPermits' answer for a personal workflow's owner, without reading their roles (every run of one's own workflow asks).
  if (workflow.visibility !== 'template' && !workflow.organizationId && workflow.ownerId === actor.uid) return true;
  return workflowPermits(await accessSubjectOf(db, actor), workflow, action);
}

export function mayRunWorkflow(db: Firestore, actor: RunActor, workflow: Workflow): Promise<boolean> {
  return workflowAllows(db, actor, workflow, 'run');
}

/** The approvers named on a run's approval node. */
export function approversOf(run: StoredRun, nodeId: string): string[] {
  const node = run.snapshot.nodes.find((n) => n.id === nodeId);
  if (!node || node.type !== 'approval') return [];
  const parsed = parseNodeParams('approval', node.params);
  return parsed.success ? parsed.data.approvers : [];
}

/**
 * The workflow a run belongs to as the decisions read it: the workflow now
 * (moved or shared since), or, when it is gone, the workspace the run
 * recorded (its payer as the personal owner).
 */
export async function runWorkflowTarget(db: Firestore, run: StoredRun): Promise<WorkflowAccessTarget> {
  const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(run.workflowId).get();
  if (snapshot.exists) {
    const workflow = workflowFromDocument(snapshot.id, snapshot.data() ?? {});
    return { ownerId: workflow.ownerId, organizationId: workflow.organizationId ?? null, visibility: workflow.visibility, sharedWith: workflow.sharedWith ?? null };
  }
  const organizationId = run.organizationId ?? null;
  return { ownerId: run.ownerId, organizationId, visibility: organizationId ? 'organization' : 'private', sharedWith: null };
}

/** The user who started a run (absent on runs from before startedBy: the trigger's user). */
export function starterOf(run: Pick<StoredRun, 'startedBy' | 'trigger'>): string | null {
  return run.startedBy !== undefined ? run.startedBy : (run.trigger.userId ?? null);
}

/** What one caller may do with one run, computed once for a route that needs several answers. */
export interface RunPermissions {
  view: boolean;
  /** Cancel it, re-run it. */
  steer: boolean;
  /** Decide at least one of its approval steps. */
  decideAny: boolean;
}

export async function runPermissions(db: Firestore, actor: RunActor, run: StoredRun): Promise<RunPermissions> {
  const subject = await accessSubjectOf(db, actor);
  const target = await runWorkflowTarget(db, run);
  const starter = starterOf(run) === actor.uid;
  const decideAny = run.snapshot.nodes.some((node) => node.type === 'approval' && mayDecideApproval(subject, target, approversOf(run, node.id)));
  const steer = starter || workflowPermits(subject, target, 'run');
  const view = run.ownerId === actor.uid || steer || workflowPermits(subject, target, 'view') || decideAny;
  return { view, steer, decideAny };
}

export async function mayDecide(db: Firestore, actor: RunActor, run: StoredRun, nodeId: string): Promise<boolean> {
  const [subject, target] = await Promise.all([accessSubjectOf(db, actor), runWorkflowTarget(db, run)]);
  return mayDecideApproval(subject, target, approversOf(run, nodeId));
}

/** Who may see a run (GET /api/runs/:id, its events, files and loop items). */
export async function mayViewRun(db: Firestore, actor: RunActor, run: StoredRun): Promise<boolean> {
  if (run.ownerId === actor.uid || starterOf(run) === actor.uid) return true;
  return (await runPermissions(db, actor, run)).view;
}

/** The workspace a caller acts in when the door names one (an API key's): its creator's personal one, or an organization. */
export interface CallerWorkspace {
  ownerId: string;
  organizationId: string | null;
}

/** Whether the workflow lives in the workspace (an organization's, or the owner's personal one). */
export function workflowInWorkspace(workflow: Pick<Workflow, 'ownerId' | 'organizationId'>, workspace: CallerWorkspace): boolean {
  const organizationId = workflow.organizationId ?? null;
  if (organizationId !== workspace.organizationId) return false;
  return organizationId !== null || workflow.ownerId === workspace.ownerId;
}

/** Whether the run belongs to the workspace (the one it recorded, else its payer's or organization's). */
export function runInWorkspace(run: Pick<StoredRun, 'workspaceId' | 'ownerId' | 'organizationId'>, workspace: CallerWorkspace): boolean {
  return (run.workspaceId ?? workspaceKey({ ownerId: run.ownerId, organizationId: run.organizationId })) === workspaceKey(workspace);
}

/**
 * Who pays for a run of the workflow: the owner of its workspace. An
 * organization's owner (organizations/{id}.ownerId; its creator for an
 * organization from before owners were recorded); a personal workflow's
 * owner, whoever starts it.
 */
export async function workspacePayer(db: Firestore, workflow: Pick<Workflow, 'ownerId' | 'organizationId'>): Promise<string> {
  const organizationId = workflow.organizationId ?? null;
  if (!organizationId) return workflow.ownerId;
  const organization = await db.collection(RBAC_COLLECTIONS.organizations).doc(organizationId).get();
  const ownerId: unknown = organization.get('ownerId');
  if (typeof ownerId === 'string' && ownerId) return ownerId;
  const createdBy: unknown = organization.get('createdBy');
  if (typeof createdBy === 'string' && createdBy && createdBy !== 'system') return createdBy;
  // No organization document (or one the seed made): the workflow's owner, as before workspaces.
  return workflow.ownerId;
}
