// The agent step's MCP tools in the builder's configuration panel (jsdom): the
// servers of the workflow's workspace with their tools as checkboxes, saved as
// tools.mcp; a server never listed offers "List tools"; a picked tool its
// server no longer offers, or whose server is gone, shows as missing.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { createNode, defaultParams, emptyWorkflow, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { ApiError, type SupportedLanguage } from '@agentflow/shared';
import { ConfigPanelHarness } from '../testing/configPanelHarness';
import { McpServersClientContext } from '../../mcpServers/mcpServersClient';
import { createFakeMcpServersClient, fakeMcpServer, fakeTool, type FakeMcpServersClient } from '../../mcpServers/testing/fakeMcpServersClient';

function setup(organizationId: string | null, params: Record<string, unknown>): { workflow: Workflow; node: WorkflowNode } {
  const base = { ...emptyWorkflow('user-1', 'Support'), organizationId };
  const trigger = base.nodes[0]!;
  const node = { ...createNode('agent', { x: 0, y: 200 }, [trigger.id]), id: 'helper', name: 'Helpdesk agent', params: { ...(defaultParams('agent') as Record<string, unknown>), ...params } };
  return { workflow: { ...base, nodes: [trigger, node], edges: [{ id: 'e1', source: trigger.id, target: node.id }] }, node };
}

function Harness({ organizationId, params, onParams }: { organizationId: string | null; params: Record<string, unknown>; onParams: (params: Record<string, unknown>) => void }) {
  return <ConfigPanelHarness setup={() => setup(organizationId, params)} onParams={onParams} />;
}

function renderPanel(client: FakeMcpServersClient, { organizationId = null as string | null, params = {} as Record<string, unknown>, language = 'en' as SupportedLanguage } = {}) {
  const onParams = jest.fn();
  renderWithProviders(
    <McpServersClientContext.Provider value={client}>
      <Harness organizationId={organizationId} params={params} onParams={onParams} />
    </McpServersClientContext.Provider>,
    { language, user: testUser() },
  );
  return { latest: () => onParams.mock.calls.at(-1)?.[0] as Record<string, unknown> & { tools: Record<string, unknown> } };
}

const TICKETS = fakeMcpServer({ id: 'mcp-tickets', name: 'Support tickets', workspaceId: 'org-acme', tools: [fakeTool('create_ticket', 'Opens a ticket.'), fakeTool('search_tickets', 'Finds tickets by text.')], toolsListedAt: '2026-11-26T08:00:00.000Z' });
const DOCS = fakeMcpServer({ id: 'mcp-docs', name: 'Docs search', workspaceId: 'org-acme' });

test('the workspace’s servers offer their tools; ticking saves tools.mcp beside the other tools, unticking the last removes it', async () => {
  const client = createFakeMcpServersClient([TICKETS, DOCS]);
  const { latest } = renderPanel(client, { organizationId: 'org-acme', params: { tools: { http: [], delegates: [], knowledge: ['kb-1'] } } });
  const group = await screen.findByRole('group', { name: 'MCP tools' });
  expect(client.calls[0]).toEqual({ method: 'list', args: ['org-acme'] });
  // Sorted by name: Docs search (never listed) first.
  const servers = within(group).getAllByTestId('agent-mcp-server');
  expect(servers.map((server) => server.querySelector('strong')?.textContent)).toEqual(['Docs search', 'Support tickets']);
  expect(servers[0]).toHaveTextContent('Its tools have not been listed yet.');
  expect(within(servers[1]!).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['create_ticket — Opens a ticket.', 'search_tickets — Finds tickets by text.']);

  fireEvent.click(within(group).getByRole('checkbox', { name: /^search_tickets/ }));
  expect(latest().tools).toEqual({ http: [], delegates: [], knowledge: ['kb-1'], mcp: [{ serverId: 'mcp-tickets', tool: 'search_tickets' }] });
  fireEvent.click(within(group).getByRole('checkbox', { name: /^create_ticket/ }));
  expect(latest().tools.mcp).toEqual([
    { serverId: 'mcp-tickets', tool: 'search_tickets' },
    { serverId: 'mcp-tickets', tool: 'create_ticket' },
  ]);
  expect(within(group).getByRole('checkbox', { name: /^search_tickets/ })).toBeChecked();
  fireEvent.click(within(group).getByRole('checkbox', { name: /^search_tickets/ }));
  fireEvent.click(within(group).getByRole('checkbox', { name: /^create_ticket/ }));
  expect(latest().tools).toEqual({ http: [], delegates: [], knowledge: ['kb-1'] });
});

