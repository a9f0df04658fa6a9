import { emptyWorkflow, validateWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { HISTORY_LIMIT, builderReducer, canRedo, canUndo, connectionError, freePosition, initialBuilderState, type BuilderAction, type BuilderState } from './builderState';

const base = (): Workflow => ({ ...emptyWorkflow('user-1', 'Flow', { id: 'wf-1' }), version: 2 });
const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const start = () => initialBuilderState(base());
const triggerId = () => start().workflow.nodes[0]!.id;

describe('adding nodes', () => {
  test('adds a node of the type with default params at a free position and selects it', () => {
    const s = run(start(), { type: 'addNode', nodeType: 'agent' });
    const node = s.workflow.nodes.at(-1)!;
    expect(node).toMatchObject({ id: 'agent-1', type: 'agent', name: 'Agent' });
    expect(node.params).toHaveProperty('promptTemplate');
    expect(s.selectedNodeId).toBe('agent-1');
    expect(s.revision).toBe(1);
    const trigger = s.workflow.nodes[0]!;
    expect(node.position).not.toEqual(trigger.position);
  });

  test('a second node of the same type gets a fresh id; an explicit position is kept (rounded)', () => {
    const s = run(start(), { type: 'addNode', nodeType: 'agent' }, { type: 'addNode', nodeType: 'agent', position: { x: 10.4, y: 20.6 } });
    expect(s.workflow.nodes.at(-1)).toMatchObject({ id: 'agent-2', position: { x: 10, y: 21 } });
  });

  test('freePosition skips occupied slots', () => {
    expect(freePosition([])).toEqual({ x: 40, y: 40 });
    const s = run(start(), { type: 'moveNode', id: triggerId(), position: { x: 40, y: 40 } });
    expect(freePosition(s.workflow.nodes)).not.toEqual({ x: 40, y: 40 });
  });
});

describe('connecting', () => {
  test('connects nodes; refuses self loops, duplicates, edges into triggers and unknown nodes', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' });
    s = run(s, { type: 'connect', source: triggerId(), target: 'agent-1' });
    expect(s.workflow.edges).toEqual([{ id: `e-${triggerId()}-agent-1`, source: triggerId(), target: 'agent-1' }]);
    const same = run(s, { type: 'connect', source: triggerId(), target: 'agent-1' }, { type: 'connect', source: 'agent-1', target: 'agent-1' }, { type: 'connect', source: 'agent-1', target: triggerId() }, { type: 'connect', source: 'agent-1', target: 'ghost' });
    expect(same).toBe(s);
    expect(validateWorkflow(s.workflow)).toEqual([]);
  });

  test('condition nodes connect through their true/false handles only', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'condition' }, { type: 'addNode', nodeType: 'output' }, { type: 'addNode', nodeType: 'agent' });
    expect(connectionError(s.workflow, 'condition-1', 'output-1', null)).toBe('handle');
    s = run(s, { type: 'connect', source: 'condition-1', sourceHandle: 'true', target: 'output-1' }, { type: 'connect', source: 'condition-1', sourceHandle: 'false', target: 'agent-1' });
    expect(s.workflow.edges.map((e) => e.sourceHandle)).toEqual(['true', 'false']);
    expect(s.workflow.edges[0]!.id).toBe('e-condition-1-true-output-1');
    expect(connectionError(s.workflow, 'output-1', 'agent-1')).toBe('handle');
    expect(connectionError(s.workflow, 'agent-1', 'output-1', 'true')).toBe('handle');
  });
});

describe('deleting and selecting', () => {
  test('deleting a node removes its edges and clears the selection', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' });
    s = run(s, { type: 'connect', source: triggerId(), target: 'agent-1' }, { type: 'select', nodeId: 'agent-1' }, { type: 'deleteSelection' });
    expect(s.workflow.nodes.map((n) => n.id)).toEqual([triggerId()]);
    expect(s.workflow.edges).toEqual([]);
    expect(s.selectedNodeId).toBeNull();
  });

  test('deleting a selected edge; deleting nothing changes nothing', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' });
    s = run(s, { type: 'connect', source: triggerId(), target: 'agent-1' });
    const edge = s.workflow.edges[0]!.id;
    s = run(s, { type: 'select', nodeId: null, edgeId: edge });
    expect(s.selectedEdgeId).toBe(edge);
    s = run(s, { type: 'deleteSelection' });
    expect(s.workflow.edges).toEqual([]);
    expect(s.workflow.nodes).toHaveLength(2);
    expect(run(s, { type: 'deleteSelection' })).toBe(s);
  });

  test('selection ignores unknown ids and does not count as a change', () => {
    const s = run(start(), { type: 'select', nodeId: 'ghost' });
    expect(s.selectedNodeId).toBeNull();
    const t = run(start(), { type: 'select', nodeId: triggerId() });
    expect(t.selectedNodeId).toBe(triggerId());
    expect(t.revision).toBe(0);
    expect(canUndo(t)).toBe(false);
  });
});

