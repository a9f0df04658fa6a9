import { initialsOf } from './Avatar';

test('initials: first and last word, one letter for an e-mail or a single word, never empty', () => {
  expect(initialsOf('Ada Lovelace')).toBe('AL');
  expect(initialsOf('  grace  brewster murray hopper ')).toBe('GH');
  expect(initialsOf('ada@example.com')).toBe('A');
  expect(initialsOf('Émile')).toBe('É');
  expect(initialsOf('Łukasz Żak')).toBe('ŁŻ');
  expect(initialsOf('')).toBe('?');
});
