import { NODE_TYPES, PINNED_OUTPUT_MAX_BYTES, WORKFLOW_LIMITS, type NodeType, type Workflow, type WorkflowNode, type WorkflowProblem } from './model.js';
import { defaultParams } from './params.js';
import { isWorkflowValid, validateWorkflow } from './validate.js';

const node = (id: string, type: NodeType, params: Record<string, unknown> = defaultParams(type) as Record<string, unknown>): WorkflowNode => ({
  id,
  type,
  name: id,
  position: { x: 0, y: 0 },
  params,
});

/** Lead qualification: trigger → agent (may delegate to a writer) → condition → http → approval → output, else transform → output. */
function leadWorkflow(): Workflow {
  return {
    id: 'wf-1',
    ownerId: 'user-1',
    organizationId: null,
    name: 'Lead qualification',
    description: 'Scores a lead and notifies sales.',
    category: 'ai',
    industry: 'sales',
    tags: ['leads'],
    visibility: 'private',
    version: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: null,
    nodes: [
      node('start', 'trigger.manual', { inputSchema: [{ key: 'lead', label: 'Lead', type: 'text', required: true }] }),
      node('qualify', 'agent', {
        name: 'Qualifier',
        role: 'You score B2B leads from 0 to 100.',
        promptTemplate: 'Score this lead: {{ input.lead }}',
        output: { type: 'json', schema: { type: 'object', properties: { score: { type: 'number' } } } },
        tools: { http: [{ name: 'crm', description: 'CRM lookup', method: 'GET', url: 'https://crm.example.com/{{ input.lead }}' }], delegates: ['writer'] },
      }),
      node('writer', 'agent', { name: 'Writer', role: 'You draft emails.', promptTemplate: 'Draft a follow-up for {{ input.lead }}' }),
      node('hot', 'condition', { expression: 'qualify.score >= 70' }),
      node('notify', 'http', { method: 'POST', url: 'https://hooks.example.com/sales', headers: { 'X-Lead': '{{ input.lead }}' }, body: '{"score": {{ qualify.score }}}' }),
      node('review', 'approval', { approvers: ['org_admin'], message: 'Contact this lead?' }),
      node('shape', 'transform', { mapping: '{"lead": input.lead, "status": "nurture"}' }),
      node('done', 'output', { mapping: '$' }),
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'qualify' },
      { id: 'e2', source: 'qualify', target: 'hot' },
      { id: 'e3', source: 'hot', sourceHandle: 'true', target: 'notify' },
      { id: 'e4', source: 'notify', target: 'review' },
      { id: 'e5', source: 'review', target: 'done' },
      { id: 'e6', source: 'hot', sourceHandle: 'false', target: 'shape' },
      { id: 'e7', source: 'shape', target: 'done' },
    ],
  };
}

const withoutMessages = (problems: WorkflowProblem[]) => problems.map(({ message: _m, ...rest }) => rest);
const find = (wf: Workflow, id: string) => wf.nodes.find((n) => n.id === id)!;
const params = (wf: Workflow, id: string) => find(wf, id).params as Record<string, any>;

