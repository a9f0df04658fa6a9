import { REDACTED, redactDeep, redactSecrets } from './redact';

test('every occurrence of every secret is replaced, the longest first', () => {
  expect(redactSecrets('key sk-abc123 and sk-abc123456 again sk-abc123', { a: 'sk-abc123', b: 'sk-abc123456' })).toBe(`key ${REDACTED} and ${REDACTED} again ${REDACTED}`);
});

test('values too short to be secrets are left alone', () => {
  expect(redactSecrets('a b c', ['a', 'b'])).toBe('a b c');
});

test('deep: strings inside objects and arrays, other values untouched', () => {
  const out = redactDeep({ error: { message: 'Incorrect API key provided: sk-canary-1' }, list: ['sk-canary-1', 3, null], ok: true }, ['sk-canary-1']);
  expect(out).toEqual({ error: { message: `Incorrect API key provided: ${REDACTED}` }, list: [REDACTED, 3, null], ok: true });
});
