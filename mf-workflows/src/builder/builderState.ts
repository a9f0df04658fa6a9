// The builder's state as a pure reducer: the workflow being edited (settings,
// nodes, edges), the selection and the undo/redo stacks. `revision` counts
// changes that must be saved (selection does not count); autosave watches it.
import {
  CONDITION_HANDLES,
  ERROR_HANDLE,
  onErrorOf,
  LOOP_HANDLES,
  createNode,
  isTrigger,
  nodeKeyProblem,
  renameNodeKey,
  type NodePosition,
  type NodeType,
  type Workflow,
  type WorkflowEdge,
  type WorkflowNode,
} from '@agentflow/shared/workflow';

export const HISTORY_LIMIT = 100;

export type WorkflowSettings = Pick<Workflow, 'name' | 'description' | 'category' | 'industry' | 'visibility' | 'active' | 'errorWorkflowId' | 'mcp'>;

interface Snapshot {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  settings: WorkflowSettings;
}

export interface BuilderState {
  workflow: Workflow;
  /** The node whose configuration shows (one selected node), or null. */
  selectedNodeId: string | null;
  /** Every selected node (shift-click or a box on the canvas): what copy and delete act on. */
  selectedNodeIds: string[];
  selectedEdgeId: string | null;
  past: Snapshot[];
  future: Snapshot[];
  /** Bumped by every change to save. */
  revision: number;
}

