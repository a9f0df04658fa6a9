// GET /v1/runs (issue 24): the key's workspace's runs, with the executions
// list's own query (executions/query.ts: every filter combination has its
// composite index, checked by executions/indexes.test.ts) and its workspace
// rule (visibleWorkspaceId: the creator must still see the workspace's
// workflows). The cursor is the executions cursor in base64url, so it needs
// no escaping in a URL.
import type { Request } from 'express';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { PERSONAL_WORKSPACE } from '@agentflow/shared/rbac';
import type { PublicRunSummary } from '@agentflow/shared/api-keys';
import { HttpError } from '@agentflow/shared/server';
import { decodeExecutionsCursor, encodeExecutionsCursor, type ExecutionsCursor, type RunStatus, type RunTriggerType } from '@agentflow/shared/workflow';
import { visibleWorkspaceId } from '../executions/router.js';
import { EXECUTION_ROW_FIELDS, executionsQuery } from '../executions/query.js';
import { executionRowOf } from '../executions/rows.js';
import { runsCollection } from '../runs/store.js';
import { publicRunSummaryOf } from './runs.js';
import { keyWorkspace } from './workflows.js';

export interface PublicRunsQuery {
  workflowId?: string | undefined;
  status?: RunStatus | undefined;
  trigger?: RunTriggerType | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const encodeCursor = (cursor: ExecutionsCursor) => Buffer.from(encodeExecutionsCursor(cursor), 'utf8').toString('base64url');

function decodeCursor(text: string): ExecutionsCursor {
  const cursor = decodeExecutionsCursor(Buffer.from(text, 'base64url').toString('utf8'));
  if (!cursor) throw new HttpError(400, 'cursor: must be a cursor from a previous page', 'invalid_request', { field: 'cursor' });
  return cursor;
}

export async function listPublicRuns(db: Firestore, req: Request, query: PublicRunsQuery): Promise<{ runs: PublicRunSummary[]; nextCursor: string | null }> {
  const workspace = keyWorkspace(req);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const workspaceId = await visibleWorkspaceId(db, req.caller!.uid, workspace.organizationId ?? PERSONAL_WORKSPACE);
  const filters = { workspaceId, workflowId: query.workflowId, status: query.status, trigger: query.trigger, from: query.from, to: query.to };
  // One row more than the page tells whether another page follows.
  const snapshot = await executionsQuery(runsCollection(db).select(...EXECUTION_ROW_FIELDS), FieldPath.documentId(), filters, { cursor, limit: query.limit + 1 }).get();
  const rows = snapshot.docs.slice(0, query.limit).map((doc) => executionRowOf(doc.id, doc.data()));
  const last = rows.at(-1);
  return { runs: rows.map(publicRunSummaryOf), nextCursor: snapshot.size > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}
