// The next times a schedule trigger fires, in its time zone: croner, as the
// scheduler (platform-api/src/runs/scheduler.ts) uses it, so the builder's
// preview and the ticks agree. croner is plain JavaScript (no Node, no DOM);
// it is an entry of its own ('@agentflow/shared/schedule') so it loads only
// with the schedule editor.
import { Cron } from 'croner';

/** How many upcoming times the schedule editor lists. */
export const SCHEDULE_PREVIEW_COUNT = 5;

/** The next `count` instants after `from` (UTC Dates), or null when the expression or the time zone is not valid. */
export function nextScheduleTimes(expression: string, timeZone: string, count: number = SCHEDULE_PREVIEW_COUNT, from: Date = new Date()): Date[] | null {
  try {
    return new Cron(expression, { timezone: timeZone, paused: true }).nextRuns(count, from);
  } catch {
    return null;
  }
}
