// The one table of params that hold JSONata.
import { expressionKindAt, expressionParamsOf, withParamAt } from './expressionParams.js';

describe('expressionParamsOf', () => {
  test('lists every JSONata string param of a node, with its path and kind, record keys sorted', () => {
    const params = {
      name: 'A',
      role: 'R',
      promptTemplate: 'Hi {{ input.name }}',
      tools: { http: [{ name: 't', url: 'https://x/{{ input.id }}', headers: { 'X-B': '{{ b }}', 'X-A': 'literal', 'X.Dot': '{{ c }}' } }], delegates: ['x'] },
      files: ['{{ input.report }}', 'input.photos'],
    };
    expect(expressionParamsOf({ type: 'agent', params }).map(({ path, segments, kind, syntax }) => ({ path, segments, kind, syntax }))).toEqual([
      { path: 'promptTemplate', segments: ['promptTemplate'], kind: 'template', syntax: 'problems' },
      { path: 'tools.http.0.url', segments: ['tools', 'http', 0, 'url'], kind: 'template', syntax: 'problems' },
      { path: 'tools.http.0.headers.X-A', segments: ['tools', 'http', 0, 'headers', 'X-A'], kind: 'template', syntax: 'problems' },
      { path: 'tools.http.0.headers.X-B', segments: ['tools', 'http', 0, 'headers', 'X-B'], kind: 'template', syntax: 'problems' },
      { path: 'tools.http.0.headers.X.Dot', segments: ['tools', 'http', 0, 'headers', 'X.Dot'], kind: 'template', syntax: 'problems' },
      { path: 'files.0', segments: ['files', 0], kind: 'file', syntax: 'schema' },
      { path: 'files.1', segments: ['files', 1], kind: 'file', syntax: 'schema' },
    ]);
  });

  test('app values at any depth; nothing for triggers and approvals; malformed params give what is there', () => {
    const app = { connector: 'slack', operation: 'post', params: { text: 'a', blocks: [{ text: 'b' }, 3], n: 2 } };
    expect(expressionParamsOf({ type: 'connector', params: app }).map((p) => [p.path, p.value])).toEqual([
      ['params.blocks.0.text', 'b'],
      ['params.text', 'a'],
    ]);
    expect(expressionParamsOf({ type: 'trigger.manual', params: { inputSchema: [] } })).toEqual([]);
    expect(expressionParamsOf({ type: 'approval', params: { message: '{{ x }}' } })).toEqual([]);
    expect(expressionParamsOf({ type: 'condition', params: null })).toEqual([]);
    expect(expressionParamsOf({ type: 'condition', params: { expression: 5 } })).toEqual([]);
    expect(expressionParamsOf({ type: 'http', params: { method: 'GET', url: 'u', headers: 'x', body: 'b' } }).map((p) => p.path)).toEqual(['url', 'body']);
  });
});

describe('expressionKindAt', () => {
  test.each<[Parameters<typeof expressionKindAt>[0], string | (string | number)[], ReturnType<typeof expressionKindAt>]>([
    ['condition', 'expression', 'expression'],
    ['transform', 'mapping', 'expression'],
    ['http', 'headers.Authorization', 'template'],
    ['http', ['headers', 'X.Dot'], 'template'],
    ['http', 'method', null],
    ['http', 'headers', null],
    ['agent', 'tools.http.3.url', 'template'],
    ['agent', 'tools.http.3.name', null],
    ['agent', 'files.0', 'file'],
    ['connector', 'params.properties.description', 'template'],
    ['connector', 'params', null],
    ['approval', 'message', null],
  ])('%s %j → %s', (type, path, kind) => {
    expect(expressionKindAt(type, path)).toBe(kind);
  });
});

describe('withParamAt', () => {
  test('replaces one value, copying along the path and sharing the rest', () => {
    const params = { tools: { http: [{ url: 'a' }, { url: 'b' }], delegates: [] }, name: 'n' };
    const next = withParamAt(params, ['tools', 'http', 1, 'url'], 'c') as typeof params;
    expect(next).toEqual({ tools: { http: [{ url: 'a' }, { url: 'c' }], delegates: [] }, name: 'n' });
    expect(next.tools.http[0]).toBe(params.tools.http[0]);
    expect(params.tools.http[1]!.url).toBe('b');
  });
});
