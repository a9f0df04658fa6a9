// Runs stored before workspaces have no workspaceId (nor startedBy), so the
// executions list (one equality on workspaceId) would not find them. At
// start, each instance walks the runs once, in pages by document id, and
// gives those that lack it the key of the workspace they were paid in:
// their organization, else their owner's personal workspace (before
// workspaces a run's owner was the workflow's owner or the member who ran an
// organization workflow, and both are right here). Idempotent: a run that has
// a workspaceId is left alone, and a marker document ends the walk for good
// once one instance finished it. Runs still queued or running are skipped:
// their executor writes them with a precondition, and encodeRun derives the
// field at that write anyway.
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { workspaceKey } from '@agentflow/shared/rbac';
import { runsCollection } from './store.js';

/** platformMigrations/{id}: one document per finished data migration (service-only). */
export const MIGRATIONS_COLLECTION = 'platformMigrations';
export const RUN_WORKSPACE_BACKFILL_ID = 'runWorkspaceIds';
/** Runs read and written per batch (a batch holds at most 500 writes). */
const PAGE_SIZE = 400;
const EXECUTING = new Set(['queued', 'running']);

export interface BackfillResult {
  scanned: number;
  updated: number;
  /** True when the marker said it was done before (nothing read). */
  skipped: boolean;
}

/** The fields a run from before workspaces gets; null when it needs none. */
export function backfillFields(data: Record<string, unknown>): Record<string, unknown> | null {
  if (typeof data.workspaceId === 'string' || EXECUTING.has(data.status as string) || typeof data.ownerId !== 'string') return null;
  const organizationId = typeof data.organizationId === 'string' && data.organizationId ? data.organizationId : null;
  const trigger = (data.trigger ?? {}) as { userId?: unknown };
  return {
    workspaceId: workspaceKey({ ownerId: data.ownerId, organizationId }),
    ...(data.startedBy === undefined ? { startedBy: typeof trigger.userId === 'string' ? trigger.userId : null } : {}),
  };
}

export async function backfillRunWorkspaces(db: Firestore, logger: Logger, now: () => Date = () => new Date()): Promise<BackfillResult> {
  const marker = db.collection(MIGRATIONS_COLLECTION).doc(RUN_WORKSPACE_BACKFILL_ID);
  if ((await marker.get()).exists) return { scanned: 0, updated: 0, skipped: true };
  let scanned = 0;
  let updated = 0;
  let after: QueryDocumentSnapshot | null = null;
  for (;;) {
    let query = runsCollection(db).orderBy(FieldPath.documentId()).select('workspaceId', 'organizationId', 'ownerId', 'status', 'trigger', 'startedBy').limit(PAGE_SIZE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    const batch = db.batch();
    let writes = 0;
    for (const doc of page.docs) {
      const fields = backfillFields(doc.data());
      if (!fields) continue;
      batch.update(doc.ref, fields);
      writes += 1;
    }
    if (writes > 0) await batch.commit();
    scanned += page.size;
    updated += writes;
    if (page.size < PAGE_SIZE) break;
    after = page.docs[page.docs.length - 1] ?? null;
  }
  await marker.set({ finishedAt: now().toISOString(), scanned, updated });
  if (updated > 0) logger.info({ scanned, updated }, 'runs from before workspaces got their workspaceId');
  return { scanned, updated, skipped: false };
}
