import { STEP_TEST_API, planRunFromHere, stepTestInput, stepTestRequestSchema } from './testStep';
import type { WorkflowEdge, WorkflowNode } from './model';

const node = (id: string, type: WorkflowNode['type'], pin?: unknown): WorkflowNode => ({
  id,
  type,
  name: id,
  position: { x: 0, y: 0 },
  params: {},
  ...(pin === undefined ? {} : { pinned: { output: pin, pinnedAt: '2026-11-26T10:00:00.000Z' } }),
});
const edge = (source: string, target: string): WorkflowEdge => ({ id: `${source}-${target}`, source, target });

// trigger → a → b → c → d, trigger → side, b → e
const nodes = [node('trigger', 'trigger.manual'), node('a', 'transform', { n: 1 }), node('b', 'condition', false), node('c', 'transform'), node('d', 'output'), node('side', 'output'), node('e', 'output')];
const edges = [edge('trigger', 'a'), edge('a', 'b'), edge('b', 'c'), edge('c', 'd'), edge('trigger', 'side'), edge('b', 'e')];

describe('planRunFromHere', () => {
  it('pins every upstream node but the trigger and skips the nodes off the paths from startAt', () => {
    expect(planRunFromHere(nodes, edges, 'c')).toEqual({
      pinned: [
        { nodeId: 'a', output: { n: 1 } },
        { nodeId: 'b', output: false },
      ],
      skipped: ['side', 'e'],
      missing: [],
    });
  });

  it('lists the upstream nodes without a pin (a pinned null counts as a pin)', () => {
    const unpinned = nodes.map((n) => (n.id === 'a' ? node('a', 'transform') : n.id === 'b' ? node('b', 'condition', null) : n));
    expect(planRunFromHere(unpinned, edges, 'd')).toMatchObject({ missing: ['a', 'c'], pinned: [{ nodeId: 'b', output: null }] });
  });

  it('starting at the trigger runs everything; an unknown node has no plan', () => {
    expect(planRunFromHere(nodes, edges, 'trigger')).toEqual({ pinned: [], skipped: [], missing: [] });
    expect(planRunFromHere(nodes, edges, 'nowhere')).toBeNull();
  });
});

describe('the test request', () => {
  it('fills trigger and input from each other, as a run gives both', () => {
    expect(stepTestInput({ trigger: { a: 1 }, fetch: { b: 2 } })).toEqual({ trigger: { a: 1 }, input: { a: 1 }, fetch: { b: 2 } });
    expect(stepTestInput({ input: { a: 1 } })).toEqual({ trigger: { a: 1 }, input: { a: 1 } });
    expect(stepTestInput(undefined)).toEqual({ trigger: {}, input: {} });
  });

  it('accepts an input object only, and encodes the path', () => {
    expect(stepTestRequestSchema.safeParse({ input: { x: 1 } }).success).toBe(true);
    expect(stepTestRequestSchema.safeParse({}).success).toBe(true);
    expect(stepTestRequestSchema.safeParse({ input: [1] }).success).toBe(false);
    expect(stepTestRequestSchema.safeParse({ input: {}, extra: 1 }).success).toBe(false);
    expect(STEP_TEST_API.testStep('wf 1', 'agent-1')).toBe('/api/workflows/wf%201/nodes/agent-1/test');
  });
});
