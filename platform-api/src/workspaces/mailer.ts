// The invitation e-mail, sent through the notification mailer (nodemailer on
// SMTP_URL from MAIL_FROM; without SMTP_URL one operator line and nothing
// sent). Sending never fails the invitation: the invited person also sees it
// under their pending invitations (and in the bell when they have an account).
import type { Logger } from 'pino';
import { invitationEmail, type InvitationEmailInput, type SupportedLanguage } from '@agentflow/shared/server';
import { createNotificationMailer, type NotificationMailer } from '../notifications/mailer.js';

export { appUrlFromEnv } from '../notifications/mailer.js';

export interface OutgoingInvitation extends InvitationEmailInput {
  to: string;
  language: SupportedLanguage;
}

export interface InvitationMailer {
  /** Never throws; false when nothing was sent. */
  send(mail: OutgoingInvitation): Promise<boolean>;
}

export function invitationMailerOn(mailer: NotificationMailer): InvitationMailer {
  return {
    send: (mail) => {
      const { subject, text } = invitationEmail(mail.language, mail);
      return mailer.send({ to: mail.to, subject, text });
    },
  };
}

export function createInvitationMailer({ smtpUrl, from, logger }: { smtpUrl: string | null | undefined; from?: string | null; logger: Logger }): InvitationMailer {
  return invitationMailerOn(createNotificationMailer({ smtpUrl, from, logger }));
}
