// The wait step and the sub-workflow step (issue 20): their limits, the error
// codes the engine gives and the UI translates, and the pure time rules (when
// a wait ends). Pure: no zod here (the param schemas are in params.ts), so the
// builder's first view may import it.

export const WAIT_MODES = ['duration', 'until'] as const;
export type WaitMode = (typeof WAIT_MODES)[number];
export const WAIT_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];

const UNIT_MS: Record<WaitUnit, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

export const WAIT_LIMITS = {
  /** The longest wait, either mode. */
  maxDays: 365,
  maxMs: 365 * 86_400_000,
  /** Waits up to this long sleep inside the step (the run stays running); longer ones make the run 'waiting'. */
  inProcessMs: 3_000,
  /** Characters of the `at` date-time or template. */
  maxAtLength: 500,
} as const;

export const SUBWORKFLOW_LIMITS = {
  /** Runs nested under a top-level run (the top-level run has depth 0): a deeper call is refused. */
  maxDepth: 5,
  /** How long a step waits for its child run to end (the step fails after, and cancels the child). */
  maxWaitMs: 3_600_000,
} as const;

/** Stable codes of wait and sub-workflow failures (StepFailure.code), beside the English message. */
export const FLOW_STEP_ERROR_CODES = {
  waitInvalidTime: 'wait-invalid-time',
  waitTooLong: 'wait-too-long',
  subworkflowDepth: 'subworkflow-depth',
  subworkflowMissing: 'subworkflow-missing',
  subworkflowForbidden: 'subworkflow-forbidden',
  subworkflowInput: 'subworkflow-input',
  subworkflowFailed: 'subworkflow-failed',
} as const;
export type FlowStepErrorCode = (typeof FLOW_STEP_ERROR_CODES)[keyof typeof FLOW_STEP_ERROR_CODES];

/** Milliseconds of a duration wait. */
export function waitDurationMs(amount: number, unit: WaitUnit): number {
  return amount * UNIT_MS[unit];
}

/** A date-time with an explicit offset or 'Z' (else it is read in the wait's time zone). */
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** The offset (ms, local minus UTC) of a time zone at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a date-time names: ISO 8601 with an offset as it is; a local
 * date-time ('2026-12-01T09:00', or a date alone at midnight) in `timeZone`
 * (default UTC). null when it names no valid instant.
 */
export function instantOf(value: string, timeZone = 'UTC'): Date | null {
  const text = value.trim();
  if (HAS_OFFSET.test(text)) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : new Date(parsed);
  }
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  const check = new Date(wall);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null;
  try {
    // Two passes: the offset at the guessed instant can differ near a DST change.
    let guess = wall - zoneOffsetMs(wall, timeZone);
    guess = wall - zoneOffsetMs(guess, timeZone);
    return new Date(guess);
  } catch {
    return null;
  }
}

export type WaitParamsShape = { mode: 'duration'; amount: number; unit: WaitUnit } | { mode: 'until'; at: string; timeZone?: string | undefined };

/**
 * When a wait that starts `now` ends. `at` is the until-mode date-time as
 * rendered (its template evaluated). An instant in the past ends at once
 * (now); one more than WAIT_LIMITS.maxDays ahead is refused.
 */
export function waitResumeAt(params: WaitParamsShape, now: Date, at?: string): { resumeAt: Date } | { error: FlowStepErrorCode; message: string } {
  if (params.mode === 'duration') {
    const ms = waitDurationMs(params.amount, params.unit);
    if (ms > WAIT_LIMITS.maxMs) return { error: FLOW_STEP_ERROR_CODES.waitTooLong, message: `A wait may last at most ${WAIT_LIMITS.maxDays} days` };
    return { resumeAt: new Date(now.getTime() + ms) };
  }
  const instant = instantOf(at ?? params.at, params.timeZone ?? 'UTC');
  if (!instant) return { error: FLOW_STEP_ERROR_CODES.waitInvalidTime, message: `"${(at ?? params.at).slice(0, 80)}" is not a date-time (use ISO 8601, e.g. 2026-12-01T09:00)` };
  if (instant.getTime() - now.getTime() > WAIT_LIMITS.maxMs) return { error: FLOW_STEP_ERROR_CODES.waitTooLong, message: `A wait may last at most ${WAIT_LIMITS.maxDays} days` };
  return { resumeAt: instant.getTime() < now.getTime() ? now : instant };
}

/** Where a child run came from (WorkflowRun.parentRun): the parent run and its sub-workflow step. */
export interface ParentRunLink {
  runId: string;
  stepId: string;
  workflowId: string;
}
