// The builder's step panel on one node, outside the builder: the node's params
// follow each updateNode the panel dispatches (as the builder's reducer would),
// and each change is reported to the test. The builder's own texts are
// registered as the builder registers them.
import { useState } from 'react';
import { useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow, WorkflowNode } from '@agentflow/shared/workflow';
import { ConfigPanel } from '../ConfigPanel';
import type { BuilderAction } from '../builderState';
import { BUILDER_CATALOGS } from '../i18n';

export interface PanelSetup {
  workflow: Workflow;
  node: WorkflowNode;
}

export function ConfigPanelHarness({ setup, onParams }: { setup: () => PanelSetup; onParams: (params: Record<string, unknown>) => void }) {
  useRemoteCatalogs(BUILDER_CATALOGS);
  const [state, setState] = useState(setup);
  const dispatch = (action: BuilderAction) => {
    if (action.type !== 'updateNode' || !action.params) return;
    onParams(action.params);
    setState((current) => {
      const node = { ...current.node, params: action.params! };
      return { workflow: { ...current.workflow, nodes: current.workflow.nodes.map((n) => (n.id === node.id ? node : n)) }, node };
    });
  };
  return <ConfigPanel workflow={state.workflow} node={state.node} dispatch={dispatch} />;
}
