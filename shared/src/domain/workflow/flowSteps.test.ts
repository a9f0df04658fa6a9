import { FLOW_STEP_ERROR_CODES, WAIT_LIMITS, instantOf, waitResumeAt } from './flowSteps';
import { parseNodeParams } from './params';

const now = new Date('2026-11-27T10:00:00.000Z');

describe('instantOf', () => {
  it('reads a local date-time in the given time zone, across summer and winter time', () => {
    expect(instantOf('2026-12-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(instantOf('2026-07-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(instantOf('2026-12-01 09:00:30', 'America/New_York')?.toISOString()).toBe('2026-12-01T14:00:30.000Z');
    // A date alone is its midnight; no zone is UTC.
    expect(instantOf('2026-12-01')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('keeps an explicit offset whatever the zone, and refuses what is no date-time', () => {
    expect(instantOf('2026-12-01T09:00:00+02:00', 'Asia/Tokyo')?.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(instantOf('2026-12-01T09:00:00Z', 'Europe/Paris')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    for (const bad of ['tomorrow', '2026-02-30T10:00', '2026-13-01', '', '12/01/2026']) expect(instantOf(bad, 'UTC')).toBeNull();
  });
});

describe('waitResumeAt', () => {
  it('adds a duration, and refuses one past the limit', () => {
    expect(waitResumeAt({ mode: 'duration', amount: 90, unit: 'minutes' }, now)).toEqual({ resumeAt: new Date('2026-11-27T11:30:00.000Z') });
    expect(waitResumeAt({ mode: 'duration', amount: WAIT_LIMITS.maxDays + 1, unit: 'days' }, now)).toMatchObject({ error: FLOW_STEP_ERROR_CODES.waitTooLong });
  });

  it('ends a wait for a past instant at once, and uses the rendered date-time when given', () => {
    expect(waitResumeAt({ mode: 'until', at: '2020-01-01T00:00:00Z' }, now)).toEqual({ resumeAt: now });
    expect(waitResumeAt({ mode: 'until', at: '{{ input.at }}', timeZone: 'Europe/Rome' }, now, '2026-11-28T08:15')).toEqual({ resumeAt: new Date('2026-11-28T07:15:00.000Z') });
    expect(waitResumeAt({ mode: 'until', at: '{{ input.at }}' }, now, 'soon')).toMatchObject({ error: FLOW_STEP_ERROR_CODES.waitInvalidTime });
    expect(waitResumeAt({ mode: 'until', at: '2028-01-01T00:00:00Z' }, now)).toMatchObject({ error: FLOW_STEP_ERROR_CODES.waitTooLong });
  });
});

describe('wait and sub-workflow params', () => {
  it('accept each wait mode and refuse mixed or out-of-range ones, naming the field', () => {
    expect(parseNodeParams('wait', { mode: 'duration', amount: 5, unit: 'minutes' }).success).toBe(true);
    expect(parseNodeParams('wait', { mode: 'until', at: '{{ input.due }}', timeZone: 'Europe/Paris' }).success).toBe(true);
    const mixed = parseNodeParams('wait', { mode: 'until', at: '2026-12-01', amount: 5 });
    expect(mixed.success).toBe(false);
    const tooLong = parseNodeParams('wait', { mode: 'duration', amount: 366, unit: 'days' });
    expect(tooLong.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'must be at most 365 days' });
    expect(parseNodeParams('wait', { mode: 'until', at: 'x', timeZone: 'Mars/Base' }).error?.issues[0]?.path).toEqual(['timeZone']);
    expect(parseNodeParams('wait', { mode: 'duration', amount: 0, unit: 'hours' }).success).toBe(false);
  });

  it('need a workflow id for a sub-workflow and fill in the defaults', () => {
    expect(parseNodeParams('subworkflow', { workflowId: 'wf-1' }).data).toEqual({ workflowId: 'wf-1', input: {}, wait: true });
    expect(parseNodeParams('subworkflow', { workflowId: '', input: {} }).error?.issues[0]?.path).toEqual(['workflowId']);
    expect(parseNodeParams('subworkflow', { workflowId: 'wf-1', input: { n: 3 } }).success).toBe(false);
  });
});
