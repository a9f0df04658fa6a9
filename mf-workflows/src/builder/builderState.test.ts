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
    expect(node).toMatchObject({ id: 'agent_1', type: 'agent', name: 'Agent' });
    expect(node.params).toHaveProperty('promptTemplate');
    expect(s.selectedNodeId).toBe('agent_1');
    expect(s.revision).toBe(1);
    const trigger = s.workflow.nodes[0]!;
    expect(node.position).not.toEqual(trigger.position);
  });

  test('a second node of the same type gets a fresh id; an explicit position is kept (rounded)', () => {
    const s = run(start(), { type: 'addNode', nodeType: 'agent' }, { type: 'addNode', nodeType: 'agent', position: { x: 10.4, y: 20.6 } });
    expect(s.workflow.nodes.at(-1)).toMatchObject({ id: 'agent_2', position: { x: 10, y: 21 } });
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
    s = run(s, { type: 'connect', source: triggerId(), target: 'agent_1' });
    expect(s.workflow.edges).toEqual([{ id: `e-${triggerId()}-agent_1`, source: triggerId(), target: 'agent_1' }]);
    const same = run(s, { type: 'connect', source: triggerId(), target: 'agent_1' }, { type: 'connect', source: 'agent_1', target: 'agent_1' }, { type: 'connect', source: 'agent_1', target: triggerId() }, { type: 'connect', source: 'agent_1', target: 'ghost' });
    expect(same).toBe(s);
    expect(validateWorkflow(s.workflow)).toEqual([]);
  });

  test('condition nodes connect through their true/false handles only', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'condition' }, { type: 'addNode', nodeType: 'output' }, { type: 'addNode', nodeType: 'agent' });
    expect(connectionError(s.workflow, 'condition_1', 'output_1', null)).toBe('handle');
    s = run(s, { type: 'connect', source: 'condition_1', sourceHandle: 'true', target: 'output_1' }, { type: 'connect', source: 'condition_1', sourceHandle: 'false', target: 'agent_1' });
    expect(s.workflow.edges.map((e) => e.sourceHandle)).toEqual(['true', 'false']);
    expect(s.workflow.edges[0]!.id).toBe('e-condition_1-true-output_1');
    expect(connectionError(s.workflow, 'output_1', 'agent_1')).toBe('handle');
    expect(connectionError(s.workflow, 'agent_1', 'output_1', 'true')).toBe('handle');
  });
});

