// approvalRequests/{runId}_{nodeId}: what the inbox lists. Written when an
// approval step starts waiting (stepHandler.ts), with the users its approvers
// name resolved NOW into notifyUids (named users, verified owners of named
// e-mails, holders of named roles in the workflow's workspace, a named
// workspace role counting its higher ones), so the inbox is one indexed
// array-contains query. Each of them is checked with the domain's
// mayDecideApproval before being stored, and again at read time (a role may
// have been revoked since). The record is closed (approved, rejected,
// canceled) by the decision's transaction (decide.ts), or lazily when the
// inbox finds its step no longer waiting (a canceled run), and stamped
// closedAt; the housekeeping sweep deletes it APPROVAL_LIMITS.
// closedRequestGraceMs later (sweepClosedRequests), and deleting a run
// deletes its requests (deleteRunRequests).
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  APPROVAL_COLLECTIONS,
  APPROVAL_LIMITS,
  APPROVAL_CLOSED_UPDATE,
  NOTIFICATIONS_COLLECTION,
  approvalWaitingNotificationId,
  PERSONAL_WORKSPACE,
  RBAC_COLLECTIONS,
  WORKSPACE_ROLE_IDS,
  approvalRequestId,
  approverKind,
  mayDecideApproval,
  parseNodeParams,
  workspaceKey,
  workspaceRoleRank,
  type AccessSubject,
  type ApprovalItem,
  type ApprovalRequestRecord,
  type ApprovalRequestStatus,
  type ApproverView,
  type StepInput,
  type WorkflowAccessTarget,
  type WorkflowNode,
} from '@agentflow/shared/domain';
import { loadAccess, rolesById } from '../access/store.js';
import type { StoredRun } from '../runs/runModel.js';
import { truncateValue } from '../runs/runModel.js';
import { approvalTargetOf } from './access.js';

/** Users one approval step notifies at most (a role held by thousands is a mailing list, not an approver list). */
export const MAX_NOTIFIED_APPROVERS = 200;
/** Bytes of one shown value, and of everything shown. */
const SHOWN_VALUE_BYTES = 4_000;
const SHOWN_TOTAL_BYTES = 32_000;

export type StoredApprovalRequest = ApprovalRequestRecord & { approverViews: ApproverView[] };

export function requestsCollection(db: Firestore) {
  return db.collection(APPROVAL_COLLECTIONS.requests);
}

const isEmptyContainer = (value: unknown) => typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/**
 * The data the step shows: its input (the outputs upstream of it), each value
 * cut to a readable size. The engine repeats the run input under `trigger` and
 * the trigger node's key: shown once, as `input`. Empty objects and lists say
 * nothing to an approver and are left out (nothing left: the page says the
 * step shows no data).
 */
export function shownData(input: StepInput): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  const runInput = JSON.stringify(input.input ?? null);
  let total = 0;
  for (const [key, value] of Object.entries(input)) {
    if (isEmptyContainer(value)) continue;
    if (key !== 'input' && JSON.stringify(value) === runInput) continue;
    const cut = truncateValue(value, SHOWN_VALUE_BYTES);
    total += Math.min(cut.bytes, SHOWN_VALUE_BYTES);
    if (total > SHOWN_TOTAL_BYTES) break;
    shown[key] = cut.value;
  }
  return shown;
}

export function approversOfNode(node: WorkflowNode): { approvers: string[]; message: string } {
  const parsed = parseNodeParams('approval', node.params);
  return parsed.success ? { approvers: parsed.data.approvers, message: parsed.data.message } : { approvers: [], message: '' };
}

async function userOrNull(auth: Auth, uid: string): Promise<UserRecord | null> {
  try {
    return await auth.getUser(uid);
  } catch {
    return null;
  }
}

export async function subjectFor(db: Firestore, auth: Auth, uid: string): Promise<AccessSubject | null> {
  const user = await userOrNull(auth, uid);
  if (!user || user.disabled) return null;
  const access = await loadAccess(db, uid);
  return { uid, verifiedEmail: user.emailVerified && user.email ? user.email.toLowerCase() : null, grants: access.grants };
}

