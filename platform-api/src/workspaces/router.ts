// The workspace API (WORKSPACES_API in @agentflow/shared/workspaces), mounted
// by createApp beside the access router, whose context (stores, audit, the
// caller's grants) it shares. Every route needs a verified ID token.
import { Router } from 'express';
import { requireAuth, serviceErrors } from '@agentflow/shared/server';
import type { AccessContext } from '../access/context.js';
import { NotificationDispatcher } from '../notifications/dispatcher.js';
import { createNotificationMailer } from '../notifications/mailer.js';
import type { InvitationNotifier, WorkspacesContext } from './context.js';
import { mountInvitations } from './invitationsRoutes.js';
import type { InvitationMailer } from './mailer.js';
import { mountMembers } from './membersRoutes.js';
import { mountSettings } from './settingsRoutes.js';
import { mountShares } from './sharesRoutes.js';
import { mountWorkspaces } from './workspacesRoutes.js';

export interface WorkspacesRouterOptions {
  access: AccessContext;
  mailer: InvitationMailer;
  /** APP_URL: where the accept link of an invitation e-mail points. */
  appUrl: string;
  /** The bell entry of an invitation (default: a notification dispatcher on SMTP_URL and APP_URL). */
  notifier?: InvitationNotifier;
  now?: () => Date;
}

export function createWorkspacesRouter({ access, mailer, appUrl, notifier, now = () => new Date() }: WorkspacesRouterOptions): Router {
  const url = appUrl.replace(/\/+$/, '');
  const dispatcher =
    notifier ??
    new NotificationDispatcher({ db: access.db, auth: access.auth, logger: access.logger, mailer: createNotificationMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM, logger: access.logger }), appUrl: url, now });
  const ctx: WorkspacesContext = { access, mailer, notifier: dispatcher, appUrl: url, now };
  const authed = [requireAuth(access.auth)];
  const router = Router();
  mountWorkspaces(router, ctx, authed);
  mountMembers(router, ctx, authed);
  mountInvitations(router, ctx, authed);
  mountShares(router, ctx, authed);
  mountSettings(router, ctx, authed);
  router.use(serviceErrors({ store: { name: 'workspaces', logger: access.logger } }));
  return router;
}
