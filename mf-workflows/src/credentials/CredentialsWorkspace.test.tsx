// The credentials page shows the current workspace's credentials (issue 21):
// personal ones in the personal workspace, an organization's in its own; a new
// one is made in the current workspace; who may add follows the role.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { CredentialsClientContext } from './api';
import { CredentialsRoute } from './CredentialsPage';
import { createFakeCredentialsServer, fakeCredential, type FakeCredentialsServer } from './testing/fakeCredentialsServer';

const MINE = fakeCredential({ id: 'cred-mine', name: 'My OpenAI key' });
const ACME = fakeCredential({ id: 'cred-acme', name: 'Acme HubSpot', owner: { kind: 'organization', organizationId: 'org-acme' } });
const OTHER = fakeCredential({ id: 'cred-beta', name: 'Beta key', owner: { kind: 'organization', organizationId: 'org-beta' } });

function renderPage(server: FakeCredentialsServer, currentId: string, roleId: WorkspaceRoleId = 'workspace_admin') {
  return renderWithProviders(
    <CredentialsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/credentials" element={<CredentialsRoute />} />
      </Routes>
    </CredentialsClientContext.Provider>,
    {
      route: '/workflows/credentials',
      user: testUser(),
      workspace: { currentId, workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-acme', name: 'Acme Sales', roleId })] },
    },
  );
}

/** Only `name` is listed (the other workspaces' credentials are not). */
function listsOnly(name: string) {
  expect(within(screen.getByRole('list', { name: /credentials/i })).getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByRole('listitem', { name })).toBeInTheDocument();
}

test('the personal workspace lists only the user’s own credentials', async () => {
  renderPage(createFakeCredentialsServer({ credentials: [MINE, ACME, OTHER] }), 'personal');
  await screen.findByRole('listitem', { name: 'My OpenAI key' });
  listsOnly('My OpenAI key');
  expect(screen.getByTestId('credentials-workspace')).toHaveTextContent('Your personal credentials');
});

test('an organization lists its own, and a credential added there belongs to it', async () => {
  const server = createFakeCredentialsServer({ credentials: [MINE, ACME, OTHER] });
  renderPage(server, 'org-acme');
  await screen.findByRole('listitem', { name: 'Acme HubSpot' });
  listsOnly('Acme HubSpot');
  expect(screen.getByTestId('credentials-workspace')).toHaveTextContent('The credentials of Acme Sales');

  fireEvent.click(screen.getByRole('button', { name: 'Add credential' }));
  const form = screen.getByRole('form', { name: 'Add credential' });
  fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'openaiCompatible' } });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Team model' } });
  fireEvent.change(within(form).getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:4010/v1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await screen.findByRole('listitem', { name: 'Team model' });
  expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
    { type: 'openaiCompatible', name: 'Team model', settings: { baseUrl: 'http://127.0.0.1:4010/v1' }, secrets: {}, organizationId: 'org-acme' },
  ]);
});

test('a member whose role does not manage credentials sees them but cannot add', async () => {
  renderPage(createFakeCredentialsServer({ credentials: [ACME] }), 'org-acme', 'workspace_editor');
  await screen.findByRole('listitem', { name: 'Acme HubSpot' });
  expect(screen.queryByRole('button', { name: 'Add credential' })).not.toBeInTheDocument();
  expect(screen.getByTestId('credentials-workspace')).toHaveTextContent('An admin of the workspace adds and changes them.');
});

// The service refuses changes without manage_credentials: the card must not offer them.
test.each(['workspace_editor', 'workspace_runner'] as const)('a %s sees the workspace’s credential and that it is used here, with no Edit or Delete', async (roleId) => {
  renderPage(createFakeCredentialsServer({ credentials: [ACME] }), 'org-acme', roleId);
  const card = await screen.findByRole('listitem', { name: 'Acme HubSpot' });
  expect(within(card).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  expect(within(card).getByTestId('credential-used-here')).toHaveTextContent('Workflows of this workspace use it in their steps. Only an admin of the workspace changes or deletes it.');
  // Its owner is named as the workspace, not by its id.
  expect(card).toHaveTextContent('Organization Acme Sales');
  expect(card).not.toHaveTextContent('org-acme');
});

test('an admin of the workspace gets Edit and Delete on its credentials, and no use-only note', async () => {
  renderPage(createFakeCredentialsServer({ credentials: [ACME] }), 'org-acme', 'workspace_admin');
  const card = await screen.findByRole('listitem', { name: 'Acme HubSpot' });
  expect(within(card).getByRole('button', { name: 'Edit Acme HubSpot' })).toBeEnabled();
  expect(within(card).getByRole('button', { name: 'Delete Acme HubSpot' })).toBeEnabled();
  expect(within(card).queryByTestId('credential-used-here')).not.toBeInTheDocument();
});

test('the personal workspace’s own credentials can always be edited and deleted', async () => {
  renderPage(createFakeCredentialsServer({ credentials: [MINE] }), 'personal', 'workspace_viewer');
  const card = await screen.findByRole('listitem', { name: 'My OpenAI key' });
  expect(within(card).getByRole('button', { name: 'Edit My OpenAI key' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Delete My OpenAI key' })).toBeInTheDocument();
});
