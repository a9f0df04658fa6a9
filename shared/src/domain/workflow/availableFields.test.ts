// The field picker's list: upstream outputs from their schemas and from sample data.
import type { Workflow, WorkflowNode } from './model.js';
import { defaultParams } from './params.js';
import { availableFields, sampleText } from './availableFields.js';

const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown>, name = id): WorkflowNode => ({ id, type, name, position: { x: 0, y: 0 }, params });

/** manual_1 (first name, amount) → extract (JSON: stage) → `agent-2` (text) → shape (transform); check hangs off extract. */
function workflow(): Pick<Workflow, 'nodes' | 'edges'> {
  return {
    nodes: [
      node('manual_1', 'trigger.manual', {
        inputSchema: [
          { key: 'first_name', label: 'First name', type: 'string', required: true },
          { key: 'amount', label: 'Amount', type: 'number', required: false },
        ],
      }, 'Start'),
      node('extract', 'agent', { ...defaultParams('agent'), output: { type: 'json', schema: { type: 'object', properties: { stage: { type: 'string', description: 'Deal stage' } } } } }, 'Extract'),
      node('agent-2', 'agent', defaultParams('agent'), 'Writer'),
      node('shape', 'transform', { mapping: '$' }, 'Shape'),
      node('check', 'condition', { expression: 'true' }, 'Check'),
    ],
    edges: [
      { id: 'e1', source: 'manual_1', target: 'extract' },
      { id: 'e2', source: 'extract', target: 'agent-2' },
      { id: 'e3', source: 'agent-2', target: 'shape' },
      { id: 'e4', source: 'extract', target: 'check' },
    ],
  };
}

