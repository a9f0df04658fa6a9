// The approval pages sit under the remote's own routes (WorkflowsApp): the
// inbox at /workflows/approvals, the link page at /workflows/approvals/decide,
// neither taken for a workflow id by the builder's ':id' route.
import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import WorkflowsApp from '../exposes/WorkflowsApp';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { testQueryClient } from '../testing/renderCatalogue';
import { RunsClientContext } from '../runs/RunsClientContext';
import { createFakeRunsServer } from '../runs/testing/fakeRunsServer';
import { ApprovalsClientContext } from './ApprovalsClientContext';
import { approvalItem, createFakeApprovalsServer, linkView } from './testing/fakeApprovalsServer';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

function renderApp(route: string) {
  const runs = createFakeRunsServer();
  const approvals = createFakeApprovalsServer(runs, { approvals: [approvalItem()] });
  approvals.links.set('tok-1', { view: linkView() });
  renderWithProviders(
    <RunsClientContext.Provider value={runs.client}>
      <ApprovalsClientContext.Provider value={approvals.client}>
        <WorkflowsApp source={createFakeCatalogueSource()} queryClient={testQueryClient()} />
      </ApprovalsClientContext.Provider>
    </RunsClientContext.Provider>,
    { route, path: '/workflows/*', user: testUser() },
  );
}

test('/workflows/approvals is the inbox, not a workflow', async () => {
  renderApp('/workflows/approvals');
  expect(await screen.findByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
  expect(await screen.findByTestId('approval-item')).toBeInTheDocument();
  expect(screen.queryByTestId('builder-route')).not.toBeInTheDocument();
  expect(document.title).toBe('Agentflow · Approvals');
});

test('/workflows/approvals/decide is the one-click link page', async () => {
  renderApp('/workflows/approvals/decide?token=tok-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Approval request' })).toBeInTheDocument();
  expect(await screen.findByTestId('approval-link-view')).toBeInTheDocument();
});
