import { filtersFromSearch, lastDayOf, searchFromFilters, toAfter } from './executionsFilters';

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
