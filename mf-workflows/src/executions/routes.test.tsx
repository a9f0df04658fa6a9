// WorkflowsApp mounts the executions page and the dashboard at their own
// paths (not as a workflow id for the builder).
import { screen } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { DashboardResponse } from '@agentflow/shared/workflow';
import WorkflowsApp from '../exposes/WorkflowsApp';
import { testQueryClient } from '../testing/renderCatalogue';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { DashboardClientContext } from '../dashboard/dashboardClient';
import { ExecutionsClientContext } from './executionsClient';

const EMPTY_DASHBOARD: DashboardResponse = {
  workspace: 'personal',
  days: 14,
  timeZone: 'UTC',
  from: '2026-02-25T00:00:00.000Z',
  to: '2026-03-11T00:00:00.000Z',
  perDay: [],
  totals: { runs: 0, succeeded: 0, failed: 0, refused: 0, other: 0, tokens: 0 },
  successRate: null,
  medianDurationMs: null,
  durationSample: 0,
  tokensByWorkflow: [],
  otherWorkflows: { runs: 0, tokens: 0 },
  tokensByModel: [],
  modelSample: 0,
  approvalsWaiting: 0,
  failingWorkflows: [],
  plan: { plan: 'free', allowance: 100, remaining: 100, used: 0, resetsAt: null, yours: true },
};

function renderApp(route: string) {
  const executions = { list: jest.fn(async () => ({ runs: [], nextCursor: null })), rerun: jest.fn() };
  const dashboard = { load: jest.fn(async () => EMPTY_DASHBOARD) };
  renderWithProviders(
    <ExecutionsClientContext.Provider value={executions}>
      <DashboardClientContext.Provider value={dashboard}>
        <Routes>
          <Route path="/workflows/*" element={<WorkflowsApp source={createFakeCatalogueSource()} queryClient={testQueryClient()} />} />
        </Routes>
      </DashboardClientContext.Provider>
    </ExecutionsClientContext.Provider>,
    { route, user: testUser() },
  );
  return { executions, dashboard };
}

test('/workflows/executions is the executions page', async () => {
  const { executions } = renderApp('/workflows/executions');
  expect(await screen.findByRole('heading', { level: 1, name: 'Executions' })).toBeInTheDocument();
  expect(executions.list).toHaveBeenCalled();
});

test('/workflows/dashboard is the dashboard', async () => {
  const { dashboard } = renderApp('/workflows/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(dashboard.load).toHaveBeenCalledWith('personal', 14, 'UTC');
});
