// What the approval decisions read (the decisions themselves are the
// domain's mayDecideApproval): the caller as an access subject, and the
// workflow of a run as it is now (moved or shared since the run started),
// or, when it is gone, the workspace the run recorded.
import type { Firestore } from 'firebase-admin/firestore';
import { WORKFLOW_COLLECTION, workflowFromDocument, type AccessSubject, type WorkflowAccessTarget } from '@agentflow/shared/domain';
import type { Caller } from '@agentflow/shared/server';
import { loadAccess } from '../access/store.js';
import type { StoredRun } from '../runs/runModel.js';

export async function callerSubject(db: Firestore, caller: Caller): Promise<AccessSubject> {
  const access = await loadAccess(db, caller.uid);
  // An unverified address proves nothing: whoever signs up with it first would decide.
  const verifiedEmail = caller.token.email_verified === true && caller.email ? caller.email.toLowerCase() : null;
  return { uid: caller.uid, verifiedEmail, grants: access.grants };
}

export async function workflowTarget(db: Firestore, workflowId: string): Promise<WorkflowAccessTarget | null> {
  const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
  if (!snapshot.exists) return null;
  const workflow = workflowFromDocument(snapshot.id, snapshot.data() ?? {});
  return { ownerId: workflow.ownerId, organizationId: workflow.organizationId ?? null, visibility: workflow.visibility, sharedWith: workflow.sharedWith ?? null };
}

export async function approvalTargetOf(db: Firestore, run: Pick<StoredRun, 'workflowId' | 'ownerId' | 'organizationId'>): Promise<WorkflowAccessTarget> {
  const target = await workflowTarget(db, run.workflowId);
  if (target) return target;
  const organizationId = run.organizationId ?? null;
  return { ownerId: run.ownerId, organizationId, visibility: organizationId ? 'organization' : 'private', sharedWith: null };
}
