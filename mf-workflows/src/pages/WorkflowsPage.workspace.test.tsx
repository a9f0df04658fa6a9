// The catalogue in the current workspace (issue 21): an organization's
// workflows and what the user's role there offers (create, the ⋯ menu's
// actions, sharing), and where new workflows and template copies go.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { renderCatalogue } from '../testing/renderCatalogue';
import { FAKE_ORGANIZATION } from '../testing/fakeCatalogueSource';
import { createFakeSharingClient } from '../testing/fakeSharingClient';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const inAcme = (roleId: WorkspaceRoleId) => ({
  currentId: 'org-1',
  workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-1', name: 'Acme Sales', roleId })],
});
const cardIds = () => screen.queryAllByTestId('workflow-card').map((card) => card.getAttribute('data-workflow-id'));
const loaded = () => waitFor(() => expect(screen.queryByTestId('catalogue-loading')).not.toBeInTheDocument());
const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

describe('the catalogue in an organization workspace', () => {
  test('shows that workspace’s workflows and templates, and never reads the personal list', async () => {
    const { source } = renderCatalogue('/workflows', { workspace: inAcme('workspace_editor') });
    await loaded();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Workspace workflows', 'Templates']);
    expect(screen.getByRole('tab', { name: 'Workspace workflows' })).toHaveAttribute('aria-selected', 'true');
    expect(source.listOrganization).toHaveBeenCalledWith(['org-1']);
    expect(source.listMine).not.toHaveBeenCalled();
    expect(cardIds()).toEqual(FAKE_ORGANIZATION.map((workflow) => workflow.id));
    expect(screen.getByTestId('catalogue-workspace-note')).toHaveTextContent('The workflows of Acme Sales, shared by its members.');
  });

  test('a personal tab in the URL falls back to the workspace’s workflows', async () => {
    renderCatalogue('/workflows?tab=trash', { workspace: inAcme('workspace_editor') });
    await loaded();
    expect(screen.getByRole('tab', { name: 'Workspace workflows' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an editor creates the new workflow in the workspace, and its cards offer editing but not sharing or deleting', async () => {
    const { source } = renderCatalogue('/workflows', { workspace: inAcme('workspace_editor') });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(menuItems()).toEqual(['Rename', 'Duplicate', 'Export']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'New workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workflow' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    await waitFor(() => expect(source.createWorkflow).toHaveBeenCalled());
    expect(source.createWorkflow.mock.calls[0]?.[0]).toMatchObject({ organizationId: 'org-1' });
  });

  test('an admin may share and delete: Share… opens the share dialog for that workflow', async () => {
    const sharing = createFakeSharingClient([{ uid: 'user-bob', email: 'bob@example.com', displayName: 'Bob Runner', roleId: 'workspace_runner' }]);
    renderCatalogue('/workflows', { workspace: inAcme('workspace_admin'), sharing: sharing.client });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(menuItems()).toEqual(['Rename', 'Duplicate', 'Export', 'Share…', 'Move to trash']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Team onboarding”' });
    expect(dialog).toHaveAccessibleDescription('Workspace: Acme Sales');
    expect(await within(dialog).findByText('Bob Runner')).toBeInTheDocument();
    expect(sharing.client.list).toHaveBeenCalledWith('wf-org-1');
  });

  test('a viewer cannot create here: the buttons are disabled, the note says why, and cards offer only Export and no switch', async () => {
    renderCatalogue('/workflows', { workspace: inAcme('workspace_viewer') });
    await loaded();
    expect(screen.getByRole('button', { name: 'New workflow' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import a file' })).toBeDisabled();
    expect(screen.getByTestId('catalogue-workspace-note')).toHaveTextContent('Your role in Acme Sales lets you open and run its workflows');
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(menuItems()).toEqual(['Export']);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  test('a template copied by an editor lands in the workspace; by a viewer, in their personal workspace', async () => {
    const editor = renderCatalogue('/workflows?tab=templates', { workspace: inAcme('workspace_editor') });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Use template: Inbound lead qualification' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use template' }));
    await waitFor(() => expect(editor.source.createFromTemplate).toHaveBeenCalled());
    expect(editor.source.createFromTemplate.mock.calls[0]?.[0]).toMatchObject({ id: 'tpl-lead', organizationId: 'org-1' });
    editor.unmount();

    const viewer = renderCatalogue('/workflows?tab=templates', { workspace: inAcme('workspace_viewer') });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Use template: Inbound lead qualification' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use template' }));
    await waitFor(() => expect(viewer.source.createFromTemplate).toHaveBeenCalled());
    expect(viewer.source.createFromTemplate.mock.calls[0]?.[0]).toMatchObject({ organizationId: null });
  });
});

describe('the share dialog from a card', () => {
  test('lists the people with access; adds one by e-mail with a role, changes and removes; an unknown e-mail says so', async () => {
    const sharing = createFakeSharingClient([{ uid: 'user-cy', email: 'cy@example.com', displayName: 'Cy Viewer', roleId: 'workspace_viewer' }]);
    renderCatalogue('/workflows', {
      workspace: { workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-1', name: 'Acme Sales' })] },
      sharing: sharing.client,
    });
    await loaded();
    fireEvent.click(screen.getAllByRole('button', { name: 'More actions' })[0] as HTMLElement);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Weekly pipeline review”' });
    expect(dialog).toHaveAccessibleDescription('Workspace: Personal');
    expect(await within(dialog).findByText('Cy Viewer')).toBeInTheDocument();
    expect(sharing.client.list).toHaveBeenCalledWith('wf-mine-1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByText('Enter an e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(sharing.client.share).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No account uses this e-mail address. Invite them to the workspace instead.');

    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: 'bob@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Access'), { target: { value: 'workspace_editor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Shared with bob@example.com.')).toBeInTheDocument();
    expect(sharing.client.share).toHaveBeenLastCalledWith('wf-mine-1', 'bob@example.com', 'workspace_editor');
    expect(within(dialog).getByLabelText('Access of Bob Runner')).toHaveValue('workspace_editor');

    fireEvent.change(within(dialog).getByLabelText('Access of Cy Viewer'), { target: { value: 'workspace_runner' } });
    expect(await within(dialog).findByText('Shared with cy@example.com.')).toBeInTheDocument();
    expect(sharing.client.share).toHaveBeenLastCalledWith('wf-mine-1', 'cy@example.com', 'workspace_runner');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove: Bob Runner' }));
    expect(await within(dialog).findByText('Access removed.')).toBeInTheDocument();
    expect(sharing.client.remove).toHaveBeenCalledWith('wf-mine-1', 'user-bob');
    expect(within(dialog).queryByText('Bob Runner')).not.toBeInTheDocument();
  });

  test('moves the workflow to another workspace the user is in, and the catalogue reads its lists again', async () => {
    const sharing = createFakeSharingClient();
    const { source } = renderCatalogue('/workflows', {
      workspace: { workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-1', name: 'Acme Sales' })] },
      sharing: sharing.client,
    });
    await loaded();
    const reads = source.listMine.mock.calls.length;
    fireEvent.click(screen.getAllByRole('button', { name: 'More actions' })[0] as HTMLElement);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Workspace')).toHaveDisplayValue('Acme Sales');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Moved to Acme Sales.')).toBeInTheDocument();
    expect(sharing.client.move).toHaveBeenCalledWith('wf-mine-1', 'org-1');
    expect(dialog).toHaveAccessibleDescription('Workspace: Acme Sales');
    await waitFor(() => expect(source.listMine.mock.calls.length).toBeGreaterThan(reads));
  });
});
