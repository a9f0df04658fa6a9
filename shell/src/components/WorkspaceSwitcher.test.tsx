// The header's workspace switcher (issue 21): the current workspace on the
// button, the list with the user's role in each, choosing one, and creating
// a workspace (POST /api/workspaces) that becomes current and opens its members.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { Header } from './Header';

function renderHeader(options: ProvidersOptions) {
  return renderWithProviders(
    <>
      <Header />
      <LocationProbe />
    </>,
    { route: '/workflows', user: testUser(), ...options },
  );
}

const switcher = () => screen.findByTestId('workspace-switcher');

/** jsdom has no fetch: platform-api answers `status` with `body` here. */
function fakeFetch(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: status < 300, status, json: async () => body, text: async () => JSON.stringify(body) }) as Response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('workspace switcher', () => {
  test('nothing while signed out', async () => {
    renderHeader({ user: null, workspace: {} });
    await screen.findByRole('link', { name: 'Sign in' });
    expect(screen.queryByTestId('workspace-switcher')).not.toBeInTheDocument();
  });

  test('names the current workspace and lists each one with the user’s role; choosing one selects it', async () => {
    const select = jest.fn();
    renderHeader({ workspace: { select } });
    const button = await switcher();
    expect(button).toHaveAccessibleName('Personal');
    expect(button).toHaveAccessibleDescription('Workspace: Personal');
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Workspaces' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Personal Owner', 'true'],
      ['Acme Sales Admin', 'false'],
    ]);
    expect(items[0]).toHaveFocus();
    // Personal has no members page to manage.
    expect(within(menu).queryByRole('menuitem', { name: 'Members and invitations' })).not.toBeInTheDocument();
    fireEvent.click(items[1] as HTMLElement);
    expect(select).toHaveBeenCalledWith('org-acme');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('in an organization: its name on the button, and a link to its members', async () => {
    renderHeader({ workspace: { currentId: 'org-acme' } });
    fireEvent.click(await switcher());
    expect(screen.getByRole('button', { name: 'Acme Sales' })).toHaveAccessibleDescription('Workspace: Acme Sales');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members and invitations' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/access/workspace');
  });

  test('speaks the reader’s language', async () => {
    renderHeader({ language: 'de', workspace: { workspaces: [personalWorkspace(), organizationWorkspace({ roleId: 'workspace_runner' })] } });
    const button = await screen.findByRole('button', { name: 'Persönlich' });
    expect(button).toHaveAccessibleDescription('Arbeitsbereich: Persönlich');
    fireEvent.click(button);
    expect(screen.getByRole('menuitemradio', { name: 'Acme Sales Darf ausführen' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Neuer Arbeitsbereich…' })).toBeInTheDocument();
  });

  test('New workspace: a name is required; created, it becomes current and its members page opens', async () => {
    const select = jest.fn();
    const refresh = jest.fn(async () => undefined);
    const created = organizationWorkspace({ id: 'org-new', name: 'Ops', roleId: 'workspace_owner' });
    const fetchMock = fakeFetch(201, { workspace: created });
    renderHeader({ workspace: { select, refresh } });
    fireEvent.click(await switcher());
    fireEvent.click(screen.getByRole('menuitem', { name: 'New workspace…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workspace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name for the workspace.');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Ops  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(select).toHaveBeenCalledWith('org-new'));
    const [url, init = {}] = fetchMock.mock.calls[0] ?? ['', {}];
    expect(url).toMatch(/\/api\/workspaces$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Ops', description: '' });
    expect(refresh).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/access/workspace'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a refused creation says so and keeps the dialog open', async () => {
    fakeFetch(403, { error: 'no', code: 'forbidden' });
    renderHeader({ workspace: {} });
    fireEvent.click(await switcher());
    fireEvent.click(screen.getByRole('menuitem', { name: 'New workspace…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workspace' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Ops' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(await within(dialog).findByText('Your account may not create workspaces.')).toBeInTheDocument();
  });
});
