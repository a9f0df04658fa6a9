// The builder's state as a pure reducer: the workflow being edited (settings,
// nodes, edges), the selection and the undo/redo stacks. `revision` counts
// changes that must be saved (selection does not count); autosave watches it.
import {
  CONDITION_HANDLES,
  createNode,
  isTrigger,
  type NodePosition,
  type NodeType,
  type Workflow,
  type WorkflowEdge,
  type WorkflowNode,
} from '@agentflow/shared/workflow';

export const HISTORY_LIMIT = 100;

export type WorkflowSettings = Pick<Workflow, 'name' | 'description' | 'category' | 'industry' | 'visibility'>;

interface Snapshot {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  settings: WorkflowSettings;
}

export interface BuilderState {
  workflow: Workflow;
  selectedNodeId: string | null;
  selectedEdgeId: string | null;
  past: Snapshot[];
  future: Snapshot[];
  /** Bumped by every change to save. */
  revision: number;
}

export type BuilderAction =
  | { type: 'load'; workflow: Workflow }
  /** params/name: an app entry's node ({connector, operation, params}) instead of the type's defaults. */
  | { type: 'addNode'; nodeType: NodeType; position?: NodePosition; params?: Record<string, unknown>; name?: string }
  /** transient: a drag in progress (no undo step; 'checkpoint' took one when it began). */
  | { type: 'moveNode'; id: string; position: NodePosition; transient?: boolean }
  | { type: 'checkpoint' }
  | { type: 'connect'; source: string; target: string; sourceHandle?: string | null }
  | { type: 'select'; nodeId: string | null; edgeId?: string | null }
  | { type: 'deleteSelection' }
  | { type: 'deleteElements'; nodeIds?: string[]; edgeIds?: string[] }
  | { type: 'updateNode'; id: string; name?: string; params?: Record<string, unknown> }
  | { type: 'updateSettings'; settings: Partial<WorkflowSettings> }
  | { type: 'replaceGraph'; nodes: WorkflowNode[]; edges: WorkflowEdge[]; settings?: Partial<WorkflowSettings> }
  /** A save finished: the stored version (no undo step, not a change). */
  | { type: 'saved'; version: number; updatedAt?: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialBuilderState(workflow: Workflow): BuilderState {
  return { workflow, selectedNodeId: null, selectedEdgeId: null, past: [], future: [], revision: 0 };
}

const settingsOf = (w: Workflow): WorkflowSettings => ({
  name: w.name,
  description: w.description,
  category: w.category,
  industry: w.industry,
  visibility: w.visibility,
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
export function sourceHandlesOf(type: NodeType): readonly (string | null)[] {
  if (type === 'condition') return CONDITION_HANDLES;
  if (type === 'output') return [];
  return [null];
}

export const acceptsInput = (type: NodeType): boolean => !isTrigger(type);

function edgeId(source: string, handle: string | null, target: string, edges: readonly WorkflowEdge[]): string {
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
  const handles = sourceHandlesOf(from.type);
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
      return change(state, { ...w, nodes: [...w.nodes, node] }, { selectedNodeId: node.id, selectedEdgeId: null });
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
      if (nodeId === state.selectedNodeId && edgeId === state.selectedEdgeId) return state;
      return { ...state, selectedNodeId: nodeId, selectedEdgeId: edgeId };
    }

    case 'deleteSelection':
      return builderReducer(state, {
        type: 'deleteElements',
        nodeIds: state.selectedNodeId ? [state.selectedNodeId] : [],
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
        selectedEdgeId: state.selectedEdgeId && edges.some((e) => e.id === state.selectedEdgeId) ? state.selectedEdgeId : null,
      });
    }

    case 'updateNode': {
      const node = w.nodes.find((n) => n.id === action.id);
      if (!node) return state;
      const next = { ...node, ...(action.name !== undefined ? { name: action.name } : {}), ...(action.params ? { params: action.params } : {}) };
      return change(state, { ...w, nodes: w.nodes.map((n) => (n.id === action.id ? next : n)) });
    }

    case 'updateSettings':
      return change(state, { ...w, ...action.settings });

    case 'replaceGraph': {
      const next = { ...w, ...action.settings, nodes: action.nodes, edges: action.edges };
      return change(state, next, { selectedNodeId: null, selectedEdgeId: null });
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
        selectedEdgeId: keep(state.selectedEdgeId, workflow.edges),
      };
    }
  }
}

export const canUndo = (state: BuilderState) => state.past.length > 0;
export const canRedo = (state: BuilderState) => state.future.length > 0;
