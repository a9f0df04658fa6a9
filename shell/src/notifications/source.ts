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
  /** Sets read: true on these notifications (the listener then drops them). */
  markRead(ids: readonly string[]): Promise<void>;
}

const loadFirestoreSource = () => import('./firestoreNotifications').then((module) => module.firestoreNotifications);

/** The Firestore source, its module (and the SDK) loaded on the first subscription. */
export const lazyFirestoreNotifications: NotificationsSource = {
  watchUnread(userId, onChange, onError) {
    let stopped = false;
    let stop: (() => void) | undefined;
    loadFirestoreSource().then(
      (source) => {
        if (!stopped) stop = source.watchUnread(userId, onChange, onError);
      },
      (error: unknown) => {
        if (!stopped) onError(error);
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  },
  markRead: async (ids) => (await loadFirestoreSource()).markRead(ids),
};

export const NotificationsSourceContext = createContext<NotificationsSource>(lazyFirestoreNotifications);

export const useNotificationsSource = (): NotificationsSource => useContext(NotificationsSourceContext);
