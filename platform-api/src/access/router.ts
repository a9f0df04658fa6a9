// The access-control API (ACCESS_API in @agentflow/shared/server), mounted by
// createApp. Every route needs a verified ID token except GET /api/access/me,
// which answers a signed-out visitor with the guest role's permissions.
import { Router, type RequestHandler } from 'express';
import { requireAuth, serviceErrors } from '@agentflow/shared/server';
import { AccessContext, type AccessOptions } from './context.js';
import { bootstrapAdmin, isBootstrapAdmin } from './bootstrap.js';
import { mountAssignments } from './routes/assignments.js';
import { mountAudit } from './routes/audit.js';
import { mountMe } from './routes/me.js';
import { mountOrganizations } from './routes/organizations.js';
import { mountPermissions } from './routes/permissions.js';
import { mountRoles } from './routes/roles.js';
import { mountUsers } from './routes/users.js';

export interface AccessRouterOptions extends AccessOptions {
  /** Create the built-in roles and permissions now (service start) rather than on first need. */
  initializeNow?: boolean;
}

export function createAccessRouter(options: AccessRouterOptions): { router: Router; context: AccessContext } {
  const ctx = new AccessContext(options);
  if (options.initializeNow) {
    ctx.ensureInitialized().catch((error: unknown) => ctx.logger.error({ err: error }, 'access control could not be initialised; retrying on the next administrator bootstrap'));
  }

  // ADMIN_EMAILS: checked once per user and process (concurrent first calls
  // share one check); the transaction makes it idempotent across processes.
  // A failure is logged and retried on the next call.
  const checked = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();
  const bootstrapOnce = (uid: string, email: string | null): Promise<void> => {
    let pending = inFlight.get(uid);
    if (!pending) {
      pending = (async () => {
        try {
          await ctx.ensureInitialized();
          const outcome = await bootstrapAdmin(ctx.db, { uid, email }, ctx.record);
          checked.add(uid);
          if (outcome === 'assigned') ctx.logger.info({ uid }, 'ADMIN_EMAILS: assigned admin');
        } catch (error) {
          ctx.logger.error({ err: error, uid }, 'ADMIN_EMAILS: could not assign admin');
        } finally {
          inFlight.delete(uid);
        }
      })();
      inFlight.set(uid, pending);
    }
    return pending;
  };
  const bootstrapAdmins: RequestHandler = async (req, _res, next) => {
    const caller = req.caller;
    if (caller && !checked.has(caller.uid) && caller.token && isBootstrapAdmin(ctx.adminEmails, caller.token)) await bootstrapOnce(caller.uid, caller.email);
    next();
  };

  const authenticate = requireAuth(options.auth);
  const authed: RequestHandler[] = [authenticate, bootstrapAdmins];
  const optionalAuth: RequestHandler[] = [
    (req, res, next) => (req.headers.authorization ? authenticate(req, res, next) : next()),
    bootstrapAdmins,
  ];

  const router = Router();
  mountMe(router, ctx, optionalAuth);
  mountRoles(router, ctx, authed);
  mountPermissions(router, ctx, authed);
  mountOrganizations(router, ctx, authed);
  mountAssignments(router, ctx, authed);
  mountUsers(router, ctx, authed);
  mountAudit(router, ctx, authed);

  router.use(serviceErrors({ store: { name: 'access-control', logger: ctx.logger } }));
  return { router, context: ctx };
}
