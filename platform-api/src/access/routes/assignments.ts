// Assign and revoke roles, and list a user's assignments and organizations.
// Assigning or revoking needs assign_roles in the assignment's scope (global
// when it names no organization) AND every permission of the role in that
// scope: nobody hands out more than they hold.
import type { Request, RequestHandler, Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import {
  ACCESS_API,
  PERMISSIONS,
  assignmentSchema,
  can,
  conflict,
  forbidden,
  isDocumentId,
  notFound,
  parseOr400,
  type AssignmentInput,
  type AssignmentList,
  type OrganizationList,
  type AccessRole,
} from '@agentflow/shared/server';
import { type AccessContext, type ChangeAudit, rawString } from '../context.js';
import { missingAsEmpty } from '../input.js';
import { assignmentDocId, assignmentFromDoc, organizationFromDoc, readAssignmentsOf, roleFromDoc, rolesById, writeUserAccess } from '../store.js';
import { organizationFilterQuery } from './queries.js';

const scopeText = (organizationId: string | null) => (organizationId ? `in organization '${organizationId}'` : 'globally');

export function mountAssignments(router: Router, ctx: AccessContext, authed: RequestHandler[]): void {
  const { roles, organizations, userRoles } = ctx.collections;
  const db = ctx.db;

  /** Validates the body, fills the failure entry, and checks the caller may hand out (or take back) this role here. */
  async function authorize(req: Request, audit: ChangeAudit, verb: 'assign' | 'revoke'): Promise<{ input: AssignmentInput; organizationId: string | null; role: AccessRole | null }> {
    const rawOrganization = rawString(req.body, 'organizationId');
    audit.targetId = rawString(req.body, 'userId') ?? '';
    audit.organizationId = rawOrganization;
    audit.details = { roleId: rawString(req.body, 'roleId'), organizationId: rawOrganization };
    const input = parseOr400(assignmentSchema, missingAsEmpty(req.body, ['userId', 'roleId']));
    const organizationId = input.organizationId ?? null;
    const access = await ctx.require(req, PERMISSIONS.assignRoles, organizationId);
    const roleId = input.roleId;
    const snapshot = isDocumentId(roleId) ? await roles.doc(roleId).get() : undefined;
    const role = snapshot?.exists ? roleFromDoc(snapshot) : null;
    if (!role && verb === 'assign') throw notFound(`Role '${roleId}' not found`);
    const missing = (role?.permissions ?? []).filter((permission) => !can(access.grants, permission, organizationId));
    if (missing.length > 0) {
      throw forbidden(`Forbidden: you cannot ${verb} role '${roleId}' ${scopeText(organizationId)}: it grants ${missing.join(', ')}, which you do not hold there`);
    }
    if (organizationId && !(isDocumentId(organizationId) && (await organizations.doc(organizationId).get()).exists)) {
      throw notFound(`Organization '${organizationId}' not found`);
    }
    return { input, organizationId, role };
  }

  router.post(
    ACCESS_API.assignments,
    ...authed,
    ctx.change('ASSIGN_ROLE', 'userRole', async (req, res, audit) => {
      const { input, organizationId } = await authorize(req, audit, 'assign');
      const { userId, roleId } = input;
      await assertUserExists(ctx, userId);
      const ref = userRoles.doc(assignmentDocId(userId, roleId, organizationId));
      await db.runTransaction(async (tx) => {
        if ((await tx.get(ref)).exists) throw conflict(`User '${userId}' already holds role '${roleId}' ${scopeText(organizationId)}`);
        const byUser = await readAssignmentsOf(tx, db, [userId]);
        const after = [...(byUser.get(userId) ?? []), { id: ref.id, userId, roleId, organizationId }];
        const roleMap = await rolesById(db, after.map((assignment) => assignment.roleId), tx);
        if (!roleMap.has(roleId)) throw notFound(`Role '${roleId}' not found`);
        tx.create(ref, { userId, roleId, assignedAt: FieldValue.serverTimestamp(), assignedBy: req.caller!.uid, organizationId });
        writeUserAccess(tx, db, new Map([[userId, after]]), roleMap);
      });
      const assignment = assignmentFromDoc(await ref.get());
      await ctx.audited(req, { action: 'ASSIGN_ROLE', targetType: 'userRole', targetId: userId, organizationId, details: { roleId, organizationId } });
      res.status(201).json(assignment);
    }),
  );

  router.post(
    ACCESS_API.revoke,
    ...authed,
    ctx.change('REVOKE_ROLE', 'userRole', async (req, res, audit) => {
      const { input, organizationId } = await authorize(req, audit, 'revoke');
      const { userId, roleId } = input;
      // Every match of userId + roleId (+ organizationId when given), deleted
      // in one transaction together with the new userAccess.
      const revoked = await db.runTransaction(async (tx) => {
        const byUser = await readAssignmentsOf(tx, db, [userId]);
        const all = byUser.get(userId) ?? [];
        const matches = all.filter((assignment) => assignment.roleId === roleId && (!organizationId || assignment.organizationId === organizationId));
        if (matches.length === 0) {
          throw notFound(`No assignment of role '${roleId}' to user '${userId}'${organizationId ? ` in organization '${organizationId}'` : ''}`);
        }
        const remaining = all.filter((assignment) => !matches.includes(assignment));
        const roleMap = await rolesById(db, remaining.map((assignment) => assignment.roleId), tx);
        for (const match of matches) tx.delete(userRoles.doc(match.id));
        writeUserAccess(tx, db, new Map([[userId, remaining]]), roleMap);
        return matches.map((match) => match.id);
      });
      await ctx.audited(req, { action: 'REVOKE_ROLE', targetType: 'userRole', targetId: userId, organizationId, details: { roleId, organizationId } });
      res.json({ revoked: revoked.length, assignmentIds: revoked });
    }),
  );

  router.get(`${ACCESS_API.users}/:uid/assignments`, ...authed, async (req, res) => {
    const { organizationId } = parseOr400(organizationFilterQuery, req.query);
    const uid = String(req.params.uid ?? '');
    if (uid !== req.caller!.uid) {
      await ctx.require(req, PERMISSIONS.assignRoles, organizationId ?? null);
      await assertUserExists(ctx, uid);
    }
    let query = userRoles.where('userId', '==', uid);
    if (organizationId) query = query.where('organizationId', '==', organizationId);
    const snapshot = await query.get();
    const body: AssignmentList = { assignments: snapshot.docs.map(assignmentFromDoc).sort((a, b) => a.roleId.localeCompare(b.roleId) || (a.organizationId ?? '').localeCompare(b.organizationId ?? '')) };
    res.json(body);
  });

  router.get(`${ACCESS_API.users}/:uid/organizations`, ...authed, async (req, res) => {
    parseOr400(organizationFilterQuery.omit({ organizationId: true }), req.query);
    const uid = String(req.params.uid ?? '');
    if (uid !== req.caller!.uid) {
      const access = await ctx.callerAccess(req);
      if (!can(access.grants, PERMISSIONS.assignRoles) && !can(access.grants, PERMISSIONS.manageOrganizations)) {
        throw forbidden(`Forbidden: you need the ${PERMISSIONS.assignRoles} or ${PERMISSIONS.manageOrganizations} permission to see another user's organizations`);
      }
      await assertUserExists(ctx, uid);
    }
    const snapshot = await userRoles.where('userId', '==', uid).get();
    const ids = [...new Set(snapshot.docs.map((doc) => assignmentFromDoc(doc).organizationId).filter((id): id is string => !!id))];
    const organizationSnapshots = ids.length > 0 ? await db.getAll(...ids.map((id) => organizations.doc(id))) : [];
    const body: OrganizationList = {
      organizations: organizationSnapshots
        .filter((snapshot) => snapshot.exists)
        .map(organizationFromDoc)
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    };
    res.json(body);
  });
}

/** 404 naming the uid unless Firebase Auth knows the account. */
export async function assertUserExists(ctx: AccessContext, uid: string): Promise<void> {
  if (!isDocumentId(uid) || uid.length > 128) throw notFound(`User '${uid}' not found`);
  try {
    await ctx.auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found' || (error as { code?: string }).code === 'auth/invalid-uid') {
      throw notFound(`User '${uid}' not found`);
    }
    throw error;
  }
}
