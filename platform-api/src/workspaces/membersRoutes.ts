// A workspace's members: list (whoever may see the workspace, with its
// pending and expired invitations), change a role and remove (manage_members
// there). Nobody changes or removes the owner, and no role change makes an
// owner. Leaving is removing yourself (the owner cannot leave). Removing
// revokes every assignment of that user in the organization and rebuilds
// their userAccess in the same transaction, so the rules and every service
// see it at once.
import type { Request, RequestHandler, Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import {
  PERSONAL_WORKSPACE,
  WORKSPACES_API,
  WORKSPACE_ROLE_PERMISSIONS,
  can,
  changeMemberRoleSchema,
  parseOr400,
  type WorkspaceMember,
  type WorkspaceMemberUpdated,
  type WorkspaceMembers,
} from '@agentflow/shared/server';
import { rawString } from '../access/context.js';
import { assignmentDocId, readAssignmentsOf, rolesById, writeUserAccess } from '../access/store.js';
import { organizationParam, pathParam, refuse, workspaceNotFound, type WorkspacesContext } from './context.js';
import { invitationView, invitationsTo, mayManageMembers, mayViewWorkspace, membersOf, ownerOfOrganization, userSummaries, withoutOrganizationRoles } from './store.js';

const memberNotFound = (uid: string) => refuse(404, 'member_not_found', `User '${uid}' is not a member of this workspace`);

export function mountMembers(router: Router, ctx: WorkspacesContext, authed: RequestHandler[]): void {
  const { access } = ctx;
  const { db } = access;
  const { organizations, userRoles } = access.collections;

  /** The organization's owner, after checking it exists and the caller may see it (404 otherwise: nothing to know of). */
  async function visibleOrganization(req: Request, id: string): Promise<{ ownerId: string | null }> {
    const grants = await access.callerAccess(req);
    if (!mayViewWorkspace(grants, id)) throw workspaceNotFound(id);
    const snapshot = await organizations.doc(id).get();
    if (!snapshot.exists) throw workspaceNotFound(id);
    return { ownerId: ownerOfOrganization(snapshot) };
  }

  router.get(`${WORKSPACES_API.workspaces}/:id/members`, ...authed, async (req, res) => {
    const caller = req.caller!;
    if (req.params.id === PERSONAL_WORKSPACE) {
      const me = (await userSummaries(db, access.auth, [caller.uid])).get(caller.uid);
      const body: WorkspaceMembers = { members: [{ uid: caller.uid, email: me?.email ?? caller.email, displayName: me?.displayName ?? null, roleId: 'workspace_owner' }], invitations: [] };
      res.json(body);
      return;
    }
    const id = organizationParam(req);
    await visibleOrganization(req, id);
    const members = await membersOf(db, id);
    const summaries = await userSummaries(db, access.auth, [...members.keys()]);
    const now = ctx.now();
    const list: WorkspaceMember[] = [...members.values()]
      .map((m) => ({ uid: m.uid, email: summaries.get(m.uid)?.email ?? null, displayName: summaries.get(m.uid)?.displayName ?? null, roleId: m.roleId }))
      .sort((a, b) => (a.email ?? a.uid).localeCompare(b.email ?? b.uid));
    // Members see who is invited, as they see each other (only managers withdraw).
    const invitations = (await invitationsTo(db, id)).map((i) => invitationView(i, now));
    const body: WorkspaceMembers = { members: list, invitations };
    res.json(body);
  });

  router.patch(
    `${WORKSPACES_API.workspaces}/:id/members/:uid`,
    ...authed,
    access.change('ASSIGN_ROLE', 'userRole', async (req, res, audit) => {
      const id = organizationParam(req);
      const uid = pathParam(req, 'uid', () => memberNotFound(String(req.params.uid ?? '')));
      audit.targetId = uid;
      audit.organizationId = id;
      audit.details = { roleId: rawString(req.body, 'roleId'), organizationId: id };
      const { ownerId } = await visibleOrganization(req, id);
      const grants = await access.callerAccess(req);
      if (!mayManageMembers(grants.grants, id)) throw refuse(403, 'workspace_forbidden', 'Forbidden: you need the manage_members permission in this workspace');
      const { roleId } = parseOr400(changeMemberRoleSchema, req.body);
      if (roleId === 'workspace_owner') throw refuse(403, 'owner_role_not_assignable', 'Forbidden: a workspace has one owner, who pays for it; the owner role is not given by a role change');
      if (uid === ownerId) throw refuse(403, 'owner_immutable', 'Forbidden: nobody changes the workspace owner’s role');
      // Nobody hands out more than they hold (as in the access console).
      if (!WORKSPACE_ROLE_PERMISSIONS[roleId].every((permission) => can(grants.grants, permission, id))) throw refuse(403, 'workspace_forbidden', `Forbidden: you cannot give the ${roleId} role: it grants more than you hold here`);
      const previous = await db.runTransaction(async (tx) => {
        const members = await membersOf(db, id, tx);
        const member = members.get(uid);
        if (!member) throw memberNotFound(uid);
        const byUser = await readAssignmentsOf(tx, db, [uid]);
        const { kept, dropped } = withoutOrganizationRoles(byUser.get(uid) ?? [], id, 'workspace');
        const ref = userRoles.doc(assignmentDocId(uid, roleId, id));
        const after = [...kept, { id: ref.id, userId: uid, roleId, organizationId: id }];
        const roles = await rolesById(db, after.map((a) => a.roleId), tx);
        for (const assignment of dropped) if (assignment.id !== ref.id) tx.delete(userRoles.doc(assignment.id));
        tx.set(ref, { userId: uid, roleId, assignedAt: FieldValue.serverTimestamp(), assignedBy: req.caller!.uid, organizationId: id });
        writeUserAccess(tx, db, new Map([[uid, after]]), roles);
        return member.roleId;
      });
      await access.audited(req, { action: 'ASSIGN_ROLE', targetType: 'userRole', targetId: uid, organizationId: id, details: { roleId, organizationId: id, previousRoleId: previous } });
      const summary = (await userSummaries(db, access.auth, [uid])).get(uid);
      const body: WorkspaceMemberUpdated = { member: { uid, email: summary?.email ?? null, displayName: summary?.displayName ?? null, roleId } };
      res.json(body);
    }),
  );

  router.delete(
    `${WORKSPACES_API.workspaces}/:id/members/:uid`,
    ...authed,
    access.change('REVOKE_ROLE', 'userRole', async (req, res, audit) => {
      const id = organizationParam(req);
      const uid = pathParam(req, 'uid', () => memberNotFound(String(req.params.uid ?? '')));
      const leaving = uid === req.caller!.uid;
      audit.targetId = uid;
      audit.organizationId = id;
      audit.details = { organizationId: id, left: leaving };
      const { ownerId } = await visibleOrganization(req, id);
      if (!leaving) {
        const grants = await access.callerAccess(req);
        if (!mayManageMembers(grants.grants, id)) throw refuse(403, 'workspace_forbidden', 'Forbidden: you need the manage_members permission in this workspace');
      }
      if (uid === ownerId) throw refuse(403, 'owner_immutable', leaving ? 'Forbidden: the owner cannot leave the workspace they pay for' : 'Forbidden: nobody removes the workspace owner');
      const revoked = await db.runTransaction(async (tx) => {
        const byUser = await readAssignmentsOf(tx, db, [uid]);
        const { kept, dropped } = withoutOrganizationRoles(byUser.get(uid) ?? [], id, 'all');
        if (dropped.length === 0) throw memberNotFound(uid);
        const roles = await rolesById(db, kept.map((a) => a.roleId), tx);
        for (const assignment of dropped) tx.delete(userRoles.doc(assignment.id));
        writeUserAccess(tx, db, new Map([[uid, kept]]), roles);
        return dropped.map((a) => a.roleId);
      });
      await access.audited(req, { action: 'REVOKE_ROLE', targetType: 'userRole', targetId: uid, organizationId: id, details: { organizationId: id, roleIds: revoked, left: leaving } });
      res.status(204).end();
    }),
  );
}
