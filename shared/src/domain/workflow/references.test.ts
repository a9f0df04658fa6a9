// References by name: resolution (which roots an expression reads) and rename propagation.
import type { Workflow, WorkflowNode } from './model.js';
import { nodeKeyProblem, referenceFor, referencesOf, renameInSource, renameNodeKey } from './references.js';

const roots = (source: string, kind?: Parameters<typeof referencesOf>[1]) => referencesOf(source, kind).map(({ root, path }) => ({ root, path }));

describe('referenceFor', () => {
  test.each<[string, string[], string]>([
    ['extract', ['stage'], 'extract.stage'],
    ['agent-1', ['score'], '`agent-1`.score'],
    ['trigger', ['first name'], 'trigger.`first name`'],
    ['input', [], 'input'],
    ['agent_1', ['items', 'unit_price'], 'agent_1.items.unit_price'],
    ['http_1', ['body', 'and', '2nd'], 'http_1.body.`and`.`2nd`'],
    ['trigger', ['a`b', 'c'], '$lookup(trigger, "a`b").c'],
  ])('%s %j → %s', (key, path, text) => {
    expect(referenceFor(key, path)).toBe(text);
    // What it writes reads back as the same reference (but for $lookup, which reads no further).
    if (!text.startsWith('$lookup')) expect(roots(text)).toEqual([{ root: key, path }]);
  });
});

describe('referencesOf', () => {
  test('names the root and the field path of every path read from the step input', () => {
    expect(referencesOf('agent_1.score >= 70 and `agent-1`.tier = "hot"')).toEqual([
      { root: 'agent_1', path: ['score'], start: 0, end: 7 },
      { root: 'agent-1', path: ['tier'], start: 24, end: 33 },
    ]);
  });

  test('only roots: not later steps, filters, groups, string literals or variables', () => {
    expect(roots('extract.items[status = "open"].name')).toEqual([{ root: 'extract', path: ['items', 'name'] }]);
    expect(roots('orders{customer: total}')).toEqual([{ root: 'orders', path: [] }]);
    expect(roots('"extract" & $x.stage & $lowercase(input.name)')).toEqual([{ root: 'input', path: ['name'] }]);
    expect(roots('($v := http_1.body; $v.items)')).toEqual([{ root: 'http_1', path: ['body'] }]);
    expect(roots('items.(price * qty)')).toEqual([{ root: 'items', path: [] }]);
    expect(roots('$')).toEqual([]);
    expect(roots('$string($)')).toEqual([]);
  });

  test('$$ and $ at the root lead to a reference, as do lambdas, conditions, objects and arrays', () => {
    expect(roots('$$.agent_1.score + $.input.count')).toEqual([
      { root: 'agent_1', path: ['score'] },
      { root: 'input', path: ['count'] },
    ]);
    expect(roots('$map(input.lines, function($l){ $l.qty * prices.unit })')).toEqual([
      { root: 'input', path: ['lines'] },
      { root: 'prices', path: ['unit'] },
    ]);
    expect(roots('score > 5 ? {"tier": tier.name, "all": [a, b.c]} : -d')).toEqual([
      { root: 'score', path: [] },
      { root: 'tier', path: ['name'] },
      { root: 'a', path: [] },
      { root: 'b', path: ['c'] },
      { root: 'd', path: [] },
    ]);
    // A string literal JSONata reads as a path step is a reference too.
    expect(roots('"extract".stage')).toEqual([{ root: 'extract', path: ['stage'] }]);
    // Inside a filter, $$ still is the step input.
    expect(roots('items[id = $$.input.id]')).toEqual([
      { root: 'items', path: [] },
      { root: 'input', path: ['id'] },
    ]);
  });

  test('templates: each {{ }} placeholder, offsets in the template; a broken one gives none', () => {
    expect(referencesOf('Hi {{ trigger.`first name` }}, your score is {{ agent_1.score }}', 'template')).toEqual([
      { root: 'trigger', path: ['first name'], start: 6, end: 13 },
      { root: 'agent_1', path: ['score'], start: 48, end: 55 },
    ]);
    expect(roots('{{ a. }} and {{ b.c }}', 'template')).toEqual([{ root: 'b', path: ['c'] }]);
    expect(roots('no placeholders: agent_1.score', 'template')).toEqual([]);
  });

  test('file expressions: one placeholder or bare JSONata', () => {
    expect(roots('{{ input.report }}', 'file')).toEqual([{ root: 'input', path: ['report'] }]);
    expect(roots('input.photos[0]', 'file')).toEqual([{ root: 'input', path: ['photos'] }]);
  });

  test('an expression that does not parse has none', () => {
    expect(referencesOf('agent_1.score >=')).toEqual([]);
  });
});

describe('nodeKeyProblem', () => {
  const wf = { nodes: [{ id: 'manual_1' }, { id: 'agent_1' }, { id: 'agent-2' }] as WorkflowNode[] };
  test.each<[string, string, ReturnType<typeof nodeKeyProblem>]>([
    ['agent_1', 'scorer', null],
    ['agent_1', 'agent_1', null],
    ['agent-2', 'agent-2', null],
    ['agent_1', 'Scorer', 'invalid-format'],
    ['agent_1', '1st', 'invalid-format'],
    ['agent_1', 'lead-score', 'invalid-format'],
    ['agent_1', 'a'.repeat(41), 'invalid-format'],
    ['agent_1', '', 'invalid-format'],
    ['agent_1', 'trigger', 'reserved'],
    ['agent_1', 'input', 'reserved'],
    ['agent_1', 'and', 'reserved'],
    ['agent_1', 'null', 'reserved'],
    ['agent_1', 'manual_1', 'taken'],
  ])('%s → %j: %s', (id, key, problem) => {
    expect(nodeKeyProblem(wf, id, key)).toBe(problem);
  });
});

