// Notification e-mails: nodemailer through SMTP_URL (smtp://user:pass@host:587)
// from MAIL_FROM. Without SMTP_URL nothing is sent and the operator reads one
// log line saying so; a failure to send is logged (codes only: the server's
// reply may quote the recipient's address) and never fails what caused it.
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface NotificationMailer {
  /** Whether SMTP is configured (the preferences page says e-mail is unavailable otherwise). */
  readonly configured: boolean;
  /** Never throws; false when nothing was sent. */
  send(mail: OutgoingMail): Promise<boolean>;
}

export const DEFAULT_NOTIFICATION_FROM = 'Agentflow <no-reply@agentflow.invalid>';

export function createNotificationMailer({ smtpUrl, from, logger }: { smtpUrl: string | null | undefined; from?: string | null; logger: Logger }): NotificationMailer {
  if (!smtpUrl) {
    let told = false;
    return {
      configured: false,
      async send() {
        if (!told) {
          told = true;
          logger.warn('SMTP_URL is not set: notification e-mails (approvals, failed runs) are not sent; in-app notifications still are');
        }
        return false;
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    async send(mail) {
      try {
        await transport.sendMail({ from: from || DEFAULT_NOTIFICATION_FROM, to: mail.to, subject: mail.subject, text: mail.text });
        return true;
      } catch (error) {
        const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
        logger.error({ code, responseCode }, 'notification e-mail could not be sent');
        return false;
      }
    },
  };
}

/** The browser app's public URL (APP_URL) without a trailing slash: links in e-mails start with it. */
export function appUrlFromEnv(env: NodeJS.ProcessEnv): string {
  return (env.APP_URL || 'http://localhost:3000').replace(/\/+$/, '');
}
