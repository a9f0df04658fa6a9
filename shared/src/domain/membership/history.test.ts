import { isUsagePeriod, isValidTimeZone, usageHistory, usageHistoryStart } from './history';

// Thursday 16 April 2026, midday UTC.
const NOW = new Date('2026-04-16T12:00:00.000Z');
const at = (iso: string, tokensUsed = 1) => ({ timestamp: iso, tokensUsed });

describe('usageHistory: buckets and labels', () => {
  test.each([
    // period, language, bucket count, first label, last label
    ['week', 'en', 7, 'Fri', 'Thu'],
    ['week', 'es', 7, 'vie', 'jue'],
    ['week', 'fr', 7, 'ven.', 'jeu.'],
    ['week', 'de', 7, 'Fr', 'Do'],
    ['week', 'it', 7, 'ven', 'gio'],
    ['month', 'en', 31, 'Mar 17', 'Apr 16'],
    ['month', 'es', 31, '17 mar', '16 abr'],
    ['month', 'de', 31, '17. März', '16. Apr.'],
    ['year', 'en', 12, 'May', 'Apr'],
    ['year', 'es', 12, 'may', 'abr'],
    ['year', 'fr', 12, 'mai', 'avr.'],
  ] as const)('%s in %s: %i buckets from %p to %p, all 0 without entries', (period, language, count, first, last) => {
    const history = usageHistory([], period, NOW, language);
    expect(history).toHaveLength(count);
    expect(history[0]?.label).toBe(first);
    expect(history.at(-1)?.label).toBe(last);
    expect(history.every((point) => point.tokens === 0)).toBe(true);
    expect(new Set(history.map((point) => point.label)).size).toBe(count);
  });

  test('month back from 31 March clamps to the end of February (28 buckets, 1 Mar … 31 Mar)', () => {
    const history = usageHistory([], 'month', new Date('2026-03-31T10:00:00Z'), 'en');
    expect(history).toHaveLength(31);
    expect(history[0]?.label).toBe('Mar 1');
    expect(history.at(-1)?.label).toBe('Mar 31');
    const january = usageHistory([], 'month', new Date('2026-01-10T10:00:00Z'), 'en');
    expect(january[0]?.label).toBe('Dec 11');
    expect(january).toHaveLength(31);
  });

  test('year crosses the new year in order', () => {
    const history = usageHistory([], 'year', new Date('2026-02-03T00:00:00Z'), 'en');
    expect(history.map((point) => point.label)).toEqual(['Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb']);
  });

  test('an unknown period falls back to month', () => {
    expect(usageHistory([], 'decade' as 'month', NOW, 'en')).toHaveLength(31);
  });
});

describe('usageHistory: sums', () => {
  test.each([
    [
      'week',
      [at('2026-04-16T00:00:00Z', 2), at('2026-04-16T11:59:59Z', 3), at('2026-04-13T08:00:00Z', 4), at('2026-04-09T23:59:59Z', 100), at('2026-04-10T00:00:00Z', 1)],
      [1, 0, 0, 4, 0, 0, 5],
    ],
    ['week', [at('2026-04-15T10:00:00Z', 5), at('2026-04-15T11:00:00Z', -2), at('2026-04-14T10:00:00Z', -3)], [0, 0, 0, 0, 0, 3, 0]],
    ['week', [at('not a date', 5), { timestamp: new Date('2026-04-16T01:00:00Z'), tokensUsed: 7 }, at('2026-04-16T02:00:00Z', Number.NaN)], [0, 0, 0, 0, 0, 0, 7]],
  ] as const)('%s: %j → %j', (period, entries, expected) => {
    expect(usageHistory(entries, period, NOW, 'en').map((point) => point.tokens)).toEqual(expected);
  });

  test('month and year sum per day and per month; entries outside the period are ignored', () => {
    const entries = [at('2026-04-16T09:00:00Z', 2), at('2026-04-01T09:00:00Z', 3), at('2026-03-17T00:00:00Z', 1), at('2026-03-16T23:00:00Z', 50), at('2025-05-01T00:00:00Z', 4), at('2025-04-30T23:59:59Z', 60), at('2026-04-17T00:00:00Z', 70)];
    const month = usageHistory(entries, 'month', NOW, 'en');
    expect(month.find((point) => point.label === 'Apr 16')?.tokens).toBe(2);
    expect(month.find((point) => point.label === 'Apr 1')?.tokens).toBe(3);
    expect(month[0]).toEqual({ label: 'Mar 17', tokens: 1 });
    expect(month.reduce((sum, point) => sum + point.tokens, 0)).toBe(6);
    const year = usageHistory(entries, 'year', NOW, 'en');
    expect(year.at(-1)).toEqual({ label: 'Apr', tokens: 5 });
    expect(year.at(-2)).toEqual({ label: 'Mar', tokens: 51 });
    expect(year[0]).toEqual({ label: 'May', tokens: 4 });
    expect(year.reduce((sum, point) => sum + point.tokens, 0)).toBe(60);
  });

  test('days are calendar days in the time zone', () => {
    // 23:30 UTC on Wednesday is already Thursday in Madrid (UTC+2 in April).
    const entries = [at('2026-04-15T23:30:00Z', 1)];
    expect(usageHistory(entries, 'week', NOW, 'en', 'UTC').map((point) => point.tokens)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(usageHistory(entries, 'week', NOW, 'en', 'Europe/Madrid').map((point) => point.tokens)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    // Late on the 16th in Los Angeles is still the 16th there, though the 17th in UTC.
    const late = new Date('2026-04-17T05:00:00Z');
    expect(usageHistory([at('2026-04-17T04:00:00Z', 3)], 'week', late, 'en', 'America/Los_Angeles').at(-1)).toEqual({ label: 'Thu', tokens: 3 });
    // An unknown zone is UTC.
    expect(usageHistory(entries, 'week', NOW, 'en', 'Mars/Olympus').map((point) => point.tokens)).toEqual([0, 0, 0, 0, 0, 1, 0]);
  });
});

describe('helpers', () => {
  test.each([
    ['week', true],
    ['month', true],
    ['year', true],
    ['day', false],
    ['', false],
    [undefined, false],
    [['week'], false],
  ])('isUsagePeriod(%p) is %p', (value, expected) => {
    expect(isUsagePeriod(value)).toBe(expected);
  });

  test.each([
    ['UTC', true],
    ['Europe/Madrid', true],
    ['Mars/Olympus', false],
    ['', false],
    [42, false],
  ])('isValidTimeZone(%p) is %p', (value, expected) => {
    expect(isValidTimeZone(value)).toBe(expected);
  });

  test('usageHistoryStart reaches before every bucket', () => {
    for (const period of ['week', 'month', 'year'] as const) {
      const start = usageHistoryStart(period, NOW);
      const earliest = period === 'week' ? '2026-04-10' : period === 'month' ? '2026-03-17' : '2025-05-01';
      expect(start.getTime()).toBeLessThan(Date.parse(`${earliest}T00:00:00Z`) - 14 * 3_600_000);
    }
  });
});
