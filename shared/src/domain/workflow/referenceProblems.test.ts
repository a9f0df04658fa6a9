// An unknown reference is a problem: a root that is no node, a node that does not run before, a field its schema does not have.
import type { Workflow, WorkflowNode } from './model.js';
import { defaultParams } from './params.js';
import { referenceProblems } from './referenceProblems.js';
import { validateWorkflow } from './validate.js';

const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown>): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });

/** manual_1 (name, amount) → extract (JSON: stage, items[{sku}]) → check (condition) → notify (http); side (transform) hangs off the trigger. */
function workflow(): Workflow {
  return {
    id: 'wf',
    ownerId: 'u',
    organizationId: null,
    name: 'W',
    description: '',
    category: 'ai',
    industry: 'general',
    tags: [],
    visibility: 'private',
    version: 1,
    createdAt: null,
    updatedAt: null,
    nodes: [
      node('manual_1', 'trigger.manual', {
        inputSchema: [
          { key: 'name', label: 'Name', type: 'string', required: true },
          { key: 'amount', label: 'Amount', type: 'number', required: false },
        ],
      }),
      node('extract', 'agent', {
        ...defaultParams('agent'),
        promptTemplate: 'Read {{ input.name }} ({{ trigger.amount }}, {{ manual_1.name }})',
        output: {
          type: 'json',
          schema: { type: 'object', properties: { stage: { type: 'string' }, items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } } } },
        },
      }),
      node('check', 'condition', { expression: 'extract.stage = "won" and $count(extract.items.sku) > 0' }),
      node('notify', 'http', { method: 'POST', url: 'https://x.example/{{ extract.stage }}', headers: {}, body: '{{ notify_me.status }}' }),
      node('side', 'transform', { mapping: '{"s": side_input}' }),
    ],
    edges: [
      { id: 'e1', source: 'manual_1', target: 'extract' },
      { id: 'e2', source: 'extract', target: 'check' },
      { id: 'e3', source: 'check', sourceHandle: 'true', target: 'notify' },
      { id: 'e4', source: 'manual_1', target: 'side' },
    ],
  };
}

