// A node on the canvas as a card: the type's icon and colour (an app's badge),
// the type or app action, the node's name, its key, a one-line summary of its
// configuration and its problem count; handles in and out (a condition's two
// branches labelled Yes/No in the user's language, a red "Error" output when
// the node's failures branch).
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useI18n } from '@agentflow/shared';
import { connectorOf, type NodeType, type WorkflowNode } from '@agentflow/shared/workflow';
import { acceptsInput, sourceHandlesOf } from '../builderState';
import { NODE_TYPE_KEYS } from '../fields';
import { AppBadge } from '../../connectors/AppBadge';
import { operationLabel, triggerLabel } from '../../connectors/connectorTexts';
import { NodeIcon } from './NodeIcon';
import { RunOverlayMarkers, useRunOverlayClass } from '../../runs/overlay/RunOverlay';

const P = 'workflows.builder.';
const C = 'workflows.canvas.';

export interface NodeCardData extends Record<string, unknown> {
  name: string;
  nodeType: NodeType;
  summary: string;
  problems: number;
  problemText: string;
  /** An app step or trigger: its connector and action ids. */
  app?: { connector: string; action: string };
  /** Retries and on error: a node whose failures branch shows a red "Error" output. */
  settings?: WorkflowNode['settings'];
}
export type FlowNode = Node<NodeCardData, 'builder'>;

/** The type's words on a card: an app's "HubSpot · Create deal", else the type's label. */
export function useTypeLabel(nodeType: NodeType, app?: NodeCardData['app']): string {
  const { t } = useI18n();
  const connector = app ? connectorOf(app.connector) : undefined;
  if (connector && app) return nodeType === 'trigger.poll' ? triggerLabel(t, connector, app.action) : operationLabel(t, connector, app.action);
  return t(`${P}nodeTypes.${NODE_TYPE_KEYS[nodeType]}`);
}

/** The icon tile: an app's brand badge, else the type's glyph on its colour. */
export function NodeGlyph({ nodeType, app }: { nodeType: NodeType; app?: NodeCardData['app'] }) {
  const connector = app ? connectorOf(app.connector) : undefined;
  if (connector) return <AppBadge connector={connector} />;
  return (
    <span className={`node-glyph node-accent--${NODE_TYPE_KEYS[nodeType]}`}>
      <NodeIcon type={nodeType} />
    </span>
  );
}

/** A red badge with the count; the words are read out. */
export function ProblemMarker({ count }: { count: number }) {
  const { t } = useI18n();
  if (count <= 0) return null;
  return (
    <span className="node-problems" data-testid="node-problems">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t(`${P}problems.count`, { count })}</span>
    </span>
  );
}

function BuilderNodeCard({ id, data, selected }: NodeProps<FlowNode>) {
  const { t } = useI18n();
  const handles = sourceHandlesOf(data.nodeType, data.settings);
  const typeLabel = useTypeLabel(data.nodeType, data.app);
  const key = NODE_TYPE_KEYS[data.nodeType];
  // "Show last run" colours the card by the node's status in it ('' when off).
  const runClass = useRunOverlayClass(id);
  return (
    <div
      data-testid="builder-node"
      data-node-id={id}
      data-node-type={data.nodeType}
      data-problems={data.problems}
      className={`builder-node node-accent--${key}${data.problems > 0 ? ' builder-node--invalid' : ''}${selected ? ' builder-node--selected' : ''}${runClass}`}
      title={data.problemText || undefined}
    >
      {acceptsInput(data.nodeType) && <Handle type="target" position={Position.Left} />}
      <div className="builder-node-head">
        <NodeGlyph nodeType={data.nodeType} app={data.app} />
        <span className="builder-node-type">{typeLabel}</span>
        <ProblemMarker count={data.problems} />
      </div>
      <strong className="builder-node-name">{data.name}</strong>
      <code className="builder-node-key" title={t(`${C}key`, { key: id })}>
        {id}
      </code>
      {data.summary && <span className="builder-node-summary">{data.summary}</span>}
      <RunOverlayMarkers nodeId={id} />
      {handles.map((handle, index) => (
        <Handle
          key={handle ?? 'out'}
          type="source"
          position={Position.Right}
          id={handle ?? undefined}
          className={handle ? `builder-handle--${handle}` : undefined}
          style={handles.length > 1 ? { top: `${((index + 1) * 100) / (handles.length + 1)}%` } : undefined}
        >
          {handle && <span className="builder-handle-label">{t(`${C}branch.${handle}`)}</span>}
        </Handle>
      ))}
    </div>
  );
}

export const BuilderNode = memo(BuilderNodeCard);
