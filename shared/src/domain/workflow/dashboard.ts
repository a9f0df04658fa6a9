// The dashboard API: a workspace's runs over the last N days (per day by
// status, success rate, median duration, tokens by workflow and by model,
// failing workflows), the approvals waiting and the plan's usage against its
// allowance (platform-api/src/dashboard). Pure: shared by platform-api and the
// dashboard page (mf-workflows), whose every figure links to the executions it
// counts (dashboardExecutionsLink).
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';
import type { PlanRole } from '../membership/model.js';
import type { ExecutionsFilters } from './executions.js';

export const DASHBOARD_API = {
  /** GET ?workspace=&days= → DashboardResponse. */
  dashboard: '/api/dashboard',
} as const;

export const DASHBOARD_LIMITS = {
  defaultDays: 14,
  maxDays: 90,
  /** Workflows of the workspace whose tokens and failures are counted (the most recently updated first). */
  maxWorkflows: 100,
  /** Rows of "tokens by workflow". */
  topWorkflows: 8,
  /** Rows of "failing workflows". */
  failingWorkflows: 5,
  /** The median duration is that of the latest finished runs of the period, at most this many. */
  durationSample: 500,
  /** Tokens by model are read from the steps of the latest runs of the period, at most this many. */
  modelSample: 100,
  /** Failing workflows are found among the latest failed runs of the period, at most this many (then counted exactly). */
  failureSample: 500,
} as const;

/**
 * How the chart groups run statuses: 'other' is canceled and the runs still
 * going (queued, running, waiting). Each group maps to the status filter of
 * the executions it links to (other: none).
 */
export const DASHBOARD_STATUS_GROUPS = ['succeeded', 'failed', 'refused', 'other'] as const;
export type DashboardStatusGroup = (typeof DASHBOARD_STATUS_GROUPS)[number];

/** The model name of agent steps that name none (the platform's default model). */
export const DEFAULT_MODEL_KEY = 'default';

/** One UTC day of the period: its runs by status group and the tokens they cost. */
export interface DashboardDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  succeeded: number;
  failed: number;
  refused: number;
  other: number;
  tokens: number;
}

export interface DashboardTotals {
  runs: number;
  succeeded: number;
  failed: number;
  refused: number;
  other: number;
  tokens: number;
}

export interface DashboardWorkflowTokens {
  workflowId: string;
  workflowName: string;
  tokens: number;
  runs: number;
}

export interface DashboardModelTokens {
  /** The agent steps' model, or DEFAULT_MODEL_KEY. */
  model: string;
  tokens: number;
}

export interface DashboardFailingWorkflow {
  workflowId: string;
  workflowName: string;
  failures: number;
  lastError: string | null;
  lastFailedAt: string;
  lastRunId: string;
}

/** The plan of whoever pays for the workspace (its owner), against its monthly allowance. */
export interface DashboardPlanUsage {
  plan: PlanRole;
  /** Tokens per period of that plan. */
  allowance: number;
  /** Tokens left now. */
  remaining: number;
  /** allowance − remaining, never below 0. */
  used: number;
  /** When the allowance refills (ISO), null when unknown. */
  resetsAt: string | null;
  /** Whether the caller is the one who pays. */
  yours: boolean;
}

export interface DashboardResponse {
  /** The workspace as asked ('personal' or an organization id). */
  workspace: string;
  days: number;
  /** The period: from (inclusive, the first day's start, UTC) to (exclusive, tomorrow's start). */
  from: string;
  to: string;
  perDay: DashboardDay[];
  totals: DashboardTotals;
  /** succeeded / (succeeded + failed) of the period; null when none finished either way. */
  successRate: number | null;
  /** Median duration (ms) of the latest finished runs of the period (durationSample of them); null when none. */
  medianDurationMs: number | null;
  durationSample: number;
  /** The workflows that cost the most tokens in the period, most first. */
  tokensByWorkflow: DashboardWorkflowTokens[];
  /** Tokens of agent steps by model, most first, read from the latest modelSample runs of the period. */
  tokensByModel: DashboardModelTokens[];
  modelSample: number;
  /** Approvals waiting in the workspace; null while the approvals store is not available. */
  approvalsWaiting: number | null;
  /** The workflows with the most failed runs in the period, most first (none without failures). */
  failingWorkflows: DashboardFailingWorkflow[];
  plan: DashboardPlanUsage;
}

/** The query of GET /api/dashboard: `workspace` 'personal' or an organization id; `days` 1–90 (default 14). */
export const dashboardQuerySchema = z.strictObject({
  workspace: z.string({ error: 'is required' }).min(1, { error: 'is required' }).pipe(documentIdSchema),
  days: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(DASHBOARD_LIMITS.maxDays, { error: `must be at most ${DASHBOARD_LIMITS.maxDays}` })
    .optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** The periods the page offers. */
export const DASHBOARD_PERIODS = [7, 14, 30, 90] as const;

export const DASHBOARD_ERROR_CODES = {
  invalidRequest: 'invalid_request',
  /** The caller holds no view_workflows in that workspace. */
  workspaceForbidden: 'workspace_forbidden',
} as const;

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant (UTC). */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS));
}

/** The `days` UTC days that end today, oldest first, and the period's bounds (from inclusive, to exclusive). */
export function dashboardPeriod(now: Date, days: number): { days: string[]; from: string; to: string } {
  const today = utcDay(now);
  const list: string[] = [];
  let day = utcDay(new Date(Date.parse(`${today}T00:00:00.000Z`) - (days - 1) * DAY_MS));
  for (let index = 0; index < days; index += 1) {
    list.push(day);
    day = nextDay(day);
  }
  return { days: list, from: `${list[0]}T00:00:00.000Z`, to: `${nextDay(today)}T00:00:00.000Z` };
}

/** The median of some numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The executions a figure counts: a status group, a day, a workflow (the status group 'other' sets no status filter). */
export function dashboardExecutionsFilters(
  workspace: string,
  figure: { group?: DashboardStatusGroup; day?: string; from?: string; to?: string; workflowId?: string },
): ExecutionsFilters {
  const filters: ExecutionsFilters = { workspace };
  if (figure.workflowId) filters.workflowId = figure.workflowId;
  if (figure.group && figure.group !== 'other') filters.status = figure.group;
  if (figure.day) {
    filters.from = figure.day;
    filters.to = nextDay(figure.day);
  } else {
    if (figure.from) filters.from = figure.from;
    if (figure.to) filters.to = figure.to;
  }
  return filters;
}