describe('validateWorkflow', () => {
  test('a valid multi-step workflow has no problems', () => {
    expect(validateWorkflow(leadWorkflow())).toEqual([]);
    expect(isWorkflowValid(leadWorkflow())).toBe(true);
  });

  test.each<[string, (wf: Workflow) => void, Omit<WorkflowProblem, 'message'>[]]>([
    // --- trigger count
    ['no trigger', (wf) => void (wf.nodes = wf.nodes.filter((n) => n.id !== 'start'), wf.edges = wf.edges.filter((e) => e.id !== 'e1')), [{ code: 'trigger-count', reason: 'no-trigger' }]],
    [
      'two more manual triggers',
      (wf) => {
        wf.nodes.push(node('again', 'trigger.manual'), node('hook', 'trigger.webhook'), node('third', 'trigger.manual'));
        wf.edges.push({ id: 'e8', source: 'again', target: 'qualify' }, { id: 'e9', source: 'hook', target: 'qualify' }, { id: 'e10', source: 'third', target: 'qualify' });
      },
      [
        { code: 'trigger-count', nodeId: 'again', reason: 'extra-manual-trigger', params: { node: 'again' } },
        { code: 'trigger-count', nodeId: 'third', reason: 'extra-manual-trigger', params: { node: 'third' } },
      ],
    ],
    // --- edges
    ['an edge to a missing node', (wf) => void wf.edges.push({ id: 'e8', source: 'done', target: 'ghost' }), [{ code: 'edge-missing-node', edgeId: 'e8', reason: 'missing-target', params: { edge: 'e8', node: 'ghost' } }]],
    ['an edge from a missing node', (wf) => void wf.edges.push({ id: 'e8', source: 'ghost', target: 'done' }), [{ code: 'edge-missing-node', edgeId: 'e8', reason: 'missing-source', params: { edge: 'e8', node: 'ghost' } }]],
    [
      'an edge between two missing nodes',
      (wf) => void wf.edges.push({ id: 'e8', source: 'a', target: 'b' }),
      [
        { code: 'edge-missing-node', edgeId: 'e8', reason: 'missing-source', params: { edge: 'e8', node: 'a' } },
        { code: 'edge-missing-node', edgeId: 'e8', reason: 'missing-target', params: { edge: 'e8', node: 'b' } },
      ],
    ],
    ['an edge into the trigger', (wf) => void wf.edges.push({ id: 'e8', source: 'done', target: 'start' }), [
      { code: 'invalid-workflow', edgeId: 'e8', path: 'target', reason: 'into-trigger', params: { edge: 'e8', node: 'start' } },
      ...['start', 'qualify', 'hot', 'notify', 'review', 'shape', 'done'].map((nodeId) => ({
        code: 'cycle' as const,
        nodeId,
        reason: 'on-cycle' as const,
        params: { node: nodeId, nodes: 'start → qualify → hot → notify → review → shape → done' },
      })),
    ]],
    ['a condition edge without a branch', (wf) => void delete wf.edges[2]!.sourceHandle, [{ code: 'invalid-workflow', edgeId: 'e3', path: 'sourceHandle', reason: 'missing-branch', params: { edge: 'e3', node: 'hot' } }]],
    // --- cycles
    [
      'a cycle',
      (wf) => void wf.edges.push({ id: 'e8', source: 'review', target: 'notify' }),
      [
        { code: 'cycle', nodeId: 'notify', reason: 'on-cycle', params: { node: 'notify', nodes: 'notify → review' } },
        { code: 'cycle', nodeId: 'review', reason: 'on-cycle', params: { node: 'review', nodes: 'notify → review' } },
      ],
    ],
    ['a self-loop', (wf) => void wf.edges.push({ id: 'e8', source: 'shape', target: 'shape' }), [{ code: 'cycle', nodeId: 'shape', reason: 'self-loop', params: { node: 'shape' } }]],
    // --- reachability
    ['an unconnected node', (wf) => void wf.nodes.push(node('orphan', 'transform')), [{ code: 'unreachable-node', nodeId: 'orphan', reason: 'unreachable', params: { node: 'orphan' } }]],
    [
      'a branch cut off from the trigger',
      (wf) => void (wf.edges = wf.edges.filter((e) => e.id !== 'e2')),
      [
        ...['hot', 'notify', 'review', 'shape', 'done'].map((nodeId) => ({ code: 'unreachable-node' as const, nodeId, reason: 'unreachable' as const, params: { node: nodeId } })),
        // Cut off from the agent, the condition and the call cannot read its score.
        { code: 'invalid-expression', nodeId: 'hot', path: 'expression', reason: 'not-upstream', params: { reference: 'qualify.score', node: 'qualify' } },
        { code: 'invalid-expression', nodeId: 'notify', path: 'body', reason: 'not-upstream', params: { reference: 'qualify.score', node: 'qualify' } },
      ],
    ],
    [
      'a delegate whose delegator is unreachable',
      (wf) => void (wf.edges = wf.edges.filter((e) => e.id !== 'e1')),
      ['qualify', 'writer', 'hot', 'notify', 'review', 'shape', 'done'].map((nodeId) => ({ code: 'unreachable-node' as const, nodeId, reason: 'unreachable' as const, params: { node: nodeId } })),
    ],
    // --- duplicate ids
    ['a duplicate node id', (wf) => void wf.nodes.push(node('shape', 'transform')), [{ code: 'duplicate-id', nodeId: 'shape', reason: 'duplicate-node', params: { id: 'shape' } }]],
    ['a duplicate edge id', (wf) => void wf.edges.push({ id: 'e1', source: 'qualify', target: 'done' }), [{ code: 'duplicate-id', edgeId: 'e1', reason: 'duplicate-edge', params: { id: 'e1' } }]],
    // --- params
    ['invalid http params', (wf) => void Object.assign(params(wf, 'notify'), { method: 'TRACE', timeoutMs: 0 }), [
      { code: 'invalid-params', nodeId: 'notify', path: 'method', reason: 'invalid-option', params: { options: 'GET, POST, PUT, PATCH, DELETE' } },
      { code: 'invalid-params', nodeId: 'notify', path: 'timeoutMs', reason: 'too-small', params: { min: 1 } },
    ]],
    ['an invalid nested tool url', (wf) => void (params(wf, 'qualify').tools.http[0].url = 'ftp://x'), [{ code: 'invalid-params', nodeId: 'qualify', path: 'tools.http.0.url', reason: 'invalid-url' }]],
    ['an unknown param', (wf) => void (params(wf, 'hot').else = 'x'), [{ code: 'invalid-params', nodeId: 'hot', path: 'else', reason: 'unknown-key', params: { key: 'else' } }]],
    ['no approvers', (wf) => void (params(wf, 'review').approvers = []), [{ code: 'invalid-params', nodeId: 'review', path: 'approvers', reason: 'too-few', params: { min: 1 } }]],
    ['params missing', (wf) => void ((find(wf, 'shape') as { params: unknown }).params = undefined), [{ code: 'invalid-params', nodeId: 'shape', path: '', reason: 'invalid-type', params: { expected: 'object' } }]],
    // --- delegates
    ['a delegate that does not exist', (wf) => void params(wf, 'qualify').tools.delegates.push('ghost'), [{ code: 'missing-delegate', nodeId: 'qualify', path: 'tools.delegates.1', reason: 'missing-node', params: { node: 'ghost' } }]],
    ['a delegate that is not an agent', (wf) => void params(wf, 'qualify').tools.delegates.push('hot'), [{ code: 'missing-delegate', nodeId: 'qualify', path: 'tools.delegates.1', reason: 'not-agent', params: { node: 'hot', type: 'condition' } }]],
    ['an agent delegating to itself', (wf) => void (params(wf, 'writer').tools = { http: [], delegates: ['writer'] }), [{ code: 'missing-delegate', nodeId: 'writer', path: 'tools.delegates.0', reason: 'self-delegate' }]],
    // --- expressions
    ['a condition that does not parse', (wf) => void (params(wf, 'hot').expression = 'score >='), [{ code: 'invalid-expression', nodeId: 'hot', path: 'expression', reason: 'syntax', params: { position: 8 } }]],
    ['a transform mapping that does not parse', (wf) => void (params(wf, 'shape').mapping = '{"a": }'), [{ code: 'invalid-expression', nodeId: 'shape', path: 'mapping', reason: 'syntax', params: { position: 7 } }]],
    ['an output mapping that does not parse', (wf) => void (params(wf, 'done').mapping = '$.['), [{ code: 'invalid-expression', nodeId: 'done', path: 'mapping', reason: 'syntax', params: { position: 3 } }]],
    ['a prompt placeholder that does not parse', (wf) => void (params(wf, 'writer').promptTemplate = 'Hi {{ input.lead. }} and {{ input.lead }}'), [{ code: 'invalid-expression', nodeId: 'writer', path: 'promptTemplate', reason: 'syntax', params: { position: 18 } }]],
    ['an unclosed prompt placeholder', (wf) => void (params(wf, 'writer').promptTemplate = 'Hi {{ input.lead'), [{ code: 'invalid-expression', nodeId: 'writer', path: 'promptTemplate', reason: 'syntax', params: { position: 3 } }]],
    ['an http url template that does not parse', (wf) => void (params(wf, 'notify').url = 'https://x.example/{{ id + }}'), [{ code: 'invalid-expression', nodeId: 'notify', path: 'url', reason: 'syntax', params: { position: 26 } }]],
    ['an http body template that does not parse', (wf) => void (params(wf, 'notify').body = '{{ $sum( }}'), [{ code: 'invalid-expression', nodeId: 'notify', path: 'body', reason: 'syntax', params: { position: 9 } }]],
    ['an http header template that does not parse', (wf) => void (params(wf, 'notify').headers = { 'X-Lead': '{{ ( }}' }), [{ code: 'invalid-expression', nodeId: 'notify', path: 'headers.X-Lead', reason: 'syntax', params: { position: 5 } }]],
    ['a tool url template that does not parse', (wf) => void (params(wf, 'qualify').tools.http[0].url = 'https://crm.example.com/{{ ] }}'), [{ code: 'invalid-expression', nodeId: 'qualify', path: 'tools.http.0.url', reason: 'syntax', params: { position: 28 } }]],
    // --- shape
    ['a missing name', (wf) => void ((wf as Partial<Workflow>).name = undefined), [{ code: 'invalid-workflow', path: 'name', reason: 'required' }]],
    ['an unknown category', (wf) => void ((wf as { category: string }).category = 'games'), [{ code: 'invalid-workflow', path: 'category', reason: 'invalid-option', params: { options: 'automation, integration, analytics, ai, communication, productivity' } }]],
    ['a negative version', (wf) => void (wf.version = -1), [{ code: 'invalid-workflow', path: 'version', reason: 'too-small', params: { min: 0 } }]],
    ['a name over the limit', (wf) => void (wf.name = 'n'.repeat(WORKFLOW_LIMITS.maxNameLength + 1)), [{ code: 'invalid-workflow', path: 'name', reason: 'too-long', params: { max: 120 } }]],
    ['too many tags', (wf) => void (wf.tags = Array.from({ length: WORKFLOW_LIMITS.maxTags + 1 }, (_, i) => `t${i}`)), [{ code: 'invalid-workflow', path: 'tags', reason: 'too-many', params: { max: 20 } }]],
    ['a node without a position', (wf) => void delete (find(wf, 'shape') as Partial<WorkflowNode>).position, [{ code: 'invalid-workflow', nodeId: 'shape', path: 'nodes.6.position', reason: 'invalid-type', params: { expected: 'object' } }]],
    ['a node of an unknown type', (wf) => void ((find(wf, 'shape') as { type: string }).type = 'email'), [{ code: 'invalid-workflow', nodeId: 'shape', path: 'nodes.6.type', reason: 'invalid-option', params: { options: NODE_TYPES.join(', ') } }]],
    ['a node with an extra field', (wf) => void ((find(wf, 'shape') as unknown as Record<string, unknown>).selected = true), [{ code: 'invalid-workflow', nodeId: 'shape', path: 'nodes.6.selected', reason: 'unknown-key', params: { key: 'selected' } }]],
    ['a node that is not an object', (wf) => void (wf.nodes as unknown[]).push('x'), [{ code: 'invalid-workflow', path: 'nodes.8', reason: 'not-object' }]],
    ['an edge without a target', (wf) => void (wf.edges as unknown[]).push({ id: 'e8', source: 'done' }), [{ code: 'invalid-workflow', edgeId: 'e8', path: 'edges.7.target', reason: 'required' }]],
  ])('%s', (_label, mutate, expected) => {
    const wf = leadWorkflow();
    mutate(wf);
    expect(withoutMessages(validateWorkflow(wf))).toEqual(expected);
    expect(isWorkflowValid(wf)).toBe(false);
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['a string', 'workflow'],
    ['an array', []],
  ])('%s is not a workflow', (_label, value) => {
    expect(withoutMessages(validateWorkflow(value))).toEqual([{ code: 'invalid-workflow', reason: 'not-object' }]);
  });

  test('several triggers of other kinds beside the manual one are valid, each reaching the steps', () => {
    const wf = leadWorkflow();
    wf.nodes.push(node('hook', 'trigger.webhook'), node('cron', 'trigger.schedule'), node('cron2', 'trigger.schedule'));
    wf.edges.push({ id: 'e8', source: 'hook', target: 'qualify' }, { id: 'e9', source: 'cron', target: 'qualify' }, { id: 'e10', source: 'cron2', target: 'qualify' });
    expect(validateWorkflow(wf)).toEqual([]);
    // Without the manual trigger the workflow still starts from its others.
    wf.nodes = wf.nodes.filter((n) => n.id !== 'start');
    wf.edges = wf.edges.filter((e) => e.source !== 'start');
    expect(validateWorkflow(wf)).toEqual([]);
  });

  test('active is optional and boolean only', () => {
    expect(validateWorkflow({ ...leadWorkflow(), active: false })).toEqual([]);
    expect(withoutMessages(validateWorkflow({ ...leadWorkflow(), active: 'no' }))).toEqual([expect.objectContaining({ code: 'invalid-workflow', path: 'active' })]);
  });

  test('an empty object reports each missing field and no trigger', () => {
    const problems = validateWorkflow({});
    const fields = problems.filter((p) => p.code === 'invalid-workflow').map((p) => p.path);
    expect(fields).toEqual(['id', 'ownerId', 'name', 'description', 'category', 'industry', 'tags', 'visibility', 'version', 'nodes', 'edges', 'createdAt', 'updatedAt']);
    expect(problems.at(-1)?.code).toBe('trigger-count');
  });

  test('over the node and size limits', () => {
    const wf = leadWorkflow();
    for (let i = 0; i < WORKFLOW_LIMITS.maxNodes; i++) {
      wf.nodes.push({ ...node(`t${i}`, 'transform'), params: { mapping: `"${'x'.repeat(2600)}"` } });
      wf.edges.push({ id: `x${i}`, source: 'done', target: `t${i}` });
    }
    const problems = validateWorkflow(wf).filter((p) => p.code === 'invalid-workflow');
    expect(problems.map((p) => p.path ?? 'document')).toEqual(['nodes', 'document']);
    expect(problems[1]?.message).toMatch(/limit is 500000/);
  });

  test('reports every problem at once, in a deterministic order', () => {
    const wf = leadWorkflow();
    wf.nodes.push(node('hook', 'trigger.manual'), node('orphan', 'output'));
    wf.edges.push({ id: 'e8', source: 'hook', target: 'ghost' }, { id: 'e9', source: 'review', target: 'notify' });
    params(wf, 'hot').expression = 'score >';
    params(wf, 'review').approvers = [];
    const first = validateWorkflow(wf);
    expect(withoutMessages(first)).toEqual([
      { code: 'trigger-count', nodeId: 'hook', reason: 'extra-manual-trigger', params: { node: 'hook' } },
      { code: 'edge-missing-node', edgeId: 'e8', reason: 'missing-target', params: { edge: 'e8', node: 'ghost' } },
      { code: 'cycle', nodeId: 'notify', reason: 'on-cycle', params: { node: 'notify', nodes: 'notify → review' } },
      { code: 'cycle', nodeId: 'review', reason: 'on-cycle', params: { node: 'review', nodes: 'notify → review' } },
      { code: 'unreachable-node', nodeId: 'orphan', reason: 'unreachable', params: { node: 'orphan' } },
      { code: 'invalid-expression', nodeId: 'hot', path: 'expression', reason: 'syntax', params: { position: 7 } },
      { code: 'invalid-params', nodeId: 'review', path: 'approvers', reason: 'too-few', params: { min: 1 } },
    ]);
    expect(validateWorkflow(structuredClone(wf))).toEqual(first);
  });

  test('messages name what is wrong', () => {
    const wf = leadWorkflow();
    wf.edges.push({ id: 'e8', source: 'review', target: 'notify' });
    params(wf, 'hot').expression = 'score >=';
    params(wf, 'notify').timeoutMs = 70000;
    const messages = Object.fromEntries(validateWorkflow(wf).map((p) => [`${p.code}:${p.nodeId}`, p.message]));
    expect(messages['cycle:notify']).toBe('Node "notify" is on a cycle through notify → review');
    expect(messages['invalid-expression:hot']).toMatch(/^Unexpected end of expression \(at character \d+\)$/);
    expect(messages['invalid-params:notify']).toBe('must be at most 60000');
  });
});

