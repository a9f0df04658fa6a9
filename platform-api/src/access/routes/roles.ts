// Roles: anyone signed in reads them; manage_roles creates, edits and
// deletes them. A role's permission list feeds userAccess of every holder, so
// changing it (or deleting the role) recomputes theirs in the same transaction.
import type { Request, RequestHandler, Response, Router } from 'express';
import {
  ACCESS_API,
  ADMIN_ROLE_ID,
  PERMISSIONS,
  UNDELETABLE_ROLE_IDS,
  badRequest,
  can,
  conflict,
  createRoleSchema,
  forbidden,
  notFound,
  parseOr400,
  updateRoleSchema,
  type Grant,
  type AccessRole,
  type RoleList,
} from '@agentflow/shared/server';
import { type AccessContext, type ChangeAudit, pathId, rawString } from '../context.js';
import { sentFieldsOnly } from '../input.js';
import { readAssignmentsOf, roleFromDoc, rolesById, writeUserAccess } from '../store.js';
import { forceQuery, noQuery, systemFilterQuery } from './queries.js';

/** No privilege escalation through roles: you may put into a role only permissions you hold yourself. */
function assertHolds(grants: readonly Grant[], permissionIds: readonly string[]): void {
  const missing = permissionIds.filter((id) => !can(grants, id));
  if (missing.length > 0) throw forbidden(`Forbidden: you cannot grant permissions you do not hold: ${missing.join(', ')}`);
}

