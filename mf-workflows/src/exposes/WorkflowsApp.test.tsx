import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { ApiKeysClientContext, type ApiKeysClient } from '../apiKeys/apiKeysClient';
import { McpServersClientContext } from '../mcpServers/mcpServersClient';
import { createFakeMcpServersClient } from '../mcpServers/testing/fakeMcpServersClient';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { testQueryClient } from '../testing/renderCatalogue';
import WorkflowsApp from './WorkflowsApp';

// The builder is another module: here only its route matters.
jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const app = () => <WorkflowsApp source={createFakeCatalogueSource()} queryClient={testQueryClient()} />;

// The shell mounts this entry at '/workflows/*'; standalone, the remote mounts it at '/*'.
describe('mf_workflows ./WorkflowsApp (federated entry)', () => {
  test.each([['/workflows'], ['/workflows/'], ['/workflows/some/nested/path']])('renders the catalogue with the translated title at %s', async (route) => {
    renderWithProviders(app(), { route, path: '/workflows/*' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Workflows$/);
    expect(screen.getByText('Find, copy, build and run multi-agent workflows.')).toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Workflows');
    expect(await screen.findAllByTestId('workflow-card')).toHaveLength(4);
  });

  test('renders standalone at / and at a nested path', async () => {
    const { unmount } = renderWithProviders(app(), { route: '/', path: '/*' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Workflows');
    unmount();
    renderWithProviders(app(), { route: '/deep/link', path: '/*' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Workflows');

  });

  test('/workflows/:id is the builder route', async () => {
    renderWithProviders(app(), { route: '/workflows/wf-1', path: '/workflows/*' });
    expect(await screen.findByTestId('builder-route')).toBeInTheDocument();
    expect(screen.queryByTestId('workflow-search')).not.toBeInTheDocument();
  });

  test.each([['/workflows'], ['/workflows/some/nested/path']])('is translated (de) at %s, with the remote’s own texts', async (route) => {
    renderWithProviders(app(), { route, path: '/workflows/*', language: 'de' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Abläufe$/);
    expect(screen.queryByText('Workflows')).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Abläufe');
    expect(screen.getByRole('searchbox', { name: 'Abläufe durchsuchen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kategorie' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branche' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Vorlagen' })).toBeInTheDocument());
  });

  test('the catalogue’s resources link to the API keys page, a lazy chunk that lists the workspace’s keys', async () => {
    const keys: ApiKeysClient = { list: jest.fn(async () => []), create: jest.fn(), update: jest.fn(), revoke: jest.fn() };
    renderWithProviders(<ApiKeysClientContext.Provider value={keys}>{app()}</ApiKeysClientContext.Provider>, { route: '/workflows', path: '/workflows/*', user: testUser() });
    const link = await screen.findByTestId('api-keys-link');
    expect(link).toHaveTextContent('API keys');
    expect(link).toHaveAttribute('href', '/workflows/api-keys');
    fireEvent.click(link);
    expect(await screen.findByTestId('api-keys-empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^API keys$/);
    expect(keys.list).toHaveBeenCalledWith('personal');
  });

  test('the catalogue’s resources link to the MCP servers page, a lazy chunk that lists the workspace’s servers', async () => {
    const servers = createFakeMcpServersClient();
    renderWithProviders(<McpServersClientContext.Provider value={servers}>{app()}</McpServersClientContext.Provider>, { route: '/workflows', path: '/workflows/*', user: testUser() });
    const link = await screen.findByTestId('mcp-servers-link');
    expect(link).toHaveTextContent('MCP servers');
    expect(link).toHaveAttribute('href', '/workflows/mcp-servers');
    fireEvent.click(link);
    expect(await screen.findByTestId('mcp-servers-empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^MCP servers$/);
    expect(servers.calls[0]).toEqual({ method: 'list', args: ['personal'] });
  });
});
