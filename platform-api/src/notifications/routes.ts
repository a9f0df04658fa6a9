// GET/PUT /api/notification-preferences (NOTIFICATION_PREFERENCES_API): the
// caller's choices per kind and channel, and which channels they can receive
// on now. PUT takes any subset (unknown kinds or channels: 400 naming the
// field) and answers like GET.
import type { RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { NOTIFICATION_PREFERENCES_API, notificationPreferencesBodySchema, type NotificationPreferencesBody, type NotificationPreferencesView } from '@agentflow/shared/domain';
import { caller, parseOr400 } from '../runs/routeKit.js';
import type { NotificationDispatcher } from './dispatcher.js';
import { readNotificationPreferences, updateNotificationPreferences } from './preferencesStore.js';

export function mountNotificationPreferenceRoutes(router: Router, deps: { authed: RequestHandler; db: Firestore; dispatcher: NotificationDispatcher; now: () => Date }): void {
  const { authed, db, dispatcher, now } = deps;
  router.get(NOTIFICATION_PREFERENCES_API.preferences, authed, async (req, res) => {
    const { uid } = caller(req);
    const [preferences, available] = await Promise.all([readNotificationPreferences(db, uid), dispatcher.available(uid)]);
    const view: NotificationPreferencesView = { preferences, available };
    res.json(view);
  });
  router.put(NOTIFICATION_PREFERENCES_API.preferences, authed, async (req, res) => {
    const { uid } = caller(req);
    const body = parseOr400(notificationPreferencesBodySchema, req.body) as NotificationPreferencesBody;
    const [preferences, available] = await Promise.all([updateNotificationPreferences(db, uid, body, now()), dispatcher.available(uid)]);
    const view: NotificationPreferencesView = { preferences, available };
    res.json(view);
  });
}
