// The runs page offline (issue 25): the last history page saved on this
// device, marked as such; Run and Re-run disabled with the reason (in German
// too); the builder's Run likewise.
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow, templateById, type Workflow } from '@agentflow/shared/workflow';
import { fakeWorkflowDocs } from '../builder/testing/fakeWorkflowDocs';
import { installXyflowStubs } from '../builder/testing/xyflowStubs';
import { BuilderRoute } from '../builder/BuilderRoute';
import { RunsRoute } from './RunsRoutes';
import { at, createFakeRunsServer, fakeRun, type FakeRunsServer } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';
import { setOnline } from '@agentflow/shared/testing/online';

installXyflowStubs();

const followUp = (): Workflow => ({ ...JSON.parse(JSON.stringify(templateById('tpl-sales-follow-up-email'))) as Workflow, id: 'wf-1', ownerId: 'user-1', visibility: 'private' });
const history = () => [
  fakeRun({ id: 'run-a', createdAt: at(10), startedAt: at(10), endedAt: at(14.5), status: 'succeeded', tokensUsed: 141, trigger: { type: 'manual', userId: 'user-1' } }),
  fakeRun({ id: 'run-b', createdAt: at(5), startedAt: at(5), endedAt: at(6), status: 'failed', tokensUsed: 1, trigger: { type: 'webhook', userId: null } }),
];

function renderPage(server: FakeRunsServer, language: 'en' | 'de' = 'en') {
  return renderRuns(server, <Route path="/workflows/:id/runs" element={<RunsRoute docs={fakeWorkflowDocs(followUp())} />} />, '/workflows/wf-1/runs', { language });
}

/** platform-api cannot be reached: every call of the client fails as fetch() does. */
function unreachable(server: FakeRunsServer) {
  jest.spyOn(server.client, 'list').mockRejectedValue(new TypeError('Failed to fetch'));
}

/** The page seen online (until `seen` shows), then opened again offline with platform-api unreachable. */
async function seenOnlineThenOffline(server: FakeRunsServer, seen: string) {
  const online = renderPage(server);
  await screen.findByTestId(seen);
  online.unmount();
  setOnline(false);
  unreachable(server);
  renderPage(server);
}

afterEach(() => {
  setOnline(true);
  window.localStorage.clear();
});

const WHY = "You're offline. This needs a connection and works again when you're back online.";

test('offline: the history page seen online, marked as saved on this device; Run and Re-run disabled with the reason', async () => {
  const server = createFakeRunsServer({ runs: history() });
  await seenOnlineThenOffline(server, 'run-history');
  const table = await screen.findByTestId('run-history');
  expect(within(table).getAllByTestId('run-row').map((row) => row.dataset.runId)).toEqual(['run-a', 'run-b']);
  const note = screen.getByTestId('run-history-offline');
  expect(note).toHaveTextContent("You're offline — showing the run history saved on this device.");
  expect(note).toHaveTextContent(/Saved on this device, as of .+/);
  const run = screen.getByTestId('run-open-form');
  expect(run).toBeDisabled();
  expect(run).toHaveAccessibleDescription(WHY);
  for (const rerun of screen.getAllByRole('button', { name: /^Re-run with the same input/ })) expect(rerun).toBeDisabled();
  expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
});

test('offline with nothing saved: the failure is said, not an empty history', async () => {
  setOnline(false);
  const server = createFakeRunsServer({ runs: history() });
  unreachable(server);
  renderPage(server);
  expect(await screen.findByText('Failed to load the runs.')).toBeInTheDocument();
  expect(screen.queryByTestId('run-history-empty')).not.toBeInTheDocument();
});

test('the Run button’s reason in German', async () => {
  setOnline(false);
  renderPage(createFakeRunsServer({ runs: history() }), 'de');
  const run = await screen.findByTestId('run-open-form');
  expect(run).toBeDisabled();
  expect(run).toHaveAccessibleDescription('Sie sind offline. Dafür ist eine Verbindung nötig; es funktioniert wieder, sobald Sie online sind.');
});

test('the builder’s Run is disabled offline with the reason, and comes back with the connection', async () => {
  const workflow = { ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 };
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={fakeWorkflowDocs(workflow)} />} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser(), language: 'de' },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  expect(screen.getByTestId('builder-run').tagName).toBe('A');
  act(() => setOnline(false));
  const run = screen.getByTestId('builder-run');
  expect(run).toBeDisabled();
  expect(run).toHaveAccessibleDescription('Sie sind offline. Dafür ist eine Verbindung nötig; es funktioniert wieder, sobald Sie online sind.');
  act(() => setOnline(true));
  await waitFor(() => expect(screen.getByTestId('builder-run').tagName).toBe('A'));
  expect(screen.queryByTestId('builder-run-offline')).not.toBeInTheDocument();
});

test('offline with an empty history saved: "no runs yet", still marked as this device’s copy', async () => {
  const server = createFakeRunsServer({ runs: [] });
  await seenOnlineThenOffline(server, 'run-history-empty');
  expect(await screen.findByTestId('run-history-empty')).toBeInTheDocument();
  expect(screen.getByTestId('run-history-offline')).toHaveTextContent(/Saved on this device, as of .+/);
});