describe('renameNodeKey', () => {
  const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown>): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
  const workflow = (): Pick<Workflow, 'nodes' | 'edges'> => ({
    nodes: [
      node('manual_1', 'trigger.manual', { inputSchema: [] }),
      node('agent-1', 'agent', { name: 'A', role: 'R', promptTemplate: 'Lead {{ input.name }}', tools: { http: [], delegates: ['writer'] } }),
      node('writer', 'agent', {
        name: 'W',
        role: 'R',
        promptTemplate: 'Score {{ `agent-1`.score }} of {{ $string(`agent-1`) }}; "agent-1" stays',
        tools: { http: [{ name: 't', description: 'd', method: 'GET', url: 'https://x.example/{{ `agent-1`.id }}', headers: { 'X-A': '{{`agent-1`.key}}' } }], delegates: [] },
        files: ['{{ `agent-1`.file }}'],
      }),
      node('check', 'condition', { expression: '`agent-1`.score >= 70 and $agent.x = "agent-1" and other.`agent-1`' }),
      node('call', 'http', { method: 'POST', url: 'https://x.example', headers: { 'X-Score': '{{ $$.`agent-1`.score }}' }, body: '{"s": {{ "agent-1".score }}}' }),
      node('app', 'connector', { connector: 'slack', operation: 'postMessage', params: { text: 'Score: {{ `agent-1`.score }}', blocks: [{ text: '{{ `agent-1`.tier }}' }] } }),
      node('boss', 'agent', { name: 'B', role: 'R', promptTemplate: 'x', tools: { http: [], delegates: ['agent-1'] } }),
    ],
    edges: [
      { id: 'e1', source: 'manual_1', target: 'agent-1' },
      { id: 'e2', source: 'agent-1', target: 'check' },
      { id: 'e3', source: 'check', sourceHandle: 'true', target: 'call' },
    ],
  });

  test('rewrites the id, the edges, the delegates and every reference root, leaving the rest byte for byte', () => {
    const before = workflow();
    const after = renameNodeKey(before, 'agent-1', 'scorer');
    const params = (id: string) => after.nodes.find((n) => n.id === id)!.params as Record<string, any>;
    expect(after.nodes.map((n) => n.id)).toEqual(['manual_1', 'scorer', 'writer', 'check', 'call', 'app', 'boss']);
    expect(after.edges).toEqual([
      { id: 'e1', source: 'manual_1', target: 'scorer' },
      { id: 'e2', source: 'scorer', target: 'check' },
      { id: 'e3', source: 'check', sourceHandle: 'true', target: 'call' },
    ]);
    expect(params('writer').promptTemplate).toBe('Score {{ scorer.score }} of {{ $string(scorer) }}; "agent-1" stays');
    expect(params('writer').tools.http[0].url).toBe('https://x.example/{{ scorer.id }}');
    expect(params('writer').tools.http[0].headers).toEqual({ 'X-A': '{{scorer.key}}' });
    expect(params('writer').files).toEqual(['{{ scorer.file }}']);
    expect(params('check').expression).toBe('scorer.score >= 70 and $agent.x = "agent-1" and other.`agent-1`');
    expect(params('call').headers).toEqual({ 'X-Score': '{{ $$.scorer.score }}' });
    expect(params('call').body).toBe('{"s": {{ "scorer".score }}}');
    expect(params('app').params).toEqual({ text: 'Score: {{ scorer.score }}', blocks: [{ text: '{{ scorer.tier }}' }] });
    expect(params('boss').tools.delegates).toEqual(['scorer']);
    // Untouched nodes are the same objects; the input is not changed.
    expect(after.nodes[0]).toBe(before.nodes[0]);
    expect(before.nodes[1]!.id).toBe('agent-1');
  });

  test('renaming back restores the workflow exactly', () => {
    const before = workflow();
    const there = renameNodeKey(before, 'agent-1', 'scorer');
    // 'agent-1' is not a valid new key, so rename the other way through a fresh one.
    const other = renameNodeKey(there, 'scorer', 'agent_1');
    expect((other.nodes[3]!.params as { expression: string }).expression).toBe('agent_1.score >= 70 and $agent.x = "agent-1" and other.`agent-1`');
  });

  test('refuses a key another node has or an invalid one, and a node that does not exist', () => {
    expect(() => renameNodeKey(workflow(), 'agent-1', 'writer')).toThrow('taken');
    expect(() => renameNodeKey(workflow(), 'agent-1', 'input')).toThrow('reserved');
    expect(() => renameNodeKey(workflow(), 'ghost', 'x')).toThrow('No node "ghost"');
    const same = workflow();
    expect(renameNodeKey(same, 'writer', 'writer')).toBe(same);
  });

  test('renameInSource: only roots named `from`, with backticks where the new key needs them', () => {
    expect(renameInSource('a.b + b.a + $a.b + "a"', 'expression', 'a', 'x_1')).toBe('x_1.b + b.a + $a.b + "a"');
    expect(renameInSource('{{ a }}{{a.a}}', 'template', 'a', 'b')).toBe('{{ b }}{{b.a}}');
  });
});
