// The workflow graph operations the builder's validation and the engine share.
import { cycles, delegatesOf, initialSteps, isTrigger, newStep, inputSourcesOf, reachableFrom, topologicalOrder, triggerOf, upstreamOf } from './graph';
import type { NodeType, WorkflowNode } from './model';

const n = (id: string, type: NodeType, params: Record<string, unknown> = {}): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
const e = (source: string, target: string) => ({ id: `${source}-${target}`, source, target });

describe('workflow graph', () => {
  it('tells triggers from other nodes, and an unknown type is none', () => {
    expect(['trigger.manual', 'trigger.webhook', 'trigger.schedule'].every((type) => isTrigger(type as NodeType))).toBe(true);
    expect(isTrigger('agent')).toBe(false);
    expect(isTrigger(undefined)).toBe(false);
    expect(triggerOf({ nodes: [n('a', 'agent'), n('t', 'trigger.webhook')] })?.id).toBe('t');
    expect(triggerOf({ nodes: [n('a', 'agent')] })).toBeUndefined();
  });

  it('orders nodes after their predecessors', () => {
    const order = topologicalOrder([n('c', 'output'), n('b', 'agent'), n('a', 'trigger.manual')], [e('a', 'b'), e('b', 'c'), e('a', 'c')]);
    expect(order.map((node) => node.id)).toEqual(['a', 'b', 'c']);
  });

  it('orders steps along the edges and leaves delegate-only agents out', () => {
    const steps = initialSteps(
      [n('out', 'output'), n('helper', 'agent'), n('boss', 'agent'), n('trigger', 'trigger.manual')],
      [{ id: 'e1', source: 'trigger', target: 'boss' }, { id: 'e2', source: 'boss', target: 'out' }],
    );
    expect(steps.map((s) => [s.id, s.status, s.parentStepId])).toEqual([
      ['trigger', 'pending', null],
      ['boss', 'pending', null],
      ['out', 'pending', null],
    ]);
  });

  it('makes a step that has produced nothing yet', () => {
    expect(newStep({ id: 's', nodeId: 'n', parentStepId: null, name: 'N', type: 'agent', status: 'running', attempts: 1 })).toEqual({
      id: 's', nodeId: 'n', parentStepId: null, name: 'N', type: 'agent', status: 'running',
      input: null, output: null, outputBytes: 0, outputTruncated: false, error: null, tokens: 0, attempts: 1, startedAt: null, endedAt: null, branch: null,
    });
  });

  it('reads an agent’s delegates, ignoring what is not one', () => {
    expect(delegatesOf({ type: 'agent', params: { tools: { delegates: ['a', 3, 'b'] } } })).toEqual(['a', 'b']);
    expect(delegatesOf({ type: 'agent', params: { tools: [] } })).toEqual([]);
    expect(delegatesOf({ type: 'http', params: { tools: { delegates: ['a'] } } })).toEqual([]);
    expect(delegatesOf(undefined)).toEqual([]);
  });

  it('finds what is reachable, within the known ids', () => {
    const next = new Map([['a', ['b', 'ghost']], ['b', ['c']], ['c', []], ['d', ['a']]]);
    expect([...reachableFrom(['a'], (id) => next.get(id) ?? [], (id) => next.has(id))].sort()).toEqual(['a', 'b', 'c']);
  });

  it('lists the cycles in node order, self-loops included', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const next = new Map([['a', ['b']], ['b', ['c']], ['c', ['b']], ['d', ['d']], ['e', []]]);
    expect(cycles(ids, next)).toEqual([['b', 'c'], ['d']]);
    expect(cycles(['a', 'b'], new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});

describe('upstreamOf', () => {
  const edges = [
    { source: 't', target: 'a' },
    { source: 'a', target: 'c' },
    { source: 't', target: 'b' },
    { source: 'b', target: 'c' },
    { source: 'c', target: 'd' },
    { source: 'x', target: 'y' },
  ];
  test('every node a path of edges leads from, nearest first', () => {
    expect(upstreamOf(edges, 'd')).toEqual(['c', 'a', 'b', 't']);
    expect(upstreamOf(edges, 'a')).toEqual(['t']);
    expect(upstreamOf(edges, 't')).toEqual([]);
    expect(upstreamOf(edges, 'ghost')).toEqual([]);
  });
  test('a cycle does not loop, and the node is not its own upstream', () => {
    expect(upstreamOf([...edges, { source: 'd', target: 'a' }], 'a')).toEqual(['t', 'd', 'c', 'b']);
  });
});

describe('inputSourcesOf', () => {
  test('upstream nodes, and for a delegate agent its delegators’ upstream (it renders against their input)', () => {
    const agent = (id: string, delegates: string[]) => n(id, 'agent', { tools: { http: [], delegates } });
    const workflow = {
      nodes: [n('t', 'trigger.manual'), n('prep', 'transform'), agent('boss', ['helper']), agent('helper', ['deep']), agent('deep', []), n('after', 'output')],
      edges: [e('t', 'prep'), e('prep', 'boss'), e('boss', 'after')],
    };
    expect(inputSourcesOf(workflow, 'after')).toEqual(['boss', 'prep', 't']);
    expect(inputSourcesOf(workflow, 'helper')).toEqual(['prep', 't']);
    expect(inputSourcesOf(workflow, 'deep')).toEqual(['prep', 't']);
    // A delegation cycle ends; a node is never its own source.
    const cyclic = { ...workflow, nodes: [...workflow.nodes.slice(0, 3), agent('helper', ['boss']), n('after', 'output')] };
    expect(inputSourcesOf(cyclic, 'boss')).toEqual(['prep', 't']);
  });
});
