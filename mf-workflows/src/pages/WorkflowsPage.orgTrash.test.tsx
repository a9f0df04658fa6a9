// An organization workspace's Trash tab (issue 21): members who may delete
// its workflows (workflowPermits 'delete': admin, owner) see the workspace's
// trashed workflows and restore them or delete them forever; the others are
// not offered the tab (the rules refuse them those writes).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WORKSPACE_ROLE_IDS, type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { renderCatalogue } from '../testing/renderCatalogue';
import { createFakeCatalogueSource, FAKE_ORGANIZATION, testWorkflow } from '../testing/fakeCatalogueSource';
import { mayDeleteInWorkspace } from './useWorkspaceCatalogue';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const inAcme = (roleId: WorkspaceRoleId) => ({
  currentId: 'org-1',
  workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-1', name: 'Acme Sales', roleId })],
});
const TRASHED = testWorkflow({ id: 'wf-org-old', ownerId: 'user-2', visibility: 'organization', organizationId: 'org-1', name: 'Old campaign', deletedAt: '2026-03-01T10:00:00.000Z' });
const OTHER_ORG_TRASHED = testWorkflow({ id: 'wf-beta-old', ownerId: 'user-3', visibility: 'organization', organizationId: 'org-2', name: 'Beta leftovers', deletedAt: '2026-03-01T10:00:00.000Z' });
const withTrash = () => createFakeCatalogueSource({ organization: [...FAKE_ORGANIZATION, TRASHED, OTHER_ORG_TRASHED] });
const loaded = () => waitFor(() => expect(screen.queryByTestId('catalogue-loading')).not.toBeInTheDocument());
const trashIds = () => screen.queryAllByTestId('trash-item').map((item) => item.getAttribute('data-workflow-id'));
const cardIds = () => screen.queryAllByTestId('workflow-card').map((card) => card.getAttribute('data-workflow-id'));

test('the shared decision: admins and owners may delete a workspace’s workflows, the other roles may not', () => {
  expect(WORKSPACE_ROLE_IDS.filter((roleId) => mayDeleteInWorkspace('org-1', roleId))).toEqual(['workspace_admin', 'workspace_owner']);
  expect(mayDeleteInWorkspace('org-1', null)).toBe(false);
});

describe.each(['workspace_admin', 'workspace_owner'] as const)('a %s of the workspace', (roleId) => {
  test('has a Trash tab listing the workspace’s trashed workflows only; they are not among its workflows', async () => {
    const source = withTrash();
    renderCatalogue('/workflows', { source, workspace: inAcme(roleId) });
    await loaded();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Workspace workflows', 'Templates', 'Trash']);
    expect(cardIds()).toEqual(['wf-org-1']);
    fireEvent.click(screen.getByRole('tab', { name: 'Trash' }));
    await screen.findByTestId('trash-panel');
    expect(trashIds()).toEqual(['wf-org-old']);
    expect(source.listOrganizationTrash).toHaveBeenCalledWith('org-1');
    expect(source.listMine).not.toHaveBeenCalled();
  });
});

test('an admin restores a trashed workflow: it leaves the trash and is back among the workspace’s workflows', async () => {
  const source = withTrash();
  renderCatalogue('/workflows?tab=trash', { source, workspace: inAcme('workspace_admin') });
  const item = await screen.findByTestId('trash-item');
  fireEvent.click(within(item).getByRole('button', { name: 'Restore' }));
  await waitFor(() => expect(screen.getByTestId('trash-empty')).toHaveTextContent('The trash is empty.'));
  expect(source.setTrashed).toHaveBeenCalledWith(expect.objectContaining({ id: 'wf-org-old' }), false);
  fireEvent.click(screen.getByRole('tab', { name: 'Workspace workflows' }));
  await waitFor(() => expect(cardIds()).toEqual(['wf-org-1', 'wf-org-old']));
});

test('an admin deletes a trashed workflow forever after confirming (its finished runs first)', async () => {
  const source = withTrash();
  const removeFinished = jest.fn(async () => ({ deleted: 1, kept: 0 }));
  renderCatalogue('/workflows?tab=trash', { source, workspace: inAcme('workspace_admin'), runs: { removeFinished } });
  fireEvent.click(within(await screen.findByTestId('trash-item')).getByRole('button', { name: 'Delete forever' }));
  fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Delete “Old campaign” forever?' })).getByRole('button', { name: 'Delete forever' }));
  await waitFor(() => expect(screen.getByTestId('trash-empty')).toBeInTheDocument());
  expect(removeFinished).toHaveBeenCalledWith('wf-org-old');
  expect(source.deleteForever).toHaveBeenCalledWith(expect.objectContaining({ id: 'wf-org-old' }));
});

test('a workflow an admin moves to the trash shows up in the workspace’s Trash tab', async () => {
  const source = withTrash();
  renderCatalogue('/workflows', { source, workspace: inAcme('workspace_admin') });
  await loaded();
  fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Move to trash' }));
  await waitFor(() => expect(cardIds()).toEqual([]));
  fireEvent.click(screen.getByRole('tab', { name: 'Trash' }));
  await waitFor(() => expect(trashIds()).toEqual(['wf-org-1', 'wf-org-old']));
});

describe.each(['workspace_viewer', 'workspace_runner', 'workspace_editor'] as const)('a %s of the workspace', (roleId) => {
  test('is not offered the Trash tab, and ?tab=trash shows the workspace’s workflows without reading the trash', async () => {
    const source = withTrash();
    renderCatalogue('/workflows?tab=trash', { source, workspace: inAcme(roleId) });
    await loaded();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Workspace workflows', 'Templates']);
    expect(screen.getByRole('tab', { name: 'Workspace workflows' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('trash-panel')).not.toBeInTheDocument();
    expect(source.listOrganizationTrash).not.toHaveBeenCalled();
  });
});