/** Everyone the approvers may mean, before the domain's decision narrows them down. */
async function candidatesFor(db: Firestore, auth: Auth, target: WorkflowAccessTarget, approvers: readonly string[]): Promise<Set<string>> {
  const uids = new Set<string>();
  const organizationId = target.organizationId ?? null;
  const roleIds = new Set<string>();
  for (const approver of approvers) {
    if (approver.includes('@')) {
      try {
        const user = await auth.getUserByEmail(approver);
        if (user.emailVerified) uids.add(user.uid);
      } catch {
        // nobody has that address yet: nobody to tell
      }
      continue;
    }
    const rank = workspaceRoleRank(approver);
    if (rank >= 0) {
      // A named workspace role admits it and every higher one, held there, globally or through a share.
      for (const id of WORKSPACE_ROLE_IDS.slice(rank)) roleIds.add(id);
      if (organizationId === null) uids.add(target.ownerId);
      for (const [uid, share] of Object.entries(target.sharedWith ?? {})) if (workspaceRoleRank(share) >= rank) uids.add(uid);
      continue;
    }
    // Either a role id or a user id: both are looked for.
    roleIds.add(approver);
    if (await userOrNull(auth, approver)) uids.add(approver);
  }
  const ids = [...roleIds];
  for (let start = 0; start < ids.length; start += 30) {
    const snapshot = await db.collection(RBAC_COLLECTIONS.userRoles).where('roleId', 'in', ids.slice(start, start + 30)).limit(MAX_NOTIFIED_APPROVERS * 5).get();
    for (const doc of snapshot.docs) {
      const scope = (doc.get('organizationId') as string | null | undefined) ?? null;
      const userId = doc.get('userId');
      if (typeof userId === 'string' && (scope === null || scope === organizationId)) uids.add(userId);
    }
  }
  return uids;
}

/** The approvers as people read them: a user's name, an e-mail, a role's name. */
export async function approverViews(db: Firestore, auth: Auth, approvers: readonly string[]): Promise<ApproverView[]> {
  const roles = await rolesById(db, approvers.filter((a) => !a.includes('@')));
  const known = new Set(roles.keys());
  return Promise.all(
    approvers.map(async (id): Promise<ApproverView> => {
      const kind = approverKind(id, known);
      if (kind === 'email') return { kind, id, label: id };
      if (kind === 'role') return { kind, id, label: roles.get(id)?.name ?? id };
      const user = await userOrNull(auth, id);
      return { kind, id, label: user?.displayName || user?.email || id };
    }),
  );
}

/** Who may decide now, among everyone the approvers may mean. */
export async function resolveApprovers(db: Firestore, auth: Auth, target: WorkflowAccessTarget, approvers: readonly string[]): Promise<string[]> {
  const candidates = [...(await candidatesFor(db, auth, target, approvers))].slice(0, MAX_NOTIFIED_APPROVERS * 2);
  const allowed: string[] = [];
  for (const uid of candidates) {
    const subject = await subjectFor(db, auth, uid);
    if (subject && mayDecideApproval(subject, target, approvers)) allowed.push(uid);
    if (allowed.length >= MAX_NOTIFIED_APPROVERS) break;
  }
  return allowed.sort();
}

/** The user a run waits for: whoever started it, else its owner. */
export function requesterOf(run: StoredRun): string {
  return run.startedBy ?? run.trigger.userId ?? run.ownerId;
}

