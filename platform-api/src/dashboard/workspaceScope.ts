// Which workspace a dashboard asks about, and whether the caller may see it:
// 'personal' is the caller's own (always theirs); an organization needs
// view_workflows held there (or globally). Also who pays for it (its owner's
// plan is the one the dashboard measures).
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '@agentflow/shared/server';
import { PERMISSIONS, PERSONAL_WORKSPACE, RBAC_COLLECTIONS, can, workspaceKey } from '@agentflow/shared/rbac';
import { DASHBOARD_ERROR_CODES } from '@agentflow/shared/workflow';
import { loadAccess } from '../access/store.js';

export interface WorkspaceScope {
  /** As runs store it (workspaceKey): the organization id, or user:<uid>. */
  workspaceId: string;
  organizationId: string | null;
  /** Who pays for the workspace's runs: the organization's owner, or the caller for their personal workspace. */
  payerId: string;
}

const FORBIDDEN = 'Forbidden: you may not see the runs of this workspace';

/** The scope of `workspace` for `uid`; 403 workspace_forbidden when they may not see it (or it does not exist: nothing leaks). */
export async function resolveWorkspaceScope(db: Firestore, uid: string, workspace: string): Promise<WorkspaceScope> {
  if (workspace === PERSONAL_WORKSPACE) return { workspaceId: workspaceKey({ ownerId: uid }), organizationId: null, payerId: uid };
  const [organization, access] = await Promise.all([db.collection(RBAC_COLLECTIONS.organizations).doc(workspace).get(), loadAccess(db, uid)]);
  if (!organization.exists || !can(access.grants, PERMISSIONS.viewWorkflows, workspace)) {
    throw new HttpError(403, FORBIDDEN, DASHBOARD_ERROR_CODES.workspaceForbidden);
  }
  const ownerId = organization.get('ownerId');
  const createdBy = organization.get('createdBy');
  // Organizations made before workspaces have no ownerId: their creator owns them.
  const payerId = typeof ownerId === 'string' && ownerId ? ownerId : typeof createdBy === 'string' && createdBy ? createdBy : uid;
  return { workspaceId: workspaceKey({ ownerId: uid, organizationId: workspace }), organizationId: workspace, payerId };
}