export function mountRoles(router: Router, ctx: AccessContext, authed: RequestHandler[]): void {
  const { roles, permissions, userRoles } = ctx.collections;
  const db = ctx.db;

  /** 400 naming every permission id that does not exist. */
  async function assertPermissionsExist(tx: FirebaseFirestore.Transaction, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const snapshots = await tx.getAll(...unique.map((id) => permissions.doc(id)));
    const unknown = snapshots.filter((snapshot) => !snapshot.exists).map((snapshot) => snapshot.id);
    if (unknown.length > 0) throw badRequest(`Unknown permission id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  }

  router.get(ACCESS_API.roles, ...authed, async (req, res) => {
    const { system } = parseOr400(systemFilterQuery, req.query);
    const snapshot = await (system ? roles.where('system', '==', system) : roles).get();
    const body: RoleList = { roles: snapshot.docs.map(roleFromDoc).sort((a, b) => a.id.localeCompare(b.id)) };
    res.json(body);
  });

  router.get(`${ACCESS_API.roles}/:id`, ...authed, async (req, res) => {
    parseOr400(noQuery, req.query);
    const id = pathId(req, 'id', 'Role');
    const snapshot = await roles.doc(id).get();
    if (!snapshot.exists) throw notFound(`Role '${id}' not found`);
    res.json(roleFromDoc(snapshot));
  });

  router.post(
    ACCESS_API.roles,
    ...authed,
    ctx.change('CREATE_ROLE', 'role', async (req, res, audit) => {
      audit.targetId = rawString(req.body, 'id') ?? '';
      const { grants } = await ctx.require(req, PERMISSIONS.manageRoles);
      const input = parseOr400(createRoleSchema, req.body);
      const role: AccessRole = { ...input };
      if (!role.googleEquivalent) delete role.googleEquivalent;
      const ref = roles.doc(role.id);
      await db.runTransaction(async (tx) => {
        if ((await tx.get(ref)).exists) throw conflict(`Role '${role.id}' already exists`);
        await assertPermissionsExist(tx, role.permissions);
        assertHolds(grants, role.permissions);
        tx.create(ref, role);
      });
      await ctx.audited(req, { action: 'CREATE_ROLE', targetType: 'role', targetId: role.id, organizationId: null, details: { name: role.name, permissions: role.permissions } });
      res.status(201).json(role);
    }),
  );

  const update = ctx.change('UPDATE_ROLE', 'role', async (req: Request, res: Response, audit: ChangeAudit) => {
    audit.targetId = String(req.params.id ?? '');
    const { grants } = await ctx.require(req, PERMISSIONS.manageRoles);
    const id = pathId(req, 'id', 'Role');
    const changes = sentFieldsOnly(parseOr400(updateRoleSchema, req.body), req.body);
    if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send at least one of name, description, system, permissions, googleEquivalent');
    const ref = roles.doc(id);
    const updated = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw notFound(`Role '${id}' not found`);
      const before = roleFromDoc(snapshot);
      const after: AccessRole = { ...before, ...changes, id };
      const permissionsChanged = changes.permissions !== undefined && [...before.permissions].sort().join() !== [...new Set(changes.permissions)].sort().join();
      if (changes.permissions) {
        after.permissions = [...new Set(changes.permissions)];
        await assertPermissionsExist(tx, after.permissions);
        assertHolds(grants, after.permissions.filter((permission) => !before.permissions.includes(permission)));
        if (id === ADMIN_ROLE_ID && !after.permissions.includes(PERMISSIONS.manageAll)) {
          throw badRequest(`permissions of role '${ADMIN_ROLE_ID}' must include ${PERMISSIONS.manageAll}`);
        }
      }
      if (permissionsChanged) {
        // Every holder's userAccess depends on this role's permissions.
        const holders = await tx.get(userRoles.where('roleId', '==', id));
        const byUser = await readAssignmentsOf(tx, db, holders.docs.map((doc) => String(doc.get('userId'))));
        const roleIds = [...byUser.values()].flat().map((assignment) => assignment.roleId);
        const roleMap = await rolesById(db, roleIds, tx);
        roleMap.set(id, after);
        tx.set(ref, after);
        writeUserAccess(tx, db, byUser, roleMap);
      } else {
        tx.set(ref, after);
      }
      return after;
    });
    await ctx.audited(req, { action: 'UPDATE_ROLE', targetType: 'role', targetId: id, organizationId: null, details: { changes } });
    res.json(updated);
  });
  router.route(`${ACCESS_API.roles}/:id`).put(...authed, update).patch(...authed, update);

  router.delete(
    `${ACCESS_API.roles}/:id`,
    ...authed,
    ctx.change('DELETE_ROLE', 'role', async (req, res, audit) => {
      audit.targetId = String(req.params.id ?? '');
      await ctx.require(req, PERMISSIONS.manageRoles);
      const { force } = parseOr400(forceQuery, req.query);
      const id = pathId(req, 'id', 'Role');
      if (UNDELETABLE_ROLE_IDS.includes(id)) throw badRequest(`Role '${id}' is built in and cannot be deleted`);
      const ref = roles.doc(id);
      const removed = await db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) throw notFound(`Role '${id}' not found`);
        const holders = await tx.get(userRoles.where('roleId', '==', id));
        if (!holders.empty && force !== 'true') {
          const users = new Set(holders.docs.map((doc) => doc.get('userId'))).size;
          throw conflict(`Role '${id}' is assigned ${holders.size} time${holders.size > 1 ? 's' : ''} (${users} user${users > 1 ? 's' : ''}); pass ?force=true to delete it with its assignments`);
        }
        const byUser = await readAssignmentsOf(tx, db, holders.docs.map((doc) => String(doc.get('userId'))));
        for (const [userId, assignments] of byUser) byUser.set(userId, assignments.filter((assignment) => assignment.roleId !== id));
        const roleMap = await rolesById(db, [...byUser.values()].flat().map((assignment) => assignment.roleId), tx);
        tx.delete(ref);
        for (const doc of holders.docs) tx.delete(doc.ref);
        writeUserAccess(tx, db, byUser, roleMap);
        return holders.size;
      });
      await ctx.audited(req, { action: 'DELETE_ROLE', targetType: 'role', targetId: id, organizationId: null, details: { force: force === 'true', removedAssignments: removed } });
      res.json({ id, deleted: true, removedAssignments: removed });
    }),
  );
}
