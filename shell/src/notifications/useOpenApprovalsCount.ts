import { useEffect, useState } from 'react';
import { useAuth } from '@agentflow/shared';
import { NOTIFICATIONS_CHANGED_EVENT } from '@agentflow/shared/notifications';
import { useNotificationsSource } from './source';

interface Loaded {
  /** Whose count it is: another user's is never shown, even while theirs loads. */
  owner: string;
  count: number;
}

/**
 * How many approvals still wait for the signed-in user's decision, live (0
 * while signed out, loading, or when the listener failed). Not the unread
 * notifications: Mark all read leaves it; a decision (anyone's), a canceled
 * run or a failed one lowers it.
 */
export function useOpenApprovalsCount(): number {
  const { user } = useAuth();
  const source = useNotificationsSource();
  const uid = user?.uid ?? null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!uid) return undefined;
    let last: number | null = null;
    return source.watchOpenApprovals(
      uid,
      (count) => {
        setLoaded({ owner: uid, count });
        // An approval closed (or opened) while its notification was already read: the inbox fetches again.
        if (last !== null && last !== count) window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
        last = count;
      },
      () => setLoaded({ owner: uid, count: 0 }),
    );
  }, [uid, source]);

  return uid && loaded?.owner === uid ? loaded.count : 0;
}