describe('availableFields', () => {
  test('from schemas: the run input, then each upstream node nearest first, with the reference to insert', () => {
    expect(availableFields(workflow(), 'shape')).toEqual([
      {
        key: 'input',
        nodeId: 'manual_1',
        name: 'Start',
        nodeType: 'trigger.manual',
        reference: 'input',
        type: 'object',
        open: false,
        hasSample: false,
        fields: [
          { name: 'first_name', path: ['first_name'], reference: 'input.first_name', type: 'string', description: 'First name', from: 'schema' },
          { name: 'amount', path: ['amount'], reference: 'input.amount', type: 'number', description: 'Amount', from: 'schema' },
        ],
      },
      { key: 'agent-2', nodeId: 'agent-2', name: 'Writer', nodeType: 'agent', reference: '`agent-2`', type: 'string', open: false, hasSample: false, fields: [] },
      {
        key: 'extract',
        nodeId: 'extract',
        name: 'Extract',
        nodeType: 'agent',
        reference: 'extract',
        type: 'object',
        open: false,
        hasSample: false,
        fields: [{ name: 'stage', path: ['stage'], reference: 'extract.stage', type: 'string', description: 'Deal stage', from: 'schema' }],
      },
    ]);
  });

  test('from sample data: fields the schema has get a sample value, fields only the data has are added, nested and in lists', () => {
    const samples = {
      input: { first_name: 'Ada', amount: 1200, 'last name': 'Lovelace' },
      extract: { stage: 'won', lines: [{ sku: 'A-1', qty: 2 }, { sku: 'B-2', note: 'x'.repeat(80) }] },
    };
    const [input, , extract] = availableFields(workflow(), 'shape', samples);
    expect(input!.hasSample).toBe(true);
    expect(input!.sample).toBe('{"first_name":"Ada","amount":1200,"last name":"Lovelace"}');
    expect(input!.fields).toEqual([
      { name: 'first_name', path: ['first_name'], reference: 'input.first_name', type: 'string', description: 'First name', sample: '"Ada"', from: 'both' },
      { name: 'amount', path: ['amount'], reference: 'input.amount', type: 'number', description: 'Amount', sample: '1200', from: 'both' },
      { name: 'last name', path: ['last name'], reference: 'input.`last name`', type: 'string', sample: '"Lovelace"', from: 'sample' },
    ]);
    expect(extract!.fields).toEqual([
      { name: 'stage', path: ['stage'], reference: 'extract.stage', type: 'string', description: 'Deal stage', sample: '"won"', from: 'both' },
      {
        name: 'lines',
        path: ['lines'],
        reference: 'extract.lines',
        type: 'array',
        sample: sampleText(samples.extract.lines),
        from: 'sample',
        children: [
          { name: 'sku', path: ['lines', 'sku'], reference: 'extract.lines.sku', type: 'string', sample: '"A-1"', from: 'sample' },
          { name: 'qty', path: ['lines', 'qty'], reference: 'extract.lines.qty', type: 'number', sample: '2', from: 'sample' },
          { name: 'note', path: ['lines', 'note'], reference: 'extract.lines.note', type: 'string', sample: `"${'x'.repeat(58)}…`, from: 'sample' },
        ],
      },
    ]);
  });

  test('an open output (a transform) lists what its pinned output shows when no sample is given', () => {
    const wf = workflow();
    wf.nodes[3] = { ...wf.nodes[3]!, pinned: { output: { total: 3, ok: true }, pinnedAt: '2026-01-01T00:00:00.000Z' } };
    wf.nodes.push(node('out', 'output', {}));
    wf.edges.push({ id: 'e5', source: 'shape', target: 'out' });
    const shape = availableFields(wf, 'out').find((s) => s.key === 'shape')!;
    expect(shape).toEqual({
      key: 'shape',
      nodeId: 'shape',
      name: 'Shape',
      nodeType: 'transform',
      reference: 'shape',
      type: 'object',
      open: true,
      hasSample: true,
      sample: '{"total":3,"ok":true}',
      fields: [
        { name: 'total', path: ['total'], reference: 'shape.total', type: 'number', sample: '3', from: 'sample' },
        { name: 'ok', path: ['ok'], reference: 'shape.ok', type: 'boolean', sample: 'true', from: 'sample' },
      ],
    });
    // A given sample wins over the pin.
    expect(availableFields(wf, 'out', { shape: { other: 1 } }).find((s) => s.key === 'shape')!.fields.map((f) => f.name)).toEqual(['other']);
  });

  test('a node off the main line sees only its own upstream; a trigger and an unknown node see nothing', () => {
    expect(availableFields(workflow(), 'check').map((s) => s.key)).toEqual(['input', 'extract']);
    expect(availableFields(workflow(), 'extract').map((s) => s.key)).toEqual(['input']);
    expect(availableFields(workflow(), 'manual_1')).toEqual([]);
    expect(availableFields(workflow(), 'ghost')).toEqual([]);
  });

  test('the trigger’s sample may be given under input, trigger or its key', () => {
    expect(availableFields(workflow(), 'extract', { trigger: { amount: 5 } })[0]!.fields[1]!.sample).toBe('5');
    expect(availableFields(workflow(), 'extract', { manual_1: { amount: 6 } })[0]!.fields[1]!.sample).toBe('6');
  });
  test('a step whose failures are handled also offers { error, input } to its successors; one that stops the run does not', () => {
    const wf = workflow();
    const fieldsOf = (w: Pick<Workflow, 'nodes' | 'edges'>) => availableFields(w, 'check').find((source) => source.key === 'extract')!.fields;
    expect(fieldsOf(wf).map((f) => f.name)).toEqual(['stage']);
    for (const onError of ['continue', 'branch'] as const) {
      const handled = { ...wf, nodes: wf.nodes.map((n) => (n.id === 'extract' ? { ...n, settings: { onError } } : n)) };
      const fields = fieldsOf(handled);
      expect(fields.map((f) => f.name)).toEqual(['stage', 'error', 'input']);
      expect(fields[1]!.children!.map((f) => f.reference)).toEqual(['extract.error.message', 'extract.error.code']);
      expect(fields[2]).toMatchObject({ reference: 'extract.input', open: true });
    }
  });
});