test('a server never listed offers List tools; its tools then become checkboxes', async () => {
  const client = createFakeMcpServersClient([DOCS], { [DOCS.id]: [fakeTool('search_docs', 'Full-text search over the handbook.')] });
  const { latest } = renderPanel(client, { organizationId: 'org-acme' });
  const server = await screen.findByTestId('agent-mcp-server');
  await act(async () => {
    fireEvent.click(within(server).getByRole('button', { name: 'List the tools of Docs search' }));
  });
  expect(client.calls.filter((call) => call.method === 'listTools')).toEqual([{ method: 'listTools', args: [DOCS.id] }]);
  const box = await within(server).findByRole('checkbox', { name: 'search_docs — Full-text search over the handbook.' });
  expect(within(server).queryByRole('button', { name: /List the tools/ })).toBeNull();
  fireEvent.click(box);
  expect(latest().tools.mcp).toEqual([{ serverId: DOCS.id, tool: 'search_docs' }]);
});

test('a listing that fails is stored on the server and said by its code under it', async () => {
  const client = createFakeMcpServersClient([DOCS]);
  client.listingFails.set(DOCS.id, 'mcp_unreachable');
  renderPanel(client, { organizationId: 'org-acme' });
  const server = await screen.findByTestId('agent-mcp-server');
  await act(async () => {
    fireEvent.click(within(server).getByRole('button', { name: 'List the tools of Docs search' }));
  });
  expect(await within(server).findByTestId('agent-mcp-server-error')).toHaveTextContent('The server could not be reached. Check its address and that it is online.');
  expect(server).toHaveTextContent('Its tools have not been listed yet.');
});

test('a refused listing call is said by its code under the server', async () => {
  const client = createFakeMcpServersClient([DOCS]);
  client.refuse.listTools = new ApiError('HTTP 401', 502, 'mcp_auth_failed', 'HTTP 401', {});
  renderPanel(client, { organizationId: 'org-acme' });
  const server = await screen.findByTestId('agent-mcp-server');
  await act(async () => {
    fireEvent.click(within(server).getByRole('button', { name: 'List the tools of Docs search' }));
  });
  expect(await within(server).findByTestId('agent-mcp-server-error')).toHaveTextContent('The server refused the credentials. Check the credential chosen for it.');
  expect(server).not.toHaveTextContent('HTTP 401');
});

test('a picked tool its server no longer offers, and one on a deleted server, show ticked as missing; unticking removes them', async () => {
  const client = createFakeMcpServersClient([TICKETS]);
  const picked = [
    { serverId: 'mcp-tickets', tool: 'create_ticket' },
    { serverId: 'mcp-tickets', tool: 'close_ticket' },
    { serverId: 'mcp-gone', tool: 'send_mail' },
  ];
  const { latest } = renderPanel(client, { organizationId: 'org-acme', params: { tools: { http: [], delegates: [], mcp: picked } } });
  const group = await screen.findByRole('group', { name: 'MCP tools' });
  const missing = within(group).getAllByTestId('agent-mcp-missing');
  expect(missing.map((row) => row.textContent)).toEqual(['close_ticket: no longer offered by this server (untick to remove)', 'send_mail on a server that no longer exists (untick to remove)']);
  for (const row of missing) expect(within(row).getByRole('checkbox')).toBeChecked();
  expect(within(group).getByRole('checkbox', { name: /^create_ticket/ })).toBeChecked();

  fireEvent.click(within(missing[0]!).getByRole('checkbox'));
  expect(latest().tools.mcp).toEqual([picked[0], picked[2]]);
  fireEvent.click(within(group).getByRole('checkbox', { name: /send_mail/ }));
  expect(latest().tools.mcp).toEqual([picked[0]]);
  await waitFor(() => expect(within(group).queryByTestId('agent-mcp-missing')).toBeNull());
});

test('no server in the workspace: one line pointing to the MCP servers page', async () => {
  renderPanel(createFakeMcpServersClient([TICKETS]), { organizationId: null });
  const none = await screen.findByTestId('agent-mcp-tools-none');
  expect(none).toHaveTextContent('This workspace has no MCP server yet. Servers are added on the MCP servers page.');
  expect(within(none).getByRole('link', { name: 'MCP servers page' })).toHaveAttribute('href', '/workflows/mcp-servers');
  expect(screen.queryByRole('group', { name: 'MCP tools' })).toBeNull();
});

test('German: the picker reads in German, with no English left', async () => {
  const client = createFakeMcpServersClient([TICKETS, DOCS]);
  renderPanel(client, { organizationId: 'org-acme', language: 'de', params: { tools: { mcp: [{ serverId: 'mcp-tickets', tool: 'close_ticket' }] } } });
  const group = await screen.findByRole('group', { name: 'MCP-Werkzeuge' });
  const copy = group.cloneNode(true) as HTMLElement;
  // Tool names and their descriptions come from the server, not from us.
  copy.querySelectorAll('.agent-mcp-tool').forEach((tool) => tool.remove());
  copy.querySelectorAll('*').forEach((each) => each.append(' '));
  const shown = copy.textContent ?? '';
  expect(shown).toContain('Werkzeuge abrufen');
  expect(shown).toContain('close_ticket: von diesem Server nicht mehr angeboten');
  for (const word of ['List', 'tools', 'listed', 'Tick', 'missing', 'untick', 'offered', 'page', 'added']) expect({ word, found: new RegExp(`\\b${word}\\b`).test(shown) }).toEqual({ word, found: false });
});
