import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import type { WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { testQueryClient } from '../testing/renderCatalogue';
import { CredentialsClientContext } from '../credentials/api';
import { createFakeCredentialsServer, fakeCredential } from '../credentials/testing/fakeCredentialsServer';
import { McpServersClientContext } from './mcpServersClient';
import { McpServersRoute } from './McpServersRoute';
import { createFakeMcpServersClient, fakeMcpServer, fakeTool, type FakeMcpServersClient } from './testing/fakeMcpServersClient';

// The route as WorkflowsApp mounts it, on an in-memory MCP servers client and the credentials page's fake
// platform-api (the credential picker lists the workspace's HTTP credentials from it).
const BEARER = fakeCredential({ id: 'cred-bearer', type: 'httpBearer', name: 'Tickets token', secretHints: { token: '••••9f2a' } });
const OPENAI = fakeCredential({ id: 'cred-openai', name: 'OpenAI key' });
const ACME_HEADER = fakeCredential({ id: 'cred-acme', type: 'httpHeader', name: 'Acme search key', owner: { kind: 'organization', organizationId: 'org-acme' }, settings: { headerName: 'X-Api-Key' } });

function renderPage(client: FakeMcpServersClient, options: { language?: SupportedLanguage; workspace?: string; roleId?: WorkspaceRoleId } = {}) {
  const credentials = createFakeCredentialsServer({ credentials: [BEARER, OPENAI, ACME_HEADER] });
  renderWithProviders(
    <QueryClientProvider client={testQueryClient()}>
      <CredentialsClientContext.Provider value={credentials.client}>
        <McpServersClientContext.Provider value={client}>
          <Routes>
            <Route path="/workflows/mcp-servers" element={<McpServersRoute />} />
          </Routes>
        </McpServersClientContext.Provider>
      </CredentialsClientContext.Provider>
    </QueryClientProvider>,
    {
      route: '/workflows/mcp-servers',
      user: testUser(),
      language: options.language ?? 'en',
      workspace: { currentId: options.workspace ?? 'personal', workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-acme', name: 'Acme Sales', roleId: options.roleId ?? 'workspace_admin' })] },
    },
  );
}

const TICKETS = fakeMcpServer({
  id: 'mcp-tickets',
  name: 'Support tickets',
  url: 'https://tickets.example.com/mcp',
  credentialId: BEARER.id,
  tools: [fakeTool('create_ticket', 'Opens a ticket.'), fakeTool('search_tickets', 'Finds tickets by text.')],
  toolsListedAt: '2026-11-26T08:00:00.000Z',
});
const DOCS = fakeMcpServer({ id: 'mcp-docs', name: 'Docs search', transport: 'sse', lastError: { code: 'mcp_auth_failed', message: 'HTTP 401 from server' } });

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add MCP server' }));
  return screen.findByRole('dialog', { name: 'Add an MCP server' });
}

describe('MCP servers page', () => {
  test('lists the workspace’s servers: address, transport, credential name, tools count, when listed, the last failure by code', async () => {
    const client = createFakeMcpServersClient([TICKETS, DOCS]);
    renderPage(client);
    const rows = await screen.findAllByTestId('mcp-server-row');
    expect(client.calls[0]).toEqual({ method: 'list', args: ['personal'] });
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Support tickets');
    expect(rows[0]).toHaveTextContent('https://tickets.example.com/mcp');
    expect(rows[0]).toHaveTextContent('Streamable HTTP');
    await waitFor(() => expect(rows[0]).toHaveTextContent('Tickets token'));
    expect(within(rows[0]!).getByRole('button', { name: 'Show the tools of Support tickets' })).toHaveTextContent('2 tools');
    expect(rows[0]).toHaveTextContent(/Nov 26, 2026/);
    expect(within(rows[0]!).queryByTestId('mcp-server-error')).not.toBeInTheDocument();

    expect(rows[1]).toHaveTextContent('SSE (older servers)');
    expect(rows[1]).toHaveTextContent('None');
    expect(within(rows[1]!).getByTestId('mcp-server-tools')).toHaveTextContent('Not listed yet');
    // The service's English message is never shown: its code is.
    expect(within(rows[1]!).getByTestId('mcp-server-error')).toHaveTextContent('Last listing failed: The server refused the credentials. Check the credential chosen for it.');
    expect(rows[1]).not.toHaveTextContent('HTTP 401');
    for (const name of ['List the tools of Docs search', 'Edit Docs search', 'Delete Docs search']) expect(within(rows[1]!).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByTestId('mcp-servers-read-only')).not.toBeInTheDocument();
  });

  test('no server yet: the empty state says what MCP is in one sentence', async () => {
    renderPage(createFakeMcpServersClient());
    const empty = await screen.findByTestId('mcp-servers-empty');
    expect(empty).toHaveTextContent('No MCP server yet. An MCP server offers tools (search, tickets, files…) through the Model Context Protocol, the open standard AI agents use to reach tools.');
    expect(empty).toHaveTextContent('Add one with its address, list its tools, then pick them in an agent step.');
    expect(screen.queryByTestId('mcp-servers-table')).not.toBeInTheDocument();
  });

  test('adding: checked like the service checks it, then sent with the credential picked among the workspace’s HTTP ones', async () => {
    const client = createFakeMcpServersClient();
    renderPage(client);
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Server address'), { target: { value: 'ftp://files.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Server address')).toHaveAccessibleDescription(expect.stringContaining('Enter an address starting with https:// or http://.'));
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(client.calls.filter((call) => call.method === 'create')).toEqual([]);

    // Only this workspace's HTTP credentials: not the AI key, not the organization's header.
    const credential = within(dialog).getByLabelText('Authentication');
    await waitFor(() => expect(within(credential).getAllByRole('option').map((option) => option.textContent)).toEqual(['None (a public server)', 'Tickets token (Bearer token)']));
    expect(within(dialog).getByRole('link', { name: 'Add a credential' })).toHaveAttribute('href', '/workflows/credentials');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Support tickets' } });
    fireEvent.change(within(dialog).getByLabelText('Server address'), { target: { value: ' https://tickets.example.com/mcp ' } });
    fireEvent.change(within(dialog).getByLabelText('Transport'), { target: { value: 'sse' } });
    fireEvent.change(credential, { target: { value: BEARER.id } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    });
    expect(client.calls.find((call) => call.method === 'create')?.args).toEqual([{ workspaceId: 'personal', name: 'Support tickets', url: 'https://tickets.example.com/mcp', transport: 'sse', credentialId: BEARER.id }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByTestId('mcp-server-row');
    expect(row).toHaveTextContent('Support tickets');
    expect(row).toHaveTextContent('Tickets token');
    expect(within(row).getByTestId('mcp-server-tools')).toHaveTextContent('Not listed yet');
  });

  test('an address the service refuses (a private network) is said under the address field', async () => {
    const client = createFakeMcpServersClient();
    client.refuse.create = new ApiError('url: resolves to a private address', 400, 'mcp_blocked_address', 'url: resolves to a private address', { field: 'url' });
    renderPage(client);
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Intranet' } });
    fireEvent.change(within(dialog).getByLabelText('Server address'), { target: { value: 'http://10.0.0.5/mcp' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    const address = within(dialog).getByLabelText('Server address');
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining('This address is inside a private network, which the platform does not call.')));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveFocus();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mcp-server-row')).not.toBeInTheDocument();
  });

  test('List tools connects through the service and shows the tools with their descriptions; the row counts them', async () => {
    const client = createFakeMcpServersClient([DOCS], { [DOCS.id]: [fakeTool('search_docs', 'Full-text search over the handbook.'), fakeTool('get_page', '')] });
    renderPage(client);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'List the tools of Docs search' }));
    });
    expect(client.calls.filter((call) => call.method === 'listTools')).toEqual([{ method: 'listTools', args: [DOCS.id] }]);
    const dialog = await screen.findByRole('dialog', { name: 'Tools of Docs search' });
    const tools = within(dialog).getAllByTestId('mcp-tool');
    expect(tools.map((tool) => tool.textContent)).toEqual(['search_docsFull-text search over the handbook.', 'get_pageNo description.']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByTestId('mcp-server-row');
    expect(within(row).getByRole('button', { name: 'Show the tools of Docs search' })).toHaveTextContent('2 tools');
    // The listing succeeded: the stored failure is gone.
    expect(within(row).queryByTestId('mcp-server-error')).not.toBeInTheDocument();
  });

  test('a listing that fails is stored on the server and said by its code; a refusal of the call itself too', async () => {
    const client = createFakeMcpServersClient([TICKETS]);
    client.listingFails.set(TICKETS.id, 'mcp_auth_failed');
    renderPage(client);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'List the tools of Support tickets' }));
    });
    const row = screen.getByTestId('mcp-server-row');
    await waitFor(() => expect(within(row).getByTestId('mcp-server-error')).toHaveTextContent('Last listing failed: The server refused the credentials. Check the credential chosen for it.'));
    // The tools of the last successful listing stay offered.
    expect(within(row).getByRole('button', { name: 'Show the tools of Support tickets' })).toHaveTextContent('2 tools');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/the service's English/)).not.toBeInTheDocument();

    client.refuse.listTools = new ApiError('You need the edit_workflows permission', 403, 'mcp_workspace_forbidden', 'You need the edit_workflows permission', {});
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'List the tools of Support tickets' }));
    });
    expect(await screen.findByText('Your role in this workspace does not allow this.')).toBeInTheDocument();
    expect(screen.queryByText(/edit_workflows/)).not.toBeInTheDocument();
  });

  test('deleting asks first; Cancel keeps the server, Delete removes it', async () => {
    const client = createFakeMcpServersClient([TICKETS]);
    renderPage(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Support tickets' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Support tickets?' });
    expect(dialog).toHaveTextContent('Agent steps that use its tools can no longer call them');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(client.calls.some((call) => call.method === 'remove')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Support tickets' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete Support tickets?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(client.calls.filter((call) => call.method === 'remove')).toEqual([{ method: 'remove', args: [TICKETS.id] }]);
    expect(await screen.findByTestId('mcp-servers-empty')).toBeInTheDocument();
  });

  test('editing sends the change and keeps the server in its place', async () => {
    const client = createFakeMcpServersClient([TICKETS, DOCS]);
    renderPage(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Support tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Support tickets' });
    expect(within(dialog).getByLabelText('Server address')).toHaveValue('https://tickets.example.com/mcp');
    await waitFor(() => expect(within(dialog).getByLabelText('Authentication')).toHaveValue(BEARER.id));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Helpdesk' } });
    fireEvent.change(within(dialog).getByLabelText('Authentication'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(client.calls.find((call) => call.method === 'update')?.args).toEqual([TICKETS.id, { name: 'Helpdesk', url: 'https://tickets.example.com/mcp', transport: 'streamable-http', credentialId: null }]);
    const rows = await screen.findAllByTestId('mcp-server-row');
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Helpdesk');
    expect(rows[0]).toHaveTextContent('None');
  });

  test('a member without manage_credentials reads the servers and why they cannot change them', async () => {
    const client = createFakeMcpServersClient([fakeMcpServer({ ...TICKETS, workspaceId: 'org-acme', credentialId: ACME_HEADER.id })]);
    renderPage(client, { workspace: 'org-acme', roleId: 'workspace_editor' });
    const row = await screen.findByTestId('mcp-server-row');
    expect(client.calls[0]).toEqual({ method: 'list', args: ['org-acme'] });
    expect(screen.getByTestId('mcp-servers-read-only')).toHaveTextContent('adding, changing or deleting servers needs the permission to manage credentials, which your role here does not have');
    expect(screen.queryByRole('button', { name: 'Add MCP server' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit Support tickets' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete Support tickets' })).not.toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Acme search key'));
  });

  test('German: the list, the form and its errors read in German, with no English left', async () => {
    const client = createFakeMcpServersClient([TICKETS, DOCS]);
    renderPage(client, { language: 'de' });
    await screen.findAllByTestId('mcp-server-row');
    fireEvent.click(screen.getByRole('button', { name: 'MCP-Server hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einen MCP-Server hinzufügen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Server hinzufügen' }));
    expect(await within(dialog).findAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);
    // Addresses and tool names (in <code>) are identifiers, not words: left out of the check; each text's words apart.
    const words = (element: HTMLElement) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('code').forEach((code) => code.remove());
      copy.querySelectorAll('*').forEach((each) => each.append(' '));
      return copy.textContent ?? '';
    };
    const hasWord = (text: string, word: string) => new RegExp(`\\b${word}\\b`).test(text);
    const english = ['Add', 'Name', 'Address', 'Transport', 'Authentication', 'Tools', 'tools', 'listed', 'Listed', 'List', 'Edit', 'Delete', 'None', 'older', 'failed', 'refused', 'credential', 'required', 'Cancel', 'Save', 'server', 'Actions'];
    const shown = `${words(screen.getByTestId('mcp-servers-page'))} ${words(dialog)}`;
    expect(shown).toContain('Werkzeuge abrufen');
    expect(shown).toContain('Letzter Abruf fehlgeschlagen');
    for (const text of english) expect({ text, found: hasWord(shown, text) }).toEqual({ text, found: false });
  });
});
