// "Approval links require sign-in" on /admin/access/workspace, on a fake
// platform-api client: shown to those who manage members (not to a runner),
// saved when ticked or cleared with a status line, the workspace list
// refreshed; a refusal puts the box back and says why in the reader's language.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@agentflow/shared';
import { restoreFetch } from '@agentflow/shared/testing/renderRemote';
import type { ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { createFakeWorkspaceClient } from '../../testing/fakeWorkspaceClient';
import { ACME, renderWorkspacePage } from '../../testing/renderWorkspacePage';

afterEach(restoreFetch);

const MEMBERS = { members: [{ uid: 'user-1', email: 'ada@example.com', displayName: 'Ada Lovelace', roleId: 'workspace_admin' as const }] };

const renderPage = (fake: ReturnType<typeof createFakeWorkspaceClient>, options: ProvidersOptions = {}) => renderWorkspacePage('/admin/access/workspace', fake, options);

describe('the approval links setting', () => {
  test('an admin sees it on (the default) with what it does, clears it and reads that it was saved; the workspaces are refreshed', async () => {
    const fake = createFakeWorkspaceClient(MEMBERS);
    const refresh = jest.fn(async () => undefined);
    renderPage(fake, { workspace: { currentId: 'org-acme', workspaces: [personalWorkspace(), ACME], refresh } });
    const settings = await screen.findByTestId('workspace-settings');
    const box = within(settings).getByRole('checkbox', { name: 'Approval links require sign-in' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/counts only once the person it was sent to signs in/);
    fireEvent.click(box);
    expect(await within(settings).findByRole('status')).toHaveTextContent('Saved: approval links now work without sign-in.');
    expect(fake.client.updateSettings).toHaveBeenCalledWith('org-acme', { approvalLinksRequireSignIn: false });
    expect(box).not.toBeChecked();
    expect(refresh).toHaveBeenCalled();
    fireEvent.click(box);
    expect(await within(settings).findByText('Saved: approval links now require sign-in.')).toBeInTheDocument();
    expect(fake.client.updateSettings).toHaveBeenLastCalledWith('org-acme', { approvalLinksRequireSignIn: true });
  });

  test('shows the workspace’s saved value: off when it was turned off', async () => {
    const off = { ...ACME, settings: { approvalLinksRequireSignIn: false } };
    renderPage(createFakeWorkspaceClient(MEMBERS), { workspace: { currentId: 'org-acme', workspaces: [personalWorkspace(), off] } });
    expect(await screen.findByRole('checkbox', { name: 'Approval links require sign-in' })).not.toBeChecked();
  });

  test('a member who does not manage members does not see it', async () => {
    renderPage(createFakeWorkspaceClient(MEMBERS), { workspace: { currentId: 'org-acme', workspaces: [personalWorkspace(), { ...ACME, roleId: 'workspace_editor' }] } });
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByTestId('workspace-settings')).not.toBeInTheDocument();
  });

  test('a refusal puts the box back and says why, translated by its code (French)', async () => {
    const fake = createFakeWorkspaceClient(MEMBERS);
    fake.refuse('updateSettings', new ApiError('Forbidden', 403, 'workspace_forbidden'));
    renderPage(fake, { language: 'fr' });
    const box = await screen.findByRole('checkbox', { name: 'Les liens d’approbation exigent une connexion' });
    fireEvent.click(box);
    const settings = screen.getByTestId('workspace-settings');
    expect(await within(settings).findByRole('alert')).toHaveTextContent('Votre rôle dans cet espace ne le permet pas.');
    await waitFor(() => expect(box).toBeChecked());
    expect(box).toBeEnabled();
  });

  test('the owner of a personal workspace sets it for theirs', async () => {
    const fake = createFakeWorkspaceClient();
    renderPage(fake, { workspace: { currentId: 'personal', workspaces: [personalWorkspace()] } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Approval links require sign-in' }));
    await waitFor(() => expect(fake.client.updateSettings).toHaveBeenCalledWith('personal', { approvalLinksRequireSignIn: false }));
  });
});
