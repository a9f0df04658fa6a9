// The executions API: every run of a workspace across its workflows, newest
// first, filtered and paged with a cursor (platform-api/src/executions), and
// the bulk re-run of failed runs. Pure: shared by platform-api and the
// executions page (mf-workflows) and the dashboard's links into it.
import { z } from 'zod';
import { documentIdSchema, isDocumentId } from '../validation/ids.js';
import { RUN_STATUSES, RUN_TRIGGER_TYPES, type RunStatus, type RunTriggerType, type WorkflowRunSummary } from './runs.js';

export const EXECUTIONS_API = {
  /** GET ?workspace=&workflowId=&status=&trigger=&from=&to=&cursor=&limit= → ExecutionsPage. */
  list: '/api/executions',
  /** POST RerunRequest → RerunResponse. */
  rerun: '/api/executions/rerun',
} as const;

export const EXECUTIONS_LIMITS = {
  /** Rows of a page when `limit` is absent. */
  defaultPageSize: 50,
  /** The most rows one page may ask for. */
  maxPageSize: 100,
  /** The most runs one bulk re-run may name. */
  maxRerunRuns: 50,
} as const;

/** A row of the executions list: a run's summary with what the list shows beside it. */
export type ExecutionRow = WorkflowRunSummary & {
  /** The workflow's name as the run recorded it (the name at start). */
  workflowName: string;
  /** Who started it (uid); null for webhook, schedule, poll and error runs. */
  startedBy: string | null;
  /** The run's error message (failed, refused, canceled), null otherwise. */
  error: string | null;
};

