// The file params of HTTP and agent steps: what the builder and the engine
// accept, and the messages (by param path) for what they do not.
import { nodeProblems } from './nodeProblems.js';
import { fileExpressionSource, parseNodeParams } from './params.js';

const http = (extra: Record<string, unknown>) => ({ method: 'POST', url: 'https://api.example.com/upload', ...extra });
const agent = (extra: Record<string, unknown>) => ({ name: 'Reader', role: 'You read.', promptTemplate: 'Read.', ...extra });
const problems = (type: 'http' | 'agent', params: unknown) => nodeProblems({ id: 'n', type, params }).map((p) => [p.path, p.message]);

describe('file expressions', () => {
  test.each([
    ['{{ input.report }}', 'input.report'],
    ['  {{input.photos[0]}} ', 'input.photos[0]'],
    ['input.report', 'input.report'],
    // Two placeholders are not one expression: left as written (and refused as JSONata).
    ['{{ a }} and {{ b }}', '{{ a }} and {{ b }}'],
  ])('%s is evaluated as %s', (written, source) => {
    expect(fileExpressionSource(written)).toBe(source);
  });
});

describe('HTTP step file params', () => {
  test('today’s params still parse, without any file param', () => {
    expect(parseNodeParams('http', http({ body: '{"a": 1}' })).success).toBe(true);
  });

  test('multipart with form fields, a file and its part name; a raw file body; keeping every answer', () => {
    expect(parseNodeParams('http', http({ bodyKind: 'multipart', file: '{{ input.report }}', fileField: 'document', formFields: { title: 'Report {{ input.id }}' } })).success).toBe(true);
    expect(parseNodeParams('http', http({ method: 'PUT', bodyKind: 'file', file: 'input.photo' })).success).toBe(true);
    expect(parseNodeParams('http', http({ method: 'GET', saveResponse: 'always' })).success).toBe(true);
  });

  test('a file body needs its file and a method with a body; bad values are named by path', () => {
    expect(problems('http', http({ bodyKind: 'file' }))).toEqual([['file', 'is required']]);
    expect(problems('http', http({ method: 'GET', bodyKind: 'multipart', file: '{{ input.report }}' }))).toEqual([['bodyKind', 'a GET request cannot send a file: pick POST, PUT or PATCH']]);
    expect(problems('http', http({ bodyKind: 'zip' }))).toEqual([['bodyKind', 'must be one of template, multipart, file']]);
    expect(problems('http', http({ saveResponse: 'never' }))).toEqual([['saveResponse', 'must be one of binary, always']]);
    expect(problems('http', http({ bodyKind: 'file', file: '{{ input.( }}' }))[0]?.[0]).toBe('file');
    expect(problems('http', http({ bodyKind: 'file', file: '{{ input.( }}' }))[0]?.[1]).toMatch(/^is not a valid expression: /);
    expect(problems('http', http({ bodyKind: 'multipart', file: 'input.f', fileField: 'bad name' }))).toEqual([['fileField', 'must contain only letters, digits, "_", "-", "." and brackets']]);
    expect(problems('http', http({ bodyKind: 'multipart', file: 'input.f', formFields: { title: '{{ input. }}' } }))[0]?.[0]).toBe('formFields.title');
  });
});

describe('agent step files', () => {
  test('a list of file expressions, or none', () => {
    expect(parseNodeParams('agent', agent({ files: ['{{ input.report }}', 'input.attachments'] })).success).toBe(true);
    expect(parseNodeParams('agent', agent({})).success).toBe(true);
  });

  test('an empty or broken expression, or too many, is named by its index', () => {
    expect(problems('agent', agent({ files: ['{{ input.report }}', ' '] }))).toEqual([['files.1', 'is required']]);
    expect(problems('agent', agent({ files: ['input.('] }))[0]?.[0]).toBe('files.0');
    expect(problems('agent', agent({ files: Array.from({ length: 11 }, (_, i) => `input.f${i}`) }))).toEqual([['files', 'must have at most 10 files']]);
  });
});
