// Permissions: anyone signed in reads them; manage_permissions creates, edits
// and deletes them. A permission in use by roles is deleted only with
// ?force=true, which also takes it out of those roles (and recomputes the
// userAccess of their holders in the same transaction).
import type { Request, RequestHandler, Response, Router } from 'express';
import {
  ACCESS_API,
  PERMISSIONS,
  badRequest,
  conflict,
  createPermissionSchema,
  notFound,
  parseOr400,
  updatePermissionSchema,
  type Permission,
  type PermissionList,
} from '@agentflow/shared/server';
import { type AccessContext, type ChangeAudit, pathId, rawString } from '../context.js';
import { sentFieldsOnly } from '../input.js';
import { permissionFromDoc, readAssignmentsOf, roleFromDoc, rolesById, writeUserAccess } from '../store.js';
import { forceQuery, noQuery, systemFilterQuery } from './queries.js';

/** Permissions the platform cannot work without. */
const UNDELETABLE_PERMISSION_IDS: readonly string[] = [PERMISSIONS.manageAll];

export function mountPermissions(router: Router, ctx: AccessContext, authed: RequestHandler[]): void {
  const { roles, permissions, userRoles } = ctx.collections;
  const db = ctx.db;

  router.get(ACCESS_API.permissions, ...authed, async (req, res) => {
    const { system } = parseOr400(systemFilterQuery, req.query);
    const snapshot = await (system ? permissions.where('system', '==', system) : permissions).get();
    const body: PermissionList = { permissions: snapshot.docs.map(permissionFromDoc).sort((a, b) => a.id.localeCompare(b.id)) };
    res.json(body);
  });

  router.get(`${ACCESS_API.permissions}/:id`, ...authed, async (req, res) => {
    parseOr400(noQuery, req.query);
    const id = pathId(req, 'id', 'Permission');
    const snapshot = await permissions.doc(id).get();
    if (!snapshot.exists) throw notFound(`Permission '${id}' not found`);
    res.json(permissionFromDoc(snapshot));
  });

  router.post(
    ACCESS_API.permissions,
    ...authed,
    ctx.change('CREATE_PERMISSION', 'permission', async (req, res, audit) => {
      audit.targetId = rawString(req.body, 'id') ?? '';
      await ctx.require(req, PERMISSIONS.managePermissions);
      const permission: Permission = parseOr400(createPermissionSchema, req.body);
      const ref = permissions.doc(permission.id);
      await db.runTransaction(async (tx) => {
        if ((await tx.get(ref)).exists) throw conflict(`Permission '${permission.id}' already exists`);
        tx.create(ref, { ...permission });
      });
      await ctx.audited(req, {
        action: 'CREATE_PERMISSION',
        targetType: 'permission',
        targetId: permission.id,
        organizationId: null,
        details: { name: permission.name, resource: permission.resource, action: permission.action },
      });
      res.status(201).json(permission);
    }),
  );

  const update = ctx.change('UPDATE_PERMISSION', 'permission', async (req: Request, res: Response, audit: ChangeAudit) => {
    audit.targetId = String(req.params.id ?? '');
    await ctx.require(req, PERMISSIONS.managePermissions);
    const id = pathId(req, 'id', 'Permission');
    const changes = sentFieldsOnly(parseOr400(updatePermissionSchema, req.body), req.body);
    if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send at least one of name, description, resource, action, system');
    const ref = permissions.doc(id);
    const updated = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw notFound(`Permission '${id}' not found`);
      const after: Permission = { ...permissionFromDoc(snapshot), ...changes, id };
      tx.set(ref, after);
      return after;
    });
    await ctx.audited(req, { action: 'UPDATE_PERMISSION', targetType: 'permission', targetId: id, organizationId: null, details: { changes } });
    res.json(updated);
  });
  router.route(`${ACCESS_API.permissions}/:id`).put(...authed, update).patch(...authed, update);

  router.delete(
    `${ACCESS_API.permissions}/:id`,
    ...authed,
    ctx.change('DELETE_PERMISSION', 'permission', async (req, res, audit) => {
      audit.targetId = String(req.params.id ?? '');
      await ctx.require(req, PERMISSIONS.managePermissions);
      const { force } = parseOr400(forceQuery, req.query);
      const id = pathId(req, 'id', 'Permission');
      if (UNDELETABLE_PERMISSION_IDS.includes(id)) throw badRequest(`Permission '${id}' is built in and cannot be deleted`);
      const ref = permissions.doc(id);
      const updatedRoles = await db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) throw notFound(`Permission '${id}' not found`);
        const using = await tx.get(roles.where('permissions', 'array-contains', id));
        const roleIds = using.docs.map((doc) => doc.id).sort();
        if (roleIds.length > 0 && force !== 'true') {
          throw conflict(`Permission '${id}' is used by role${roleIds.length > 1 ? 's' : ''} ${roleIds.join(', ')}; pass ?force=true to remove it from them and delete it`);
        }
        // Holders of those roles lose the permission: recompute their userAccess.
        const holderIds = new Set<string>();
        for (const roleId of roleIds) {
          const holders = await tx.get(userRoles.where('roleId', '==', roleId));
          for (const doc of holders.docs) holderIds.add(String(doc.get('userId')));
        }
        const byUser = await readAssignmentsOf(tx, db, holderIds);
        const roleMap = await rolesById(db, [...byUser.values()].flat().map((assignment) => assignment.roleId), tx);
        for (const doc of using.docs) {
          const role = roleFromDoc(doc);
          const after = { ...role, permissions: role.permissions.filter((permission) => permission !== id) };
          roleMap.set(role.id, after);
          tx.update(doc.ref, { permissions: after.permissions });
        }
        tx.delete(ref);
        writeUserAccess(tx, db, byUser, roleMap);
        return roleIds;
      });
      await ctx.audited(req, {
        action: 'DELETE_PERMISSION',
        targetType: 'permission',
        targetId: id,
        organizationId: null,
        details: { force: force === 'true', removedFromRoles: updatedRoles },
      });
      res.json({ id, deleted: true, removedFromRoles: updatedRoles });
    }),
  );
}
