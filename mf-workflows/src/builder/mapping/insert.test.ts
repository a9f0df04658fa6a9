import { insertAt, referenceText } from './insert';

test('a reference is wrapped in a template and bare in an expression', () => {
  expect(referenceText('lead.email', 'template')).toBe('{{ lead.email }}');
  expect(referenceText('lead.email', 'expression')).toBe('lead.email');
});

test('inserting replaces the selection and puts the caret after the insert; no caret appends', () => {
  expect(insertAt('Hello !', 6, 6, 'x')).toEqual({ value: 'Hello x!', caret: 7 });
  expect(insertAt('a BAD c', 2, 5, 'ok')).toEqual({ value: 'a ok c', caret: 4 });
  expect(insertAt('abc', null, null, 'd')).toEqual({ value: 'abcd', caret: 4 });
  expect(insertAt('abc', 10, 12, 'd')).toEqual({ value: 'abcd', caret: 4 });
});
