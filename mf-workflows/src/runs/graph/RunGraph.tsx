// The run drawn on its workflow (lazily loaded by RunView): the run's
// snapshot laid out as the builder placed it, read-only, each node with its
// status (icon and text, not colour alone), duration and tokens; the edges the
// run took highlighted, those it did not dashed, skipped nodes greyed. A node
// is a button: it shows the step's input and output in the JSON viewer below
// (beside the graph on a wide screen). The run view re-renders it on every
// event of the live stream.
import '@xyflow/react/dist/style.css';
import './runGraph.css';
import { useCallback, useMemo, useState } from 'react';
import { Background, Controls, Handle, Position, ReactFlow, type Edge, type Node, type NodeChange, type NodeProps } from '@xyflow/react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { formatDuration } from '../runModel';
import { StepError } from '../StepError';
import { JsonViewer } from './JsonViewer';
import { RUN_GRAPH_CATALOGS } from './i18n';
import { isPinnedStep, runGraph, stepToShowFirst, type RunGraphNode } from './runGraphModel';
import { StatusText } from './StatusText';
import { useBranchLabel } from '../branchLabel';
import { NodeGlyph, useTypeLabel } from '../../builder/canvas/BuilderNode';
import { dimensionsIn, useMeasuredSizes } from '../../builder/canvas/measuredSizes';
import { BUILDER_CATALOGS } from '../../builder/i18n';
import { CONNECTORS_CATALOGS } from '../../connectors/i18n';
import { LoopPagers, useLoopItems, withItemSteps } from './loop/LoopPager';
import { LOOP_PAGER_CATALOGS } from './loop/i18n';

const G = 'workflows.runGraph.';

interface RunNodeData extends Record<string, unknown> {
  node: RunGraphNode;
  /** The branch handles its outgoing edges leave from (a condition's 'true'/'false'). */
  handles: (string | null)[];
  selected: boolean;
  onSelect: (id: string) => void;
}
type FlowNode = Node<RunNodeData, 'run'>;

function RunNode({ data }: NodeProps<FlowNode>) {
  const { t, language } = useI18n();
  const { node, handles, selected, onSelect } = data;
  const typeLabel = useTypeLabel(node.type, node.app);
  return (
    <div className={`run-node run-node--${node.status}${selected ? ' run-node--selected' : ''}`} data-testid="run-graph-node" data-node-id={node.id} data-status={node.status}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <button type="button" className="run-node-button nodrag" aria-pressed={selected} onClick={() => onSelect(node.id)}>
        <span className="run-node-head">
          <NodeGlyph nodeType={node.type} app={node.app} />
          <span className="run-node-type">{typeLabel}</span>
        </span>
        <strong className="run-node-name">{node.name}</strong>
        <StatusText status={node.status} />
        <span className="run-node-meta">
          {node.durationMs !== null && <span data-testid="run-graph-duration">{formatDuration(node.durationMs, language)}</span>}
          {node.tokens > 0 && <span data-testid="run-graph-tokens">{t(`${G}tokens`, { count: node.tokens })}</span>}
        </span>
      </button>
      {handles.map((handle, index) => (
        <Handle
          key={handle ?? 'out'}
          type="source"
          position={Position.Right}
          id={handle ?? undefined}
          isConnectable={false}
          style={handles.length > 1 ? { top: `${((index + 1) * 100) / (handles.length + 1)}%` } : undefined}
        />
      ))}
    </div>
  );
}

const NODE_COMPONENTS = { run: RunNode };

export interface RunGraphProps {
  run: WorkflowRun;
  /** The view's clock: running durations tick with it. */
  now: number;
}

