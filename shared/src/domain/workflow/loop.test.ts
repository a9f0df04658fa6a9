import { PLAN_ENTITLEMENTS } from '../membership/entitlements.js';
import { availableFields } from './availableFields.js';
import { WAIT_LIMITS } from './flowSteps.js';
import { initialSteps } from './graph.js';
import { LOOP_HANDLES, enclosingLoopOf, loopBodyNodeIds, loopBodyOf, loopProblems } from './loop.js';
import type { NodeType, Workflow, WorkflowEdge, WorkflowNode } from './model.js';
import { defaultParams, parseNodeParams } from './params.js';
import { validateWorkflow } from './validate.js';

const node = (id: string, type: NodeType, params: Record<string, unknown> = defaultParams(type) as Record<string, unknown>): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({ id: `${source}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });

/** start → each (loop) —body→ enrich → shape; —done→ report. */
function shipments(extra: { nodes?: WorkflowNode[]; edges?: WorkflowEdge[] } = {}): Workflow {
  return {
    id: 'wf-loop',
    ownerId: 'user-1',
    organizationId: null,
    name: 'Daily shipments',
    description: '',
    category: 'automation',
    industry: 'logistics',
    tags: [],
    visibility: 'private',
    version: 1,
    createdAt: null,
    updatedAt: null,
    nodes: [
      node('start', 'trigger.webhook'),
      node('each', 'loop', { items: 'input.shipments', concurrency: 5, onItemError: 'collect' }),
      node('enrich', 'transform', { mapping: '{"id": item.id, "n": index}' }),
      node('shape', 'transform', { mapping: '{"label": enrich.id}' }),
      node('report', 'output', { mapping: 'each.items' }),
      ...(extra.nodes ?? []),
    ],
    edges: [edge('start', 'each'), edge('each', 'enrich', 'body'), edge('enrich', 'shape'), edge('each', 'report', 'done'), ...(extra.edges ?? [])],
  };
}

test('the body is what the body handle reaches and nothing else reaches', () => {
  const workflow = shipments();
  expect(loopBodyOf(workflow, 'each').sort()).toEqual(['enrich', 'shape']);
  expect(enclosingLoopOf(workflow, 'shape')).toBe('each');
  expect(enclosingLoopOf(workflow, 'report')).toBeUndefined();
  expect([...LOOP_HANDLES]).toEqual(['body', 'done']);
});

test('a join after the loop (reached from the body and from done) is not in the body', () => {
  const workflow = shipments({ edges: [edge('shape', 'report')] });
  expect(loopBodyOf(workflow, 'each').sort()).toEqual(['enrich', 'shape']);
  expect([...loopBodyNodeIds(workflow)].sort()).toEqual(['enrich', 'shape']);
});

test('a valid loop workflow has no problems: item and index are readable in the body', () => {
  expect(validateWorkflow(shipments())).toEqual([]);
});

test('item and index outside a loop body are unknown references', () => {
  const workflow = shipments();
  workflow.nodes.find((n) => n.id === 'report')!.params = { mapping: 'item.id' };
  expect(validateWorkflow(workflow)).toEqual([expect.objectContaining({ code: 'invalid-expression', nodeId: 'report', reason: 'unknown-reference' })]);
});

test('body nodes get no top-level step of a run', () => {
  const workflow = shipments({ edges: [edge('shape', 'report')] });
  expect(initialSteps(workflow.nodes, workflow.edges).map((s) => s.id)).toEqual(['start', 'each', 'report']);
});

test('an edge leaving a loop by no handle, a loop without a body, a shared body and a nested loop are problems', () => {
  const noHandle = shipments({ nodes: [node('x', 'transform')], edges: [edge('each', 'x')] });
  expect(loopProblems(noHandle)).toEqual([expect.objectContaining({ reason: 'loop-missing-handle', edgeId: 'each-x', params: { node: 'each' } })]);

  // The error handle is the node settings' (validated with onError), not a loop problem.
  expect(loopProblems(shipments({ nodes: [node('x', 'transform')], edges: [edge('each', 'x', 'error')] }))).toEqual([]);

  const noBody = shipments();
  noBody.edges = noBody.edges.filter((e) => e.sourceHandle !== 'body');
  expect(loopProblems(noBody)).toEqual([expect.objectContaining({ reason: 'loop-no-body', nodeId: 'each' })]);

  const shared = shipments({ edges: [edge('start', 'enrich')] });
  expect(loopProblems(shared)).toEqual([expect.objectContaining({ reason: 'loop-body-shared', nodeId: 'enrich', params: { node: 'enrich', loop: 'each' } })]);

  const nested = shipments({ nodes: [node('inner', 'loop'), node('deep', 'transform')], edges: [edge('shape', 'inner'), edge('inner', 'deep', 'body')] });
  expect(loopProblems(nested)).toEqual([expect.objectContaining({ reason: 'loop-nested', nodeId: 'inner', params: { node: 'inner', loop: 'each' } })]);
  const approval = shipments({ nodes: [node('ok', 'approval')], edges: [edge('shape', 'ok')] });
  expect(loopProblems(approval)).toEqual([expect.objectContaining({ reason: 'loop-body-approval', nodeId: 'ok', params: { node: 'ok', loop: 'each' } })]);

  // A wait that may outlast a step's in-process sleep would pause the run mid-loop; a short one is fine.
  const waitIn = (params: Record<string, unknown>) => shipments({ nodes: [{ ...node('pause', 'wait'), params }], edges: [edge('shape', 'pause')] });
  for (const params of [{ mode: 'duration', amount: 4, unit: 'seconds' }, { mode: 'duration', amount: 1, unit: 'minutes' }, { mode: 'until', at: '2027-01-01T09:00', timeZone: 'UTC' }]) {
    expect(loopProblems(waitIn(params))).toEqual([expect.objectContaining({ reason: 'loop-body-wait', nodeId: 'pause', params: { node: 'pause', loop: 'each', seconds: WAIT_LIMITS.inProcessMs / 1000 } })]);
  }
  expect(loopProblems(waitIn({ mode: 'duration', amount: 3, unit: 'seconds' }))).toEqual([]);
  expect(validateWorkflow(waitIn({ mode: 'duration', amount: 2, unit: 'hours' })).map((p) => p.reason)).toContain('loop-body-wait');
  // Outside a loop any wait is fine.
  expect(loopProblems(shipments({ nodes: [{ ...node('pause', 'wait'), params: { mode: 'duration', amount: 2, unit: 'hours' } }], edges: [edge('each', 'pause', 'done')] }))).toEqual([]);

  // validateWorkflow reports them too (they are translated by reason).
  expect(validateWorkflow(nested).map((p) => p.reason)).toContain('loop-nested');
});

test('params: concurrency 1–20 (default 1), onItemError stop/skip/collect (default stop), items required', () => {
  expect(parseNodeParams('loop', { items: 'input.rows' })).toMatchObject({ success: true, data: { items: 'input.rows', concurrency: 1, onItemError: 'stop' } });
  expect(parseNodeParams('loop', { items: 'x', concurrency: 21 }).success).toBe(false);
  expect(parseNodeParams('loop', { items: 'x', concurrency: 0 }).success).toBe(false);
  expect(parseNodeParams('loop', { items: 'x', onItemError: 'retry' }).success).toBe(false);
  expect(parseNodeParams('loop', { items: ' ' }).success).toBe(false);
});

test('each plan caps the items of one loop, higher plans more', () => {
  expect(PLAN_ENTITLEMENTS.free.maxLoopItems).toBe(100);
  expect(PLAN_ENTITLEMENTS.basic.maxLoopItems).toBeGreaterThan(PLAN_ENTITLEMENTS.free.maxLoopItems);
  expect(PLAN_ENTITLEMENTS.premium.maxLoopItems).toBeGreaterThan(PLAN_ENTITLEMENTS.basic.maxLoopItems);
  expect(PLAN_ENTITLEMENTS.enterprise.maxLoopItems).toBeGreaterThanOrEqual(PLAN_ENTITLEMENTS.premium.maxLoopItems);
});

test("the field picker offers a body step the loop's item (fields from a sample item) and index; steps outside the body get neither", () => {
  const workflow = shipments();
  const sources = availableFields(workflow, 'shape', { item: { id: 7, city: 'Rome' } });
  const item = sources.find((s) => s.key === 'item')!;
  expect(item).toMatchObject({ nodeId: 'each', reference: 'item', hasSample: true });
  expect(item.fields.map((f) => f.reference)).toEqual(['item.id', 'item.city']);
  expect(sources.find((s) => s.key === 'index')).toMatchObject({ reference: 'index', type: 'number' });
  expect(availableFields(workflow, 'report').map((s) => s.key)).not.toContain('item');
});
