// GET /api/access/me: what the caller may do. Without a token: the guest
// role's permissions; with one: their roles, permission ids (everything when
// they hold manage_all) and assignments.
import type { Router } from 'express';
import { ACCESS_API, GUEST_ROLE_ID, PERMISSIONS, expandManageAll, parseOr400, permissionIdsIn, type AccessMeResponse } from '@agentflow/shared/server';
import type { AccessContext } from '../context.js';
import { roleFromDoc } from '../store.js';
import { organizationFilterQuery } from './queries.js';
import type { RequestHandler } from 'express';

export function mountMe(router: Router, ctx: AccessContext, optionalAuth: RequestHandler[]): void {
  router.get(ACCESS_API.me, ...optionalAuth, async (req, res) => {
    const { organizationId } = parseOr400(organizationFilterQuery, req.query);
    if (!req.caller) {
      const guest = await ctx.collections.roles.doc(GUEST_ROLE_ID).get();
      const body: AccessMeResponse = { userId: null, roles: [], permissions: guest.exists ? [...roleFromDoc(guest).permissions].sort() : [], assignments: [] };
      res.json(body);
      return;
    }
    const access = await ctx.callerAccess(req);
    let permissions = permissionIdsIn(access.grants, organizationId ?? null);
    if (permissions.includes(PERMISSIONS.manageAll)) {
      const all = await ctx.collections.permissions.select().get();
      permissions = expandManageAll(permissions, all.docs.map((doc) => doc.id));
    }
    const body: AccessMeResponse = {
      userId: req.caller.uid,
      roles: [...new Set(access.assignments.map((assignment) => assignment.roleId))].sort(),
      permissions,
      assignments: access.assignments,
    };
    res.json(body);
  });
}