export default function RunGraph({ run, now }: RunGraphProps) {
  // The builder's texts name the node types on the cards.
  // The connectors' words name an app step's action on its card (else the declaration's English description shows).
  useRemoteCatalogs(RUN_GRAPH_CATALOGS, BUILDER_CATALOGS, LOOP_PAGER_CATALOGS, CONNECTORS_CATALOGS);
  const { t } = useI18n();
  const branchLabel = useBranchLabel();
  // A loop's body nodes show the steps of the item its pager shows.
  const { views: loopViews, goTo: goToItem } = useLoopItems(run);
  const graph = useMemo(() => runGraph(withItemSteps(run, loopViews), now), [run, loopViews, now]);
  // Until the user picks one: the step that failed, waits or runs.
  const [picked, setPicked] = useState<string | null>(null);
  const selectedId = picked ?? stepToShowFirst(graph.nodes);
  const selected = graph.nodes.find((node) => node.id === selectedId) ?? null;
  // The nodes are new objects on every tick of a live run: they carry their measured size, or React Flow hides them.
  const { sizes, keep } = useMeasuredSizes();
  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => keep(dimensionsIn(changes)), [keep]);

  const nodes = useMemo<FlowNode[]>(() => {
    const handlesOf = (id: string) => {
      const used = [...new Set(graph.edges.filter((edge) => edge.source === id).map((edge) => edge.sourceHandle))];
      return used.length > 0 ? used : [null];
    };
    return graph.nodes.map((node) => ({
      id: node.id,
      type: 'run',
      position: node.position,
      measured: sizes[node.id],
      data: { node, handles: handlesOf(node.id), selected: node.id === selectedId, onSelect: setPicked },
    }));
  }, [graph, selectedId, sizes]);

  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((edge) => {
        const target = graph.nodes.find((node) => node.id === edge.target);
        return {
          id: edge.id,
          source: edge.source,
          target: edge.target,
          sourceHandle: edge.sourceHandle,
          label: edge.sourceHandle ? branchLabel(edge.sourceHandle) : undefined,
          className: `run-edge run-edge--${edge.state}`,
          animated: edge.state === 'taken' && target?.status === 'running',
          data: { state: edge.state },
        };
      }),
    [graph, branchLabel],
  );

  return (
    <div className="run-graph" data-testid="run-graph">
      <LoopPagers run={run} views={loopViews} goTo={goToItem} />
      <div className="run-graph-canvas" role="group" aria-label={t(`${G}canvas`)}>
        <ReactFlow<FlowNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_COMPONENTS}
          onNodesChange={onNodesChange}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          // Without a click handler React Flow gives read-only nodes pointer-events: none (the screenshots' clicks missed).
          onNodeClick={(_, clicked) => setPicked(clicked.id)}
          deleteKeyCode={null}
          fitView
          minZoom={0.2}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
        <p className="run-graph-legend">
          <span className="run-graph-legend-taken">{t(`${G}legendTaken`)}</span>
          <span className="run-graph-legend-not-taken">{t(`${G}legendNotTaken`)}</span>
        </p>
      </div>
      <section className="run-graph-details" aria-label={t(`${G}details`)} data-testid="run-graph-details">
        {selected ? <NodeDetails node={selected} /> : <p className="muted">{t(`${G}selectHint`)}</p>}
      </section>
    </div>
  );
}

function NodeDetails({ node }: { node: RunGraphNode }) {
  const { t, language } = useI18n();
  const branchLabel = useBranchLabel();
  const { step } = node;
  return (
    <div className="run-graph-step" data-node-id={node.id}>
      <h3>{node.name}</h3>
      <p className="run-graph-step-head">
        <StatusText status={node.status} />
        {node.durationMs !== null && <span>{formatDuration(node.durationMs, language)}</span>}
        {node.tokens > 0 && <span>{t(`${G}tokens`, { count: node.tokens })}</span>}
        {step?.branch ? <span>{t(`${G}branch`, { branch: branchLabel(step.branch) })}</span> : null}
      </p>
      {step && isPinnedStep(step) && <p className="field-hint">{t(`${G}pinnedNote`)}</p>}
      {step && <StepError step={step} label={`${G}error`} />}
      {node.status === 'skipped' ? (
        <p className="muted">{t(`${G}skippedNote`)}</p>
      ) : (
        <StepData node={node} />
      )}
    </div>
  );
}

/** A step's input and output, or that it has none yet. */
function StepData({ node }: { node: RunGraphNode }) {
  const { t, language } = useI18n();
  const { step } = node;
  return (
    <>
      <h4>{t(`${G}input`)}</h4>
      {step?.input !== undefined && step?.input !== null ? (
        <JsonViewer key={`${node.id}-in`} value={step.input} label={t(`${G}input`)} testId="run-graph-input" />
      ) : (
        <p className="muted">{t(`${G}noData`)}</p>
      )}
      <h4>{t(`${G}output`)}</h4>
      {step?.outputTruncated && <p className="field-hint">{t(`${G}truncated`, { bytes: step.outputBytes.toLocaleString(language) })}</p>}
      {step?.output !== undefined && step?.output !== null ? (
        <JsonViewer key={`${node.id}-out`} value={step.output} label={t(`${G}output`)} testId="run-graph-output" />
      ) : (
        <p className="muted">{t(`${G}noData`)}</p>
      )}
    </>
  );
}
