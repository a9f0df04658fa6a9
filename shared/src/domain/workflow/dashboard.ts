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
import { isValidTimeZone } from './params.js';

export const DASHBOARD_API = {
  /** GET ?workspace=&days=&tz= → DashboardResponse. */
  dashboard: '/api/dashboard',
} as const;

export const DASHBOARD_LIMITS = {
  defaultDays: 14,
  maxDays: 90,
  /** Workflows of the workspace whose tokens and failures are counted (the most recently updated first). */
  maxWorkflows: 100,
  /** Rows of "tokens by workflow". */
  topWorkflows: 8,
  /** Runs of workflows no longer in the workspace are found among the latest runs of the period, at most this many. */
  goneWorkflowSample: 500,
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

/** One day of the period in the asked time zone: its runs by status group and the tokens they cost. */
export interface DashboardDay {
  /** YYYY-MM-DD (in the response's timeZone). */
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
  /** Its name now, or (moved out of the workspace, deleted) the last one its runs recorded; null when none did. */
  workflowName: string | null;
  tokens: number;
  runs: number;
  /** False for a workflow moved to another workspace or deleted since its runs. */
  inWorkspace: boolean;
}

/** What the listed workflows leave of the period's runs and tokens (beyond the top rows), so the list adds up to the totals. */
export interface DashboardOtherWorkflows {
  runs: number;
  tokens: number;
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
  /** The IANA time zone the days are counted in (as asked, UTC by default). */
  timeZone: string;
  /** The period: from (inclusive, the first day's start in timeZone) to (exclusive, tomorrow's start), as UTC instants. */
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
  /** The runs and tokens of the period the rows of tokensByWorkflow do not show. */
  otherWorkflows: DashboardOtherWorkflows;
  /** Tokens of agent steps by model, most first, read from the latest modelSample runs of the period. */
  tokensByModel: DashboardModelTokens[];
  modelSample: number;
  /** Approvals waiting in the workspace; null while the approvals store is not available. */
  approvalsWaiting: number | null;
  /** The workflows with the most failed runs in the period, most first (none without failures). */
  failingWorkflows: DashboardFailingWorkflow[];
  plan: DashboardPlanUsage;
}

/** The time zone of days when the query names none. */
export const DASHBOARD_DEFAULT_TIME_ZONE = 'UTC';

/** The query of GET /api/dashboard: `workspace` 'personal' or an organization id; `days` 1–90 (default 14); `tz` an IANA zone (default UTC). */
export const dashboardQuerySchema = z.strictObject({
  workspace: z.string({ error: 'is required' }).min(1, { error: 'is required' }).pipe(documentIdSchema),
  days: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(DASHBOARD_LIMITS.maxDays, { error: `must be at most ${DASHBOARD_LIMITS.maxDays}` })
    .optional(),
  tz: z
    .string({ error: 'must be a time zone' })
    .refine(isValidTimeZone, { error: 'must be an IANA time zone such as Europe/Paris' })
    // Its canonical spelling ('europe/paris' → 'Europe/Paris').
    .transform((name) => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone)
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

const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms, whole seconds). */
function zoneOffset(instantMs: number, timeZone: string): number {
  const parts = Object.fromEntries(wallClock(timeZone).formatToParts(new Date(instantMs)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** YYYY-MM-DD of an instant on the zone's wall clock. */
export function zonedDay(instant: Date, timeZone: string): string {
  return utcDay(new Date(instant.getTime() + zoneOffset(instant.getTime(), timeZone)));
}

/**
 * The UTC instant (ISO) a day starts at in a zone: its first moment on the
 * wall clock (midnight, or the first hour after a gap when a change of
 * offset skips midnight). Two passes settle the offset around a change.
 */
export function zonedDayStart(day: string, timeZone: string): string {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  let guess = midnight - zoneOffset(midnight, timeZone);
  guess = midnight - zoneOffset(guess, timeZone);
  // Midnight fell in a gap: the day starts where the old offset ends (00:00 at the old offset).
  if (zonedDay(new Date(guess), timeZone) !== day) guess = midnight - zoneOffset(guess - DAY_MS / 2, timeZone);
  return new Date(guess).toISOString();
}

/** The period of a dashboard: its days (in a zone), each day's start, and its bounds (UTC instants: from inclusive, to exclusive). */
export interface DashboardPeriod {
  days: string[];
  /** starts[i] is the start of days[i]; the day ends where the next starts (the last at `to`). */
  starts: string[];
  from: string;
  to: string;
}

/** The `days` days of the zone that end today there, oldest first, and the period's bounds. */
export function dashboardPeriod(now: Date, days: number, timeZone: string = DASHBOARD_DEFAULT_TIME_ZONE): DashboardPeriod {
  const today = zonedDay(now, timeZone);
  const list: string[] = [];
  let day = utcDay(new Date(Date.parse(`${today}T00:00:00.000Z`) - (days - 1) * DAY_MS));
  for (let index = 0; index < days; index += 1) {
    list.push(day);
    day = nextDay(day);
  }
  const starts = list.map((each) => zonedDayStart(each, timeZone));
  return { days: list, starts, from: starts[0]!, to: zonedDayStart(nextDay(today), timeZone) };
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
