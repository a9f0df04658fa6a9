import { dashboardExecutionsFilters, dashboardPeriod, dashboardQuerySchema, median, nextDay } from './dashboard';

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
