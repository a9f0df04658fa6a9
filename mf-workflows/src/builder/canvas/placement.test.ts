import type { NodeType, WorkflowEdge, WorkflowNode } from '@agentflow/shared/workflow';
import { CARD, STEP, STEP_AFTER_BRANCHES, defaultNodeName, placeNewNode } from './placement';

const node = (id: string, type: NodeType, x: number, y: number, name = id): WorkflowNode => ({ id, type, name, position: { x, y }, params: {} });
const apart = (a: WorkflowNode['position'], b: WorkflowNode['position']) => Math.abs(a.x - b.x) >= CARD.width || Math.abs(a.y - b.y) >= CARD.height;

test('after the selected node: to its right, connected from it', () => {
  const nodes = [node('manual_1', 'trigger.manual', 0, 0), node('agent_1', 'agent', 300, 0)];
  expect(placeNewNode('transform', nodes, [], 'agent_1')).toEqual({ position: { x: 300 + STEP.x, y: 0 }, connectFrom: { source: 'agent_1' } });
});

test("a condition connects from its 'true' branch; a second child goes under the first, never on another card", () => {
  const nodes = [node('condition_1', 'condition', 0, 0), node('http_1', 'http', STEP_AFTER_BRANCHES, 0), node('blocker', 'agent', STEP_AFTER_BRANCHES, STEP.y)];
  const edges: WorkflowEdge[] = [{ id: 'e', source: 'condition_1', target: 'http_1', sourceHandle: 'true' }];
  const placed = placeNewNode('output', nodes, edges, 'condition_1');
  expect(placed.connectFrom).toEqual({ source: 'condition_1', sourceHandle: 'true' });
  expect(placed.position.x).toBe(STEP_AFTER_BRANCHES);
  expect(placed.position.y).toBeGreaterThan(0);
  for (const n of nodes) expect(apart(placed.position, n.position)).toBe(true);
});

test('no selection: at the end of the graph, connected from the last step when it has a way out', () => {
  const chain = [node('manual_1', 'trigger.manual', 0, 0), node('transform_1', 'transform', 300, 0)];
  expect(placeNewNode('output', chain, [], null)).toEqual({ position: { x: 300 + STEP.x, y: 0 }, connectFrom: { source: 'transform_1' } });
  const branching = [node('manual_1', 'trigger.manual', 0, 0), node('condition_1', 'condition', 300, 0)];
  expect(placeNewNode('output', branching, [], null).connectFrom).toEqual({ source: 'condition_1', sourceHandle: 'true' });
  // A new trigger never takes an input.
  expect(placeNewNode('trigger.webhook', chain, [], null).connectFrom).toBeUndefined();
});

test('no selection after an output: at the end, unconnected; an output or a trigger selected adds no edge', () => {
  const nodes = [node('manual_1', 'trigger.manual', 0, 0), node('agent_1', 'agent', 300, 80), node('output_1', 'output', 600, 40)];
  expect(placeNewNode('http', nodes, [], null)).toEqual({ position: { x: 600 + STEP.x, y: 40 } });
  // An output has no way out: the new node goes to the end, unconnected.
  expect(placeNewNode('http', nodes, [], 'output_1').connectFrom).toBeUndefined();
  // A trigger never takes an input: a new trigger starts a row under the graph.
  const trigger = placeNewNode('trigger.webhook', nodes, [], 'agent_1');
  expect(trigger.connectFrom).toBeUndefined();
  expect(trigger.position).toEqual({ x: 0, y: 80 + STEP.y });
  expect(placeNewNode('agent', [], [], null)).toEqual({ position: { x: 0, y: 0 } });
});

test('after a node with named outputs (a loop, a condition, an error branch) the step is wider: the outputs\' labels sit in the gap', () => {
  const loop = [node('webhook_1', 'trigger.webhook', 0, 0), node('loop_1', 'loop', 300, 0)];
  expect(placeNewNode('code', loop, [], 'loop_1').position).toEqual({ x: 300 + STEP_AFTER_BRANCHES, y: 0 });
  expect(placeNewNode('code', loop, [], null).position).toEqual({ x: 300 + STEP_AFTER_BRANCHES, y: 0 });
  const branching: WorkflowNode[] = [node('code_1', 'code', 0, 0), { ...node('hubspot', 'connector', 300, 0), settings: { onError: 'branch' } }];
  expect(placeNewNode('connector', branching, [], 'hubspot').position).toEqual({ x: 300 + STEP_AFTER_BRANCHES, y: 0 });
  expect(STEP_AFTER_BRANCHES).toBeGreaterThan(STEP.x);
});

test('default names: the label, then numbered when taken', () => {
  const nodes = [node('a', 'agent', 0, 0, 'KI-Agent'), node('b', 'agent', 0, 0, 'KI-Agent 2')];
  expect(defaultNodeName('Umwandlung', nodes)).toBe('Umwandlung');
  expect(defaultNodeName('KI-Agent', nodes)).toBe('KI-Agent 3');
});
