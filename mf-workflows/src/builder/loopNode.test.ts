// The loop on the builder's canvas: its two named outputs, what may connect from them, its form and its card summary.
import { LOOP_HANDLES, createNode, type Workflow } from '@agentflow/shared/workflow';
import { connectionError, sourceHandlesOf } from './builderState';
import { NODE_FIELDS } from './fields';
import { nodeSummary } from './canvas/nodeSummary';

const workflow = (): Workflow => ({
  id: 'wf',
  ownerId: 'u',
  name: 'Loop',
  description: '',
  category: 'automation',
  industry: 'logistics',
  tags: [],
  visibility: 'private',
  version: 1,
  createdAt: null,
  updatedAt: null,
  nodes: [
    { id: 'each', type: 'loop', name: 'Each', position: { x: 0, y: 0 }, params: { items: 'input.rows', concurrency: 1, onItemError: 'stop' } },
    { id: 'step', type: 'transform', name: 'Step', position: { x: 0, y: 0 }, params: { mapping: 'item' } },
  ],
  edges: [],
});

test('a loop offers a "body" and a "done" output and nothing else', () => {
  expect(sourceHandlesOf('loop')).toEqual([...LOOP_HANDLES]);
  expect(connectionError(workflow(), 'each', 'step', 'body')).toBeNull();
  expect(connectionError(workflow(), 'each', 'step', 'done')).toBeNull();
  expect(connectionError(workflow(), 'each', 'step', null)).toBe('handle');
});

test("a loop's form edits its list, how many items at a time and what a failed item does; its card shows the list", () => {
  expect(NODE_FIELDS.loop.map((field) => [field.path, field.kind])).toEqual([
    ['items', 'text'],
    ['concurrency', 'number'],
    ['onItemError', 'select'],
  ]);
  expect(NODE_FIELDS.loop[2]!.options).toEqual(['stop', 'skip', 'collect']);
  const t = (key: string) => key;
  expect(nodeSummary(t as never, workflow().nodes[0]!)).toBe('input.rows');
  expect(createNode('loop', { x: 0, y: 0 }, []).params).toEqual({ items: 'input.items', concurrency: 1, onItemError: 'stop' });
});
