// What every workspace route shares: the access module's context (stores,
// audit, the caller's grants), the invitation mailer, the app's public URL,
// the clock, and the refusals with their stable codes.
import type { Request } from 'express';
import { HttpError, isDocumentId, PERSONAL_WORKSPACE, type HttpErrorStatus, type WorkspaceErrorCode } from '@agentflow/shared/server';
import type { AccessContext } from '../access/context.js';
import type { InvitationEvent } from '../notifications/dispatcher.js';
import type { InvitationMailer } from './mailer.js';

/** The bell and chat side of an invitation (the notification dispatcher), and the invited user's e-mail choice. */
export interface InvitationNotifier {
  invitation(uid: string, event: InvitationEvent): Promise<unknown>;
  wants(uid: string, kind: 'invitation', channel: 'email'): Promise<boolean>;
}

export interface WorkspacesContext {
  access: AccessContext;
  mailer: InvitationMailer;
  notifier: InvitationNotifier;
  /** APP_URL without a trailing slash. */
  appUrl: string;
  now: () => Date;
}

export const refuse = (status: HttpErrorStatus, code: WorkspaceErrorCode, message: string, details?: Record<string, string | number | boolean | null>) => new HttpError(status, message, code, details);

export const workspaceNotFound = (id: string) => refuse(404, 'workspace_not_found', `Workspace '${id}' not found`);

/** A path parameter naming a document (anything else cannot exist: 404 with the code). */
export function pathParam(req: Request, name: string, notFound: () => HttpError): string {
  const raw = req.params[name];
  const value = typeof raw === 'string' ? raw : '';
  if (!isDocumentId(value) || value.length > 128) throw notFound();
  return value;
}

/** The organization a workspace path names; the personal workspace has no members to manage. */
export function organizationParam(req: Request): string {
  const id = pathParam(req, 'id', () => workspaceNotFound(String(req.params.id ?? '')));
  if (id === PERSONAL_WORKSPACE) throw refuse(404, 'workspace_not_found', 'Your personal workspace has no members or invitations: create a workspace to work with others');
  return id;
}
