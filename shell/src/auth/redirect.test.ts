import { DEFAULT_AFTER_SIGN_IN, safeNextPath, withNext } from './redirect';

describe('safeNextPath', () => {
  test.each([['/workflows'], ['/billing/invoices?page=2'], ['/admin/access#roles'], ['/'], ['/https://evil.com']])('%j is an in-app path', (value) => {
    expect(safeNextPath(value)).toBe(value);
  });

  test.each([
    [null],
    [undefined],
    [''],
    ['//evil.com'],
    ['//evil.com/workflows'],
    ['https://evil.com'],
    ['http://evil.com/workflows'],
    ['javascript:alert(1)'],
    ['evil.com'],
    ['workflows'],
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    [' /workflows'],
  ])('%j is refused', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

test('the default destination is the dashboard', () => {
  expect(DEFAULT_AFTER_SIGN_IN).toBe('/workflows/dashboard');
});

test('withNext passes next on, encoded, and leaves the path alone without one', () => {
  expect(withNext('/signup', '/billing?tab=plans&x=1')).toBe('/signup?next=%2Fbilling%3Ftab%3Dplans%26x%3D1');
  expect(withNext('/signup', null)).toBe('/signup');
});
