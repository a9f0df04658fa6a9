// What each node type outputs, as the engine produces it.
import { defaultParams } from './params.js';
import { missingField, nodeOutput, outputFromJsonSchema } from './outputs.js';

const FILE_REF = [
  { name: 'fileId', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'contentType', type: 'string' },
  { name: 'size', type: 'number' },
];

describe('nodeOutput', () => {
  test('a manual trigger outputs exactly its input fields (a file field is a file reference)', () => {
    const params = {
      inputSchema: [
        { key: 'name', label: 'Full name', type: 'string', required: true },
        { key: 'notes', label: 'Notes', type: 'text', required: false },
        { key: 'amount', label: 'Amount', type: 'number', required: false },
        { key: 'vip', label: 'VIP', type: 'boolean', required: false },
        { key: 'report', label: 'Report', type: 'file', required: false },
      ],
    };
    expect(nodeOutput({ type: 'trigger.manual', params })).toEqual({
      type: 'object',
      open: false,
      fields: [
        { name: 'name', type: 'string', description: 'Full name' },
        { name: 'notes', type: 'string', description: 'Notes' },
        { name: 'amount', type: 'number', description: 'Amount' },
        { name: 'vip', type: 'boolean', description: 'VIP' },
        { name: 'report', type: 'object', description: 'Report', children: FILE_REF },
      ],
    });
  });

  test('the other triggers: a schedule its tick, a webhook whatever is delivered, an app trigger its declared item', () => {
    expect(nodeOutput({ type: 'trigger.schedule', params: defaultParams('trigger.schedule') })).toEqual({
      type: 'object',
      open: false,
      fields: [{ name: 'scheduledFor', type: 'string', description: 'ISO date-time of the tick' }],
    });
    expect(nodeOutput({ type: 'trigger.webhook', params: defaultParams('trigger.webhook') })).toEqual({ type: 'any', fields: [], open: true });
    expect(nodeOutput({ type: 'trigger.poll', params: defaultParams('trigger.poll') })).toEqual({
      type: 'object',
      open: false,
      fields: [
        { name: 'id', type: 'string' },
        { name: 'version', type: 'string', description: 'The deal id and its last change: new for every update' },
        { name: 'updatedAt', type: 'string' },
        { name: 'properties', type: 'object', children: [], open: true },
      ],
    });
  });

  test('an agent: a string for text, its schema for JSON', () => {
    expect(nodeOutput({ type: 'agent', params: defaultParams('agent') })).toEqual({ type: 'string', fields: [], open: false });
    const schema = {
      type: 'object',
      properties: {
        score: { type: 'integer', description: '0-100' },
        tier: { enum: ['hot', 'cold'] },
        reasons: { type: 'array', items: { type: 'string' } },
        contacts: { type: 'array', items: { type: 'object', properties: { email: { type: ['string', 'null'] } } } },
        extra: { type: 'object', additionalProperties: true, properties: { a: { type: 'boolean' } } },
        anything: {},
      },
    };
    expect(nodeOutput({ type: 'agent', params: { ...defaultParams('agent'), output: { type: 'json', schema } } })).toEqual({
      type: 'object',
      open: false,
      fields: [
        { name: 'score', type: 'number', description: '0-100' },
        { name: 'tier', type: 'string' },
        { name: 'reasons', type: 'array', children: [] },
        { name: 'contacts', type: 'array', children: [{ name: 'email', type: 'string' }] },
        { name: 'extra', type: 'object', children: [{ name: 'a', type: 'boolean' }], open: true },
        { name: 'anything', type: 'any', open: true },
      ],
    });
    // A schema without properties says nothing about fields.
    expect(nodeOutput({ type: 'agent', params: { ...defaultParams('agent'), output: { type: 'json', schema: { type: 'object' } } } })).toEqual({ type: 'object', fields: [], open: true });
  });

  test('HTTP: status, headers, body (or the file it was kept as); approval: the decision; condition: a boolean', () => {
    expect(nodeOutput({ type: 'http', params: defaultParams('http') }).fields.map((f) => [f.name, f.type, f.open ?? false])).toEqual([
      ['status', 'number', false],
      ['headers', 'object', true],
      ['body', 'any', true],
      ['file', 'object', false],
    ]);
    expect(nodeOutput({ type: 'http', params: { ...defaultParams('http'), saveResponse: 'always' } }).fields.map((f) => f.name)).toEqual(['status', 'headers', 'file']);
    expect(nodeOutput({ type: 'approval', params: defaultParams('approval') }).fields.map((f) => f.name)).toEqual(['approved', 'by', 'byEmail', 'comment', 'decidedAt', 'attachments']);
    expect(nodeOutput({ type: 'condition', params: defaultParams('condition') })).toEqual({ type: 'boolean', fields: [], open: false });
  });

  test('an app step outputs its operation’s declared output; an unknown operation, a transform and an output are open', () => {
    const deal = nodeOutput({ type: 'connector', params: defaultParams('connector') });
    expect(deal.open).toBe(false);
    expect(deal.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['id']));
    expect(nodeOutput({ type: 'connector', params: { connector: 'hubspot', operation: 'nope', params: {} } }).open).toBe(true);
    expect(nodeOutput({ type: 'transform', params: { mapping: '$' } }).open).toBe(true);
    expect(nodeOutput({ type: 'output', params: {} }).open).toBe(true);
  });
});

describe('missingField', () => {
  const output = outputFromJsonSchema({
    type: 'object',
    properties: { a: { type: 'object', properties: { b: { type: 'string' } } }, list: { type: 'array', items: { type: 'object', properties: { c: { type: 'number' } } } }, free: {} },
  });
  test.each<[string[], ReturnType<typeof missingField>]>([
    [[], null],
    [['a'], null],
    [['a', 'b'], null],
    [['list', 'c'], null],
    [['free', 'x', 'y'], null],
    [['z'], { field: 'z', depth: 0 }],
    [['a', 'z'], { field: 'z', depth: 1 }],
    [['a', 'b', 'length'], { field: 'length', depth: 2 }],
    [['list', 'd'], { field: 'd', depth: 1 }],
  ])('%j → %j', (path, missing) => {
    expect(missingField(output, path)).toEqual(missing);
  });
});
