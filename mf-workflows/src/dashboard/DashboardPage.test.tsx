import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError, Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import type { DashboardResponse } from '@agentflow/shared/workflow';
import { testQueryClient } from '../testing/renderCatalogue';
import { DashboardClientContext, type DashboardClient } from './dashboardClient';
import { DashboardRoute } from './DashboardRoute';

const DASHBOARD: DashboardResponse = {
  workspace: 'personal',
  days: 14,
  timeZone: 'UTC',
  from: '2026-02-25T00:00:00.000Z',
  to: '2026-03-11T00:00:00.000Z',
  perDay: [
    { day: '2026-03-09', succeeded: 0, failed: 0, refused: 0, other: 0, tokens: 0 },
    { day: '2026-03-10', succeeded: 2, failed: 1, refused: 1, other: 0, tokens: 38 },
  ],
  totals: { runs: 4, succeeded: 2, failed: 1, refused: 1, other: 0, tokens: 38 },
  successRate: 2 / 3,
  medianDurationMs: 1500,
  durationSample: 3,
  tokensByWorkflow: [
    { workflowId: 'leads', workflowName: 'Lead triage', tokens: 30, runs: 3, inWorkspace: true },
    { workflowId: 'mail', workflowName: 'Weekly mail', tokens: 8, runs: 1, inWorkspace: true },
  ],
  otherWorkflows: { runs: 0, tokens: 0 },
  tokensByModel: [
    { model: 'gpt-4o-mini', tokens: 24 },
    { model: 'default', tokens: 10 },
  ],
  modelSample: 4,
  approvalsWaiting: 2,
  failingWorkflows: [{ workflowId: 'mail', workflowName: 'Weekly mail', failures: 1, lastError: 'SMTP said no', lastFailedAt: '2026-03-10T11:00:00.000Z', lastRunId: 'run-9' }],
  plan: { plan: 'basic', allowance: 2000, remaining: 1500, used: 500, resetsAt: '2026-04-01T00:00:00.000Z', yours: true },
};

