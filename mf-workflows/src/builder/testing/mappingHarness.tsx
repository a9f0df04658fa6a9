// Test code only: the config panel on a workflow held by the real reducer,
// with a runs client that answers a given latest run (or none), recording
// every action dispatched.
import { useReducer } from 'react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { useRemoteCatalogs, type SupportedLanguage } from '@agentflow/shared';
import { BUILDER_CATALOGS } from '../i18n';
import type { Workflow, WorkflowNode, WorkflowRun } from '@agentflow/shared/workflow';
import { ConfigPanel } from '../ConfigPanel';
import { builderReducer, initialBuilderState, type BuilderAction } from '../builderState';
import { RunsClientContext } from '../../runs/RunsClientContext';
import type { RunsClient } from '../../api/runs';
import { forgetLatestRuns } from '../mapping/useSamples';

const node = (id: string, type: WorkflowNode['type'], name: string, params: Record<string, unknown>, extra: Partial<WorkflowNode> = {}): WorkflowNode => ({
  id,
  type,
  name,
  position: { x: 0, y: 0 },
  params,
  ...extra,
});

/** Trigger (company, email) → extract (agent, JSON schema: stage, score) → shape (transform) → done (output); a lone agent "writer". */
export function mappingWorkflow(pinned?: unknown): Workflow {
  return {
    id: 'wf-map',
    ownerId: 'user-1',
    organizationId: null,
    name: 'Leads',
    description: '',
    category: 'automation',
    industry: 'general',
    tags: [],
    visibility: 'private',
    version: 1,
    createdAt: null,
    updatedAt: null,
    nodes: [
      node('lead', 'trigger.manual', 'New lead', {
        inputSchema: [
          { key: 'company', label: 'Company', type: 'string', required: true },
          { key: 'email', label: 'E-mail', type: 'string', required: false },
        ],
      }),
      node(
        'extract',
        'agent',
        'Qualify the lead',
        {
          name: 'Qualifier',
          role: 'You qualify leads.',
          promptTemplate: 'Qualify {{ input.company }}',
          output: { type: 'json', schema: { type: 'object', properties: { stage: { type: 'string' }, score: { type: 'number' } }, required: ['stage'] } },
          tools: { http: [], delegates: [] },
        },
        pinned === undefined ? {} : { pinned: { output: pinned, pinnedAt: '2026-11-26T10:00:00.000Z' } },
      ),
      node('shape', 'transform', 'Shape the answer', { mapping: 'extract.score' }),
      node('done', 'output', 'Done', { mapping: 'shape' }),
      node('writer', 'agent', 'Writer', { name: 'Writer', role: 'Writes.', promptTemplate: 'Write about {{ extract.stage }}', output: { type: 'text' }, tools: { http: [], delegates: [] } }),
    ],
    edges: [
      { id: 'e1', source: 'lead', target: 'extract' },
      { id: 'e2', source: 'extract', target: 'shape' },
      { id: 'e3', source: 'shape', target: 'done' },
      { id: 'e4', source: 'extract', target: 'writer' },
    ],
  };
}

export function fakeRunsClient(latest: WorkflowRun | null): RunsClient {
  return {
    list: () => Promise.resolve(latest ? [latest] : []),
    get: () => (latest ? Promise.resolve(latest) : Promise.reject(new Error('no run'))),
    // The agent form's AI hint asks; it never answers here.
    aiStatus: () => new Promise(() => undefined),
  } as unknown as RunsClient;
}

function Harness({ workflow, selected, onAction, runs }: { workflow: Workflow; selected: string; onAction: (a: BuilderAction) => void; runs: RunsClient }) {
  useRemoteCatalogs(BUILDER_CATALOGS);
  const [state, dispatch] = useReducer(builderReducer, workflow, (w) => ({ ...initialBuilderState(w), selectedNodeId: selected }));
  const current = state.workflow.nodes.find((n) => n.id === state.selectedNodeId) ?? null;
  return (
    <RunsClientContext.Provider value={runs}>
      <ConfigPanel
        workflow={state.workflow}
        node={current}
        dispatch={(action) => {
          onAction(action);
          dispatch(action);
        }}
      />
      <output data-testid="state">{JSON.stringify({ selected: state.selectedNodeId, nodes: state.workflow.nodes, edges: state.workflow.edges })}</output>
    </RunsClientContext.Provider>
  );
}

export function renderPanel(workflow: Workflow, selected: string, options: { latest?: WorkflowRun | null; language?: SupportedLanguage } = {}) {
  forgetLatestRuns();
  const actions: BuilderAction[] = [];
  const view = renderWithProviders(<Harness workflow={workflow} selected={selected} onAction={(a) => actions.push(a)} runs={fakeRunsClient(options.latest ?? null)} />, {
    language: options.language ?? 'en',
  });
  const state = () => JSON.parse(document.querySelector('[data-testid="state"]')!.textContent!) as { selected: string; nodes: WorkflowNode[]; edges: Workflow['edges'] };
  const paramsOf = (id: string) => state().nodes.find((n) => n.id === id)!.params;
  return { ...view, actions, state, paramsOf };
}
