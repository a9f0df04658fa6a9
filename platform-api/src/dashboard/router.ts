// GET /api/dashboard?workspace=&days=&tz=: a workspace's figures over the last
// `days` days of the caller's time zone (figures.ts), for whoever may see its runs, with the plan
// usage of whoever pays for it. Approvals waiting: a count() of the
// workspace's approvalRequests still waiting (two equalities, no composite index).
import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, entitlementsFor, parseOr400, readMembershipWithHeldTokens, requireAuth, serviceErrors } from '@agentflow/shared/server';
import { DASHBOARD_API, DASHBOARD_DEFAULT_TIME_ZONE, DASHBOARD_ERROR_CODES, DASHBOARD_LIMITS, dashboardPeriod, dashboardQuerySchema, type DashboardPlanUsage, type DashboardResponse, type DashboardTotals } from '@agentflow/shared/workflow';
import { isPlanRole } from '@agentflow/shared/domain';
import { APPROVAL_COLLECTIONS } from '@agentflow/shared/approvals';
import { failingWorkflows, medianDuration, runsPerDay, tokensByModel, tokensByWorkflow, workspaceWorkflows } from './figures.js';
import { resolveWorkspaceScope } from './workspaceScope.js';

/** How many approvals wait in a workspace (by its workspaceId key); null when that cannot be told. */
export type WaitingApprovalsCounter = (db: Firestore, workspaceId: string) => Promise<number | null>;

export const countWaitingApprovalRequests: WaitingApprovalsCounter = async (db, workspaceId) => {
  const waiting = db.collection(APPROVAL_COLLECTIONS.requests).where('workspaceId', '==', workspaceId).where('status', '==', 'waiting');
  return (await waiting.count().get()).data().count;
};

export interface DashboardRouterOptions {
  auth: Auth;
  db: Firestore;
  /** Default: the approvalRequests still waiting in the workspace. */
  countWaitingApprovals?: WaitingApprovalsCounter;
  /** For tests: the clock that decides which days the period holds. */
  now?: () => Date;
}

async function planUsage(db: Firestore, payerId: string, callerId: string): Promise<DashboardPlanUsage> {
  const membership = await readMembershipWithHeldTokens(db, payerId);
  const allowance = entitlementsFor(membership.role).tokensPerMonth;
  const remaining = Math.max(0, membership.tokensRemaining);
  return {
    plan: isPlanRole(membership.role) ? membership.role : 'free',
    allowance,
    remaining,
    used: Math.max(0, allowance - remaining),
    resetsAt: membership.tokensReset || null,
    yours: payerId === callerId,
  };
}

export function createDashboardRouter({ auth, db, countWaitingApprovals = countWaitingApprovalRequests, now = () => new Date() }: DashboardRouterOptions): Router {
  const router = Router();
  router.get(DASHBOARD_API.dashboard, requireAuth(auth), async (req, res) => {
    if (!req.caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
    const query = parseOr400(dashboardQuerySchema, req.query, { code: DASHBOARD_ERROR_CODES.invalidRequest });
    const days = query.days ?? DASHBOARD_LIMITS.defaultDays;
    const scope = await resolveWorkspaceScope(db, req.caller.uid, query.workspace);
    const timeZone = query.tz ?? DASHBOARD_DEFAULT_TIME_ZONE;
    const period = dashboardPeriod(now(), days, timeZone);
    const workflows = await workspaceWorkflows(db, scope);
    const names = new Map(workflows.map((workflow) => [workflow.id, workflow.name]));
    const [perDay, byWorkflow, duration, models, failing, approvalsWaiting, plan] = await Promise.all([
      runsPerDay(db, scope.workspaceId, period),
      tokensByWorkflow(db, scope.workspaceId, period, workflows, scope),
      medianDuration(db, scope.workspaceId, period),
      tokensByModel(db, scope.workspaceId, period),
      failingWorkflows(db, scope.workspaceId, period, names),
      countWaitingApprovals(db, scope.workspaceId),
      planUsage(db, scope.payerId, req.caller.uid),
    ]);
    const totals: DashboardTotals = { runs: 0, succeeded: 0, failed: 0, refused: 0, other: 0, tokens: 0 };
    for (const day of perDay) {
      totals.succeeded += day.succeeded;
      totals.failed += day.failed;
      totals.refused += day.refused;
      totals.other += day.other;
      totals.tokens += day.tokens;
    }
    totals.runs = totals.succeeded + totals.failed + totals.refused + totals.other;
    const decided = totals.succeeded + totals.failed;
    const body: DashboardResponse = {
      workspace: query.workspace,
      days,
      timeZone,
      from: period.from,
      to: period.to,
      perDay,
      totals,
      successRate: decided > 0 ? totals.succeeded / decided : null,
      ...duration,
      ...byWorkflow,
      ...models,
      approvalsWaiting,
      failingWorkflows: failing,
      plan,
    };
    res.json(body);
  });
  router.use(serviceErrors());
  return router;
}
