// Where the header's notifications come from: the signed-in user's unread
// notifications (notifications/{id}, written by platform-api), live, and the
// one write the rules allow a browser, read: true. A context, so tests (and
// anything else) inject a fake; by default Firestore, loaded with the first
// subscription: a signed-out visitor never pays for the Firestore SDK.
import { createContext, useContext } from 'react';
import type { AnyNotification } from '@agentflow/shared/notifications';

export interface NotificationsSource {
  /**
   * Listens to the user's unread notifications, newest first: at most
   * NOTIFICATION_LIST_LIMIT + 1 (the extra one says there are more). Calls
   * onChange with each new list (offline: this device's cached copy, then
   * the server's when it is back) and onError when the listener fails.
   * Returns the function that stops listening.
   */
  watchUnread(userId: string, onChange: (notifications: AnyNotification[]) => void, onError: (error: unknown) => void): () => void;
  /**
   * Listens to how many approvals still wait for the user's decision: their
   * approval_waiting notifications that platform-api has not closed yet
   * (open: true), read or not, up to OPEN_APPROVALS_COUNT_LIMIT + 1. Calls
   * onChange with each new count and onError when the listener fails.
   */
  watchOpenApprovals(userId: string, onChange: (count: number) => void, onError: (error: unknown) => void): () => void;
  /** Sets read: true on these notifications (the listener then drops them). */
  markRead(ids: readonly string[]): Promise<void>;
}

const loadFirestoreSource = () => import('./firestoreNotifications').then((module) => module.firestoreNotifications);

/** Subscribes through the Firestore source once its module has loaded; stopping first means it never subscribes. */
function whenLoaded(subscribe: (source: NotificationsSource) => () => void, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  loadFirestoreSource().then(
    (source) => {
      if (!stopped) stop = subscribe(source);
    },
    (error: unknown) => {
      if (!stopped) onError(error);
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The Firestore source, its module (and the SDK) loaded on the first subscription. */
export const lazyFirestoreNotifications: NotificationsSource = {
  watchUnread: (userId, onChange, onError) => whenLoaded((source) => source.watchUnread(userId, onChange, onError), onError),
  watchOpenApprovals: (userId, onChange, onError) => whenLoaded((source) => source.watchOpenApprovals(userId, onChange, onError), onError),
  markRead: async (ids) => (await loadFirestoreSource()).markRead(ids),
};

export const NotificationsSourceContext = createContext<NotificationsSource>(lazyFirestoreNotifications);

export const useNotificationsSource = (): NotificationsSource => useContext(NotificationsSourceContext);
