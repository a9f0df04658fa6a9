// GET /api/access/users?emailPrefix=: find users for the console by the
// start of their e-mail (users/{uid} profiles). Needs read_users or
// assign_roles, in any scope (an organization admin looks people up to add them).
import type { RequestHandler, Router } from 'express';
import { ACCESS_API, PERMISSIONS, forbidden, parseOr400, userSearchSchema, type UserSummary } from '@agentflow/shared/server';
import { type AccessContext, canAnywhere } from '../context.js';
import { missingAsEmpty } from '../input.js';

export const USER_SEARCH_LIMIT = 20;

export function mountUsers(router: Router, ctx: AccessContext, authed: RequestHandler[]): void {
  router.get(ACCESS_API.users, ...authed, async (req, res) => {
    const access = await ctx.callerAccess(req);
    if (!canAnywhere(access.grants, PERMISSIONS.readUsers) && !canAnywhere(access.grants, PERMISSIONS.assignRoles)) {
      throw forbidden(`Forbidden: you need the ${PERMISSIONS.readUsers} or ${PERMISSIONS.assignRoles} permission`);
    }
    const { emailPrefix } = parseOr400(userSearchSchema, missingAsEmpty(req.query, ['emailPrefix']));
    // Firebase Auth stores e-mail addresses in lower case, and so do profiles.
    const prefix = emailPrefix.toLowerCase();
    const snapshot = await ctx.collections.users
      .where('email', '>=', prefix)
      .where('email', '<', `${prefix}\uf8ff`)
      .orderBy('email')
      .limit(USER_SEARCH_LIMIT)
      .get();
    const users: UserSummary[] = snapshot.docs.map((doc) => {
      const email = doc.get('email');
      const displayName = doc.get('displayName');
      return { uid: doc.id, email: typeof email === 'string' ? email : null, displayName: typeof displayName === 'string' ? displayName : null };
    });
    res.json({ users });
  });
}
