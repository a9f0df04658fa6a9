import { TOAST_LIMIT, toastReducer, type ToastRecord } from './toastStore';

const toast = (id: string, overrides: Partial<ToastRecord> = {}): ToastRecord => ({ id, open: true, title: `Toast ${id}`, ...overrides });

test('shows one toast at a time: a new toast replaces the current one', () => {
  expect(TOAST_LIMIT).toBe(1);
  const first = toastReducer([], { type: 'add', toast: toast('1') });
  const second = toastReducer(first, { type: 'add', toast: toast('2') });
  expect(second.map((item) => item.id)).toEqual(['2']);
});

test('dismissing closes the toast but keeps it until it is removed', () => {
  const state = toastReducer([toast('1')], { type: 'dismiss', id: '1' });
  expect(state).toEqual([{ ...toast('1'), open: false }]);
  expect(toastReducer(state, { type: 'remove', id: '1' })).toEqual([]);
});

test('dismiss and remove without an id apply to every toast; other ids are untouched', () => {
  const two = [toast('1'), toast('2')];
  expect(toastReducer(two, { type: 'dismiss' }).every((item) => !item.open)).toBe(true);
  expect(toastReducer(two, { type: 'dismiss', id: '2' }).map((item) => item.open)).toEqual([true, false]);
  expect(toastReducer(two, { type: 'remove' })).toEqual([]);
  expect(toastReducer(two, { type: 'remove', id: '1' }).map((item) => item.id)).toEqual(['2']);
});

test('update changes only the named toast', () => {
  const state = toastReducer([toast('1'), toast('2')], { type: 'update', id: '2', changes: { title: 'Saved', variant: 'success' } });
  expect(state[0]).toEqual(toast('1'));
  expect(state[1]).toEqual({ ...toast('2'), title: 'Saved', variant: 'success' });
});
