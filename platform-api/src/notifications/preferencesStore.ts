// notificationPreferences/{uid}: each user's choices per kind and channel
// (server-only: the rules deny browsers; GET/PUT /api/notification-preferences
// is the way in). Missing or partial documents read as the defaults.
import type { Firestore } from 'firebase-admin/firestore';
import { NOTIFICATION_PREFERENCES_COLLECTION, mergeNotificationPreferences, resolveNotificationPreferences, type NotificationPreferences, type NotificationPreferencesBody } from '@agentflow/shared/domain';

export async function readNotificationPreferences(db: Firestore, uid: string): Promise<NotificationPreferences> {
  const snapshot = await db.collection(NOTIFICATION_PREFERENCES_COLLECTION).doc(uid).get();
  return resolveNotificationPreferences(snapshot.exists ? snapshot.get('preferences') : null);
}

/** Applies a partial change in a transaction (two tabs saving at once keep both changes). */
export async function updateNotificationPreferences(db: Firestore, uid: string, body: NotificationPreferencesBody, now: Date): Promise<NotificationPreferences> {
  const ref = db.collection(NOTIFICATION_PREFERENCES_COLLECTION).doc(uid);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const next = mergeNotificationPreferences(resolveNotificationPreferences(snapshot.exists ? snapshot.get('preferences') : null), body);
    tx.set(ref, { userId: uid, preferences: next, updatedAt: now.toISOString() });
    return next;
  });
}
