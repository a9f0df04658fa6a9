import { newStep, type RunStep, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { runGraph, stepToShowFirst, stepsByNode } from './runGraphModel';

const node = (id: string, type: WorkflowNode['type'] = 'transform'): WorkflowNode => ({ id, name: id.toUpperCase(), type, position: { x: 0, y: 0 }, params: {} });
const step = (id: string, fields: Partial<RunStep> = {}): RunStep =>
  newStep({ id, nodeId: id, parentStepId: null, name: id, type: 'transform', status: 'pending', ...fields });
const T = (s: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, s)).toISOString();

const nodes = [node('t', 'trigger.manual'), node('c', 'condition'), node('yes'), node('no'), node('after')];
const edges: WorkflowEdge[] = [
  { id: 't-c', source: 't', target: 'c' },
  { id: 'c-yes', source: 'c', sourceHandle: 'true', target: 'yes' },
  { id: 'c-no', source: 'c', sourceHandle: 'false', target: 'no' },
  { id: 'yes-after', source: 'yes', target: 'after' },
];

test('the branch taken is taken, the other not; edges out of a skipped step are not taken; edges ahead of the run stay open', () => {
  const steps = [
    step('t', { status: 'succeeded', startedAt: T(0), endedAt: T(1) }),
    step('c', { status: 'succeeded', branch: 'false', startedAt: T(1), endedAt: T(2) }),
    step('yes', { status: 'skipped' }),
    step('no', { status: 'running', startedAt: T(2) }),
    step('after', { status: 'skipped' }),
  ];
  const graph = runGraph({ snapshot: { nodes, edges }, steps }, Date.parse(T(5)));
  expect(Object.fromEntries(graph.edges.map((e) => [e.id, e.state]))).toEqual({ 't-c': 'taken', 'c-yes': 'notTaken', 'c-no': 'taken', 'yes-after': 'notTaken' });
  expect(graph.nodes.map((n) => [n.id, n.status, n.durationMs])).toEqual([
    ['t', 'succeeded', 1000],
    ['c', 'succeeded', 1000],
    ['yes', 'skipped', null],
    ['no', 'running', 3000],
    ['after', 'skipped', null],
  ]);
  expect(stepToShowFirst(graph.nodes)).toBe('no');

  const early = runGraph({ snapshot: { nodes, edges }, steps: [step('t', { status: 'running', startedAt: T(0) })] }, Date.parse(T(1)));
  expect(early.edges.every((e) => e.state === 'open')).toBe(true);
  expect(early.nodes.find((n) => n.id === 'c')!.status).toBe('pending');
});

test('a step recorded from pinned data is pinned (no duration); a node reached only by delegation shows its latest call; failed comes first', () => {
  const steps = [
    { ...step('t', { status: 'succeeded', startedAt: T(0), endedAt: T(0) }), pinned: true } as RunStep,
    step('c', { status: 'failed', error: 'boom', startedAt: T(0), endedAt: T(1) }),
    step('c/helper#1', { nodeId: 'helper', parentStepId: 'c', status: 'succeeded', tokens: 4 }),
    step('c/helper#2', { nodeId: 'helper', parentStepId: 'c', status: 'failed', tokens: 7 }),
  ];
  const graph = runGraph({ snapshot: { nodes: [...nodes, node('helper', 'agent')], edges }, steps });
  expect(graph.nodes.find((n) => n.id === 't')).toMatchObject({ status: 'pinned', durationMs: null });
  expect(graph.nodes.find((n) => n.id === 'helper')).toMatchObject({ status: 'failed', tokens: 7 });
  expect(stepsByNode(steps).get('helper')!.id).toBe('c/helper#2');
  expect(stepToShowFirst(graph.nodes)).toBe('c');
  expect(graph.edges.find((e) => e.id === 'c-no')!.state).toBe('notTaken');
});

test('a handled failure goes on as the engine runs it: along its error branch only, or (continue) along its other edges', () => {
  const flow = [node('t', 'trigger.manual'), node('sms', 'http'), node('join', 'output'), node('mail', 'http')];
  const branchEdges: WorkflowEdge[] = [
    { id: 't-sms', source: 't', target: 'sms' },
    { id: 'sms-join', source: 'sms', target: 'join' },
    { id: 'sms-mail', source: 'sms', sourceHandle: 'error', target: 'mail' },
    // The join also runs after the e-mail: its own step ran, yet the SMS's main edge was not the way.
    { id: 'mail-join', source: 'mail', target: 'join' },
  ];
  const done = { status: 'succeeded' as const, startedAt: T(0), endedAt: T(1) };
  const states = (sms: Partial<RunStep>) =>
    Object.fromEntries(
      runGraph({ snapshot: { nodes: flow, edges: branchEdges }, steps: [step('t', done), step('sms', { type: 'http', startedAt: T(1), endedAt: T(2), ...sms }), step('mail', done), step('join', done)] }).edges.map((e) => [e.id, e.state]),
    );
  expect(states({ status: 'failed', handled: true, branch: 'error', error: 'down' })).toEqual({ 't-sms': 'taken', 'sms-join': 'notTaken', 'sms-mail': 'taken', 'mail-join': 'taken' });
  expect(states({ status: 'failed', handled: true, branch: null, error: 'down' })).toMatchObject({ 'sms-join': 'taken', 'sms-mail': 'notTaken' });
  expect(states({ status: 'succeeded' })).toMatchObject({ 'sms-join': 'taken', 'sms-mail': 'notTaken' });
  expect(states({ status: 'failed', error: 'down' })).toMatchObject({ 'sms-join': 'notTaken', 'sms-mail': 'notTaken' });
});
