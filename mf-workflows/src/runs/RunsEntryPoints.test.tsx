// Where the run views are reached from: WorkflowsApp's lazy routes, the
// builder's Run/Runs buttons and its configuration panel (AI hint, webhook
// address), and the catalogue's voice "run workflow X" notice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { templateById, type Workflow } from '@agentflow/shared/workflow';
import { fakeWorkflowDocs } from '../builder/testing/fakeWorkflowDocs';
import { installXyflowStubs } from '../builder/testing/xyflowStubs';
import { BuilderRoute } from '../builder/BuilderRoute';
import WorkflowsApp from '../exposes/WorkflowsApp';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { renderCatalogue, testQueryClient } from '../testing/renderCatalogue';
import { RunsClientContext } from './RunsClientContext';
import { at, createFakeRunsServer, fakeRun, type FakeRunsServer } from './testing/fakeRunsServer';

installXyflowStubs();

const own = (id: string): Workflow => ({ ...(JSON.parse(JSON.stringify(templateById(id))) as Workflow), id: 'wf-1', ownerId: 'user-1', visibility: 'private', version: 1 });

// The app's routes load the workflow from Firestore: here from the in-memory docs.
let docsWorkflow: Workflow | null = null;
jest.mock('../api/workflowDocs', () => ({
  ...jest.requireActual('../api/workflowDocs'),
  firestoreWorkflowDocs: () => jest.requireActual('../builder/testing/fakeWorkflowDocs').fakeWorkflowDocs(docsWorkflow),
}));

const location = () => screen.getByTestId('location').textContent;

function renderApp(server: FakeRunsServer, route: string) {
  return renderWithProviders(
    <RunsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/*" element={<WorkflowsApp source={createFakeCatalogueSource()} queryClient={testQueryClient()} />} />
      </Routes>
      <LocationProbe />
    </RunsClientContext.Provider>,
    { route, user: testUser() },
  );
}

describe('WorkflowsApp routes (lazy)', () => {
  test('/workflows/:id/runs is the runs page, /workflows/:id/runs/:runId the live run', async () => {
    docsWorkflow = own('tpl-sales-follow-up-email');
    const server = createFakeRunsServer({ runs: [fakeRun({ id: 'run-1', workflowId: 'wf-1', status: 'succeeded', startedAt: at(0), endedAt: at(2), tokensUsed: 7 })] });
    const { unmount } = renderApp(server, '/workflows/wf-1/runs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Runs of “Follow-up e-mail draft”' }, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('link', { name: /^View the run started/ }));
    expect(await screen.findByTestId('run-view', {}, { timeout: 5000 })).toHaveAttribute('data-run-id', 'run-1');
    expect(location()).toBe('/workflows/wf-1/runs/run-1');
    expect(screen.getByTestId('run-tokens')).toHaveTextContent('7');
    unmount();
  });
});

describe('builder', () => {
  function renderBuilder(server: FakeRunsServer, workflow: Workflow) {
    return renderWithProviders(
      <RunsClientContext.Provider value={server.client}>
        <Routes>
          <Route path="/workflows/:id" element={<BuilderRoute docs={fakeWorkflowDocs(workflow)} />} />
          <Route path="/workflows/:id/runs" element={<p>runs page</p>} />
        </Routes>
        <LocationProbe />
      </RunsClientContext.Provider>,
      { route: '/workflows/wf-1', user: testUser() },
    );
  }
  const node = (id: string) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`) as HTMLElement;
  const select = async (id: string) => {
    fireEvent.click(node(id));
    await waitFor(() => expect(screen.getByTestId('config-panel')).toHaveTextContent(/Node configuration:/));
  };

  test('the toolbar’s Run opens the run form, Runs the history', async () => {
    renderBuilder(createFakeRunsServer(), own('tpl-sales-follow-up-email'));
    const toolbar = await screen.findByRole('toolbar', {}, { timeout: 5000 });
    expect(within(toolbar).getByRole('link', { name: 'Runs' })).toHaveAttribute('href', '/workflows/wf-1/runs');
    expect(within(toolbar).getByRole('link', { name: 'Run' })).toHaveAttribute('href', '/workflows/wf-1/runs?run=1');
    fireEvent.click(within(toolbar).getByRole('link', { name: 'Run' }));
    // After the builder's save (nothing pending here): see builder/BuilderRun.test.tsx.
    await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs?run=1'));
  });

  test('a template’s builder has no Run', async () => {
    renderBuilder(createFakeRunsServer(), { ...own('tpl-sales-follow-up-email'), visibility: 'template' });
    const toolbar = await screen.findByRole('toolbar', {}, { timeout: 5000 });
    expect(within(toolbar).queryByRole('link', { name: 'Run' })).not.toBeInTheDocument();
  });

  test('an agent’s configuration says to add a credential when the platform has no default model', async () => {
    const server = createFakeRunsServer();
    server.aiStatus = { configured: false, providers: [], model: null };
    renderBuilder(server, own('tpl-sales-follow-up-email'));
    await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
    await waitFor(() => expect(node('draft')).toBeTruthy());
    await select('draft');
    const hint = await within(screen.getByTestId('config-panel')).findByTestId('ai-provider-hint');
    expect(hint).toHaveTextContent('This agent has no AI model to call yet.');
    expect(within(hint).getByRole('link', { name: 'Manage credentials' })).toHaveAttribute('href', '/workflows/credentials');
    // Another node type: no hint.
    await select('trigger');
    expect(within(screen.getByTestId('config-panel')).queryByTestId('ai-provider-hint')).not.toBeInTheDocument();
  });

  test('a webhook trigger’s configuration shows its address (ending with its path) with Copy and Rotate', async () => {
    renderBuilder(createFakeRunsServer(), own('tpl-sales-lead-qualification'));
    await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
    await waitFor(() => expect(node('trigger')).toBeTruthy());
    await select('trigger');
    const panel = await within(screen.getByTestId('config-panel')).findByTestId('webhook-panel');
    expect(await within(panel).findByLabelText('Hook URL')).toHaveValue('http://platform.test/api/hooks/wf-1/secret-1/inbound-lead');
    expect(within(panel).getByRole('button', { name: 'Rotate secret' })).toBeInTheDocument();
  });
});

describe('voice "run workflow X" (?run=)', () => {
  test('a workflow of mine with that name: Run opens its run form', async () => {
    renderCatalogue(`/workflows?run=${encodeURIComponent('weekly PIPELINE review')}`);
    const notice = await screen.findByTestId('run-notice');
    const run = await within(notice).findByRole('link', { name: 'Run Weekly pipeline review' });
    expect(notice).toHaveTextContent('Found in your workflows. Fill in its input and start it, or open it to check it first.');
    expect(within(notice).getByRole('link', { name: 'Open Weekly pipeline review' })).toBeInTheDocument();
    fireEvent.click(run);
    expect(location()).toBe('/workflows/wf-mine-1/runs?run=1');
  });
});
