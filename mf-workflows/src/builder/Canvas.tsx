// The canvas: the workflow's nodes and edges in React Flow, with each node's
// problem count, selection, moves, connections and drops from the palette.
import { useCallback, useMemo, useState, type DragEvent } from 'react';
import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import { useI18n } from '@agentflow/shared';
import { NODE_TYPES, connectorOf, type NodeType, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { acceptsInput, sourceHandlesOf, type BuilderAction, type BuilderState } from './builderState';
import { NODE_TYPE_KEYS } from './fields';
import { DRAG_INIT_TYPE, DRAG_TYPE } from './Palette';
import { AppBadge } from '../connectors/AppBadge';
import { operationLabel, triggerLabel } from '../connectors/connectorTexts';

const P = 'workflows.builder.';

interface NodeData extends Record<string, unknown> {
  name: string;
  nodeType: NodeType;
  problems: number;
  problemText: string;
  /** An app step or trigger: its connector and action ids. */
  app?: { connector: string; action: string };
}

const appOf = (node: WorkflowNode): NodeData['app'] => {
  if (node.type !== 'connector' && node.type !== 'trigger.poll') return undefined;
  const action = node.type === 'connector' ? node.params.operation : node.params.trigger;
  return typeof node.params.connector === 'string' ? { connector: node.params.connector, action: typeof action === 'string' ? action : '' } : undefined;
};
type FlowNode = Node<NodeData, 'builder'>;

function BuilderNode({ id, data, selected }: NodeProps<FlowNode>) {
  const { t } = useI18n();
  const handles = sourceHandlesOf(data.nodeType);
  const connector = data.app ? connectorOf(data.app.connector) : undefined;
  return (
    <div
      data-testid="builder-node"
      data-node-id={id}
      data-node-type={data.nodeType}
      data-problems={data.problems}
      className={`builder-node builder-node--${NODE_TYPE_KEYS[data.nodeType]}${data.problems > 0 ? ' builder-node--invalid' : ''}${selected ? ' builder-node--selected' : ''}`}
      title={data.problemText || undefined}
    >
      {acceptsInput(data.nodeType) && <Handle type="target" position={Position.Left} />}
      {connector && data.app ? (
        <span className="builder-node-type builder-node-app">
          <AppBadge connector={connector} size="small" />
          {connector.name} · {data.nodeType === 'trigger.poll' ? triggerLabel(t, connector, data.app.action) : operationLabel(t, connector, data.app.action)}
        </span>
      ) : (
        <span className="builder-node-type">{t(`${P}nodeTypes.${NODE_TYPE_KEYS[data.nodeType]}`)}</span>
      )}
      <strong className="builder-node-name">{data.name}</strong>
      {data.problems > 0 && (
        <span className="builder-node-badge" aria-label={t(`${P}problems.count`, { count: data.problems })}>
          {data.problems}
        </span>
      )}
      {handles.map((handle, index) => (
        <Handle
          key={handle ?? 'out'}
          type="source"
          position={Position.Right}
          id={handle ?? undefined}
          className={handle ? `builder-handle--${handle}` : undefined}
          style={handles.length > 1 ? { top: `${((index + 1) * 100) / (handles.length + 1)}%` } : undefined}
        >
          {handle && <span className="builder-handle-label">{handle}</span>}
        </Handle>
      ))}
    </div>
  );
}


const NODE_COMPONENTS = { builder: BuilderNode };

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

export function Canvas({ state, problems, dispatch, readOnly }: { state: BuilderState; problems: WorkflowProblem[]; dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
  const { t } = useI18n();
  const { screenToFlowPosition } = useReactFlow();
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const { workflow } = state;

  const nodes = useMemo<FlowNode[]>(() => {
    const byNode = new Map<string, WorkflowProblem[]>();
    for (const p of problems) if (p.nodeId) byNode.set(p.nodeId, [...(byNode.get(p.nodeId) ?? []), p]);
    return workflow.nodes.map((n) => ({
      id: n.id,
      type: 'builder',
      position: n.position,
      selected: n.id === state.selectedNodeId,
      measured: measured[n.id],
      data: { name: n.name, nodeType: n.type, problems: byNode.get(n.id)?.length ?? 0, problemText: (byNode.get(n.id) ?? []).map((p) => p.message).join('\n'), app: appOf(n) },
    }));
  }, [workflow.nodes, problems, state.selectedNodeId, measured]);

  const edges = useMemo<Edge[]>(
    () =>
      workflow.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        sourceHandle: e.sourceHandle ?? null,
        label: e.sourceHandle,
        selected: e.id === state.selectedEdgeId,
        className: problems.some((p) => p.edgeId === e.id) ? 'builder-edge--invalid' : undefined,
      })),
    [workflow.edges, state.selectedEdgeId, problems],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const sizes: Record<string, { width: number; height: number }> = {};
      for (const change of changes) {
        if (change.type === 'dimensions' && change.dimensions) sizes[change.id] = change.dimensions;
        else if (change.type === 'position' && change.position && !readOnly) dispatch({ type: 'moveNode', id: change.id, position: change.position, transient: true });
        else if (change.type === 'select' && change.selected) dispatch({ type: 'select', nodeId: change.id });
      }
      if (Object.keys(sizes).length > 0) setMeasured((m) => ({ ...m, ...sizes }));
    },
    [dispatch, readOnly],
  );

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
    if (readOnly || !(NODE_TYPES as readonly string[]).includes(type)) return;
    event.preventDefault();
    const init = initOf(event.dataTransfer.getData(DRAG_INIT_TYPE));
    dispatch({ type: 'addNode', nodeType: type, position: screenToFlowPosition({ x: event.clientX, y: event.clientY }), ...init });
  };

  return (
    <section
      className="builder-canvas"
      data-testid="builder-canvas"
      aria-label={t(`${P}canvas.label`)}
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
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        deleteKeyCode={null}
        fitView
        minZoom={0.2}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