export interface ExecutionsPage {
  runs: ExecutionRow[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Where a page ends: the last row's createdAt and id (the list is ordered by both, newest first). */
export interface ExecutionsCursor {
  createdAt: string;
  id: string;
}

const CURSOR_SEPARATOR = '|';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The opaque text of a cursor (`createdAt|id`; ids never hold '|'). */
export function encodeExecutionsCursor(cursor: ExecutionsCursor): string {
  return `${cursor.createdAt}${CURSOR_SEPARATOR}${cursor.id}`;
}

/** The cursor a text names, or null when it is not one this API handed out. */
export function decodeExecutionsCursor(text: string): ExecutionsCursor | null {
  const at = text.lastIndexOf(CURSOR_SEPARATOR);
  if (at <= 0) return null;
  const createdAt = text.slice(0, at);
  const id = text.slice(at + 1);
  if (!ISO_INSTANT.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !isDocumentId(id)) return null;
  return { createdAt, id };
}

/**
 * An instant or a day (YYYY-MM-DD = that day's start, UTC), as the ISO text
 * runs store in createdAt, so `from`/`to` compare with it as strings.
 */
const instantSchema = z
  .string({ error: 'must be a date' })
  .refine((value) => (ISO_INSTANT.test(value) || ISO_DATE.test(value)) && !Number.isNaN(Date.parse(value)), {
    error: 'must be an ISO 8601 date (2026-05-01) or date-time (2026-05-01T09:00:00Z)',
  })
  .transform((value) => new Date(ISO_DATE.test(value) ? `${value}T00:00:00.000Z` : value).toISOString());

/**
 * The filters of a runs list (GET /api/executions here, the public API's
 * GET /v1/runs): one workflow, one status, one trigger type, a createdAt
 * range (`from` inclusive, `to` exclusive). Each combination has its
 * composite index (platform-api executions/query.ts).
 */
export const runFilterShape = {
  workflowId: documentIdSchema.optional().describe('Only the runs of this workflow.'),
  status: z.enum(RUN_STATUSES, { error: `must be one of ${RUN_STATUSES.join(', ')}` }).optional().describe('Only the runs in this status.'),
  trigger: z.enum(RUN_TRIGGER_TYPES, { error: `must be one of ${RUN_TRIGGER_TYPES.join(', ')}` }).optional().describe('Only the runs started this way.'),
  from: instantSchema.optional().describe('Only runs created at or after this date (2026-05-01) or date-time (2026-05-01T09:00:00Z).'),
  to: instantSchema.optional().describe('Only runs created before this date or date-time.'),
};

/** The range check of runFilterShape (refine with it: `to` must be after `from`). */
export const runFilterRangeOk = (query: { from?: string; to?: string }): boolean => !query.from || !query.to || query.from < query.to;
export const RUN_FILTER_RANGE_ISSUE = { error: 'must be after from', path: ['to'] };

/**
 * The query of GET /api/executions. `workspace`: 'personal' or an
 * organization id. `limit` 1–100 (default 50).
 */
export const executionsQuerySchema = z
  .strictObject({
    workspace: z.string({ error: 'is required' }).min(1, { error: 'is required' }).pipe(documentIdSchema),
    ...runFilterShape,
    cursor: z
      .string({ error: 'must be a cursor' })
      .refine((value) => decodeExecutionsCursor(value) !== null, { error: 'is not a cursor this list handed out' })
      .optional(),
    limit: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(EXECUTIONS_LIMITS.maxPageSize, { error: `must be at most ${EXECUTIONS_LIMITS.maxPageSize}` })
      .optional(),
  })
  .refine(runFilterRangeOk, RUN_FILTER_RANGE_ISSUE);

export type ExecutionsQuery = z.output<typeof executionsQuerySchema>;

/** The filters a page applies, as a UI builds them (all optional but the workspace). */
export interface ExecutionsFilters {
  workspace: string;
  workflowId?: string;
  status?: RunStatus;
  trigger?: RunTriggerType;
  from?: string;
  to?: string;
}

/** The query string of a page: the filters that are set, then the cursor and limit. */
export function executionsSearch(filters: ExecutionsFilters, page: { cursor?: string | null; limit?: number } = {}): string {
  const params = new Array<[string, string]>();
  for (const key of ['workspace', 'workflowId', 'status', 'trigger', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.push([key, value]);
  }
  if (page.cursor) params.push(['cursor', page.cursor]);
  if (page.limit) params.push(['limit', String(page.limit)]);
  return params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

export const rerunRequestSchema = z.strictObject({
  runIds: z
    .array(documentIdSchema, { error: 'must be a list of run ids' })
    .min(1, { error: 'must name at least one run' })
    .max(EXECUTIONS_LIMITS.maxRerunRuns, { error: `must name at most ${EXECUTIONS_LIMITS.maxRerunRuns} runs` }),
});
export type RerunRequest = z.output<typeof rerunRequestSchema>;

/**
 * Why one run of a bulk re-run was not started: it does not exist or the
 * caller may not see it (one code for both: nothing leaks), it did not fail,
 * the caller may not run its workflow, the workflow is gone or in the trash,
 * the workflow or the run's input no longer validates ('invalid_input'), or
 * the new run was refused as any run is (RUN_REFUSAL_CODES); 'rerun_failed':
 * anything else (the service logs it).
 */
export const RERUN_REFUSAL_CODES = [
  'run_not_found',
  'run_not_failed',
  'forbidden',
  'workflow_not_found',
  'insufficient_tokens',
  'plan_required',
  'credential_missing',
  'invalid_input',
  'rerun_failed',
] as const;
export type RerunRefusalCode = (typeof RERUN_REFUSAL_CODES)[number];

export interface RerunResponse {
  started: { runId: string; newRunId: string }[];
  refused: { runId: string; code: RerunRefusalCode }[];
}

/** Stable codes of the executions API's 4xx answers (beside the English `error`). */
export const EXECUTIONS_ERROR_CODES = {
  /** A query or body field is wrong; `field` names it. */
  invalidRequest: 'invalid_request',
  /** The caller holds no view_workflows in that workspace (or it does not exist). */
  workspaceForbidden: 'workspace_forbidden',
} as const;

export const EXECUTIONS_MESSAGES = {
  workspaceForbidden: 'Forbidden: you may not see the runs of this workspace',
} as const;
