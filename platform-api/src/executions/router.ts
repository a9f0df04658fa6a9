// The executions API (EXECUTIONS_API in shared/src/domain/workflow/executions.ts):
// every run of a workspace across its workflows, and the bulk re-run of
// failed runs.
//
// GET  /api/executions  400 invalid_request naming the field; 403
//   workspace_forbidden when the caller holds no view_workflows there (or the
//   organization does not exist: the same answer, nothing leaks). Personal =
//   the caller's own workspace (user:<uid>).
// POST /api/executions/rerun  400 for a bad body; otherwise 200 with each
//   run either started (a new run: same input, trigger 'rerun' by the caller)
//   or refused with its code, in the order given.
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { PERMISSIONS, PERSONAL_WORKSPACE, RBAC_COLLECTIONS, can, workspaceKey } from '@agentflow/shared/rbac';
import { HttpError, describeIssue, requireAuth, serviceErrors, type Caller } from '@agentflow/shared/server';
import {
  EXECUTIONS_API,
  EXECUTIONS_ERROR_CODES,
  EXECUTIONS_LIMITS,
  EXECUTIONS_MESSAGES,
  decodeExecutionsCursor,
  encodeExecutionsCursor,
  executionsQuerySchema,
  rerunRequestSchema,
  type ExecutionRow,
  type ExecutionsPage,
  type RerunResponse,
} from '@agentflow/shared/workflow';
import { loadAccess } from '../access/store.js';
import { runsCollection } from '../runs/store.js';
import type { RunsService } from '../runs/service.js';
import { EXECUTION_ROW_FIELDS, executionsQuery } from './query.js';
import { rerunOne } from './rerun.js';
import { executionRowOf } from './rows.js';

export interface ExecutionsRouterOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  service: RunsService;
}

/** A 400 naming the field, with the stable code beside the English text. */
function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path.join('.') ?? '';
  throw new HttpError(400, describeIssue(result.error), EXECUTIONS_ERROR_CODES.invalidRequest, field ? { field } : {});
}

const callerOf = (req: Request): Caller => {
  if (!req.caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
  return req.caller;
};

/** The runs' workspaceId of `workspace` for the caller; 403 when they may not see its runs. */
export async function visibleWorkspaceId(db: Firestore, uid: string, workspace: string): Promise<string> {
  if (workspace === PERSONAL_WORKSPACE) return workspaceKey({ ownerId: uid });
  const [organization, access] = await Promise.all([db.collection(RBAC_COLLECTIONS.organizations).doc(workspace).get(), loadAccess(db, uid)]);
  if (!organization.exists || !can(access.grants, PERMISSIONS.viewWorkflows, workspace)) {
    throw new HttpError(403, EXECUTIONS_MESSAGES.workspaceForbidden, EXECUTIONS_ERROR_CODES.workspaceForbidden);
  }
  return workspaceKey({ ownerId: uid, organizationId: workspace });
}

export function createExecutionsRouter({ auth, db, logger, service }: ExecutionsRouterOptions): Router {
  const router = Router();
  const authed = requireAuth(auth);

  router.get(EXECUTIONS_API.list, authed, async (req, res) => {
    const user = callerOf(req);
    const query = parseOr400(executionsQuerySchema, req.query);
    const workspaceId = await visibleWorkspaceId(db, user.uid, query.workspace);
    const limit = query.limit ?? EXECUTIONS_LIMITS.defaultPageSize;
    const cursor = query.cursor ? decodeExecutionsCursor(query.cursor) : null;
    const filters = { workspaceId, workflowId: query.workflowId, status: query.status, trigger: query.trigger, from: query.from, to: query.to };
    // One row more than the page tells whether another page follows.
    const snapshot = await executionsQuery(runsCollection(db).select(...EXECUTION_ROW_FIELDS), FieldPath.documentId(), filters, { cursor, limit: limit + 1 }).get();
    const rows: ExecutionRow[] = snapshot.docs.slice(0, limit).map((doc) => executionRowOf(doc.id, doc.data()));
    const last = rows.at(-1);
    const page: ExecutionsPage = { runs: rows, nextCursor: snapshot.size > limit && last ? encodeExecutionsCursor({ createdAt: last.createdAt, id: last.id }) : null };
    res.json(page);
  });

  router.post(EXECUTIONS_API.rerun, authed, async (req, res) => {
    const user = callerOf(req);
    const { runIds } = parseOr400(rerunRequestSchema, req.body);
    const answer: RerunResponse = { started: [], refused: [] };
    // One at a time: each start is a ledger transaction on the same payer's balance.
    for (const runId of new Set(runIds)) {
      const outcome = await rerunOne({ db, logger, service }, user, runId);
      if ('newRunId' in outcome) answer.started.push({ runId, newRunId: outcome.newRunId });
      else answer.refused.push({ runId, code: outcome.code });
    }
    res.json(answer);
  });

  router.use(EXECUTIONS_API.list, serviceErrors());
  return router;
}
