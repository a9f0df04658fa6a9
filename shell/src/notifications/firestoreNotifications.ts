// The header's notifications in Firestore, under the security rules: the
// owner lists their own (the query must say userId == uid) and may set
// `read`, nothing else. Loaded on demand (source.ts), with the Firestore SDK
// through the shared app's lazy getter: no Firebase app of its own.
import type { DocumentData } from 'firebase/firestore';
import { getFirestoreDb } from '@agentflow/shared';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATIONS_COLLECTION, isRunRefusalCode, type AppNotification } from '@agentflow/shared/notifications';
import type { NotificationsSource } from './source';

const TRIGGERS = ['webhook', 'schedule'] as const;
type RefusedTrigger = (typeof TRIGGERS)[number];
const isTrigger = (value: unknown): value is RefusedTrigger => (TRIGGERS as readonly unknown[]).includes(value);

/** A stored time (ISO string or Firestore Timestamp) as ISO 8601; '' when unreadable. */
function isoOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const date = value && typeof (value as { toDate?: unknown }).toDate === 'function' ? (value as { toDate: () => unknown }).toDate() : value;
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/**
 * A stored notification as the model's, or null when it is not one this app
 * can show (another kind, or a field missing): the header skips it rather
 * than showing half a sentence.
 */
export function notificationFromDocument(id: string, data: DocumentData): AppNotification | null {
  const { userId, kind, workflowId, workflowName, runId, trigger, code, count, read } = data;
  if (kind !== 'run_refused' || typeof userId !== 'string' || typeof workflowId !== 'string' || typeof runId !== 'string') return null;
  if (!isTrigger(trigger) || !isRunRefusalCode(code)) return null;
  return {
    id,
    userId,
    kind,
    workflowId,
    workflowName: typeof workflowName === 'string' && workflowName.trim() ? workflowName : workflowId,
    runId,
    trigger,
    code,
    count: typeof count === 'number' && Number.isFinite(count) && count >= 1 ? Math.floor(count) : 1,
    read: read === true,
    createdAt: isoOf(data.createdAt),
    updatedAt: isoOf(data.updatedAt),
  };
}

async function firestore() {
  return Promise.all([getFirestoreDb(), import('firebase/firestore')]);
}

export const firestoreNotifications: NotificationsSource = {
  watchUnread(userId, onChange, onError) {
    let stopped = false;
    let stop: (() => void) | undefined;
    firestore().then(([db, fs]) => {
      if (stopped) return;
      // Equality on userId is what the rules require of a list; newest first
      // needs the (userId, read, updatedAt desc) index of firestore.indexes.json.
      const unread = fs.query(
        fs.collection(db, NOTIFICATIONS_COLLECTION),
        fs.where('userId', '==', userId),
        fs.where('read', '==', false),
        fs.orderBy('updatedAt', 'desc'),
        fs.limit(NOTIFICATION_LIST_LIMIT + 1),
      );
      stop = fs.onSnapshot(
        unread,
        (snapshot) => onChange(snapshot.docs.flatMap((document) => notificationFromDocument(document.id, document.data()) ?? [])),
        onError,
      );
    }, (error: unknown) => {
      if (!stopped) onError(error);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  },

  async markRead(ids) {
    if (ids.length === 0) return;
    const [db, fs] = await firestore();
    const batch = fs.writeBatch(db);
    for (const id of ids) batch.update(fs.doc(db, NOTIFICATIONS_COLLECTION, id), { read: true });
    // Offline the cache applies it at once (the listener drops them); this resolves when the server has it.
    await batch.commit();
  },
};
