// The shared id schema and JSON limits (pure: no Express, no Firestore).
import { ID_MAX_LENGTH, cannotNameDocument, decodePathSegment, documentIdSchema, isDocumentId, isWellFormedText, toWellFormedText } from './ids';
import { MAX_JSON_DEPTH, describeJsonProblem, findJsonProblem } from './json';

describe('isDocumentId', () => {
  test.each(['a', 'role-1', 'wf_2', 'tpl-general-research-brief', 'pm_1Abc', 'h-0123abcd', 'a.b', 'a:b', 'x'.repeat(ID_MAX_LENGTH)])('%j is an id', (id) => {
    expect(isDocumentId(id)).toBe(true);
  });

  test.each(['', '.', '..', 'a/b', '__name__', '__x__', 'a b', 'é', '😀', 'a\u0000b', 'x'.repeat(ID_MAX_LENGTH + 1), 'x'.repeat(1501)])('%j is not', (id) => {
    expect(isDocumentId(id)).toBe(false);
  });

  test('non-strings are not ids', () => {
    for (const value of [undefined, null, 1, {}, ['a']]) expect(isDocumentId(value)).toBe(false);
  });

  test('documentIdSchema names what is wrong', () => {
    const message = (value: unknown) => documentIdSchema.safeParse(value).error?.issues[0]?.message;
    expect(documentIdSchema.parse('run1')).toBe('run1');
    expect(message(3)).toBe('must be a string');
    expect(message('')).toBe('is required');
    expect(message('x'.repeat(129))).toBe('must be at most 128 characters');
    expect(message('a/b')).toBe('must be an id (letters, digits, "_", "-", "." and ":")');
    expect(message('..')).toBe('must be an id (letters, digits, "_", "-", "." and ":")');
  });
});

test('cannotNameDocument: what Firestore refuses as an id', () => {
  for (const value of ['.', '..', 'a/b', '/', '__x__', '__name__', '____']) expect(cannotNameDocument(value)).toBe(true);
  for (const value of ['a', '...', '__x', 'x__', '_x_', 'a b', 'é']) expect(cannotNameDocument(value)).toBe(false);
});

describe('decodePathSegment', () => {
  test.each([
    ['run1', 'run1'],
    ['a%2Fb', 'a/b'],
    ['%C3%A9', 'é'],
    ['%F0%9F%98%80', '😀'],
    ['x'.repeat(128), 'x'.repeat(128)],
  ])('%j decodes to %j', (raw, value) => {
    expect(decodePathSegment(raw)).toEqual({ ok: true, value });
  });

  test.each([
    ['%ZZ', 'is not valid percent-encoded UTF-8'],
    ['%', 'is not valid percent-encoded UTF-8'],
    ['%C0%AF', 'is not valid percent-encoded UTF-8'],
    ['%ED%A0%80', 'is not valid percent-encoded UTF-8'],
    ['%0A', 'contains control characters'],
    ['%7F', 'contains control characters'],
    ['x'.repeat(129), 'is longer than 128 characters'],
    ['%C3%A9'.repeat(129), 'is longer than 128 characters'],
  ])('%j is refused: %s', (raw, problem) => {
    expect(decodePathSegment(raw)).toEqual({ ok: false, problem });
  });
});

describe('well-formed text', () => {
  test('lone surrogates are found, pairs are not', () => {
    expect(isWellFormedText('plain é 😀')).toBe(true);
    for (const bad of ['\ud800', 'a\udc00', '\ud83d', '\ude00x', '😀\ud800']) expect(isWellFormedText(bad)).toBe(false);
    expect(toWellFormedText('a\ud800b😀')).toBe('a\uFFFDb😀');
  });
});

describe('findJsonProblem', () => {
  const nest = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

  test('no problem in ordinary JSON, at the depth limit, or in scalars', () => {
    expect(findJsonProblem({ a: [1, 'b', { c: null }], d: true })).toBeNull();
    expect(findJsonProblem(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(findJsonProblem('text')).toBeNull();
    expect(findJsonProblem(null)).toBeNull();
  });

  test('too deep, without overflowing on 100,000 levels', () => {
    expect(findJsonProblem(nest(MAX_JSON_DEPTH + 1))).toEqual({ kind: 'depth', path: `${'[0]'.repeat(MAX_JSON_DEPTH)}` });
    const problem = findJsonProblem(nest(100_000))!;
    expect(problem.kind).toBe('depth');
    expect(describeJsonProblem(problem)).toBe('body is nested deeper than 32 levels');
    expect(describeJsonProblem(findJsonProblem({ input: nest(40) })!)).toBe('input is nested deeper than 32 levels');
  });

  test('the first lone surrogate, in a value or a key, by its field path', () => {
    expect(findJsonProblem({ roles: ['ok', { name: 'x\ud800' }] })).toEqual({ kind: 'unicode', path: 'roles[1].name' });
    expect(findJsonProblem({ 'a b': { '\udc00': 1 } })).toEqual({ kind: 'unicode', path: '["a b"]["\uFFFD"]' });
    expect(describeJsonProblem({ kind: 'unicode', path: 'packageId' })).toBe('packageId is not well-formed Unicode (it holds a lone UTF-16 surrogate)');
    expect(describeJsonProblem({ kind: 'unicode', path: '' })).toBe('body is not well-formed Unicode (it holds a lone UTF-16 surrogate)');
  });
});