function renderDashboard(client: DashboardClient, route = '/workflows/dashboard', options: ProvidersOptions = {}) {
  return renderWithProviders(
    <QueryClientProvider client={testQueryClient()}>
      <DashboardClientContext.Provider value={client}>
        <Routes>
          <Route path="/workflows/dashboard" element={<DashboardRoute />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </DashboardClientContext.Provider>
    </QueryClientProvider>,
    { route, user: testUser(), ...options },
  );
}

const fakeClient = (answer: DashboardResponse | Error = DASHBOARD) => ({ load: jest.fn(async () => (answer instanceof Error ? Promise.reject(answer) : answer)) });
const location = () => screen.getByTestId('location').textContent;
const linkTo = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('dashboard', () => {
  test('every figure links to the executions it counts', async () => {
    const client = fakeClient();
    renderDashboard(client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(client.load).toHaveBeenCalledWith('personal', 14, 'UTC');
    await screen.findByRole('link', { name: /^Runs 4/ });
    const period = 'from=2026-02-25&to=2026-03-11';
    expect(linkTo(/^Runs 4/)).toBe(`/workflows/executions?${period}`);
    expect(linkTo(/^Success rate 66\.7%/)).toBe(`/workflows/executions?status=succeeded&${period}`);
    expect(linkTo(/^Failed runs 1/)).toBe(`/workflows/executions?status=failed&${period}`);
    expect(linkTo(/^Median duration 1\.5 sec of the latest 3 finished runs/)).toBe(`/workflows/executions?${period}`);
    expect(linkTo(/^Tokens used 38/)).toBe(`/workflows/executions?${period}`);
    expect(linkTo(/^Approvals waiting 2/)).toBe('/workflows/approvals');
    // A day's figure of one status: that status, that day.
    const table = screen.getByRole('table');
    const march10 = within(table).getAllByRole('row')[2]!;
    expect(within(march10).getAllByRole('link', { name: '1' })[0]!.getAttribute('href')).toMatch(/^\/workflows\/executions\?status=(failed|refused)&from=2026-03-10&to=2026-03-11$/);
    expect(within(march10).getByRole('link', { name: '2' })).toHaveAttribute('href', '/workflows/executions?status=succeeded&from=2026-03-10&to=2026-03-11');
    // Tokens by workflow: that workflow over the period; failing workflows: that workflow's failed runs, and the last one on its graph.
    expect(linkTo('Lead triage')).toBe(`/workflows/executions?workflowId=leads&${period}`);
    const failing = screen.getByRole('heading', { name: 'Failing workflows' }).closest('section')!;
    expect(within(failing).getByRole('link', { name: 'Weekly mail' })).toHaveAttribute('href', `/workflows/executions?workflowId=mail&status=failed&${period}`);
    expect(within(failing).getByText('Last error: SMTP said no')).toBeInTheDocument();
    expect(within(failing).getByRole('link', { name: 'Open the last failed run' })).toHaveAttribute('href', '/workflows/mail/runs/run-9');
  });

  test('tokens by model name the default model in words; the plan shows its usage against the allowance', async () => {
    renderDashboard(fakeClient());
    const models = (await screen.findByRole('heading', { name: 'Tokens by model' })).closest('section')!;
    expect(within(models).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['gpt-4o-mini24', 'Default model10']);
    expect(within(models).getByText('From the agent steps of the latest 4 runs.')).toBeInTheDocument();
    const plan = screen.getByRole('heading', { name: 'Plan usage' }).closest('section')!;
    expect(within(plan).getByText('Plan: Basic')).toBeInTheDocument();
    expect(within(plan).getByText('500 of 2,000 tokens used')).toBeInTheDocument();
    expect(within(plan).getByRole('meter', { name: '500 of 2,000 tokens used' })).toHaveAttribute('value', '500');
    expect(within(plan).getByRole('link', { name: 'Usage details' })).toHaveAttribute('href', '/billing/usage');
  });

  test('another period is asked for and kept in the URL', async () => {
    const client = fakeClient();
    renderDashboard(client, '/workflows/dashboard?days=30');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(client.load).toHaveBeenCalledWith('personal', 30, 'UTC');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await waitFor(() => expect(client.load).toHaveBeenCalledWith('personal', 7, 'UTC'));
    expect(location()).toBe('/workflows/dashboard?days=7');
  });

  test('asks for the days of the browser\'s time zone and says which zone they are counted in', async () => {
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Pacific/Auckland' };
    });
    try {
      // Auckland's period 26 Feb – 11 Mar starts on 25 Feb at 11:00 UTC: the links name Auckland's days, not the UTC dates.
      const client = fakeClient({ ...DASHBOARD, timeZone: 'Pacific/Auckland', from: '2026-02-25T11:00:00.000Z', to: '2026-03-11T11:00:00.000Z' });
      renderDashboard(client);
      expect(await screen.findByText(/Days are counted in the Pacific\/Auckland time zone\./)).toBeInTheDocument();
      expect(client.load).toHaveBeenCalledWith('personal', 14, 'Pacific/Auckland');
      expect(screen.getByRole('link', { name: /^Runs 4/ })).toHaveAttribute('href', '/workflows/executions?from=2026-02-26&to=2026-03-12');
    } finally {
      zone.mockRestore();
    }
  });

  test('tokens by workflow name a moved or deleted workflow and count the rest, so the rows add up to the total', async () => {
    const data: DashboardResponse = {
      ...DASHBOARD,
      tokensByWorkflow: [
        { workflowId: 'leads', workflowName: 'Lead triage', tokens: 20, runs: 2, inWorkspace: true },
        { workflowId: 'moved', workflowName: 'Old name', tokens: 10, runs: 1, inWorkspace: false },
        { workflowId: 'gone', workflowName: null, tokens: 5, runs: 1, inWorkspace: false },
      ],
      otherWorkflows: { runs: 1, tokens: 3 },
    };
    renderDashboard(fakeClient(data));
    const section = (await screen.findByRole('heading', { name: 'Tokens by workflow' })).closest('section')!;
    expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Lead triage20Runs: 2',
      'Old name10Runs: 1 · No longer in this workspace',
      'Deleted workflow5Runs: 1 · No longer in this workspace',
      'Other workflows3Runs: 1',
    ]);
    expect(within(section).getByRole('link', { name: 'Deleted workflow' })).toHaveAttribute('href', '/workflows/executions?workflowId=gone&from=2026-02-25&to=2026-03-11');
  });

  test('an empty period says so; unknown approvals are not shown as a figure', async () => {
    const empty: DashboardResponse = { ...DASHBOARD, perDay: [], totals: { runs: 0, succeeded: 0, failed: 0, refused: 0, other: 0, tokens: 0 }, successRate: null, medianDurationMs: null, durationSample: 0, tokensByWorkflow: [], tokensByModel: [], failingWorkflows: [], approvalsWaiting: null };
    renderDashboard(fakeClient(empty));
    expect(await screen.findByText('No runs in this period.')).toBeInTheDocument();
    expect(screen.getByText('No tokens used in this period.')).toBeInTheDocument();
    expect(screen.getByText('No workflow failed in this period.')).toBeInTheDocument();
    expect(screen.queryByText('Approvals waiting')).not.toBeInTheDocument();
    expect(linkTo(/^Success rate —/)).toContain('status=succeeded');
  });

  test('a workspace the caller may not see says so; another failure offers Try again', async () => {
    const { unmount } = renderDashboard(fakeClient(new ApiError('Forbidden', 403, 'workspace_forbidden')));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see the runs of this workspace.');
    unmount();
    renderDashboard(fakeClient(new ApiError('down', 0)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the dashboard.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('Italian: the dashboard’s texts are translated', async () => {
    renderDashboard(fakeClient(), '/workflows/dashboard', { language: 'it' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard dei workflow' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Workflow con errori' })).toBeInTheDocument();
    expect(screen.getByText('Piano: Base')).toBeInTheDocument();
  });
});
