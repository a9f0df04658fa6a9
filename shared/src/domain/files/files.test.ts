// The pure file rules: references found in any value, names made safe,
// accepted types, and sizes written as people read them in five languages.
import { cleanFileName, formatBytes, typeAccepted } from './model';
import { fileRefsIn, isFileRef } from './refs';

const ref = (fileId: string) => ({ fileId, name: `${fileId}.pdf`, contentType: 'application/pdf', size: 10 });

test('fileRefsIn finds each file once, at any depth, and nothing else', () => {
  const a = ref('AAAAAAAAAAAAAAAAAAAA');
  const b = ref('BBBBBBBBBBBBBBBBBBBB');
  expect(fileRefsIn({ input: { photo: a }, steps: [[{ out: b }], { again: a }], name: 'x', fileId: 'not a ref' })).toEqual([a, b]);
  expect(fileRefsIn(null)).toEqual([]);
  expect(isFileRef({ ...a, extra: 1 })).toBe(false);
  expect(isFileRef({ ...a, fileId: '../etc/passwd' })).toBe(false);
});

test('cleanFileName keeps a name and drops paths and control characters', () => {
  expect(cleanFileName('C:\\Users\\ada\\report "final".pdf')).toBe('report final.pdf');
  expect(cleanFileName('../../etc/passwd')).toBe('passwd');
  expect(cleanFileName('..')).toBe('file');
  expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
  expect(cleanFileName('x'.repeat(300)).length).toBe(255);
});

test('typeAccepted takes exact types and families; an empty list takes all', () => {
  expect(typeAccepted('image/png', ['image/*'])).toBe(true);
  expect(typeAccepted('application/pdf', ['image/*'])).toBe(false);
  expect(typeAccepted('application/pdf', ['image/*', 'application/pdf'])).toBe(true);
  expect(typeAccepted('application/x-elf', [])).toBe(true);
});

test.each([
  [undefined, ['512 B', '1.5 kB', '5.0 MB', '25 MB', '2.0 GB']],
  ['en', ['512\u00a0B', '1.5\u00a0kB', '5.0\u00a0MB', '25\u00a0MB', '2.0\u00a0GB']],
  ['de', ['512\u00a0B', '1,5\u00a0kB', '5,0\u00a0MB', '25\u00a0MB', '2,0\u00a0GB']],
  // French sets units off with a narrow no-break space.
  ['fr', ['512\u00a0B', '1,5\u202fko', '5,0\u202fMo', '25\u202fMo', '2,0\u202fGo']],
])('formatBytes in %s', (language, expected) => {
  expect([512, 1500, 5_000_000, 25_000_000, 2_000_000_000].map((bytes) => formatBytes(bytes, language))).toEqual(expected);
});
