import { useEffect, useState } from 'react';
import { useAuth } from '@agentflow/shared';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATIONS_CHANGED_EVENT, type AnyNotification } from '@agentflow/shared/notifications';
import { useNotificationsSource } from './source';

export interface UnreadNotifications {
  /** The newest unread ones, newest first (at most NOTIFICATION_LIST_LIMIT). */
  notifications: AnyNotification[];
  /** There are more unread than the list holds. */
  more: boolean;
  /** The listener failed (nothing is shown as unread then). */
  failed: boolean;
}

interface Loaded extends UnreadNotifications {
  /** Whose they are: another user's are never shown, even while theirs load. */
  owner: string;
}

const NONE: UnreadNotifications = { notifications: [], more: false, failed: false };

/** The signed-in user's unread notifications, live; none while signed out. */
export function useUnreadNotifications(): UnreadNotifications {
  const { user } = useAuth();
  const source = useNotificationsSource();
  const uid = user?.uid ?? null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!uid) return undefined;
    return source.watchUnread(
      uid,
      (list) => {
        const newestFirst = [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
        setLoaded({ owner: uid, notifications: newestFirst.slice(0, NOTIFICATION_LIST_LIMIT), more: newestFirst.length > NOTIFICATION_LIST_LIMIT, failed: false });
        // Pages showing what notifications announce (the approval inbox) fetch again.
        window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
      },
      () => setLoaded({ owner: uid, ...NONE, failed: true }),
    );
  }, [uid, source]);

  if (!uid || loaded?.owner !== uid) return NONE;
  const { owner: _owner, ...current } = loaded;
  return current;
}
