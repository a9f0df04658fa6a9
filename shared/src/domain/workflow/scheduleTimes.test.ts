import { nextScheduleTimes } from './scheduleTimes.js';

describe('nextScheduleTimes', () => {
  it('lists the next five ticks in the trigger’s time zone (09:30 on weekdays in New York is 14:30 UTC in November)', () => {
    const times = nextScheduleTimes('30 9 * * 1-5', 'America/New_York', 5, new Date('2026-11-27T15:00:00.000Z'));
    expect(times?.map((t) => t.toISOString())).toEqual([
      '2026-11-30T14:30:00.000Z',
      '2026-12-01T14:30:00.000Z',
      '2026-12-02T14:30:00.000Z',
      '2026-12-03T14:30:00.000Z',
      '2026-12-04T14:30:00.000Z',
    ]);
  });

  it('follows daylight saving time: 09:00 in Berlin is 07:00 UTC in summer and 08:00 UTC in winter', () => {
    const times = nextScheduleTimes('0 9 * * *', 'Europe/Berlin', 2, new Date('2026-10-24T12:00:00.000Z'));
    expect(times?.map((t) => t.toISOString())).toEqual(['2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
    expect(nextScheduleTimes('0 9 * * *', 'Europe/Berlin', 1, new Date('2026-07-01T00:00:00.000Z'))?.[0]?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
  });

  it('is null for an expression or a time zone that is not valid', () => {
    expect(nextScheduleTimes('every day', 'UTC')).toBeNull();
    expect(nextScheduleTimes('0 9 * * *', 'Mars/Olympus')).toBeNull();
  });
});
