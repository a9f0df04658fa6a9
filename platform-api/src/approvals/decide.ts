// Deciding an approval step: POST /api/runs/:runId/approve and /reject
// ({stepId?, comment?, attachments?}, as they always were) and
// POST /api/runs/:runId/decide ({decision, nodeId?, comment?, fileId?}, the
// inbox's). One transaction records the decision on the step (who, when,
// the comment, the files), closes the approval request, and moves the run
// on: approved → queued again with this instance's lease (it continues
// here); rejected → failed, its other waiting steps canceled. One-click
// links (linkRoutes.ts) decide through the same function, claiming their
// token in the same transaction so a link works once.
import type { Firestore } from 'firebase-admin/firestore';
import { FILE_ERROR_CODES, HttpError, toFileRef, type Caller, type FileRef } from '@agentflow/shared/server';
import { APPROVAL_COLLECTIONS, APPROVAL_ERROR_CODES, RUN_MESSAGES, approvalRequestId, isTerminalRunStatus, type RunStep } from '@agentflow/shared/domain';
import { asHttp, type FilesModule } from '../files/index.js';
import { decodeRun, encodeRun, runRef } from '../runs/store.js';
import type { StoredRun } from '../runs/runModel.js';
import type { RunsService } from '../runs/service.js';
import { closedStatus } from './requests.js';

/** What is recorded on the step as its output (StepInput readers see {approved, by, comment, decidedAt}). */
export interface DecisionRecord {
  approved: boolean;
  by: string;
  byEmail: string | null;
  comment: string | null;
  decidedAt: string;
  attachments?: FileRef[];
  /** 'link': decided with a one-click link. */
  via?: 'link';
}

export type DecisionOutcome = 'resume' | 'stored' | 'conflict' | 'link-used';

export interface DecisionPorts {
  db: Firestore;
  service: Pick<RunsService, 'now' | 'instanceId' | 'executor' | 'queue'>;
  files: FilesModule | null;
}

/** The waiting approval step of a run: the one named (by step or node id), else the first. */
export function waitingApprovalStep(run: StoredRun, which: { stepId?: string; nodeId?: string }): RunStep | undefined {
  return run.steps.find((s) => s.status === 'waiting' && s.type === 'approval' && (which.stepId === undefined || s.id === which.stepId) && (which.nodeId === undefined || s.nodeId === which.nodeId));
}

/** The approver's uploads, given to this decision (all or none); the stored references. */
export async function attachDecisionFiles(files: FilesModule | null, uid: string, refs: readonly FileRef[], at: { runId: string; workflowId: string; stepId: string }): Promise<FileRef[]> {
  if (refs.length === 0) return [];
  if (!files) throw new HttpError(400, 'This deployment has no file storage: attachments cannot be sent', FILE_ERROR_CODES.notUsable);
  try {
    const stored = await files.store.attach(uid, refs.map((ref, index) => ({ field: `attachments.${index}`, ref })), { kind: 'approval', ...at });
    return stored.map(toFileRef);
  } catch (error) {
    throw asHttp(error);
  }
}

/**
 * Stores a decision on `stepId` of the run, atomically with its request's
 * status and (for a link) the claim of the link's token. 'conflict': the
 * step is no longer waiting; 'link-used': the token was used before.
 */
export async function applyDecision(ports: DecisionPorts, runId: string, stepId: string, decision: DecisionRecord, linkTokenId?: string): Promise<DecisionOutcome> {
  const { db, service } = ports;
  const outcome = await db.runTransaction(async (tx) => {
    const current = decodeRun(await tx.get(runRef(db, runId)));
    const target = current?.steps.find((s) => s.id === stepId);
    const requestRef = target ? db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, target.nodeId)) : null;
    const request = requestRef ? await tx.get(requestRef) : null;
    // A rejection cancels the run's other waiting approval steps: their requests close with it.
    const otherRefs = decision.approved || !current ? [] : current.steps.filter((s) => s.type === 'approval' && s.status === 'waiting' && s.id !== stepId).map((s) => db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, s.nodeId)));
    const others = await Promise.all(otherRefs.map((ref) => tx.get(ref)));
    const linkRef = linkTokenId ? db.collection(APPROVAL_COLLECTIONS.links).doc(linkTokenId) : null;
    if (linkRef) {
      const link = await tx.get(linkRef);
      if (!link.exists || link.get('usedAt') !== null) return 'link-used' as const;
    }
    if (!current || !target || target.status !== 'waiting' || isTerminalRunStatus(current.status)) return 'conflict' as const;
    const at = decision.decidedAt;
    Object.assign(
      target,
      decision.approved
        ? { status: 'succeeded', output: decision, outputBytes: Buffer.byteLength(JSON.stringify(decision)), endedAt: at, error: null }
        : { status: 'failed', output: decision, error: RUN_MESSAGES.rejected, endedAt: at },
    );
    let resume = false;
    // 'queued': another approval was just decided and no executor has
    // taken the run yet; a rejection ends it here, as it would a waiting run.
    if (current.status === 'waiting' || (current.status === 'queued' && !decision.approved)) {
      if (decision.approved) {
        // Continues on this instance: queued, with our lease.
        Object.assign(current, { status: 'queued', lease: { instanceId: service.instanceId, expiresAt: Date.now() + service.executor.limits.leaseMs } });
        resume = true;
      } else {
        for (const s of current.steps) {
          if (s.status === 'pending') s.status = 'skipped';
          else if (s.status === 'waiting') Object.assign(s, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at });
        }
        Object.assign(current, { status: 'failed', error: RUN_MESSAGES.rejected, endedAt: at, lease: null });
      }
    }
    // A run still 'running' (another branch executing) picks the decision up at its next write.
    current.updatedAt = at;
    tx.set(runRef(db, runId), encodeRun(current));
    if (requestRef && request?.exists) tx.update(requestRef, { status: closedStatus(target.status), decidedAt: at, decidedBy: decision.by, closedAt: at });
    if (current.status === 'failed') for (const other of others) if (other.exists && other.get('status') === 'waiting') tx.update(other.ref, { status: 'canceled', closedAt: at });
    if (linkRef) tx.update(linkRef, { usedAt: at });
    return resume ? ('resume' as const) : ('stored' as const);
  });
  if (outcome === 'conflict' || outcome === 'link-used') {
    // Decided elsewhere meanwhile: these files belong to no decision.
    for (const file of decision.attachments ?? []) await ports.files?.store.remove(file.fileId).catch(() => false);
  }
  if (outcome === 'resume') await service.queue.enqueue(runId);
  return outcome;
}

export function decisionRecord(caller: Pick<Caller, 'uid' | 'email'>, approved: boolean, comment: string | undefined, at: Date, attachments: FileRef[] = [], via?: 'link'): DecisionRecord {
  return { approved, by: caller.uid, byEmail: caller.email, comment: comment ?? null, decidedAt: at.toISOString(), ...(attachments.length ? { attachments } : {}), ...(via ? { via } : {}) };
}

export const notWaiting = (stepId: string | undefined) =>
  new HttpError(409, stepId ? `Step '${stepId}' is not waiting for approval` : 'No step of this run is waiting for approval', APPROVAL_ERROR_CODES.notWaiting);
