// The canvas: the workflow's nodes (cards, canvas/BuilderNode) and edges in
// React Flow, with selection (shift-click or a shift-drawn box selects several),
// moves, connections, drops from the palette, a minimap and zoom controls in
// the user's language. On a phone it is read-only: pan and zoom, tap to select.
import { useCallback, useEffect, useMemo, type DragEvent } from 'react';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type AriaLabelConfig,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useI18n } from '@agentflow/shared';
import { NODE_TYPES, type NodePosition, type NodeType, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import type { BuilderAction, BuilderState } from './builderState';
import { DRAG_INIT_TYPE, DRAG_TYPE, type NewNode } from './Palette';
import { BuilderNode, type FlowNode, type NodeCardData } from './canvas/BuilderNode';
import { nodeSummary } from './canvas/nodeSummary';
import { dimensionsIn, useMeasuredSizes } from './canvas/measuredSizes';
import { problemText } from './problems/problemText';

const C = 'workflows.canvas.';
// minZoom low enough that a whole template fits the canvas, down to a tablet's 320 px between the docks
// (a node out of view, under a dock, cannot be clicked); the same floor as the canvas's own zoom.
export const FIT_VIEW_OPTIONS = { padding: 0.12, minZoom: 0.2, maxZoom: 1 };

const appOf = (node: WorkflowNode): NodeCardData['app'] => {
  if (node.type !== 'connector' && node.type !== 'trigger.poll') return undefined;
  const action = node.type === 'connector' ? node.params.operation : node.params.trigger;
  return typeof node.params.connector === 'string' ? { connector: node.params.connector, action: typeof action === 'string' ? action : '' } : undefined;
};

const NODE_COMPONENTS = { builder: BuilderNode };
/** The minimap's colour per node type (the cards' accents in builder.css). */
const MINIMAP_COLOURS: Partial<Record<NodeType, string>> = {
  'trigger.manual': '#ea580c',
  'trigger.webhook': '#ea580c',
  'trigger.schedule': '#ea580c',
  'trigger.poll': '#ea580c',
  'trigger.error': '#b91c1c',
  agent: '#7c3aed',
  knowledge: '#7c3aed',
  condition: '#0891b2',
  approval: '#0891b2',
  transform: '#2563eb',
  http: '#2563eb',
  output: '#16a34a',
  connector: '#db2777',
  code: '#2563eb',
};

/** A dropped app entry's params and name (absent or unreadable: the type's defaults). */
function initOf(raw: string): { params?: Record<string, unknown>; name?: string } {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as { params?: unknown; name?: unknown };
    const params = parsed.params && typeof parsed.params === 'object' && !Array.isArray(parsed.params) ? (parsed.params as Record<string, unknown>) : undefined;
    return { ...(params ? { params } : {}), ...(typeof parsed.name === 'string' ? { name: parsed.name } : {}) };
  } catch {
    return {};
  }
}

export interface CanvasProps {
  state: BuilderState;
  problems: WorkflowProblem[];
  dispatch: (a: BuilderAction) => void;
  readOnly: boolean;
  /** A node dropped from the palette, at that canvas position. */
  onDropNode: (node: NewNode, position: NodePosition) => void;
  /** Phones: pan, zoom and tap only (the step list edits). */
  viewOnly?: boolean;
  /** Measured card sizes, for the auto-layout. */
  onMeasured?: (sizes: Record<string, { width: number; height: number }>) => void;
}

