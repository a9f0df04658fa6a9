import { ApiError, Route, Routes } from '@agentflow/shared';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import type { ExecutionRow, ExecutionsFilters, ExecutionsPage, RerunResponse } from '@agentflow/shared/workflow';
import { testQueryClient } from '../testing/renderCatalogue';
import { createFakeCatalogueSource, type FakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { ExecutionsClientContext, type ExecutionsClient } from './executionsClient';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ExecutionsRoute } from './ExecutionsRoute';

// A fake executions client (pages by cursor, a scripted re-run answer) and the route mounted as WorkflowsApp mounts it, on a fake catalogue source.
function executionRow(overrides: Partial<ExecutionRow> & Pick<ExecutionRow, 'id'>): ExecutionRow {
  return {
    workflowId: 'wf-mine-1',
    workflowVersion: 1,
    workflowName: 'Weekly pipeline review',
    status: 'succeeded',
    trigger: { type: 'manual', userId: 'user-1' },
    triggerName: 'Start',
    tokensUsed: 3,
    error: null,
    errorCode: null,
    createdAt: '2026-03-10T09:00:00.000Z',
    startedAt: '2026-03-10T09:00:00.000Z',
    endedAt: '2026-03-10T09:00:02.500Z',
    startedBy: 'user-1',
    ...overrides,
  };
}

type FakeExecutionsClient = ExecutionsClient & {
  list: jest.Mock<Promise<ExecutionsPage>, [ExecutionsFilters, string | null]>;
  rerun: jest.Mock<Promise<RerunResponse>, [readonly string[]]>;
};

/** Serves `rows` in pages of `pageSize` (cursor = the next index), whatever the filters; `rerun` answers `rerunAnswer`. */
function fakeExecutionsClient(rows: ExecutionRow[], { pageSize = 50, rerunAnswer, fail }: { pageSize?: number; rerunAnswer?: RerunResponse; fail?: Error } = {}): FakeExecutionsClient {
  return {
    list: jest.fn(async (_filters: ExecutionsFilters, cursor: string | null): Promise<ExecutionsPage> => {
      if (fail) throw fail;
      const start = cursor ? Number(cursor) : 0;
      const end = start + pageSize;
      return { runs: rows.slice(start, end), nextCursor: end < rows.length ? String(end) : null };
    }),
    rerun: jest.fn(async (runIds: readonly string[]): Promise<RerunResponse> => rerunAnswer ?? { started: runIds.map((runId) => ({ runId, newRunId: `${runId}-again` })), refused: [] }),
  };
}

function renderWithExecutions(client: ExecutionsClient, routes: ReactNode, route: string, options: ProvidersOptions & { source?: FakeCatalogueSource } = {}) {
  const source = options.source ?? createFakeCatalogueSource();
  const queryClient = testQueryClient();
  const result = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <CatalogueSourceProvider source={source}>
        <ExecutionsClientContext.Provider value={client}>
          <Routes>
            {routes}
            <Route path="/workflows/:id/runs/:runId" element={<p>run view</p>} />
          </Routes>
          <LocationProbe />
        </ExecutionsClientContext.Provider>
      </CatalogueSourceProvider>
    </QueryClientProvider>,
    { route, user: testUser(), ...options },
  );
  return { ...result, source, queryClient };
}

const renderPage = (client: FakeExecutionsClient, route = '/workflows/executions') =>
  renderWithExecutions(client, <Route path="/workflows/executions" element={<ExecutionsRoute />} />, route);
const location = () => screen.getByTestId('location').textContent;

const failedRow = executionRow({ id: 'run-f', workflowId: 'wf-mine-1', status: 'failed', error: 'HubSpot answered 409', tokensUsed: 1 });
const okRow = executionRow({ id: 'run-ok', workflowId: 'wf-mine-1', trigger: { type: 'webhook', userId: null }, triggerName: 'New order' });

