/**
 * @jest-environment node
 */
// dagre needs structuredClone, which jsdom lacks; the layout is pure, no DOM needed.
import type { NodeType, WorkflowEdge, WorkflowNode } from '@agentflow/shared/workflow';
import { layoutWorkflow } from './autoLayout';

const node = (id: string, type: NodeType, x = 0, y = 0): WorkflowNode => ({ id, type, name: id, position: { x, y }, params: {} });
const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({ id: `${source}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });
const SIZE = { width: 220, height: 110 };

// Every node piled on one spot, a branch and a join: the layout has to untangle it.
const nodes = [
  node('manual_1', 'trigger.manual'),
  node('agent_1', 'agent'),
  node('condition_1', 'condition'),
  node('http_1', 'http'),
  node('approval_1', 'approval'),
  node('transform_1', 'transform'),
  node('output_1', 'output'),
];
const edges = [
  edge('manual_1', 'agent_1'),
  edge('agent_1', 'condition_1'),
  edge('condition_1', 'http_1', 'true'),
  edge('condition_1', 'approval_1', 'false'),
  edge('http_1', 'transform_1'),
  edge('approval_1', 'transform_1'),
  edge('transform_1', 'output_1'),
];

test('no two cards overlap', () => {
  const at = layoutWorkflow(nodes, edges, { fallback: SIZE });
  const ids = Object.keys(at);
  expect(ids.sort()).toEqual(nodes.map((n) => n.id).sort());
  for (const a of ids) {
    for (const b of ids) {
      if (a >= b) continue;
      const apart = Math.abs(at[a]!.x - at[b]!.x) >= SIZE.width || Math.abs(at[a]!.y - at[b]!.y) >= SIZE.height;
      expect({ a, b, apart }).toEqual({ a, b, apart: true });
    }
  }
});

test('ranks run left to right: every edge points right, the true branch above the false one', () => {
  const at = layoutWorkflow(nodes, edges, { fallback: SIZE });
  for (const e of edges) expect({ edge: e.id, right: at[e.target]!.x >= at[e.source]!.x + SIZE.width }).toEqual({ edge: e.id, right: true });
  expect(at.http_1!.x).toBe(at.approval_1!.x);
  expect(at.http_1!.y).toBeLessThan(at.approval_1!.y);
});

test('the first node stays where it was; measured sizes are respected; no nodes, no positions', () => {
  const placed = nodes.map((n, i) => (i === 0 ? { ...n, position: { x: -100, y: 300 } } : n));
  const at = layoutWorkflow(placed, edges, { sizes: { agent_1: { width: 400, height: 110 } }, fallback: SIZE });
  expect(at.manual_1).toEqual({ x: -100, y: 300 });
  expect(at.condition_1!.x).toBeGreaterThanOrEqual(at.agent_1!.x + 400);
  expect(layoutWorkflow([], [])).toEqual({});
});
