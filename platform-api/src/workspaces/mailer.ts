// The invitation e-mail: sent with nodemailer through SMTP_URL (for example
// smtp://user:pass@mail.example.com:587) from MAIL_FROM. Without SMTP_URL the
// service logs one operator line and sends nothing; a failure to send is
// logged and never fails the invitation (the inviter can share the link, and
// the invited person sees it under their pending invitations anyway).
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { invitationEmail, type InvitationEmailInput, type SupportedLanguage } from '@agentflow/shared/server';

export interface OutgoingInvitation extends InvitationEmailInput {
  to: string;
  language: SupportedLanguage;
}

export interface InvitationMailer {
  /** Never throws. */
  send(mail: OutgoingInvitation): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Agentflow <no-reply@agentflow.invalid>';

export function createInvitationMailer({ smtpUrl, from, logger }: { smtpUrl: string | null | undefined; from?: string | null; logger: Logger }): InvitationMailer {
  if (!smtpUrl) {
    let told = false;
    return {
      async send() {
        if (told) return;
        told = true;
        logger.warn('SMTP_URL is not set: invitation e-mails are not sent (invited people still see their invitations in the app)');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const { subject, text } = invitationEmail(mail.language, mail);
      try {
        await transport.sendMail({ from: from || DEFAULT_MAIL_FROM, to: mail.to, subject, text });
      } catch (error) {
        // The server's reply may quote the invited person's address: log its codes only.
        const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
        logger.error({ code, responseCode }, 'invitation e-mail could not be sent');
      }
    },
  };
}

/** The browser app's public URL (APP_URL) without a trailing slash; the accept link starts with it. */
export function appUrlFromEnv(env: NodeJS.ProcessEnv): string {
  return (env.APP_URL || 'http://localhost:3000').replace(/\/+$/, '');
}
