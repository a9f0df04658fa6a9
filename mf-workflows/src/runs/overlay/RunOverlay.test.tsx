// The builder's "Show last run": switched on, the canvas cards say each node's
// status in the newest run (icon and words); pinned nodes carry a pin mark.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { Workflow, WorkflowNode } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../../builder/testing/xyflowStubs';
import { fakeWorkflowDocs } from '../../builder/testing/fakeWorkflowDocs';
import { BuilderRoute } from '../../builder/BuilderRoute';
import { RunsClientContext } from '../RunsClientContext';
import { at, createFakeRunsServer, fakeRun, fakeStep, type FakeRunsServer } from '../testing/fakeRunsServer';

installXyflowStubs();

const node = (id: string, type: WorkflowNode['type'], x: number, extra: Partial<WorkflowNode> = {}): WorkflowNode => ({ id, name: `Step ${id}`, type, position: { x, y: 0 }, params: {}, ...extra });

const workflow = (): Workflow => ({
  id: 'wf-1',
  ownerId: 'user-1',
  name: 'Lead follow-up',
  description: '',
  category: 'automation',
  industry: 'general',
  tags: [],
  visibility: 'private',
  version: 2,
  nodes: [
    node('trigger', 'trigger.manual', 0),
    node('check', 'condition', 250, { params: { expression: 'trigger.score > 5' } }),
    node('yes', 'transform', 500, { params: { expression: '1' }, pinned: { output: { ok: true }, pinnedAt: '2024-06-01T10:00:00.000Z' } }),
    node('no', 'transform', 500, { params: { expression: '0' } }),
  ],
  edges: [
    { id: 'e1', source: 'trigger', target: 'check' },
    { id: 'e2', source: 'check', sourceHandle: 'true', target: 'yes' },
    { id: 'e3', source: 'check', sourceHandle: 'false', target: 'no' },
  ],
  createdAt: null,
  updatedAt: null,
});

function open(server: FakeRunsServer, language: 'en' | 'de' = 'en') {
  const docs = fakeWorkflowDocs(workflow());
  renderWithProviders(
    <RunsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      </Routes>
    </RunsClientContext.Provider>,
    { route: '/workflows/wf-1', user: testUser(), language },
  );
}

const card = (id: string) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`) as HTMLElement;

const lastRun = fakeRun({
  id: 'run-9',
  status: 'failed',
  createdAt: at(90),
  steps: [
    fakeStep({ id: 'trigger', type: 'trigger.manual', status: 'succeeded' }),
    fakeStep({ id: 'check', type: 'condition', status: 'succeeded', branch: 'false' }),
    fakeStep({ id: 'yes', status: 'skipped' }),
    fakeStep({ id: 'no', status: 'failed', error: 'boom' }),
  ],
});

test('Show last run marks each card with its status in the newest run; pinned nodes show a pin; switched off, the marks go', async () => {
  const server = createFakeRunsServer({ runs: [fakeRun({ id: 'run-1', status: 'succeeded', createdAt: at(10) }), lastRun] });
  open(server);
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  await waitFor(() => expect(card('yes')).toBeTruthy());
  // The pin shows without the overlay; no run is read until it is switched on.
  expect(within(card('yes')).getByTestId('node-pinned')).toHaveTextContent('Pinned data');
  expect(within(card('no')).queryByTestId('node-pinned')).not.toBeInTheDocument();
  expect(screen.queryAllByTestId('node-run-status')).toHaveLength(0);
  expect(server.requests.some((r) => r.path.endsWith('/runs'))).toBe(false);

  const toggle = screen.getByRole('button', { name: 'Show last run' });
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(within(card('no')).getByTestId('node-run-status')).toHaveTextContent('Failed'));
  expect(within(card('trigger')).getByTestId('node-run-status')).toHaveTextContent('Succeeded');
  expect(within(card('check')).getByTestId('node-run-status')).toHaveTextContent('Succeeded');
  expect(within(card('yes')).getByTestId('node-run-status')).toHaveTextContent('Skipped');
  expect(card('no')).toHaveClass('run-overlay--failed');
  expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(['/api/workflows/wf-1/runs', '/api/runs/run-9']);

  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryAllByTestId('node-run-status')).toHaveLength(0);
  expect(card('no')).not.toHaveClass('run-overlay--failed');
});

test('a workflow that never ran says so, in German', async () => {
  const server = createFakeRunsServer();
  open(server, 'de');
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: 'Letzten Lauf zeigen' }));
  expect(await screen.findByText('Dieser Workflow ist noch nicht gelaufen.')).toBeInTheDocument();
  expect(screen.queryAllByTestId('node-run-status')).toHaveLength(0);
});
