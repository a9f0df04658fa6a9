// Test code only: the MCP servers page and the agent step's MCP tool picker in
// a browser on in-memory clients (no services), for the screenshots of
// e2e/screenshots/mcpServers.mjs. The page address picks what is shown:
// ?lang=de, ?empty=1 (no server yet), ?member=1 (an editor of an organization:
// read-only), ?view=picker (an agent step's configuration panel).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, Route, Routes, useRemoteCatalogs, type SupportedLanguage } from '@agentflow/shared';
import { TestProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { createNode, defaultParams, emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import '@agentflow/shared/styles/base.css';
import '../builder/builder.css';
import { CredentialsClientContext } from '../credentials/api';
import { createFakeCredentialsServer, fakeCredential } from '../credentials/testing/fakeCredentialsServer';
import { McpServersClientContext } from '../mcpServers/mcpServersClient';
import { McpServersRoute } from '../mcpServers/McpServersRoute';
import { createFakeMcpServersClient, fakeMcpServer, fakeTool } from '../mcpServers/testing/fakeMcpServersClient';
import { ConfigPanel } from '../builder/ConfigPanel';
import { BUILDER_CATALOGS } from '../builder/i18n';
import { MAPPING_CATALOGS } from '../builder/mapping/i18n';
import { KnowledgeClientContext } from '../api/knowledge';
import { createFakeKnowledgeServer } from '../components/knowledge/testing/fakeKnowledgeServer';
import type { BuilderAction } from '../builder/builderState';

const params = new URLSearchParams(window.location.search);
const member = params.get('member') === '1';
const workspace = member ? 'org-acme' : 'personal';
const credentials = createFakeCredentialsServer({
  credentials: [
    fakeCredential({ id: 'cred-linear', type: 'httpBearer', name: 'Linear token', secretHints: { token: '••••9f2a' }, ...(member ? { owner: { kind: 'organization', organizationId: 'org-acme' } } : {}) }),
    fakeCredential({ id: 'cred-docs', type: 'httpHeader', name: 'Docs API key', settings: { headerName: 'X-Api-Key' }, secretHints: { value: '••••k3x1' } }),
  ],
});
const servers =
  params.get('empty') === '1'
    ? []
    : [
        fakeMcpServer({
          id: 'mcp-linear',
          workspaceId: workspace,
          name: 'Linear issues',
          url: 'https://mcp.linear.app/mcp',
          credentialId: 'cred-linear',
          tools: [
            fakeTool('create_issue', 'Creates an issue in a team, with a title, a description and a priority.'),
            fakeTool('search_issues', 'Finds issues by text, state or assignee.'),
            fakeTool('add_comment', 'Adds a comment to an issue.'),
            fakeTool('list_teams', 'Lists the teams of the workspace.'),
          ],
          toolsListedAt: '2026-11-27T16:42:00.000Z',
        }),
        fakeMcpServer({ id: 'mcp-docs', workspaceId: workspace, name: 'Handbook search', url: 'https://docs.example.com/mcp/sse', transport: 'sse', credentialId: 'cred-docs' }),
        fakeMcpServer({
          id: 'mcp-weather',
          workspaceId: workspace,
          name: 'Weather',
          url: 'https://weather.example.net/mcp',
          tools: [fakeTool('forecast', 'The forecast for a place, by day.')],
          toolsListedAt: '2026-11-20T09:05:00.000Z',
          lastError: { code: 'mcp_unreachable', message: 'connect ETIMEDOUT' },
        }),
      ];
const mcp = createFakeMcpServersClient(servers, { 'mcp-docs': [fakeTool('search_handbook', 'Full-text search over the employee handbook.'), fakeTool('get_page', 'One page of the handbook by its path.')] });
// As platform-api refuses an address in a private network.
const create = mcp.create;
mcp.create = async (body) => {
  if (/^https?:\/\/(10\.|192\.168\.|127\.)/.test(body.url)) throw new ApiError('url: private address', 400, 'mcp_blocked_address', null, { field: 'url' });
  return create(body);
};

const knowledge = createFakeKnowledgeServer();

function PickerPanel() {
  useRemoteCatalogs(BUILDER_CATALOGS);
  // The builder has these texts loaded by the time a panel opens.
  useRemoteCatalogs(MAPPING_CATALOGS);
  const [workflow, setWorkflow] = useState<Workflow>(() => {
    const base = emptyWorkflow('user-1', 'Support triage');
    const trigger = base.nodes[0]!;
    const agent = {
      ...createNode('agent', { x: 0, y: 200 }, [trigger.id]),
      id: 'triage',
      name: 'Triage agent',
      params: { ...(defaultParams('agent') as Record<string, unknown>), tools: { http: [], delegates: [], mcp: [{ serverId: 'mcp-linear', tool: 'search_issues' }, { serverId: 'mcp-linear', tool: 'close_issue' }] } },
    };
    return { ...base, nodes: [trigger, agent], edges: [{ id: 'e1', source: trigger.id, target: agent.id }] };
  });
  const node = workflow.nodes[1]!;
  const dispatch = (action: BuilderAction) => {
    if (action.type !== 'updateNode' || !action.params) return;
    setWorkflow((current) => ({ ...current, nodes: current.nodes.map((each) => (each.id === action.id ? { ...each, params: action.params! } : each)) }));
  };
  return (
    <div className="mcp-picker-shot" style={{ maxWidth: 420, marginInline: 'auto' }}>
      <ConfigPanel workflow={workflow} node={node} dispatch={dispatch} />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <TestProviders
    options={{
      route: '/workflows/mcp-servers',
      language: (params.get('lang') ?? 'en') as SupportedLanguage,
      user: testUser(),
      workspace: { currentId: workspace, workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-acme', name: 'Acme Support', roleId: 'workspace_editor' })] },
    }}
  >
    <QueryClientProvider client={new QueryClient()}>
      <CredentialsClientContext.Provider value={credentials.client}>
        <McpServersClientContext.Provider value={mcp}>
          <main className="app-main">
            {params.get('view') === 'picker' ? (
              <KnowledgeClientContext.Provider value={knowledge.client}>
                <PickerPanel />
              </KnowledgeClientContext.Provider>
            ) : (
              <Routes>
                <Route path="/workflows/mcp-servers" element={<McpServersRoute />} />
              </Routes>
            )}
          </main>
        </McpServersClientContext.Provider>
      </CredentialsClientContext.Provider>
    </QueryClientProvider>
  </TestProviders>,
);