describe('executions page', () => {
  test('lists the workspace’s runs with workflow, status, trigger, duration, tokens and the error; each opens on its graph', async () => {
    const client = fakeExecutionsClient([failedRow, okRow]);
    renderPage(client);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Workflow', 'Status', 'Trigger', 'Started', 'Duration', 'Tokens', 'Error']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('HubSpot answered 409')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Webhook/)).toHaveTextContent('Webhook · New order');
    expect(within(rows[1]!).getByText('2.5 sec')).toBeInTheDocument();
    expect(client.list).toHaveBeenCalledWith({ workspace: 'personal' }, null);
    fireEvent.click(within(rows[1]!).getByRole('link', { name: 'Weekly pipeline review' }));
    expect(location()).toBe('/workflows/wf-mine-1/runs/run-ok');
  });

  test('filters come from the URL, go to the API, and each change is written back to the URL', async () => {
    const client = fakeExecutionsClient([failedRow]);
    renderPage(client, '/workflows/executions?status=failed&from=2026-03-08&to=2026-03-11&status2=x');
    await screen.findByRole('table');
    expect(client.list).toHaveBeenLastCalledWith({ workspace: 'personal', status: 'failed', from: '2026-03-08T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' }, null);
    // The "To" input shows the last day included; the URL keeps the day after.
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-10');
    fireEvent.change(screen.getByLabelText('Trigger'), { target: { value: 'schedule' } });
    await waitFor(() => expect(location()).toBe('/workflows/executions?status=failed&trigger=schedule&from=2026-03-08&to=2026-03-11'));
    expect(client.list).toHaveBeenLastCalledWith({ workspace: 'personal', status: 'failed', trigger: 'schedule', from: '2026-03-08T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' }, null);
    // The workflow filter offers the workspace's workflows by name.
    fireEvent.change(await screen.findByRole('option', { name: 'Weekly pipeline review' }).then(() => screen.getByLabelText('Workflow')), { target: { value: 'wf-mine-1' } });
    await waitFor(() => expect(location()).toContain('workflowId=wf-mine-1'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-12' } });
    await waitFor(() => expect(location()).toContain('to=2026-03-13'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/workflows/executions'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  test('"Load more" asks for the next page with the cursor and adds its rows', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => executionRow({ id: `run-${index}`, workflowName: `Flow ${index}` }));
    const client = fakeExecutionsClient(rows, { pageSize: 3 });
    renderPage(client);
    expect(await screen.findAllByRole('link', { name: /^Flow / })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Flow / })).toHaveLength(5));
    expect(client.list).toHaveBeenLastCalledWith({ workspace: 'personal' }, '3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('failed runs are selected and re-run in bulk; the summary opens the new runs and names each refusal', async () => {
    const other = executionRow({ id: 'run-g', workflowName: 'Invoice chaser', workflowId: 'wf-2', status: 'failed', error: 'boom' });
    const client = fakeExecutionsClient([failedRow, okRow, other], { rerunAnswer: { started: [{ runId: 'run-f', newRunId: 'run-new' }], refused: [{ runId: 'run-g', code: 'insufficient_tokens' }] } });
    renderPage(client);
    await screen.findByRole('table');
    // Only failed runs can be selected.
    expect(screen.getAllByRole('checkbox', { name: /Select this failed run/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every failed run shown' }));
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Re-run selected' }));
    const summary = (await screen.findByText('New runs started: 1.')).closest('[role="status"]') as HTMLElement;
    expect(client.rerun).toHaveBeenCalledWith(['run-f', 'run-g']);
    expect(summary).toHaveTextContent(/Invoice chaser, started .*: not enough tokens left/);
    expect(screen.queryByText('Selected: 2')).not.toBeInTheDocument();
    fireEvent.click(within(summary).getByRole('link', { name: 'Open the new run of Weekly pipeline review' }));
    expect(location()).toBe('/workflows/wf-mine-1/runs/run-new');
  });

  test('a list with a run still going is read again until it ends', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const running = executionRow({ id: 'run-live', status: 'running', endedAt: null });
      const client = fakeExecutionsClient([running]);
      renderPage(client);
      await screen.findByText('Running');
      const calls = client.list.mock.calls.length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5100);
      });
      expect(client.list.mock.calls.length).toBeGreaterThan(calls);
    } finally {
      jest.useRealTimers();
    }
  });

  test('says when nothing matches the filters, and when the workspace has no runs at all', async () => {
    const { unmount } = renderPage(fakeExecutionsClient([]), '/workflows/executions?status=waiting');
    expect(await screen.findByText('No runs match these filters.')).toBeInTheDocument();
    unmount();
    renderPage(fakeExecutionsClient([]));
    expect(await screen.findByText('No runs in this workspace yet. Run a workflow and it shows up here.')).toBeInTheDocument();
  });

  test('a refused workspace says so without a retry; another failure offers Try again', async () => {
    const forbidden = fakeExecutionsClient([], { fail: new ApiError('Forbidden', 403, 'workspace_forbidden') });
    const { unmount } = renderPage(forbidden);
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see the runs of this workspace.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    unmount();
    renderPage(fakeExecutionsClient([], { fail: new ApiError('down', 0) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the runs.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('on a phone the runs are cards, not a wide table', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
    try {
      renderPage(fakeExecutionsClient([failedRow, okRow]));
      const cards = await screen.findAllByRole('listitem');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(cards).toHaveLength(2);
      expect(within(cards[0]!).getByRole('checkbox', { name: 'Select this failed run of Weekly pipeline review' })).toBeInTheDocument();
      expect(within(cards[0]!).getByText('HubSpot answered 409')).toBeInTheDocument();
      expect(within(cards[1]!).getByText(/Tokens: 3/)).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  test('German: the page’s own texts are translated', async () => {
    renderWithExecutions(fakeExecutionsClient([failedRow]), <Route path="/workflows/executions" element={<ExecutionsRoute />} />, '/workflows/executions', { language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Ausführungen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Auslöser')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Fehler' })).toBeInTheDocument();
  });
});
