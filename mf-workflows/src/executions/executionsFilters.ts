// The executions page's filters as its URL keeps them (?workflowId=&status=
// &trigger=&from=&to=, the API's own names, so the dashboard links here with
// the same filters it counted): read leniently (an unknown status is no
// filter), written without the empty ones. The date inputs show `to` as the
// last day included; the API's `to` is the day after (exclusive). Days are
// the reader's days (the browser's time zone), as the dashboard counts them:
// the API is asked for the instants they start at (apiFilters).
import { RUN_STATUSES, RUN_TRIGGER_TYPES, nextDay, zonedDayStart, type ExecutionsFilters, type RunStatus, type RunTriggerType } from '@agentflow/shared/workflow';

export type PageFilters = Omit<ExecutionsFilters, 'workspace'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const isStatus = (value: string | null): value is RunStatus => value !== null && (RUN_STATUSES as readonly string[]).includes(value);
const isTrigger = (value: string | null): value is RunTriggerType => value !== null && (RUN_TRIGGER_TYPES as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value));

export function filtersFromSearch(params: URLSearchParams): PageFilters {
  const filters: PageFilters = {};
  const workflowId = params.get('workflowId');
  const status = params.get('status');
  const trigger = params.get('trigger');
  const from = params.get('from');
  const to = params.get('to');
  if (workflowId && ID.test(workflowId)) filters.workflowId = workflowId;
  if (isStatus(status)) filters.status = status;
  if (isTrigger(trigger)) filters.trigger = trigger;
  if (isDay(from)) filters.from = from;
  // A range that ends before it starts is no range: the API would refuse it.
  if (isDay(to) && (!filters.from || filters.from < to)) filters.to = to;
  return filters;
}

export function searchFromFilters(filters: PageFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['workflowId', 'status', 'trigger', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** The last day a `to` (exclusive) includes, for the "To" date input. */
export function lastDayOf(to: string | undefined): string {
  if (!to) return '';
  return new Date(Date.parse(`${to}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The `to` (exclusive) for the last day the "To" input names. */
export function toAfter(lastDay: string): string | undefined {
  return isDay(lastDay) ? nextDay(lastDay) : undefined;
}

/**
 * The filters as the API takes them: `from`/`to` days become the instants
 * those days start at in `timeZone` (a day in Auckland starts 13 hours before
 * the UTC day of the same date), so a dashboard day opens exactly the runs it
 * counted.
 */
export function apiFilters(filters: PageFilters, timeZone: string): PageFilters {
  const result: PageFilters = { ...filters };
  if (filters.from) result.from = zonedDayStart(filters.from, timeZone);
  if (filters.to) result.to = zonedDayStart(filters.to, timeZone);
  return result;
}

export const hasFilters = (filters: PageFilters): boolean => Object.values(filters).some(Boolean);
