import { apiFilters, filtersFromSearch, lastDayOf, searchFromFilters, toAfter } from './executionsFilters';

test('reads the filters the API knows and drops what it would refuse', () => {
  expect(filtersFromSearch(new URLSearchParams('workflowId=wf-1&status=failed&trigger=webhook&from=2026-03-01&to=2026-03-05'))).toEqual({
    workflowId: 'wf-1',
    status: 'failed',
    trigger: 'webhook',
    from: '2026-03-01',
    to: '2026-03-05',
  });
  expect(filtersFromSearch(new URLSearchParams('workflowId=a/b&status=exploded&trigger=carrier-pigeon&from=yesterday'))).toEqual({});
  // A range ending before it starts is dropped at its end.
  expect(filtersFromSearch(new URLSearchParams('from=2026-03-05&to=2026-03-05'))).toEqual({ from: '2026-03-05' });
});

test('writes only the filters that are set, in one order', () => {
  expect(searchFromFilters({ to: '2026-03-05', status: 'failed' }).toString()).toBe('status=failed&to=2026-03-05');
});

test('the "To" input names the last day; the URL keeps the day after', () => {
  expect(lastDayOf('2026-03-01')).toBe('2026-02-28');
  expect(lastDayOf(undefined)).toBe('');
  expect(toAfter('2026-02-28')).toBe('2026-03-01');
  expect(toAfter('')).toBeUndefined();
});

test("the API is asked for the reader's days: the instants they start at in the browser's time zone", () => {
  const days = { status: 'failed' as const, from: '2026-03-10', to: '2026-03-11' };
  // Auckland is 13 hours ahead in March: its 10 March starts on 9 March at 11:00 UTC.
  expect(apiFilters(days, 'Pacific/Auckland')).toEqual({ status: 'failed', from: '2026-03-09T11:00:00.000Z', to: '2026-03-10T11:00:00.000Z' });
  // Los Angeles moves its clocks on 8 March 2026: that day starts at 08:00 UTC, the next at 07:00.
  expect(apiFilters({ from: '2026-03-08', to: '2026-03-09' }, 'America/Los_Angeles')).toEqual({ from: '2026-03-08T08:00:00.000Z', to: '2026-03-09T07:00:00.000Z' });
  expect(apiFilters({ workflowId: 'wf-1' }, 'UTC')).toEqual({ workflowId: 'wf-1' });
});
