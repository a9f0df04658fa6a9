// GET /api/workspaces: the caller's personal workspace and every organization
// where they hold an assignment. POST /api/workspaces: a new organization
// owned by the caller (organizations/{id}.ownerId), who is assigned
// workspace_owner there in the same transaction as the userAccess rebuild;
// audited as the access console's changes are.
import type { RequestHandler, Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { WORKSPACES_API, createWorkspaceSchema, parseOr400, type WorkspaceCreated, type WorkspaceList, type WorkspaceSummary } from '@agentflow/shared/server';
import { rawString } from '../access/context.js';
import { assignmentDocId, readAssignmentsOf, rolesById, writeUserAccess } from '../access/store.js';
import type { WorkspacesContext } from './context.js';
import { callerRoleIn, organizationSummary, personalSummary } from './store.js';

const OWNER_ROLE = 'workspace_owner';

export function mountWorkspaces(router: Router, ctx: WorkspacesContext, authed: RequestHandler[]): void {
  const { access } = ctx;
  const { db } = access;
  const { organizations, userRoles } = access.collections;

  router.get(WORKSPACES_API.workspaces, ...authed, async (req, res) => {
    const caller = req.caller!;
    const grants = await access.callerAccess(req);
    const ids = [...new Set(grants.assignments.map((a) => a.organizationId).filter((id): id is string => !!id))];
    const snapshots = ids.length > 0 ? await db.getAll(...ids.map((id) => organizations.doc(id))) : [];
    const now = ctx.now();
    const shared = await Promise.all(snapshots.filter((s) => s.exists).map((s) => organizationSummary(db, s, callerRoleIn(grants, s.id), now)));
    shared.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const body: WorkspaceList = { workspaces: [await personalSummary(db, caller.uid), ...shared] };
    res.json(body);
  });

  router.post(
    WORKSPACES_API.workspaces,
    ...authed,
    access.change('CREATE_ORGANIZATION', 'organization', async (req, res, audit) => {
      const caller = req.caller!;
      audit.details = { name: rawString(req.body, 'name') };
      const input = parseOr400(createWorkspaceSchema, req.body);
      // The workspace roles are built-in roles: make sure they exist before assigning one.
      await access.ensureInitialized();
      const ref = organizations.doc();
      const assignment = userRoles.doc(assignmentDocId(caller.uid, OWNER_ROLE, ref.id));
      await db.runTransaction(async (tx) => {
        const byUser = await readAssignmentsOf(tx, db, [caller.uid]);
        const after = [...(byUser.get(caller.uid) ?? []), { id: assignment.id, userId: caller.uid, roleId: OWNER_ROLE, organizationId: ref.id }];
        const roles = await rolesById(db, after.map((a) => a.roleId), tx);
        tx.create(ref, { id: ref.id, name: input.name, description: input.description, createdAt: FieldValue.serverTimestamp(), createdBy: caller.uid, ownerId: caller.uid });
        tx.create(assignment, { userId: caller.uid, roleId: OWNER_ROLE, assignedAt: FieldValue.serverTimestamp(), assignedBy: caller.uid, organizationId: ref.id });
        writeUserAccess(tx, db, new Map([[caller.uid, after]]), roles);
      });
      await access.audited(req, { action: 'CREATE_ORGANIZATION', targetType: 'organization', targetId: ref.id, organizationId: ref.id, details: { name: input.name, workspace: true } });
      await access.audited(req, { action: 'ASSIGN_ROLE', targetType: 'userRole', targetId: caller.uid, organizationId: ref.id, details: { roleId: OWNER_ROLE, organizationId: ref.id } });
      const workspace: WorkspaceSummary = await organizationSummary(db, await ref.get(), OWNER_ROLE, ctx.now());
      const body: WorkspaceCreated = { workspace };
      res.status(201).json(body);
    }),
  );
}
