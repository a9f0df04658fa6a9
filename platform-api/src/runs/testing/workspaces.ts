// Workspaces for the runs tests (test code): the built-in workspace roles as
// platform-api's initialize stores them, an organization with its owner, and
// role assignments in it.
import type { Firestore } from 'firebase-admin/firestore';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';

/** roles/{workspace_*} as initialize writes them (idempotent). */
export async function seedWorkspaceRoles(db: Firestore): Promise<void> {
  await Promise.all(WORKSPACE_ROLES.map((role) => db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
}

/** organizations/{id} owned (and paid for) by `ownerId`, who holds workspace_owner there. */
export async function createOrganization(db: Firestore, id: string, ownerId: string): Promise<void> {
  await db.collection(RBAC_COLLECTIONS.organizations).doc(id).set({ name: id, description: '', ownerId, createdBy: ownerId, createdAt: new Date().toISOString() });
  await assignWorkspaceRole(db, ownerId, 'workspace_owner', id);
}

/** Assigns the role in the organization; returns the removal. */
export async function assignWorkspaceRole(db: Firestore, uid: string, roleId: WorkspaceRoleId, organizationId: string): Promise<() => Promise<void>> {
  const ref = db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`);
  await ref.set({ userId: uid, roleId, organizationId, assignedBy: 'system' });
  return async () => {
    await ref.delete();
  };
}
