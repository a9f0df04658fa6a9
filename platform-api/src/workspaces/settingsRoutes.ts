// A workspace's settings (WorkspaceSettings): read into every WorkspaceSummary
// and by the one-click approval links; changed by PATCH WORKSPACES_API.settings
// (manage_members there, i.e. workspace admin or owner; the personal
// workspace's owner for theirs), audited as UPDATE_ORGANIZATION.
// Stored on organizations/{id} and, for a personal workspace (which has no
// organization document), on workspaceSettings/user:<uid>; browsers write
// neither (organizations: write false; workspaceSettings: no rule, denied).
import type { RequestHandler, Router } from 'express';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import {
  APPROVAL_LINKS_REQUIRE_SIGN_IN_DEFAULT,
  APPROVAL_LINKS_REQUIRE_SIGN_IN_FIELD,
  PERSONAL_WORKSPACE,
  RBAC_COLLECTIONS,
  WORKSPACES_API,
  parseOr400,
  updateWorkspaceSettingsSchema,
  type WorkspaceSettings,
  type WorkspaceSettingsUpdated,
  workspaceKey,
} from '@agentflow/shared/server';
import { pathParam, refuse, workspaceNotFound, type WorkspacesContext } from './context.js';
import { mayManageMembers, mayViewWorkspace } from './store.js';

/** The settings stored on a workspace's document (organizations/{id} or users/{uid}); defaults where unset. */
export function settingsFrom(snapshot: DocumentSnapshot | null): WorkspaceSettings {
  const requireSignIn: unknown = snapshot?.exists ? snapshot.get(APPROVAL_LINKS_REQUIRE_SIGN_IN_FIELD) : undefined;
  return { approvalLinksRequireSignIn: typeof requireSignIn === 'boolean' ? requireSignIn : APPROVAL_LINKS_REQUIRE_SIGN_IN_DEFAULT };
}

/** Server-only: the settings of personal workspaces, by workspaceKey (`user:<uid>`). */
export const PERSONAL_SETTINGS_COLLECTION = 'workspaceSettings';

/** The document holding a workspace's settings: the organization's, else the personal workspace's own. */
export function settingsDoc(db: Firestore, workspace: { ownerId: string; organizationId?: string | null }) {
  return workspace.organizationId ? db.collection(RBAC_COLLECTIONS.organizations).doc(workspace.organizationId) : db.collection(PERSONAL_SETTINGS_COLLECTION).doc(workspaceKey(workspace));
}

/** The settings of the workspace a workflow (or run) belongs to. */
export async function settingsOfWorkspace(db: Firestore, workspace: { ownerId: string; organizationId?: string | null }): Promise<WorkspaceSettings> {
  return settingsFrom(await settingsDoc(db, workspace).get());
}

export function mountSettings(router: Router, ctx: WorkspacesContext, authed: RequestHandler[]): void {
  const { access } = ctx;
  const { db } = access;

  router.patch(
    `${WORKSPACES_API.workspaces}/:id/settings`,
    ...authed,
    access.change('UPDATE_ORGANIZATION', 'organization', async (req, res, audit) => {
      const caller = req.caller!;
      const id = pathParam(req, 'id', () => workspaceNotFound(String(req.params.id ?? '')));
      const personal = id === PERSONAL_WORKSPACE;
      audit.targetId = personal ? `user:${caller.uid}` : id;
      audit.organizationId = personal ? null : id;
      audit.details = { settings: true, body: typeof req.body === 'object' && req.body !== null ? Object.keys(req.body as object).slice(0, 5) : null };
      const workspace = { ownerId: caller.uid, organizationId: personal ? null : id };
      if (!personal) {
        // Existence is told only to those who may see the workspace (404 otherwise); then the role decides (403).
        const grants = await access.callerAccess(req);
        if (!mayViewWorkspace(grants, id) || !(await settingsDoc(db, workspace).get()).exists) throw workspaceNotFound(id);
        if (!mayManageMembers(grants.grants, id)) throw refuse(403, 'workspace_forbidden', 'Forbidden: you need the manage_members permission in this workspace to change its settings');
      }
      const change = parseOr400(updateWorkspaceSettingsSchema, req.body);
      const ref = settingsDoc(db, workspace);
      // A personal workspace's settings document may not exist yet (set, merged); an organization's does (update).
      if (personal) await ref.set(change, { merge: true });
      else await ref.update(change);
      await access.audited(req, { action: 'UPDATE_ORGANIZATION', targetType: 'organization', targetId: audit.targetId, organizationId: audit.organizationId, details: { settings: change } });
      const body: WorkspaceSettingsUpdated = { workspaceId: id, settings: settingsFrom(await ref.get()) };
      res.json(body);
    }),
  );
}
