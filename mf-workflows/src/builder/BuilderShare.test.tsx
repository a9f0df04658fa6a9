// Share from the builder's toolbar (issue 21): "Share…" opens the share
// dialog for the open workflow, offered only to who may share it
// (workflowPermits 'share'); on a phone it sits in the toolbar's "More
// actions" menu. Pending edits are saved before it opens, and after a move
// the builder's next save names the new workspace.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import type { WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import { fakeWorkflowDocs, type FakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { BuilderRoute } from './BuilderRoute';
import { SharingClientContext } from '../sharing/sharingClient';
import { createFakeSharingClient } from '../testing/fakeSharingClient';

installXyflowStubs();

const personal = (): Workflow => ({ ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 });
const inAcme = (overrides: Partial<Workflow> = {}): Workflow => ({ ...personal(), ownerId: 'user-2', organizationId: 'org-acme', visibility: 'organization', ...overrides });

async function openBuilder(workflow: Workflow, roleId: WorkspaceRoleId = 'workspace_admin') {
  const docs = fakeWorkflowDocs(workflow);
  const sharing = createFakeSharingClient();
  renderWithProviders(
    <SharingClientContext.Provider value={sharing.client}>
      <Routes>
        <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      </Routes>
    </SharingClientContext.Provider>,
    { route: '/workflows/wf-1', user: testUser(), workspace: { workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-acme', name: 'Acme Sales', roleId })] } },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  return { docs, sharing, toolbar: screen.getByRole('toolbar', { name: 'Workflow builder' }) };
}

const lastSave = (docs: FakeWorkflowDocs) => docs.saves.at(-1)?.workflow;

test('the owner of a personal workflow shares it from the toolbar; a move there is what the next save names', async () => {
  const { docs, sharing, toolbar } = await openBuilder(personal());
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Share…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share “Lead follow-up”' });
  expect(dialog).toHaveAccessibleDescription('Workspace: Personal');
  await waitFor(() => expect(sharing.client.list).toHaveBeenCalledWith('wf-1'));

  fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByText('Moved to Acme Sales.')).toBeInTheDocument();
  expect(sharing.client.move).toHaveBeenCalledWith('wf-1', 'org-acme');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The settings' workspace line follows, and the autosave writes the new workspace (not the old one the rules would refuse).
  expect(screen.getByTestId('workflow-workspace')).toHaveTextContent('Workspace: Acme Sales');
  await waitFor(() => expect(lastSave(docs)).toMatchObject({ organizationId: 'org-acme', visibility: 'organization' }), { timeout: 4000 });
});

test('an edit not yet saved is saved before the dialog opens', async () => {
  const { docs, toolbar } = await openBuilder(personal());
  fireEvent.click(screen.getByRole('button', { name: 'Add Output' }));
  await waitFor(() => expect(screen.queryAllByTestId('builder-node')).toHaveLength(2));
  expect(docs.saves).toHaveLength(0);
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Share…' }));
  await waitFor(() => expect(docs.saves).toHaveLength(1));
  expect(lastSave(docs)?.nodes).toHaveLength(2);
  expect(await screen.findByRole('dialog', { name: 'Share “Lead follow-up”' })).toBeInTheDocument();
});

test.each(['workspace_admin', 'workspace_owner'] as const)('a %s of the workflow’s workspace is offered Share…', async (roleId) => {
  const { toolbar } = await openBuilder(inAcme(), roleId);
  expect(within(toolbar).getByRole('button', { name: 'Share…' })).toBeEnabled();
  expect(within(screen.getByTestId('workflow-workspace')).getByRole('button', { name: 'Share…' })).toBeInTheDocument();
});

test.each(['workspace_editor', 'workspace_runner', 'workspace_viewer'] as const)('a %s of the workflow’s workspace is not offered Share… (the service refuses them)', async (roleId) => {
  const { toolbar } = await openBuilder(inAcme(), roleId);
  expect(within(toolbar).queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  expect(screen.getByTestId('workflow-workspace')).toHaveTextContent('Workspace: Acme Sales');
  expect(within(screen.getByTestId('workflow-workspace')).queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
});

test('someone a personal workflow is shared with as editor edits it but may not share it', async () => {
  const { toolbar } = await openBuilder({ ...personal(), ownerId: 'user-2', sharedWith: { 'user-1': 'workspace_editor' } });
  expect(within(toolbar).queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
});

describe('on a phone', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: /max-width:\s*(\d+)px/.test(query) && 390 <= Number(/max-width:\s*(\d+)px/.exec(query)![1]),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  test('Share… sits in the toolbar’s More actions menu and opens the dialog from there', async () => {
    const { toolbar } = await openBuilder(personal());
    const menu = within(toolbar).getByText('More actions').closest('details')!;
    const share = within(menu).getByRole('button', { name: 'Share…' });
    expect(within(toolbar).getAllByRole('button', { name: 'Share…' })).toEqual([share]);
    fireEvent.click(share);
    expect(await screen.findByRole('dialog', { name: 'Share “Lead follow-up”' })).toBeInTheDocument();
  });
});
