// Housekeeping of runs and files, on a timer in every instance, done by one
// at a time: an instance claims a lease document (housekeeping/runs) in a
// transaction, sweeps, and hands the lease back with its cursors. Every step
// is also safe to repeat (a file or run already gone is skipped), so two
// sweeps after a lost lease do no harm.
// A sweep:
//   1. runs older than their owner's plan retention (runRetentionDays) are
//      deleted with their files and full step outputs;
//   2. run and decision files older than the shortest retention whose run no
//      longer exists are deleted (a run deleted another way, a crash between
//      a run's files and its document);
//   3. uploads never used before they expired are deleted;
//   4. profile photos older than an hour that their owner's profile no longer
//      names (a replaced photo whose delete failed) are deleted;
//   5. objects in the bucket without metadata (a crash between the two writes
//      of a save, a failed object delete) are deleted;
//   6. workflows in the trash for more than TRASH_RETENTION_DAYS are purged
//      with their runs and versions (trashPurge.ts);
//   7. approval requests closed more than an hour ago are deleted
//      (approvals/requests.ts sweepClosedRequests).
// Runs and old files are walked with a cursor kept in the lease document, a
// page per sweep, so a deployment with millions of runs is walked over
// several sweeps instead of re-reading the oldest page every time.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { ENTITLEMENT_PLANS, FILES_COLLECTION, PROFILES_COLLECTION, PLAN_ENTITLEMENTS, entitlementsFor, isTerminalRunStatus } from '@agentflow/shared/server';
import { RUN_SERVER_COLLECTIONS } from '@agentflow/shared/workflow';
import type { FileStore } from '../files/index.js';
import { ORPHAN_GRACE_MS, decodeFile } from '../files/store.js';
import { planRoleOf } from '../plans/planRole.js';
import { decodeRun, runRef, runsCollection } from './store.js';
import { sweepExpiredSignIns } from '../connectors/oauth/states.js';
import { purgeTrash } from './trashPurge.js';
import { deleteLoopItems } from './loop/itemRecords.js';
import { deleteRunRequests, sweepClosedRequests } from '../approvals/requests.js';

export const HOUSEKEEPING_COLLECTION = 'housekeeping';
const DAY_MS = 86_400_000;
/** The shortest retention of any plan: nothing younger is ever due. */
export const MIN_RETENTION_DAYS = Math.min(...ENTITLEMENT_PLANS.map((plan) => PLAN_ENTITLEMENTS[plan].runRetentionDays));

export interface SweepReport {
  runsDeleted: number;
  runFilesDeleted: number;
  orphanFilesDeleted: number;
  expiredUploadsDeleted: number;
  stalePhotosDeleted: number;
  orphanObjectsDeleted: number;
  /** App sign-ins started and never finished, past their state's expiry. */
  expiredSignInsDeleted: number;
  /** Workflows purged from the trash (their runs count in runsDeleted and runFilesDeleted). */
  trashedWorkflowsPurged: number;
  /** Approval requests decided or canceled more than APPROVAL_LIMITS.closedRequestGraceMs ago. */
  closedApprovalRequestsDeleted: number;
}

/** Deletes a run with its files and full step outputs (files first: a run never points at a missing file). */
export async function deleteRunWithFiles(db: Firestore, files: FileStore | null, runId: string): Promise<number> {
  const removed = files ? await files.removeRunFiles(runId) : 0;
  const outputs = await runRef(db, runId).collection(RUN_SERVER_COLLECTIONS.stepOutputs).listDocuments();
  for (const output of outputs) await output.delete();
  await deleteLoopItems(db, runId);
  await db.collection(RUN_SERVER_COLLECTIONS.errorWorkflowStarts).doc(runId).delete();
  await deleteRunRequests(db, runId);
  await runRef(db, runId).delete();
  return removed;
}

export interface HousekeepingOptions {
  db: Firestore;
  files: FileStore | null;
  logger: Logger;
  instanceId: string;
  now?: () => Date;
  /** How often an instance tries to sweep. */
  intervalMs?: number;
  /** Documents read per walk per sweep. */
  pageSize?: number;
  /** How long a claimed sweep may take before another instance may take over. */
  leaseMs?: number;
}

interface Cursors {
  runs: string | null;
  files: string | null;
}

export class Housekeeping {
  private readonly db: Firestore;
  private readonly files: FileStore | null;
  private readonly logger: Logger;
  private readonly instanceId: string;
  private readonly now: () => Date;
  private readonly intervalMs: number;
  private readonly pageSize: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor({ db, files, logger, instanceId, now = () => new Date(), intervalMs = 15 * 60_000, pageSize = 200, leaseMs = 10 * 60_000 }: HousekeepingOptions) {
    this.db = db;
    this.files = files;
    this.logger = logger;
    this.instanceId = instanceId;
    this.now = now;
    this.intervalMs = intervalMs;
    this.pageSize = pageSize;
    this.leaseMs = leaseMs;
  }

  private leaseRef() {
    return this.db.collection(HOUSEKEEPING_COLLECTION).doc('runs');
  }

