// The builder counts an agent's MCP tools its servers no longer have among the workflow's problems
// (the domain's mcpToolProblems against the workspace's listings), and asks for the servers only when an agent picks one.
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { TestProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { createNode, defaultParams, emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { McpServersClientContext } from '../../mcpServers/mcpServersClient';
import { createFakeMcpServersClient, fakeMcpServer, fakeTool, type FakeMcpServersClient } from '../../mcpServers/testing/fakeMcpServersClient';
import { useMcpToolProblems } from './mcpToolProblems';

function workflowWith(mcp: unknown): Workflow {
  const base = { ...emptyWorkflow('user-1', 'Support'), organizationId: 'org-acme' };
  const trigger = base.nodes[0]!;
  const agent = { ...createNode('agent', { x: 0, y: 200 }, [trigger.id]), id: 'helper', params: { ...(defaultParams('agent') as Record<string, unknown>), tools: { http: [], delegates: [], ...(mcp ? { mcp } : {}) } } };
  return { ...base, nodes: [trigger, agent], edges: [{ id: 'e1', source: trigger.id, target: agent.id }] };
}

const render = (client: FakeMcpServersClient, workflow: Workflow) =>
  renderHook(() => useMcpToolProblems(workflow), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <TestProviders options={{ user: testUser() }}>
        <McpServersClientContext.Provider value={client}>{children}</McpServersClientContext.Provider>
      </TestProviders>
    ),
  });

test('a tool the server no longer lists and a server that is gone are problems of the agent, at their paths', async () => {
  const client = createFakeMcpServersClient([fakeMcpServer({ id: 'mcp-tickets', workspaceId: 'org-acme', name: 'Tickets', tools: [fakeTool('search')] })]);
  const { result } = render(client, workflowWith([{ serverId: 'mcp-tickets', tool: 'search' }, { serverId: 'mcp-tickets', tool: 'close' }, { serverId: 'mcp-gone', tool: 'x' }]));
  await waitFor(() => expect(result.current).toHaveLength(2));
  expect(client.calls).toEqual([{ method: 'list', args: ['org-acme'] }]);
  expect(result.current.map((problem) => [problem.nodeId, problem.path, problem.reason])).toEqual([
    ['helper', 'tools.mcp.1.tool', 'mcp-tool-missing'],
    ['helper', 'tools.mcp.2.serverId', 'mcp-server-missing'],
  ]);
});

test('no agent picks an MCP tool: nothing is asked, no problem', async () => {
  const client = createFakeMcpServersClient([fakeMcpServer({ id: 'mcp-tickets', workspaceId: 'org-acme' })]);
  const { result } = render(client, workflowWith(null));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(result.current).toEqual([]);
  expect(client.calls).toEqual([]);
});