describe('deleting and selecting', () => {
  test('deleting a node removes its edges and clears the selection', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' });
    s = run(s, { type: 'connect', source: triggerId(), target: 'agent_1' }, { type: 'select', nodeId: 'agent_1' }, { type: 'deleteSelection' });
    expect(s.workflow.nodes.map((n) => n.id)).toEqual([triggerId()]);
    expect(s.workflow.edges).toEqual([]);
    expect(s.selectedNodeId).toBeNull();
  });

  test('deleting a selected edge; deleting nothing changes nothing', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' });
    s = run(s, { type: 'connect', source: triggerId(), target: 'agent_1' });
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
    s = run(s, { type: 'updateNode', id: 'condition_1', name: 'Is hot?', params: { expression: 'score > 50' } }, { type: 'updateSettings', settings: { name: 'Renamed', visibility: 'organization' } });
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

describe('canvas actions (issue 19)', () => {
  test('addNode with connectFrom adds the node and its edge in one undo step, with the given name', () => {
    const s = run(start(), { type: 'addNode', nodeType: 'agent', name: 'KI-Agent', position: { x: 300, y: 0 }, connectFrom: { source: triggerId() } });
    const agent = s.workflow.nodes.at(-1)!;
    expect(agent).toMatchObject({ name: 'KI-Agent', position: { x: 300, y: 0 } });
    expect(s.workflow.edges).toEqual([{ id: `e-${triggerId()}-${agent.id}`, source: triggerId(), target: agent.id }]);
    const undone = run(s, { type: 'undo' });
    expect(undone.workflow.nodes).toHaveLength(1);
    expect(undone.workflow.edges).toEqual([]);
    // An edge that may not be made (into a trigger) is left out; the node is still added.
    const trigger = run(start(), { type: 'addNode', nodeType: 'trigger.webhook', connectFrom: { source: triggerId() } });
    expect(trigger.workflow.nodes).toHaveLength(2);
    expect(trigger.workflow.edges).toEqual([]);
  });

  test('addNodes (paste) adds nodes and edges in one step and selects them all; delete removes the whole selection', () => {
    const pasted = [
      { id: 'agent_7', type: 'agent' as const, name: 'A', position: { x: 0, y: 200 }, params: {} },
      { id: 'output_7', type: 'output' as const, name: 'B', position: { x: 300, y: 200 }, params: {} },
    ];
    const s = run(start(), { type: 'addNodes', nodes: pasted, edges: [{ id: 'e-x', source: 'agent_7', target: 'output_7' }] });
    expect(s.selectedNodeIds).toEqual(['agent_7', 'output_7']);
    expect(s.selectedNodeId).toBeNull();
    expect(s.past).toHaveLength(1);
    const deleted = run(s, { type: 'deleteSelection' });
    expect(deleted.workflow.nodes.map((n) => n.id)).toEqual([triggerId()]);
    expect(deleted.workflow.edges).toEqual([]);
    expect(deleted.selectedNodeIds).toEqual([]);
  });

  test('selectNodes keeps known ids; one node alone shows its configuration; select resets to one', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent' });
    const agent = s.workflow.nodes.at(-1)!.id;
    s = run(s, { type: 'selectNodes', nodeIds: [triggerId(), agent, 'ghost'] });
    expect(s).toMatchObject({ selectedNodeIds: [triggerId(), agent], selectedNodeId: null });
    s = run(s, { type: 'selectNodes', nodeIds: [agent] });
    expect(s).toMatchObject({ selectedNodeIds: [agent], selectedNodeId: agent });
    s = run(s, { type: 'select', nodeId: null });
    expect(s.selectedNodeIds).toEqual([]);
  });

  test('moveNodes (auto-layout) moves several nodes in one undo step; nothing moved, no step', () => {
    const s0 = run(start(), { type: 'addNode', nodeType: 'agent' });
    const agent = s0.workflow.nodes.at(-1)!.id;
    const s = run(s0, { type: 'moveNodes', positions: { [triggerId()]: { x: 0, y: 0 }, [agent]: { x: 300.4, y: 0 } } });
    expect(s.workflow.nodes.map((n) => n.position)).toEqual([{ x: 0, y: 0 }, { x: 300, y: 0 }]);
    expect(s.past).toHaveLength(s0.past.length + 1);
    expect(run(s, { type: 'moveNodes', positions: { [agent]: { x: 300, y: 0 } } })).toBe(s);
  });

  test('renameNode renames the key in nodes, edges and references, in one undo step; a taken key is refused', () => {
    let s = run(start(), { type: 'addNode', nodeType: 'agent', connectFrom: { source: triggerId() } });
    const agent = s.workflow.nodes.at(-1)!.id;
    s = run(s, { type: 'addNode', nodeType: 'condition', connectFrom: { source: agent } });
    const condition = s.workflow.nodes.at(-1)!.id;
    s = run(s, { type: 'updateNode', id: condition, params: { expression: `${agent}.score >= 70` } });
    const renamed = run(s, { type: 'renameNode', from: agent, to: 'scorer' });
    expect(renamed.workflow.nodes.map((n) => n.id)).toEqual([triggerId(), 'scorer', condition]);
    expect(renamed.workflow.edges.map((e) => [e.source, e.target])).toEqual([[triggerId(), 'scorer'], ['scorer', condition]]);
    expect(renamed.workflow.nodes[2]!.params.expression).toBe('scorer.score >= 70');
    expect(run(renamed, { type: 'undo' }).workflow).toEqual(s.workflow);
    expect(run(s, { type: 'renameNode', from: agent, to: condition })).toBe(s);
  });
});