  /** Claims the sweep for this instance; its cursors, or null when another instance holds it. */
  private async claim(): Promise<Cursors | null> {
    const nowMs = this.now().getTime();
    return this.db.runTransaction(async (tx) => {
      const lease = await tx.get(this.leaseRef());
      const holder = lease.get('holder');
      const expiresAt = Number(lease.get('expiresAt') ?? 0);
      if (holder && holder !== this.instanceId && expiresAt > nowMs) return null;
      tx.set(this.leaseRef(), { holder: this.instanceId, expiresAt: nowMs + this.leaseMs }, { merge: true });
      return { runs: (lease.get('runsCursor') as string | undefined) ?? null, files: (lease.get('filesCursor') as string | undefined) ?? null };
    });
  }

  private async release(cursors: Cursors): Promise<void> {
    await this.leaseRef().set({ holder: null, expiresAt: 0, runsCursor: cursors.runs, filesCursor: cursors.files, lastSweepAt: this.now().toISOString() }, { merge: true });
  }

  /** One sweep, when no other instance is sweeping; null when one is. */
  async sweep(): Promise<SweepReport | null> {
    const cursors = await this.claim();
    if (!cursors) return null;
    const report: SweepReport = { runsDeleted: 0, runFilesDeleted: 0, orphanFilesDeleted: 0, expiredUploadsDeleted: 0, stalePhotosDeleted: 0, orphanObjectsDeleted: 0, expiredSignInsDeleted: 0, trashedWorkflowsPurged: 0, closedApprovalRequestsDeleted: 0 };
    try {
      cursors.runs = await this.sweepRuns(cursors.runs, report);
      const trash = await purgeTrash(this.db, this.files, this.logger, this.now(), this.pageSize);
      report.trashedWorkflowsPurged = trash.workflows;
      report.runsDeleted += trash.runs;
      report.runFilesDeleted += trash.runFiles;
      report.expiredSignInsDeleted = await sweepExpiredSignIns(this.db, this.now().getTime(), this.pageSize);
      report.closedApprovalRequestsDeleted = await sweepClosedRequests(this.db, this.now(), this.pageSize);
      if (this.files) {
        cursors.files = await this.sweepRunFiles(cursors.files, report);
        report.expiredUploadsDeleted = await this.files.sweepExpiredUploads(this.pageSize);
        report.stalePhotosDeleted = await this.sweepStalePhotos();
        report.orphanObjectsDeleted = await this.files.sweepOrphanObjects();
      }
    } finally {
      await this.release(cursors);
    }
    if (Object.values(report).some((count) => count > 0)) this.logger.info(report, 'housekeeping removed runs and files past retention, unfinished sign-ins, workflows long in the trash and closed approval requests');
    return report;
  }

  /** Runs past their owner's retention; returns the cursor to go on from (null: start over next time). */
  private async sweepRuns(cursor: string | null, report: SweepReport): Promise<string | null> {
    const nowMs = this.now().getTime();
    const oldest = new Date(nowMs - MIN_RETENTION_DAYS * DAY_MS).toISOString();
    let query = runsCollection(this.db).where('createdAt', '<', oldest).orderBy('createdAt').limit(this.pageSize);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    const retention = new Map<string, number>();
    for (const doc of page.docs) {
      const run = decodeRun(doc);
      if (!run || !isTerminalRunStatus(run.status)) continue;
      if (!retention.has(run.ownerId)) retention.set(run.ownerId, entitlementsFor(await planRoleOf(this.db, run.ownerId)).runRetentionDays);
      if (Date.parse(run.createdAt) >= nowMs - retention.get(run.ownerId)! * DAY_MS) continue;
      report.runFilesDeleted += await deleteRunWithFiles(this.db, this.files, run.id);
      report.runsDeleted += 1;
    }
    return page.size < this.pageSize ? null : String(page.docs[page.docs.length - 1]!.get('createdAt'));
  }

  /** Old run and decision files whose run is gone. */
  private async sweepRunFiles(cursor: string | null, report: SweepReport): Promise<string | null> {
    const oldest = new Date(this.now().getTime() - MIN_RETENTION_DAYS * DAY_MS).toISOString();
    let query = this.db.collection(FILES_COLLECTION).where('createdAt', '<', oldest).orderBy('createdAt').limit(this.pageSize);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    const runExists = new Map<string, boolean>();
    for (const doc of page.docs) {
      const file = decodeFile(doc.id, doc.data());
      if (!file || (file.use.kind !== 'run' && file.use.kind !== 'approval')) continue;
      const { runId } = file.use;
      if (!runExists.has(runId)) runExists.set(runId, (await runRef(this.db, runId).get()).exists);
      if (!runExists.get(runId) && (await this.files!.remove(file.id))) report.orphanFilesDeleted += 1;
    }
    return page.size < this.pageSize ? null : String(page.docs[page.docs.length - 1]!.get('createdAt'));
  }

  /** Profile photos their owner's profile no longer names (the photo route swaps first, then deletes the old one). */
  private async sweepStalePhotos(): Promise<number> {
    const before = new Date(this.now().getTime() - ORPHAN_GRACE_MS).toISOString();
    const page = await this.db.collection(FILES_COLLECTION).where('use.kind', '==', 'profile').where('createdAt', '<', before).limit(this.pageSize).get();
    let removed = 0;
    for (const doc of page.docs) {
      const ownerId = doc.get('ownerId');
      if (typeof ownerId !== 'string') continue;
      const current = (await this.db.collection(PROFILES_COLLECTION).doc(ownerId).get()).get('photo.fileId');
      if (current !== doc.id && (await this.files!.remove(doc.id))) removed += 1;
    }
    return removed;
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'housekeeping sweep failed; the next one retries'));
    };
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