describe('validateWorkflow: pinned sample data and the trash', () => {
  test('a node may carry a pinned output and the workflow a deletedAt', () => {
    const wf = leadWorkflow();
    find(wf, 'qualify').pinned = { output: { score: 80 }, pinnedAt: '2025-01-02T00:00:00.000Z' };
    expect(validateWorkflow({ ...wf, deletedAt: '2025-01-03T00:00:00.000Z' })).toEqual([]);
    expect(validateWorkflow({ ...wf, deletedAt: null })).toEqual([]);
  });

  test('a pinned output over PINNED_OUTPUT_MAX_BYTES or without pinnedAt is a shape problem', () => {
    const wf = leadWorkflow();
    find(wf, 'qualify').pinned = { output: 'x'.repeat(PINNED_OUTPUT_MAX_BYTES), pinnedAt: '2025-01-02T00:00:00.000Z' };
    (find(wf, 'shape') as unknown as Record<string, unknown>).pinned = { output: 1 };
    expect(withoutMessages(validateWorkflow(wf))).toEqual([
      { code: 'invalid-workflow', nodeId: 'qualify', path: 'nodes.1.pinned.output', reason: 'too-large', params: { max: PINNED_OUTPUT_MAX_BYTES } },
      { code: 'invalid-workflow', nodeId: 'shape', path: 'nodes.6.pinned.pinnedAt', reason: 'required' },
    ]);
  });
});
