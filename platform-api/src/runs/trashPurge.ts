// The housekeeping step that empties the trash (issue 19, decision 3): a
// workflow whose deletedAt is more than TRASH_RETENTION_DAYS ago is purged
// with its runs (each with its files and full step outputs, the path
// DELETE /api/workflows/:id/runs takes), its version snapshots, its webhook
// secret, poll state and captured test events, and finally its document, so a sweep cut off
// half-way finds it again next time. The rules stamp deletedAt with the
// server clock (a Timestamp); an ISO text (the domain's model, a service
// write) is found too.
import { Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { RUN_SERVER_COLLECTIONS, TRASH_RETENTION_DAYS, WORKFLOW_COLLECTION, WORKFLOW_VERSIONS_SUBCOLLECTION, triggerNodesOfType } from '@agentflow/shared/workflow';
import type { FileStore } from '../files/index.js';
import { deleteRunWithFiles } from './housekeeping.js';
import { isPreconditionFailure, runsCollection } from './store.js';
import { listenRef } from './webhookAnswer/listen.js';

const DAY_MS = 86_400_000;
/** Runs and version snapshots read per page while purging one workflow. */
const PAGE = 100;

export interface TrashPurgeReport {
  workflows: number;
  runs: number;
  runFiles: number;
}

/** Purges up to `pageSize` workflows trashed before the retention; what went. */
export async function purgeTrash(db: Firestore, files: FileStore | null, logger: Logger, now: Date, pageSize: number): Promise<TrashPurgeReport> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
  const workflows = db.collection(WORKFLOW_COLLECTION);
  // A range filter matches values of its own type only: one query per way deletedAt may be stored.
  const pages = await Promise.all([
    workflows.where('deletedAt', '<', Timestamp.fromDate(cutoff)).limit(pageSize).get(),
    workflows.where('deletedAt', '<', cutoff.toISOString()).limit(pageSize).get(),
  ]);
  const report: TrashPurgeReport = { workflows: 0, runs: 0, runFiles: 0 };
  for (const doc of pages.flatMap((page) => page.docs)) {
    if (await purgeWorkflow(db, files, doc, report)) report.workflows += 1;
    else logger.info({ workflowId: doc.id }, 'a workflow restored while its trash was being emptied was kept (its runs had been purged)');
  }
  return report;
}

async function purgeWorkflow(db: Firestore, files: FileStore | null, doc: QueryDocumentSnapshot, report: TrashPurgeReport): Promise<boolean> {
  for (;;) {
    const runs = await runsCollection(db).where('workflowId', '==', doc.id).limit(PAGE).get();
    for (const run of runs.docs) {
      report.runFiles += await deleteRunWithFiles(db, files, run.id);
      report.runs += 1;
    }
    if (runs.size < PAGE) break;
  }
  for (;;) {
    const versions = await doc.ref.collection(WORKFLOW_VERSIONS_SUBCOLLECTION).limit(PAGE).get();
    if (versions.empty) break;
    const batch = db.batch();
    for (const version of versions.docs) batch.delete(version.ref);
    await batch.commit();
  }
  await db.collection(RUN_SERVER_COLLECTIONS.webhookSecrets).doc(doc.id).delete();
  await db.collection(RUN_SERVER_COLLECTIONS.connectorPolls).doc(doc.id).delete();
  // A second (third…) poll trigger's state lives beside the first's (connectors/polling/poller.ts pollStateKey).
  for (const node of triggerNodesOfType(doc.get('nodes'), 'trigger.poll')) await db.collection(RUN_SERVER_COLLECTIONS.connectorPolls).doc(`${doc.id}_${node.id}`).delete();
  // Each webhook trigger's listening window and last captured test event (webhookAnswer/listen.ts).
  for (const node of triggerNodesOfType(doc.get('nodes'), 'trigger.webhook')) await listenRef(db, doc.id, node.id).delete();
  try {
    // Only as it was read: a workflow restored meanwhile (deletedAt cleared) stays.
    await doc.ref.delete({ lastUpdateTime: doc.updateTime });
    return true;
  } catch (error) {
    if (isPreconditionFailure(error)) return false;
    throw error;
  }
}