/** Builds and stores the request of a step that starts waiting; null when it was stored before (a retried execution). */
export async function recordWaitingApproval(
  deps: { db: Firestore; auth: Auth; logger: Logger; now: () => Date },
  run: StoredRun,
  node: WorkflowNode,
  stepId: string,
  input: StepInput,
): Promise<StoredApprovalRequest | null> {
  const { db, auth } = deps;
  const ref = requestsCollection(db).doc(approvalRequestId(run.id, node.id));
  if ((await ref.get()).exists) return null;
  const target = await approvalTargetOf(db, run);
  const { approvers, message } = approversOfNode(node);
  const requester = requesterOf(run);
  const [notifyUids, views, requesterUser] = await Promise.all([resolveApprovers(db, auth, target, approvers), approverViews(db, auth, approvers), userOrNull(auth, requester)]);
  const record: StoredApprovalRequest = {
    runId: run.id,
    nodeId: node.id,
    stepId,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    ownerId: target.ownerId,
    organizationId: target.organizationId ?? null,
    workspaceId: workspaceKey(target),
    message,
    shown: shownData(input),
    requestedBy: { uid: requester, displayName: requesterUser?.displayName || requesterUser?.email || null },
    requestedAt: deps.now().toISOString(),
    approvers,
    approverViews: views,
    notifyUids,
    status: 'waiting',
    decidedAt: null,
    decidedBy: null,
  };
  try {
    await ref.create(record);
  } catch (error) {
    // Another execution of the same step got there first (code 6: ALREADY_EXISTS): it notified.
    if ((error as { code?: unknown }).code === 6) return null;
    throw error;
  }
  return record;
}

/**
 * Closes the requests of a run that still say waiting (the run was
 * canceled or failed elsewhere): the dashboard counts waiting requests, and
 * the inbox should not have to find out one by one.
 */
export async function closeWaitingRequests(db: Firestore, runId: string, status: ApprovalRequestStatus = 'canceled'): Promise<number> {
  const waiting = await requestsCollection(db).where('runId', '==', runId).where('status', '==', 'waiting').get();
  await Promise.all(
    waiting.docs.map(async (doc) => {
      await doc.ref.update({ status, closedAt: new Date().toISOString() });
      // The approvers' bell entries for it have nothing left to ask.
      const nodeId = doc.get('nodeId') as string;
      const uids = (doc.get('notifyUids') as string[] | undefined) ?? [];
      await Promise.all(uids.map((uid) => db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(uid, runId, nodeId)).update({ ...APPROVAL_CLOSED_UPDATE }).catch(() => undefined)));
    }),
  );
  return waiting.size;
}

/**
 * Deletes up to `pageSize` requests closed more than the grace ago (a range
 * on one field: no composite index). Swept rather than deleted at once: what
 * follows a decision reads the request (afterDecision: the approvers to
 * tell), and an inbox read at that moment closes what it finds.
 */
export async function sweepClosedRequests(db: Firestore, now: Date, pageSize: number): Promise<number> {
  const cutoff = new Date(now.getTime() - APPROVAL_LIMITS.closedRequestGraceMs).toISOString();
  const page = await requestsCollection(db).where('closedAt', '<=', cutoff).limit(pageSize).get();
  await Promise.all(page.docs.map((doc) => doc.ref.delete()));
  return page.size;
}

/** A deleted run's requests, whatever their status (a run purged with the trash while it waited). */
export async function deleteRunRequests(db: Firestore, runId: string): Promise<number> {
  const page = await requestsCollection(db).where('runId', '==', runId).get();
  await Promise.all(page.docs.map((doc) => doc.ref.delete()));
  return page.size;
}

/** The status a closed step gives its request. */
export function closedStatus(stepStatus: string): ApprovalRequestStatus {
  if (stepStatus === 'succeeded') return 'approved';
  if (stepStatus === 'failed') return 'rejected';
  return 'canceled';
}

/** The workspace key the inbox filters on: 'personal' is the caller's own personal workspace. */
export function workspaceFilterKey(workspace: string, uid: string): string {
  return workspace === PERSONAL_WORKSPACE ? `user:${uid}` : workspace;
}

export function toApprovalItem(record: StoredApprovalRequest, uid: string): ApprovalItem {
  return {
    runId: record.runId,
    nodeId: record.nodeId,
    stepId: record.stepId,
    workflowId: record.workflowId,
    workflowName: record.workflowName,
    workspaceId: record.workspaceId === `user:${uid}` ? PERSONAL_WORKSPACE : record.workspaceId,
    message: record.message,
    shown: record.shown,
    requestedBy: record.requestedBy,
    requestedAt: record.requestedAt,
    approvers: record.approverViews ?? record.approvers.map((id) => ({ kind: id.includes('@') ? 'email' : 'user', id, label: id })),
  };
}

export { APPROVAL_LIMITS };
