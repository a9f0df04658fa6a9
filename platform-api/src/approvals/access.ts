// What the approval decisions read, from the runs module's one home for it
// (runs/access.ts): the caller as an access subject (grants, verified
// e-mail), and the workflow of a run as it is now (moved or shared since
// the run started) or, when it is gone, the workspace the run recorded.
// The decision itself is the domain's mayDecideApproval.
import type { Firestore } from 'firebase-admin/firestore';
import type { AccessSubject, WorkflowAccessTarget } from '@agentflow/shared/domain';
import type { Caller } from '@agentflow/shared/server';
import { accessSubjectOf, runWorkflowTarget } from '../runs/access.js';
import type { StoredRun } from '../runs/runModel.js';

export function callerSubject(db: Firestore, caller: Caller): Promise<AccessSubject> {
  return accessSubjectOf(db, caller);
}

export function approvalTargetOf(db: Firestore, run: StoredRun): Promise<WorkflowAccessTarget> {
  return runWorkflowTarget(db, run);
}
