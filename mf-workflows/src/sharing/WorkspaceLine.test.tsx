// The builder's workspace line (issue 21): the workspace a workflow is in,
// instead of the old visibility select, and Share… opening the share dialog
// whose move updates the line and tells the builder.
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { SharingClientContext } from './sharingClient';
import { WorkspaceLine } from './WorkspaceLine';
import { createFakeSharingClient } from '../testing/fakeSharingClient';

const WORKSPACES = { workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-acme', name: 'Acme Sales' })] };

function renderLine(workflow: { organizationId: string | null; visibility: 'private' | 'organization' | 'template' }, onMoved = jest.fn(), language: 'en' | 'fr' = 'en') {
  const sharing = createFakeSharingClient();
  renderWithProviders(
    <SharingClientContext.Provider value={sharing.client}>
      <WorkspaceLine workflow={{ id: 'wf-1', name: 'Lead intake', ownerId: 'user-1', ...workflow }} onMoved={onMoved} />
    </SharingClientContext.Provider>,
    { user: testUser(), workspace: WORKSPACES, language },
  );
  return { sharing, onMoved };
}

test('a personal workflow says so, with who can open it', () => {
  renderLine({ organizationId: null, visibility: 'private' });
  const line = screen.getByTestId('workflow-workspace');
  expect(line).toHaveTextContent('Workspace: Personal');
  expect(screen.getByRole('button', { name: 'Share…' })).toHaveAccessibleDescription('Only you, and the people you share it with, can open it.');
});

test('an organization workflow names its workspace (French)', () => {
  renderLine({ organizationId: 'org-acme', visibility: 'organization' }, jest.fn(), 'fr');
  expect(screen.getByTestId('workflow-workspace')).toHaveTextContent('Espace de travail : Acme Sales');
  expect(screen.getByRole('button', { name: 'Partager…' })).toBeInTheDocument();
});

test('a template has no workspace line', () => {
  renderLine({ organizationId: null, visibility: 'template' });
  expect(screen.queryByTestId('workflow-workspace')).not.toBeInTheDocument();
});

test('Share… opens the dialog; moving updates the line and tells the builder', async () => {
  const { sharing, onMoved } = renderLine({ organizationId: null, visibility: 'private' });
  fireEvent.click(screen.getByRole('button', { name: 'Share…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share “Lead intake”' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByText('Moved to Acme Sales.')).toBeInTheDocument();
  expect(sharing.client.move).toHaveBeenCalledWith('wf-1', 'org-acme');
  expect(onMoved).toHaveBeenCalledWith('org-acme');
  expect(screen.getByTestId('workflow-workspace')).toHaveTextContent('Workspace: Acme Sales');
});
