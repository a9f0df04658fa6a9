// The background triggers (schedules, app polls) find their workflows by
// reading every non-template workflow's nodes, page by page. Browsers write
// workflow documents under rules that allow no derived field, so there is no
// index of "workflows with a schedule" to query instead; for thousands of
// workflows a scan a minute is fine (beyond, a service-kept index replaces
// this one function).
import type { Firestore } from 'firebase-admin/firestore';
import { WORKFLOW_COLLECTION } from '@agentflow/shared/workflow';

const PAGE = 300;

/** Calls `visit` with the id and `nodes` field of every private or organization workflow not in the trash. */
export async function scanWorkflowNodes(db: Firestore, visit: (workflowId: string, nodes: unknown) => void): Promise<void> {
  let query = db.collection(WORKFLOW_COLLECTION).where('visibility', 'in', ['private', 'organization']).select('nodes', 'deletedAt').orderBy('__name__').limit(PAGE);
  for (;;) {
    const page = await query.get();
    for (const doc of page.docs) {
      const deletedAt: unknown = doc.get('deletedAt');
      // In the trash (Workflow.deletedAt): no schedule ticks, no polls.
      if (deletedAt === undefined || deletedAt === null || deletedAt === '') visit(doc.id, doc.get('nodes'));
    }
    if (page.docs.length < PAGE) return;
    query = query.startAfter(page.docs[page.docs.length - 1]!);
  }
}

/** `work` at most once at a time: a call while it runs shares that run's promise (a check slower than its interval is not doubled). */
export function singleFlight<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= work().finally(() => {
      running = null;
    }));
}

/** Re-reads the workflows and checks what is due, each on its interval (timers that do not hold the process open); returns stop. */
export function startTriggerLoop({ refresh, check, refreshMs, checkMs }: { refresh: () => Promise<void>; check: () => Promise<void>; refreshMs: number; checkMs: number }): () => void {
  void refresh();
  const timers = [setInterval(() => void refresh(), refreshMs), setInterval(() => void check(), checkMs)];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
