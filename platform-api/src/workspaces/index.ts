// Workspaces (issue 21): the API, the invitation mailer and the migration of billing teams.
export { createWorkspacesRouter, type WorkspacesRouterOptions } from './router.js';
export { appUrlFromEnv, createInvitationMailer, type InvitationMailer, type OutgoingInvitation } from './mailer.js';
export { WORKSPACE_INVITATIONS } from './store.js';