export type BuilderAction =
  | { type: 'load'; workflow: Workflow }
  /**
   * params/name: an app entry's node ({connector, operation, params}) or the translated name instead of the
   * type's defaults; connectFrom: an edge from that node (and handle) to the new one, in the same undo step.
   */
  | { type: 'addNode'; nodeType: NodeType; position?: NodePosition; params?: Record<string, unknown>; name?: string; connectFrom?: { source: string; sourceHandle?: string | null } }
  /** Pasted or duplicated nodes with the edges between them (fresh ids already): one undo step, then selected. */
  | { type: 'addNodes'; nodes: WorkflowNode[]; edges: WorkflowEdge[] }
  /** A node's key (id) renamed: its edges and every reference to it follow, in one undo step. */
  | { type: 'renameNode'; from: string; to: string }
  /** Several nodes moved at once (auto-layout): one undo step. */
  | { type: 'moveNodes'; positions: Record<string, NodePosition> }
  /** The canvas's selection of several nodes (the first alone shows its configuration when it is the only one). */
  | { type: 'selectNodes'; nodeIds: string[] }
  /** transient: a drag in progress (no undo step; 'checkpoint' took one when it began). */
  | { type: 'moveNode'; id: string; position: NodePosition; transient?: boolean }
  | { type: 'checkpoint' }
  | { type: 'connect'; source: string; target: string; sourceHandle?: string | null }
  | { type: 'select'; nodeId: string | null; edgeId?: string | null }
  | { type: 'deleteSelection' }
  | { type: 'deleteElements'; nodeIds?: string[]; edgeIds?: string[] }
  /** pinned: the node's sample output to keep (Test step's Pin); null unpins it. */
  | { type: 'updateNode'; id: string; name?: string; params?: Record<string, unknown>; pinned?: WorkflowNode['pinned'] | null; settings?: WorkflowNode['settings'] | null }
  | { type: 'updateSettings'; settings: Partial<WorkflowSettings> }
  | { type: 'replaceGraph'; nodes: WorkflowNode[]; edges: WorkflowEdge[]; settings?: Partial<WorkflowSettings> }
  /** A save finished: the stored version (no undo step, not a change). */
  | { type: 'saved'; version: number; updatedAt?: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialBuilderState(workflow: Workflow): BuilderState {
  return { workflow, selectedNodeId: null, selectedNodeIds: [], selectedEdgeId: null, past: [], future: [], revision: 0 };
}

const settingsOf = (w: Workflow): WorkflowSettings => ({
  name: w.name,
  description: w.description,
  category: w.category,
  industry: w.industry,
  visibility: w.visibility,
  // The on/off switch is a setting too: undo turns it back (undefined: absent, on).
  active: w.active,
  ...(w.errorWorkflowId !== undefined ? { errorWorkflowId: w.errorWorkflowId } : {}),
  // Offered to MCP clients: undo turns it back (undefined: absent, which a save writes as null).
  mcp: w.mcp,
});

const snapshotOf = (w: Workflow): Snapshot => ({ nodes: w.nodes, edges: w.edges, settings: settingsOf(w) });

/** Applies a change: one undo step, the redo stack cleared, the revision bumped. */
function change(state: BuilderState, workflow: Workflow, extra: Partial<BuilderState> = {}): BuilderState {
  const past = [...state.past, snapshotOf(state.workflow)].slice(-HISTORY_LIMIT);
  return { ...state, ...extra, workflow, past, future: [], revision: state.revision + 1 };
}

const GRID = { x: 260, y: 140, columns: 4, size: { width: 200, height: 80 } };

/** The first grid slot no existing node overlaps, for nodes added without a position. */
export function freePosition(nodes: readonly WorkflowNode[]): NodePosition {
  for (let i = 0; i < 10_000; i++) {
    const candidate = { x: 40 + (i % GRID.columns) * GRID.x, y: 40 + Math.floor(i / GRID.columns) * GRID.y };
    const taken = nodes.some(
      (n) => Math.abs(n.position.x - candidate.x) < GRID.size.width && Math.abs(n.position.y - candidate.y) < GRID.size.height,
    );
    if (!taken) return candidate;
  }
  return { x: 40, y: 40 };
}

/** Source handles a node offers: 'true'/'false' on a condition, one unnamed elsewhere, none on an output. */
export function sourceHandlesOf(type: NodeType, settings?: WorkflowNode['settings']): readonly (string | null)[] {
  // A node whose failures branch (nodeSettings.ts) offers its red error handle too.
  if (onErrorOf({ settings }) === 'branch') return [...sourceHandlesOf(type), ERROR_HANDLE];
  if (type === 'condition') return CONDITION_HANDLES;
  if (type === 'loop') return LOOP_HANDLES;
  if (type === 'output') return [];
  return [null];
}

export const acceptsInput = (type: NodeType): boolean => !isTrigger(type);

export function edgeId(source: string, handle: string | null, target: string, edges: readonly WorkflowEdge[]): string {
  const base = `e-${source}${handle ? `-${handle}` : ''}-${target}`.slice(0, 60);
  const ids = new Set(edges.map((e) => e.id));
  if (!ids.has(base)) return base;
  let n = 2;
  while (ids.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** Why a connection is refused, or null when it may be made. */
export function connectionError(workflow: Workflow, source: string, target: string, sourceHandle?: string | null): string | null {
  const from = workflow.nodes.find((n) => n.id === source);
  const to = workflow.nodes.find((n) => n.id === target);
  if (!from || !to) return 'missing-node';
  if (source === target) return 'self';
  const handles = sourceHandlesOf(from.type, from.settings);
  const handle = sourceHandle ?? null;
  if (!handles.includes(handle)) return 'handle';
  if (!acceptsInput(to.type)) return 'target';
  if (workflow.edges.some((e) => e.source === source && (e.sourceHandle ?? null) === handle && e.target === target)) return 'duplicate';
  return null;
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const w = state.workflow;
  switch (action.type) {
    case 'load':
      return initialBuilderState(action.workflow);

    case 'addNode': {
      const position = action.position ?? freePosition(w.nodes);
      const created = createNode(action.nodeType, { x: Math.round(position.x), y: Math.round(position.y) }, w.nodes.map((n) => n.id));
      const node = { ...created, ...(action.params ? { params: action.params } : {}), ...(action.name?.trim() ? { name: action.name.trim() } : {}) };
      const added = { ...w, nodes: [...w.nodes, node] };
      const from = action.connectFrom;
      const edges =
        from && !connectionError(added, from.source, node.id, from.sourceHandle)
          ? [...w.edges, { id: edgeId(from.source, from.sourceHandle ?? null, node.id, w.edges), source: from.source, target: node.id, ...(from.sourceHandle ? { sourceHandle: from.sourceHandle } : {}) }]
          : w.edges;
      return change(state, { ...added, edges }, { selectedNodeId: node.id, selectedNodeIds: [node.id], selectedEdgeId: null });
    }

    case 'addNodes': {
      if (action.nodes.length === 0) return state;
      const ids = action.nodes.map((n) => n.id);
      return change(state, { ...w, nodes: [...w.nodes, ...action.nodes], edges: [...w.edges, ...action.edges] }, {
        selectedNodeId: ids.length === 1 ? ids[0]! : null,
        selectedNodeIds: ids,
        selectedEdgeId: null,
      });
    }

    case 'renameNode': {
      const { from, to } = action;
      // The domain's one rename (edges, delegates, every expression and template root); it refuses a key nodeKeyProblem() refuses.
      if (from === to || !w.nodes.some((n) => n.id === from) || nodeKeyProblem(w, from, to) !== null) return state;
      const follow = (id: string | null) => (id === from ? to : id);
      return change(state, renameNodeKey(w, from, to), { selectedNodeId: follow(state.selectedNodeId), selectedNodeIds: state.selectedNodeIds.map((id) => follow(id)!) });
    }

    case 'moveNodes': {
      let moved = false;
      const nodes = w.nodes.map((n) => {
        const to = action.positions[n.id];
        if (!to) return n;
        const position = { x: Math.round(to.x), y: Math.round(to.y) };
        if (position.x === n.position.x && position.y === n.position.y) return n;
        moved = true;
        return { ...n, position };
      });
      return moved ? change(state, { ...w, nodes }) : state;
    }

    case 'selectNodes': {
      const nodeIds = [...new Set(action.nodeIds)].filter((id) => w.nodes.some((n) => n.id === id));
      const selectedNodeId = nodeIds.length === 1 ? nodeIds[0]! : null;
      if (selectedNodeId === state.selectedNodeId && state.selectedEdgeId === null && nodeIds.join() === state.selectedNodeIds.join()) return state;
      return { ...state, selectedNodeId, selectedNodeIds: nodeIds, selectedEdgeId: null };
    }

    case 'checkpoint':
      return { ...state, past: [...state.past, snapshotOf(w)].slice(-HISTORY_LIMIT), future: [] };

    case 'moveNode': {
      const node = w.nodes.find((n) => n.id === action.id);
      if (!node) return state;
      const position = { x: Math.round(action.position.x), y: Math.round(action.position.y) };
      if (node.position.x === position.x && node.position.y === position.y) return state;
      const nodes = w.nodes.map((n) => (n.id === action.id ? { ...n, position } : n));
      if (action.transient) return { ...state, workflow: { ...w, nodes }, revision: state.revision + 1 };
      return change(state, { ...w, nodes });
    }

    case 'connect': {
      if (connectionError(w, action.source, action.target, action.sourceHandle)) return state;
      const handle = action.sourceHandle ?? null;
      const edge: WorkflowEdge = { id: edgeId(action.source, handle, action.target, w.edges), source: action.source, target: action.target };
      if (handle) edge.sourceHandle = handle;
      return change(state, { ...w, edges: [...w.edges, edge] });
    }

    case 'select': {
      const nodeId = action.nodeId && w.nodes.some((n) => n.id === action.nodeId) ? action.nodeId : null;
      const edgeId = action.edgeId && w.edges.some((e) => e.id === action.edgeId) ? action.edgeId : null;
      const nodeIds = nodeId ? [nodeId] : [];
      if (nodeId === state.selectedNodeId && edgeId === state.selectedEdgeId && nodeIds.join() === state.selectedNodeIds.join()) return state;
      return { ...state, selectedNodeId: nodeId, selectedNodeIds: nodeIds, selectedEdgeId: edgeId };
    }

    case 'deleteSelection':
      return builderReducer(state, {
        type: 'deleteElements',
        nodeIds: [...new Set([...state.selectedNodeIds, ...(state.selectedNodeId ? [state.selectedNodeId] : [])])],
        edgeIds: state.selectedEdgeId ? [state.selectedEdgeId] : [],
      });

    case 'deleteElements': {
      const nodeIds = new Set(action.nodeIds ?? []);
      const edgeIds = new Set(action.edgeIds ?? []);
      const nodes = w.nodes.filter((n) => !nodeIds.has(n.id));
      const edges = w.edges.filter((e) => !edgeIds.has(e.id) && !nodeIds.has(e.source) && !nodeIds.has(e.target));
      if (nodes.length === w.nodes.length && edges.length === w.edges.length) return state;
      return change(state, { ...w, nodes, edges }, {
        selectedNodeId: state.selectedNodeId && nodeIds.has(state.selectedNodeId) ? null : state.selectedNodeId,
        selectedNodeIds: state.selectedNodeIds.filter((id) => !nodeIds.has(id)),
        selectedEdgeId: state.selectedEdgeId && edges.some((e) => e.id === state.selectedEdgeId) ? state.selectedEdgeId : null,
      });
    }

    case 'updateNode': {
      const node = w.nodes.find((n) => n.id === action.id);
      if (!node) return state;
      const next = { ...node, ...(action.name !== undefined ? { name: action.name } : {}), ...(action.params ? { params: action.params } : {}), ...(action.pinned ? { pinned: action.pinned } : {}) };
      if (action.pinned === null) delete next.pinned;
      if (action.settings) next.settings = action.settings;
      if (action.settings === null) delete next.settings;
      return change(state, { ...w, nodes: w.nodes.map((n) => (n.id === action.id ? next : n)) });
    }

    case 'updateSettings':
      return change(state, { ...w, ...action.settings });

    case 'replaceGraph': {
      const next = { ...w, ...action.settings, nodes: action.nodes, edges: action.edges };
      return change(state, next, { selectedNodeId: null, selectedNodeIds: [], selectedEdgeId: null });
    }

    case 'saved':
      return { ...state, workflow: { ...w, version: action.version, updatedAt: action.updatedAt ?? w.updatedAt } };

    case 'undo':
    case 'redo': {
      const from = action.type === 'undo' ? state.past : state.future;
      const target = from[from.length - 1];
      if (!target) return state;
      const current = snapshotOf(w);
      const workflow = { ...w, ...target.settings, nodes: target.nodes, edges: target.edges };
      const keep = (id: string | null, list: readonly { id: string }[]) => (id && list.some((x) => x.id === id) ? id : null);
      return {
        ...state,
        workflow,
        past: action.type === 'undo' ? state.past.slice(0, -1) : [...state.past, current],
        future: action.type === 'undo' ? [...state.future, current] : state.future.slice(0, -1),
        revision: state.revision + 1,
        selectedNodeId: keep(state.selectedNodeId, workflow.nodes),
        selectedNodeIds: state.selectedNodeIds.filter((id) => workflow.nodes.some((n) => n.id === id)),
        selectedEdgeId: keep(state.selectedEdgeId, workflow.edges),
      };
    }
  }
}

export const canUndo = (state: BuilderState) => state.past.length > 0;
export const canRedo = (state: BuilderState) => state.future.length > 0;