export function Canvas({ state, problems, dispatch, readOnly, onDropNode, viewOnly = false, onMeasured }: CanvasProps) {
  const { t } = useI18n();
  const { screenToFlowPosition } = useReactFlow();
  const { sizes: measured, keep: keepMeasured } = useMeasuredSizes();
  const { workflow } = state;
  const editable = !readOnly && !viewOnly;

  const nodes = useMemo<FlowNode[]>(() => {
    const byNode = new Map<string, WorkflowProblem[]>();
    for (const p of problems) if (p.nodeId) byNode.set(p.nodeId, [...(byNode.get(p.nodeId) ?? []), p]);
    const selected = new Set(state.selectedNodeIds);
    return workflow.nodes.map((n) => ({
      id: n.id,
      type: 'builder',
      position: n.position,
      selected: n.id === state.selectedNodeId || selected.has(n.id),
      measured: measured[n.id],
      data: {
        name: n.name,
        nodeType: n.type,
        summary: nodeSummary(t, n),
        problems: byNode.get(n.id)?.length ?? 0,
        problemText: (byNode.get(n.id) ?? []).map((p) => problemText(t, p)).join('\n'),
        app: appOf(n),
        ...(n.settings ? { settings: n.settings } : {}),
      },
    }));
  }, [workflow.nodes, problems, state.selectedNodeId, state.selectedNodeIds, measured, t]);

  const edges = useMemo<Edge[]>(
    () =>
      workflow.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        sourceHandle: e.sourceHandle ?? null,
        label: e.sourceHandle ? t(`${C}branch.${e.sourceHandle}`) : undefined,
        selected: e.id === state.selectedEdgeId,
        className: [e.sourceHandle ? `builder-edge--${e.sourceHandle}` : '', problems.some((p) => p.edgeId === e.id) ? 'builder-edge--invalid' : ''].join(' ').trim() || undefined,
      })),
    [workflow.edges, state.selectedEdgeId, problems, t],
  );

  const ariaLabelConfig = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'node.a11yDescription.default': t(`${C}flow.nodeHelp`),
      'node.a11yDescription.keyboardDisabled': t(`${C}flow.nodeHelpKeyboard`),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => t(`${C}flow.nodeMoved`, { direction, x, y }),
      'edge.a11yDescription.default': t(`${C}flow.edgeHelp`),
      'controls.ariaLabel': t(`${C}flow.controls`),
      'controls.zoomIn.ariaLabel': t(`${C}flow.zoomIn`),
      'controls.zoomOut.ariaLabel': t(`${C}flow.zoomOut`),
      'controls.fitView.ariaLabel': t(`${C}flow.fitView`),
      'controls.interactive.ariaLabel': t(`${C}flow.interactive`),
      'minimap.ariaLabel': t(`${C}flow.minimap`),
      'handle.ariaLabel': t(`${C}flow.handle`),
    }),
    [t],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      let selection: Set<string> | null = null;
      for (const change of changes) {
        if (change.type === 'position' && change.position && editable) dispatch({ type: 'moveNode', id: change.id, position: change.position, transient: true });
        else if (change.type === 'select') {
          selection ??= new Set(state.selectedNodeIds.length > 0 ? state.selectedNodeIds : state.selectedNodeId ? [state.selectedNodeId] : []);
          if (change.selected) selection.add(change.id);
          else selection.delete(change.id);
        }
      }
      if (selection) {
        const ids = [...selection];
        if (ids.length <= 1) dispatch({ type: 'select', nodeId: ids[0] ?? null });
        else dispatch({ type: 'selectNodes', nodeIds: ids });
      }
      keepMeasured(dimensionsIn(changes));
    },
    [dispatch, editable, state.selectedNodeId, state.selectedNodeIds, keepMeasured],
  );

  useEffect(() => onMeasured?.(measured), [measured, onMeasured]);

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      for (const change of changes) if (change.type === 'select' && change.selected) dispatch({ type: 'select', nodeId: null, edgeId: change.id });
    },
    [dispatch],
  );

  const onConnect = useCallback(
    (c: Connection) => dispatch({ type: 'connect', source: c.source, target: c.target, sourceHandle: c.sourceHandle }),
    [dispatch],
  );

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(DRAG_TYPE) as NodeType;
    if (!editable || !(NODE_TYPES as readonly string[]).includes(type)) return;
    event.preventDefault();
    const init = initOf(event.dataTransfer.getData(DRAG_INIT_TYPE));
    onDropNode({ nodeType: type, ...init }, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  return (
    <section
      className={`builder-canvas${viewOnly ? ' builder-canvas--view' : ''}`}
      data-testid="builder-canvas"
      aria-label={t('workflows.builder.canvas.label')}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={onDrop}
    >
      <ReactFlow<FlowNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_COMPONENTS}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onNodeDragStart={() => dispatch({ type: 'checkpoint' })}
        onPaneClick={() => dispatch({ type: 'select', nodeId: null })}
        nodesDraggable={editable}
        nodesConnectable={editable}
        elementsSelectable
        selectionKeyCode="Shift"
        multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
        deleteKeyCode={null}
        fitView
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={0.2}
        maxZoom={1.5}
        ariaLabelConfig={ariaLabelConfig}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={20} />
        <Controls showInteractive={false} position="bottom-left" />
        {!viewOnly && (
          <MiniMap pannable zoomable position="bottom-right" style={{ width: 160, height: 110 }} maskColor="rgba(226, 232, 240, 0.6)" nodeColor={(n) => MINIMAP_COLOURS[(n.data as NodeCardData).nodeType] ?? '#64748b'} nodeStrokeWidth={0} />
        )}
      </ReactFlow>
      {workflow.nodes.length === 0 && (
        <p className="builder-canvas-empty" role="note">
          {t(`${C}empty`)}
        </p>
      )}
    </section>
  );
}
