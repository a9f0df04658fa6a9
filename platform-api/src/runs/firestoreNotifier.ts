// The RunNotifier port's adapter: one notifications/{id} document per owner,
// workflow and reason (the domain's runRefusedNotificationId), updated in a
// transaction so that `count` says how many refusals since the owner last
// read it and a schedule refused every minute stays one line.
import type { Firestore } from 'firebase-admin/firestore';
import { NOTIFICATIONS_COLLECTION, isRunRefusalCode, runRefusedNotificationId, type RunRefusedNotification } from '@agentflow/shared/domain';
import type { RunNotifier } from './ports.js';

export function firestoreNotifier(db: Firestore): RunNotifier {
  return {
    async runRefused(run) {
      const code = run.errorCode;
      // An app poll runs on the poller's schedule and needs the schedule plan: told as a scheduled run.
      const trigger = run.trigger.type === 'poll' ? 'schedule' : run.trigger.type;
      if (!isRunRefusalCode(code) || (trigger !== 'webhook' && trigger !== 'schedule')) return;
      const id = runRefusedNotificationId(run.ownerId, run.workflowId, code);
      const ref = db.collection(NOTIFICATIONS_COLLECTION).doc(id);
      await db.runTransaction(async (tx) => {
        const current = await tx.get(ref);
        const unread = current.exists && current.get('read') === false;
        const count = unread ? Number(current.get('count') ?? 0) + 1 : 1;
        const at = run.endedAt ?? run.updatedAt;
        const notification: RunRefusedNotification = {
          id,
          userId: run.ownerId,
          kind: 'run_refused',
          workflowId: run.workflowId,
          workflowName: run.workflowName,
          runId: run.id,
          trigger,
          code,
          count,
          read: false,
          createdAt: unread ? String(current.get('createdAt') ?? at) : at,
          updatedAt: at,
        };
        tx.set(ref, notification);
      });
    },
  };
}
