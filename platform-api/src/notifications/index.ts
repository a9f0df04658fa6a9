// Notifications for the other modules. The workspaces module tells an
// invited user through createInvitationNotifier (the bell entry, when the
// user keeps the in-app channel for invitations); it sends the invitation
// e-mail itself and may ask `wantsEmail` first.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { NotificationDispatcher, type InvitationEvent } from './dispatcher.js';
import { appUrlFromEnv } from './mailer.js';
import { readNotificationPreferences } from './preferencesStore.js';

export { NotificationDispatcher, type ChatSender, type Delivery, type InvitationEvent } from './dispatcher.js';
export { createNotificationMailer, appUrlFromEnv, type NotificationMailer } from './mailer.js';
export { readNotificationPreferences, updateNotificationPreferences } from './preferencesStore.js';

export interface InvitationNotifier {
  /** The invited user's bell entry (never throws). */
  invited(uid: string, event: InvitationEvent): Promise<void>;
  /** Whether the user keeps invitation e-mails (default true). */
  wantsEmail(uid: string): Promise<boolean>;
}

export function createInvitationNotifier({ db, auth, logger, env = process.env }: { db: Firestore; auth: Auth; logger: Logger; env?: NodeJS.ProcessEnv }): InvitationNotifier {
  // No mailer here: the workspaces module sends the invitation e-mail with its accept link.
  const dispatcher = new NotificationDispatcher({ db, auth, logger, mailer: { configured: false, send: async () => false }, appUrl: appUrlFromEnv(env) });
  return {
    async invited(uid, event) {
      try {
        await dispatcher.invitation(uid, event);
      } catch (error) {
        logger.error({ err: error, invitationId: event.invitationId }, 'could not notify an invitation');
      }
    },
    async wantsEmail(uid) {
      return (await readNotificationPreferences(db, uid)).invitation.email;
    },
  };
}
