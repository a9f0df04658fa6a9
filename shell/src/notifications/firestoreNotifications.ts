// The header's notifications in Firestore, under the security rules: the
// owner lists their own (the query must say userId == uid) and may set
// `read`, nothing else. Loaded on demand (source.ts), with the Firestore SDK
// through the shared app's lazy getter: no Firebase app of its own.
import type { DocumentData } from 'firebase/firestore';
import { getFirestoreDb } from '@agentflow/shared';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATIONS_COLLECTION, OPEN_APPROVALS_COUNT_LIMIT, isRunRefusalCode, type AnyNotification } from '@agentflow/shared/notifications';
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

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * A stored notification as the model's, or null when it is not one this app
 * can show (an unknown kind, or a field it needs missing): the header skips
 * it rather than showing half a sentence.
 */
export function notificationFromDocument(id: string, data: DocumentData): AnyNotification | null {
  const { userId, kind, workflowId, runId, read } = data;
  if (typeof userId !== 'string') return null;
  const base = { id, userId, read: read === true, createdAt: isoOf(data.createdAt), updatedAt: isoOf(data.updatedAt) };
  // A run's name falls back to its workflow id.
  const workflowName = (fallback: string) => text(data.workflowName) ?? fallback;
  switch (kind) {
    case 'run_refused': {
      const { trigger, code, count } = data;
      if (typeof workflowId !== 'string' || typeof runId !== 'string' || !isTrigger(trigger) || !isRunRefusalCode(code)) return null;
      return {
        ...base,
        kind,
        workflowId,
        workflowName: workflowName(workflowId),
        runId,
        trigger,
        code,
        count: typeof count === 'number' && Number.isFinite(count) && count >= 1 ? Math.floor(count) : 1,
      };
    }
    case 'approval_waiting': {
      if (typeof workflowId !== 'string' || typeof runId !== 'string' || typeof data.nodeId !== 'string') return null;
      return {
        ...base,
        kind,
        workflowId,
        workflowName: workflowName(workflowId),
        runId,
        nodeId: data.nodeId,
        message: text(data.message) ?? '',
        requestedByName: text(data.requestedByName),
        open: data.open === true,
      };
    }
    case 'run_failed': {
      if (typeof workflowId !== 'string' || typeof runId !== 'string') return null;
      return { ...base, kind, workflowId, workflowName: workflowName(workflowId), runId, error: text(data.error) };
    }
    case 'invitation': {
      const { invitationId, workspaceId, roleId } = data;
      if (typeof invitationId !== 'string' || typeof workspaceId !== 'string' || typeof roleId !== 'string') return null;
      return { ...base, kind, invitationId, workspaceId, workspaceName: text(data.workspaceName) ?? workspaceId, roleId, invitedByName: text(data.invitedByName) };
    }
    default:
      return null;
  }
}

async function firestore() {
  return Promise.all([getFirestoreDb(), import('firebase/firestore')]);
}

type FirestoreModule = typeof import('firebase/firestore');
type Db = Awaited<ReturnType<typeof getFirestoreDb>>;

/** Listens once the SDK has loaded; stopping first means it never listens. */
function listen(start: (db: Db, fs: FirestoreModule) => () => void, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  firestore().then(([db, fs]) => {
    if (!stopped) stop = start(db, fs);
  }, (error: unknown) => {
    if (!stopped) onError(error);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

export const firestoreNotifications: NotificationsSource = {
  watchUnread(userId, onChange, onError) {
    return listen((db, fs) => {
      // Equality on userId is what the rules require of a list; newest first
      // needs the (userId, read, updatedAt desc) index of firestore.indexes.json.
      const unread = fs.query(
        fs.collection(db, NOTIFICATIONS_COLLECTION),
        fs.where('userId', '==', userId),
        fs.where('read', '==', false),
        fs.orderBy('updatedAt', 'desc'),
        fs.limit(NOTIFICATION_LIST_LIMIT + 1),
      );
      return fs.onSnapshot(
        unread,
        (snapshot) => onChange(snapshot.docs.flatMap((document) => notificationFromDocument(document.id, document.data()) ?? [])),
        onError,
      );
    }, onError);
  },

  watchOpenApprovals(userId, onChange, onError) {
    return listen((db, fs) => {
      // Read or not: Mark all read leaves an approval waiting. The
      // (userId, kind, open) index of firestore.indexes.json serves it.
      const open = fs.query(
        fs.collection(db, NOTIFICATIONS_COLLECTION),
        fs.where('userId', '==', userId),
        fs.where('kind', '==', 'approval_waiting'),
        fs.where('open', '==', true),
        fs.limit(OPEN_APPROVALS_COUNT_LIMIT + 1),
      );
      return fs.onSnapshot(open, (snapshot) => onChange(snapshot.size), onError);
    }, onError);
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
