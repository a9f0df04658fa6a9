// Who may do what with workflows and runs (decisions documented here):
// - run a workflow: its owner; for an organization workflow, any member of
//   that organization (a member can read it, see firestore.rules); global
//   administrators (manage_all). Templates are never run directly: the user
//   copies one first (RUN_MESSAGES.copyTemplateFirst). The run's tokens are
//   the caller's.
// - watch a run (GET, events), cancel it, re-run it: the run's owner.
// - decide an approval: whoever the approval node names, by user id, by
//   e-mail (only a verified one: anyone can sign up with an address they do
//   not own) or by role id (a role held globally or in the workflow's
//   organization), and global administrators. The run's owner is NOT
//   implicitly an approver: an approval step exists so that someone else
//   signs off (a discount above 10 % by a sales manager); name yourself in
//   the step to approve your own runs. Approvers may read the run they decide.
import type { Firestore } from 'firebase-admin/firestore';
import { PERMISSIONS, can } from '@agentflow/shared/rbac';
import { parseNodeParams, type Workflow } from '@agentflow/shared/workflow';
import type { Caller } from '@agentflow/shared/server';
import { loadAccess } from '../access/store.js';
import type { StoredRun } from './runModel.js';

/** Only the caller's uid counts (a sub-workflow step asks it for the run's owner). */
export async function mayRunWorkflow(db: Firestore, caller: Pick<Caller, 'uid'>, workflow: Workflow): Promise<boolean> {
  if (workflow.ownerId === caller.uid) return true;
  const access = await loadAccess(db, caller.uid);
  if (workflow.visibility === 'organization' && workflow.organizationId && access.assignments.some((a) => a.organizationId === workflow.organizationId)) return true;
  return can(access.grants, PERMISSIONS.manageAll);
}

/** The approvers named on a run's approval node. */
export function approversOf(run: StoredRun, nodeId: string): string[] {
  const node = run.snapshot.nodes.find((n) => n.id === nodeId);
  if (!node || node.type !== 'approval') return [];
  const parsed = parseNodeParams('approval', node.params);
  return parsed.success ? parsed.data.approvers : [];
}

export async function mayDecide(db: Firestore, caller: Caller, run: StoredRun, nodeId: string): Promise<boolean> {
  const approvers = approversOf(run, nodeId);
  // An unverified address proves nothing: whoever signs up with it first would decide.
  const email = caller.token.email_verified === true ? (caller.email?.toLowerCase() ?? null) : null;
  if (approvers.some((a) => a === caller.uid || (email !== null && a.toLowerCase() === email))) return true;
  const access = await loadAccess(db, caller.uid);
  const scope = run.organizationId ?? null;
  if (access.assignments.some((a) => approvers.includes(a.roleId) && (a.organizationId === null || a.organizationId === undefined || a.organizationId === scope))) return true;
  return can(access.grants, PERMISSIONS.manageAll);
}

/**
 * Who may see a run (GET /api/runs/:id, its files): its owner, and whoever
 * may decide one of its approval steps (before and after deciding: an
 * approver reads what they sign off and what they attached).
 */
export async function mayViewRun(db: Firestore, caller: Caller, run: StoredRun): Promise<boolean> {
  if (run.ownerId === caller.uid) return true;
  for (const node of run.snapshot.nodes) {
    if (node.type === 'approval' && (await mayDecide(db, caller, run, node.id))) return true;
  }
  return false;
}