describe('referenceProblems', () => {
  test('references to the run input, the trigger by key and upstream fields in their schema are fine', () => {
    const wf = workflow();
    expect(referenceProblems(wf, 'extract')).toEqual([]);
    expect(referenceProblems(wf, 'check')).toEqual([]);
  });

  test('a reference to a node that does not exist: unknown-reference', () => {
    expect(referenceProblems(workflow(), 'notify')).toEqual([
      {
        code: 'invalid-expression',
        nodeId: 'notify',
        path: 'body',
        message: '"notify_me.status" refers to "notify_me", which is not a node of this workflow',
        reason: 'unknown-reference',
        params: { reference: 'notify_me.status', node: 'notify_me' },
      },
    ]);
    // The issue's own example: an agent_1 that is not there.
    const wf = workflow();
    (wf.nodes[2]!.params as { expression: string }).expression = 'agent_1.score >= 70';
    expect(referenceProblems(wf, 'check')).toEqual([
      {
        code: 'invalid-expression',
        nodeId: 'check',
        path: 'expression',
        message: '"agent_1.score" refers to "agent_1", which is not a node of this workflow',
        reason: 'unknown-reference',
        params: { reference: 'agent_1.score', node: 'agent_1' },
      },
    ]);
  });

  test('a reference to a node that exists but does not run before: not-upstream (downstream, a side branch, itself)', () => {
    const wf = workflow();
    (wf.nodes[4]!.params as { mapping: string }).mapping = '[extract.stage, check, side, notify.status]';
    expect(referenceProblems(wf, 'side').map(({ reason, params }) => ({ reason, params }))).toEqual([
      { reason: 'not-upstream', params: { reference: 'extract.stage', node: 'extract' } },
      { reason: 'not-upstream', params: { reference: 'check', node: 'check' } },
      { reason: 'not-upstream', params: { reference: 'side', node: 'side' } },
      { reason: 'not-upstream', params: { reference: 'notify.status', node: 'notify' } },
    ]);
  });

  test('a field a closed schema does not have: unknown-field, naming the first missing field; open outputs are not checked', () => {
    const wf = workflow();
    (wf.nodes[2]!.params as { expression: string }).expression = 'extract.score > input.age and extract.items.price > 0 and extract.stage.x and input.name';
    expect(referenceProblems(wf, 'check')).toEqual([
      {
        code: 'invalid-expression',
        nodeId: 'check',
        path: 'expression',
        message: '"extract.score": the output of "extract" has no field "score"',
        reason: 'unknown-field',
        params: { reference: 'extract.score', node: 'extract', field: 'score' },
      },
      expect.objectContaining({ reason: 'unknown-field', params: { reference: 'input.age', node: 'input', field: 'age' } }),
      expect.objectContaining({ reason: 'unknown-field', params: { reference: 'extract.items.price', node: 'extract', field: 'price' } }),
      expect.objectContaining({ reason: 'unknown-field', params: { reference: 'extract.stage.x', node: 'extract', field: 'x' } }),
    ]);
    // An HTTP body, a transform's result and a webhook's delivery may hold anything.
    wf.nodes[4] = node('side', 'http', { method: 'GET', url: 'https://x.example', headers: {} });
    wf.nodes.push(node('after', 'transform', { mapping: 'side.body.deep.field & side.headers.etag' }), node('after2', 'output', { mapping: 'after.anything' }));
    wf.edges.push({ id: 'e5', source: 'side', target: 'after' }, { id: 'e6', source: 'after', target: 'after2' });
    expect(referenceProblems(wf, 'after')).toEqual([]);
    expect(referenceProblems(wf, 'after2')).toEqual([]);
    (wf.nodes[5]!.params as { mapping: string }).mapping = 'side.data';
    expect(referenceProblems(wf, 'after').map((p) => p.params)).toEqual([{ reference: 'side.data', node: 'side', field: 'data' }]);
  });

  test('a delegate agent may read what its delegator’s step input holds, not the delegator itself', () => {
    const wf = workflow();
    wf.nodes.push(node('boss', 'agent', { ...defaultParams('agent'), tools: { http: [], delegates: ['helper'] } }));
    wf.nodes.push(node('helper', 'agent', { ...defaultParams('agent'), promptTemplate: '{{ extract.stage }} {{ input.name }} {{ boss }}' }));
    wf.edges.push({ id: 'e5', source: 'extract', target: 'boss' });
    expect(referenceProblems(wf, 'helper').map(({ reason, params }) => ({ reason, params }))).toEqual([{ reason: 'not-upstream', params: { reference: 'boss', node: 'boss' } }]);
  });

  test('each reference once per param, and a param that does not parse is left to the syntax check', () => {
    const wf = workflow();
    (wf.nodes[3]!.params as { body: string }).body = '{{ ghost.a }} {{ ghost.a }} {{ ghost. }}';
    expect(referenceProblems(wf, 'notify').map((p) => p.params?.reference)).toEqual(['ghost.a']);
  });

  test('validateWorkflow lists them after the node’s own problems, and a trigger refers to nothing', () => {
    const wf = workflow();
    expect(validateWorkflow(wf).map(({ code, nodeId, path, reason }) => ({ code, nodeId, path, reason }))).toEqual([
      { code: 'invalid-expression', nodeId: 'notify', path: 'body', reason: 'unknown-reference' },
      { code: 'invalid-expression', nodeId: 'side', path: 'mapping', reason: 'unknown-reference' },
    ]);
    expect(referenceProblems(wf, 'manual_1')).toEqual([]);
    expect(referenceProblems(wf, 'ghost')).toEqual([]);
  });
});

describe('several triggers', () => {
  it('reads input fields from any trigger upstream: missing only when no trigger has the field', async () => {
    const { referenceProblems: problemsOf } = await import('./referenceProblems.js');
    const nodes = [
      { id: 'hand', type: 'trigger.manual' as const, params: { inputSchema: [{ key: 'lead', label: 'Lead', type: 'text' }] } },
      { id: 'cron', type: 'trigger.schedule' as const, params: { cron: '0 9 * * *', timeZone: 'UTC' } },
      { id: 'out', type: 'output' as const, params: { mapping: '{"a": input.lead, "b": input.scheduledFor, "c": input.nowhere}' } },
    ];
    const both = { nodes, edges: [{ source: 'hand', target: 'out' }, { source: 'cron', target: 'out' }] };
    const manualOnly = { nodes, edges: [{ source: 'hand', target: 'out' }] };
    const reasons = (wf: typeof both) => problemsOf(wf, 'out').map((p) => `${p.reason}:${String(p.params?.reference)}`);
    expect(reasons(manualOnly)).toEqual(['unknown-field:input.scheduledFor', 'unknown-field:input.nowhere']);
    expect(reasons(both)).toEqual(['unknown-field:input.nowhere']);
  });
});

test("a node whose failures are handled ('continue' / 'branch') may be read as its failure's { error, input }; under 'stop' those fields are unknown", () => {
  const wf = workflow();
  (wf.nodes[2]!.params as { expression: string }).expression = 'extract.error.message = "x" or extract.input.name = "y"';
  expect(referenceProblems(wf, 'check').map((p) => p.params?.reference)).toEqual(['extract.error', 'extract.input']);
  for (const onError of ['continue', 'branch'] as const) {
    wf.nodes[1] = { ...wf.nodes[1]!, settings: { onError } };
    expect(referenceProblems(wf, 'check')).toEqual([]);
  }
});

