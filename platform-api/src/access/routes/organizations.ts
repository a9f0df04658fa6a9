// Organizations group users: an assignment inside one counts only there.
// Create: global manage_organizations. Read: a member (holds an assignment
// in it) or manage_organizations there. Edit, delete, members:
// manage_organizations in that organization (global counts everywhere).
import type { Request, RequestHandler, Response, Router } from 'express';
import type { UserRecord } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import {
  ACCESS_API,
  PERMISSIONS,
  badRequest,
  can,
  conflict,
  createOrganizationSchema,
  forbidden,
  notFound,
  parseOr400,
  updateOrganizationSchema,
  type OrganizationList,
  type OrganizationMember,
  type UserRole,
  type UserSummary,
} from '@agentflow/shared/server';
import { type AccessContext, type ChangeAudit, missingPermission, pathId, rawString } from '../context.js';
import { sentFieldsOnly } from '../input.js';
import { assignmentFromDoc, organizationFromDoc, readAssignmentsOf, rolesById, writeUserAccess } from '../store.js';
import { forceQuery, noQuery } from './queries.js';

const byName = <T extends { name: string; id: string }>(a: T, b: T) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function mountOrganizations(router: Router, ctx: AccessContext, authed: RequestHandler[]): void {
  const { organizations, userRoles, users } = ctx.collections;
  const db = ctx.db;

  router.get(ACCESS_API.organizations, ...authed, async (req, res) => {
    parseOr400(noQuery, req.query);
    const access = await ctx.callerAccess(req);
    let list;
    if (can(access.grants, PERMISSIONS.manageOrganizations)) {
      list = (await organizations.get()).docs.map(organizationFromDoc);
    } else {
      const ids = [...new Set(access.assignments.map((assignment) => assignment.organizationId).filter((id): id is string => !!id))];
      const snapshots = ids.length > 0 ? await db.getAll(...ids.map((id) => organizations.doc(id))) : [];
      list = snapshots.filter((snapshot) => snapshot.exists).map(organizationFromDoc);
    }
    const body: OrganizationList = { organizations: list.sort(byName) };
    res.json(body);
  });

  router.post(
    ACCESS_API.organizations,
    ...authed,
    ctx.change('CREATE_ORGANIZATION', 'organization', async (req, res, audit) => {
      const caller = req.caller!;
      audit.details = { name: rawString(req.body, 'name') };
      await ctx.require(req, PERMISSIONS.manageOrganizations);
      const input = parseOr400(createOrganizationSchema, req.body);
      const ref = organizations.doc();
      await ref.create({ id: ref.id, name: input.name, description: input.description, createdAt: FieldValue.serverTimestamp(), createdBy: caller.uid });
      const organization = organizationFromDoc(await ref.get());
      await ctx.audited(req, { action: 'CREATE_ORGANIZATION', targetType: 'organization', targetId: ref.id, organizationId: ref.id, details: { name: input.name } });
      res.status(201).json(organization);
    }),
  );

  router.get(`${ACCESS_API.organizations}/:id`, ...authed, async (req, res) => {
    parseOr400(noQuery, req.query);
    const id = String(req.params.id ?? '');
    const access = await ctx.callerAccess(req);
    const member = access.assignments.some((assignment) => assignment.organizationId === id);
    if (!member && !can(access.grants, PERMISSIONS.manageOrganizations, id)) {
      throw forbidden(`Forbidden: you are not a member of organization ${id} and do not hold ${PERMISSIONS.manageOrganizations} there`);
    }
    pathId(req, 'id', 'Organization');
    const snapshot = await organizations.doc(id).get();
    if (!snapshot.exists) throw notFound(`Organization '${id}' not found`);
    res.json(organizationFromDoc(snapshot));
  });

  const update = ctx.change('UPDATE_ORGANIZATION', 'organization', async (req: Request, res: Response, audit: ChangeAudit) => {
    const id = String(req.params.id ?? '');
    audit.targetId = id;
    audit.organizationId = id || null;
    await ctx.require(req, PERMISSIONS.manageOrganizations, id);
    pathId(req, 'id', 'Organization');
    const changes = sentFieldsOnly(parseOr400(updateOrganizationSchema, req.body), req.body);
    if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send name or description');
    const ref = organizations.doc(id);
    await db.runTransaction(async (tx) => {
      if (!(await tx.get(ref)).exists) throw notFound(`Organization '${id}' not found`);
      tx.update(ref, changes);
    });
    const organization = organizationFromDoc(await ref.get());
    await ctx.audited(req, { action: 'UPDATE_ORGANIZATION', targetType: 'organization', targetId: id, organizationId: id, details: { changes } });
    res.json(organization);
  });
  router.route(`${ACCESS_API.organizations}/:id`).put(...authed, update).patch(...authed, update);

  router.delete(
    `${ACCESS_API.organizations}/:id`,
    ...authed,
    ctx.change('DELETE_ORGANIZATION', 'organization', async (req, res, audit) => {
      const id = String(req.params.id ?? '');
      audit.targetId = id;
      audit.organizationId = id || null;
      await ctx.require(req, PERMISSIONS.manageOrganizations, id);
      const { force } = parseOr400(forceQuery, req.query);
      pathId(req, 'id', 'Organization');
      const ref = organizations.doc(id);
      const removed = await db.runTransaction(async (tx) => {
        if (!(await tx.get(ref)).exists) throw notFound(`Organization '${id}' not found`);
        const inside = await tx.get(userRoles.where('organizationId', '==', id));
        if (!inside.empty && force !== 'true') {
          throw conflict(`Organization '${id}' has ${inside.size} assignment${inside.size > 1 ? 's' : ''}; pass ?force=true to delete it with them`);
        }
        const byUser = await readAssignmentsOf(tx, db, inside.docs.map((doc) => String(doc.get('userId'))));
        for (const [userId, assignments] of byUser) byUser.set(userId, assignments.filter((assignment) => assignment.organizationId !== id));
        const roleMap = await rolesById(db, [...byUser.values()].flat().map((assignment) => assignment.roleId), tx);
        for (const doc of inside.docs) tx.delete(doc.ref);
        tx.delete(ref);
        writeUserAccess(tx, db, byUser, roleMap);
        return inside.size;
      });
      await ctx.audited(req, { action: 'DELETE_ORGANIZATION', targetType: 'organization', targetId: id, organizationId: id, details: { force: force === 'true', removedAssignments: removed } });
      res.json({ id, deleted: true, removedAssignments: removed });
    }),
  );

  router.get(`${ACCESS_API.organizations}/:id/members`, ...authed, async (req, res) => {
    parseOr400(noQuery, req.query);
    const id = String(req.params.id ?? '');
    const access = await ctx.callerAccess(req);
    if (!can(access.grants, PERMISSIONS.manageOrganizations, id)) throw forbidden(missingPermission(PERMISSIONS.manageOrganizations, id));
    pathId(req, 'id', 'Organization');
    if (!(await organizations.doc(id).get()).exists) throw notFound(`Organization '${id}' not found`);
    const inside = await userRoles.where('organizationId', '==', id).get();
    const byUser = new Map<string, UserRole[]>();
    for (const doc of inside.docs) {
      const assignment = assignmentFromDoc(doc);
      byUser.set(assignment.userId, [...(byUser.get(assignment.userId) ?? []), assignment]);
    }
    const summaries = await userSummaries(ctx, [...byUser.keys()]);
    const members: OrganizationMember[] = [...byUser.entries()]
      .map(([uid, assignments]) => ({ user: summaries.get(uid) ?? { uid, email: null, displayName: null }, assignments }))
      .sort((a, b) => (a.user.email ?? a.user.uid).localeCompare(b.user.email ?? b.user.uid));
    res.json({ members });
  });

  /** users/{uid} profiles, falling back to the Auth account for users without one. */
  async function userSummaries(context: AccessContext, uids: string[]): Promise<Map<string, UserSummary>> {
    const result = new Map<string, UserSummary>();
    if (uids.length === 0) return result;
    const profiles = await db.getAll(...uids.map((uid) => users.doc(uid)));
    for (const profile of profiles) {
      if (!profile.exists) continue;
      const email = profile.get('email');
      const displayName = profile.get('displayName');
      result.set(profile.id, { uid: profile.id, email: typeof email === 'string' ? email : null, displayName: typeof displayName === 'string' ? displayName : null });
    }
    const missing = uids.filter((uid) => !result.has(uid));
    for (let start = 0; start < missing.length; start += 100) {
      const { users: records } = await context.auth.getUsers(missing.slice(start, start + 100).map((uid) => ({ uid })));
      for (const record of records as UserRecord[]) result.set(record.uid, { uid: record.uid, email: record.email ?? null, displayName: record.displayName ?? null });
    }
    return result;
  }
}
