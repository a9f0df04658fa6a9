// The one query of the executions list: a workspace's runs (workspaceId),
// optionally of one workflow, of one status and of one trigger type (each an
// equality), between two instants (a range on createdAt), newest first, from
// a cursor. Every combination is served by a composite index declared in
// firebase/firestore.indexes.json (executions/indexes.test.ts builds the
// query for each combination and checks it against that file: the emulator
// does not enforce indexes, hosted Firestore does).
import type { ExecutionsCursor, RunStatus, RunTriggerType } from '@agentflow/shared/workflow';

/** The stored fields the list filters on (trigger.type is the nested field of RunTrigger). */
export const EXECUTION_FILTER_FIELDS = { workspace: 'workspaceId', workflow: 'workflowId', status: 'status', trigger: 'trigger.type', createdAt: 'createdAt' } as const;

/** What the builder needs of a Firestore query (Query satisfies it; the index test records the calls). */
export interface QueryChain<Q> {
  where(field: string, op: '==' | '>=' | '<', value: unknown): Q;
  orderBy(field: string | DocumentIdPath, direction: 'desc'): Q;
  startAfter(...values: unknown[]): Q;
  limit(count: number): Q;
}

/** FieldPath.documentId() (the document id as a sort key); passed in so this file stays free of the SDK. */
export type DocumentIdPath = object;

export interface ExecutionsFilterValues {
  workspaceId: string;
  workflowId?: string;
  status?: RunStatus;
  trigger?: RunTriggerType;
  /** Inclusive, ISO 8601. */
  from?: string;
  /** Exclusive, ISO 8601. */
  to?: string;
}

/**
 * One page's query: the equalities, the createdAt range, newest first with
 * the id as the tie-break (runs created in the same millisecond), after the
 * cursor, `limit` rows.
 */
export function executionsQuery<Q extends QueryChain<Q>>(runs: Q, documentId: DocumentIdPath, filters: ExecutionsFilterValues, page: { cursor: ExecutionsCursor | null; limit: number }): Q {
  let query = runs.where(EXECUTION_FILTER_FIELDS.workspace, '==', filters.workspaceId);
  if (filters.workflowId !== undefined) query = query.where(EXECUTION_FILTER_FIELDS.workflow, '==', filters.workflowId);
  if (filters.status !== undefined) query = query.where(EXECUTION_FILTER_FIELDS.status, '==', filters.status);
  if (filters.trigger !== undefined) query = query.where(EXECUTION_FILTER_FIELDS.trigger, '==', filters.trigger);
  if (filters.from !== undefined) query = query.where(EXECUTION_FILTER_FIELDS.createdAt, '>=', filters.from);
  if (filters.to !== undefined) query = query.where(EXECUTION_FILTER_FIELDS.createdAt, '<', filters.to);
  query = query.orderBy(EXECUTION_FILTER_FIELDS.createdAt, 'desc').orderBy(documentId, 'desc');
  if (page.cursor) query = query.startAfter(page.cursor.createdAt, page.cursor.id);
  return query.limit(page.limit);
}

/** The stored fields a row needs (the list never reads a run's steps, snapshot, input or output). */
export const EXECUTION_ROW_FIELDS = [
  'workflowId',
  'workflowVersion',
  'workflowName',
  'status',
  'trigger',
  'triggerName',
  'tokensUsed',
  'error',
  'errorCode',
  'createdAt',
  'startedAt',
  'endedAt',
  'startedBy',
] as const;
