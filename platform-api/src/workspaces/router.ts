// The workspace API (WORKSPACES_API in @agentflow/shared/workspaces), mounted
// by createApp beside the access router, whose context (stores, audit, the
// caller's grants) it shares. Every route needs a verified ID token.
import { Router } from 'express';
import { requireAuth, serviceErrors } from '@agentflow/shared/server';
import type { AccessContext } from '../access/context.js';
import type { WorkspacesContext } from './context.js';
import { mountInvitations } from './invitationsRoutes.js';
import type { InvitationMailer } from './mailer.js';
import { mountMembers } from './membersRoutes.js';
import { mountShares } from './sharesRoutes.js';
import { mountWorkspaces } from './workspacesRoutes.js';

export interface WorkspacesRouterOptions {
  access: AccessContext;
  mailer: InvitationMailer;
  /** APP_URL: where the accept link of an invitation e-mail points. */
  appUrl: string;
  now?: () => Date;
}

export function createWorkspacesRouter({ access, mailer, appUrl, now = () => new Date() }: WorkspacesRouterOptions): Router {
  const ctx: WorkspacesContext = { access, mailer, appUrl: appUrl.replace(/\/+$/, ''), now };
  const authed = [requireAuth(access.auth)];
  const router = Router();
  mountWorkspaces(router, ctx, authed);
  mountMembers(router, ctx, authed);
  mountInvitations(router, ctx, authed);
  mountShares(router, ctx, authed);
  router.use(serviceErrors({ store: { name: 'workspaces', logger: access.logger } }));
  return router;
}
