import { dashboardExecutionsFilters, dashboardPeriod, dashboardQuerySchema, median, nextDay, zonedDay, zonedDayStart } from './dashboard';

describe('dashboardPeriod', () => {
  test('the days ending today (UTC), oldest first, from the first day to tomorrow', () => {
    const period = dashboardPeriod(new Date('2026-03-01T23:30:00.000Z'), 3);
    expect(period.days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(period.from).toBe('2026-02-27T00:00:00.000Z');
    expect(period.to).toBe('2026-03-02T00:00:00.000Z');
  });
  test('one day is today', () => {
    expect(dashboardPeriod(new Date('2026-01-01T00:00:00.000Z'), 1).days).toEqual(['2026-01-01']);
  });
  test('days in a zone far east of UTC: 00:30 in Auckland on 2 March is still 1 March in UTC, and is 2 March there', () => {
    // NZDT is UTC+13 in March.
    const period = dashboardPeriod(new Date('2026-03-01T11:30:00.000Z'), 2, 'Pacific/Auckland');
    expect(period.days).toEqual(['2026-03-01', '2026-03-02']);
    expect(period.starts).toEqual(['2026-02-28T11:00:00.000Z', '2026-03-01T11:00:00.000Z']);
    expect(period.from).toBe('2026-02-28T11:00:00.000Z');
    expect(period.to).toBe('2026-03-02T11:00:00.000Z');
  });
  test('days in a zone west of UTC: 23:30 in Los Angeles is that day there, the next in UTC', () => {
    const period = dashboardPeriod(new Date('2026-03-02T07:30:00.000Z'), 1, 'America/Los_Angeles');
    expect(period.days).toEqual(['2026-03-01']);
    expect(period).toMatchObject({ from: '2026-03-01T08:00:00.000Z', to: '2026-03-02T08:00:00.000Z' });
  });
  test('a day a change of offset shortens or skips midnight of starts at its first moment', () => {
    // Los Angeles springs forward on 8 March 2026 at 02:00: that day lasts 23 hours.
    expect(zonedDayStart('2026-03-08', 'America/Los_Angeles')).toBe('2026-03-08T08:00:00.000Z');
    expect(zonedDayStart('2026-03-09', 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z');
    // Santiago springs forward at midnight (6 Sep 2026): the day starts at 01:00 local (UTC−3).
    const start = zonedDayStart('2026-09-06', 'America/Santiago');
    expect(zonedDay(new Date(start), 'America/Santiago')).toBe('2026-09-06');
    expect(zonedDay(new Date(Date.parse(start) - 1000), 'America/Santiago')).toBe('2026-09-05');
  });
  test('nextDay crosses months and years', () => {
    expect(nextDay('2025-12-31')).toBe('2026-01-01');
  });
});

test('median of odd and even counts, null for none', () => {
  expect(median([5, 1, 3])).toBe(3);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([])).toBeNull();
});

describe('dashboardQuerySchema', () => {
  test('days 1 to 90, from the query string', () => {
    expect(dashboardQuerySchema.parse({ workspace: 'personal', days: '30' })).toEqual({ workspace: 'personal', days: 30 });
    expect(dashboardQuerySchema.safeParse({ workspace: 'personal', days: '91' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ workspace: 'personal', days: '0' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ workspace: 'personal', days: '1.5' }).success).toBe(false);
  });
  test('tz is an IANA time zone the runtime knows, spelled canonically', () => {
    expect(dashboardQuerySchema.parse({ workspace: 'personal', tz: 'pacific/auckland' })).toEqual({ workspace: 'personal', tz: 'Pacific/Auckland' });
    for (const tz of ['Mars/Olympus', '', 'Europe/../etc', 'x'.repeat(70)]) expect(dashboardQuerySchema.safeParse({ workspace: 'personal', tz }).success).toBe(false);
    expect(dashboardQuerySchema.parse({ workspace: 'personal', tz: 'UTC' }).tz).toBe('UTC');
  });
  test('the workspace is required and an id; unknown fields are refused', () => {
    expect(dashboardQuerySchema.safeParse({}).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ workspace: 'a/b' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ workspace: 'personal', extra: '1' }).success).toBe(false);
  });
});

describe('dashboardExecutionsFilters', () => {
  test('a day of a status: that status from the day to the next', () => {
    expect(dashboardExecutionsFilters('personal', { group: 'failed', day: '2026-02-28' })).toEqual({ workspace: 'personal', status: 'failed', from: '2026-02-28', to: '2026-03-01' });
  });
  test("'other' sets no status; a workflow over the period", () => {
    expect(dashboardExecutionsFilters('org1', { group: 'other', workflowId: 'wf', from: '2026-02-01', to: '2026-03-01' })).toEqual({ workspace: 'org1', workflowId: 'wf', from: '2026-02-01', to: '2026-03-01' });
  });
});