describe('editing', () => {
  test('updates a node name and params, and the settings', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'condition' });
    s = run(s, { type: 'updateNode', id: 'condition-1', name: 'Is hot?', params: { expression: 'score > 50' } }, { type: 'updateSettings', settings: { name: 'Renamed', visibility: 'organization' } });
    expect(s.workflow.nodes.at(-1)).toMatchObject({ name: 'Is hot?', params: { expression: 'score > 50' } });
    expect(s.workflow).toMatchObject({ name: 'Renamed', visibility: 'organization' });
    expect(run(s, { type: 'updateNode', id: 'ghost', name: 'x' })).toBe(s);
  });

  test('a drag: one checkpoint, transient moves, a single undo step', () => {
    const id = triggerId();
    const before = start().workflow.nodes[0]!.position;
    let s = run(start(), { type: 'checkpoint' }, { type: 'moveNode', id, position: { x: 300, y: 10 }, transient: true }, { type: 'moveNode', id, position: { x: 310, y: 12 }, transient: true });
    expect(s.past).toHaveLength(1);
    expect(s.revision).toBe(2);
    s = run(s, { type: 'undo' });
    expect(s.workflow.nodes[0]!.position).toEqual(before);
  });

  test('replaceGraph swaps nodes and edges in one undo step and keeps the version', () => {
    const other = base();
    other.nodes = [];
    let s = run(start(), { type: 'replaceGraph', nodes: other.nodes, edges: [] });
    expect(s.workflow.nodes).toEqual([]);
    expect(s.workflow.version).toBe(2);
    s = run(s, { type: 'undo' });
    expect(s.workflow.nodes).toHaveLength(1);
  });

  test('saved sets the version without an undo step or a revision', () => {
    const s = run(start(), { type: 'saved', version: 3, updatedAt: '2024-01-01T00:00:00Z' });
    expect(s.workflow.version).toBe(3);
    expect(s.revision).toBe(0);
    expect(canUndo(s)).toBe(false);
  });

  test('load resets history and selection', () => {
    const s = run(start(), { type: 'addNode', nodeType: 'agent' }, { type: 'load', workflow: base() });
    expect(s.past).toEqual([]);
    expect(s.selectedNodeId).toBeNull();
    expect(s.workflow.nodes).toHaveLength(1);
  });
});

describe('undo and redo', () => {
  test('undo and redo walk the history; a new change clears redo', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' }, { type: 'addNode', nodeType: 'output' }, { type: 'updateSettings', settings: { name: 'X' } });
    s = run(s, { type: 'undo' });
    expect(s.workflow.name).toBe('Flow');
    s = run(s, { type: 'undo' });
    expect(s.workflow.nodes.map((n) => n.type)).toEqual(['trigger.manual', 'agent']);
    expect(canRedo(s)).toBe(true);
    s = run(s, { type: 'redo' });
    expect(s.workflow.nodes).toHaveLength(3);
    s = run(s, { type: 'addNode', nodeType: 'http' });
    expect(canRedo(s)).toBe(false);
    expect(run(initialBuilderState(base()), { type: 'undo' })).toEqual(initialBuilderState(base()));
  });

  test('undo drops a selection of a node that no longer exists and bumps the revision', () => {
    const s = run(start(), { type: 'addNode', nodeType: 'agent' }, { type: 'undo' });
    expect(s.selectedNodeId).toBeNull();
    expect(s.revision).toBe(2);
  });

  test('the undo stack is bounded', () => {
    let s = start();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) s = run(s, { type: 'updateSettings', settings: { description: String(i) } });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
  });
});
