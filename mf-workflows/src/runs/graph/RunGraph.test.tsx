import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { WorkflowEdge, WorkflowNode, WorkflowRun } from '@agentflow/shared/workflow';
import { RunView } from '../RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep, type FakeRunsServer } from '../testing/fakeRunsServer';
import { renderRuns } from '../../testing/renderRuns';
import { installXyflowStubs } from '../../builder/testing/xyflowStubs';

installXyflowStubs();

const node = (id: string, name: string, type: WorkflowNode['type'], x: number): WorkflowNode => ({ id, name, type, position: { x, y: 0 }, params: {} });
const SNAPSHOT: { nodes: WorkflowNode[]; edges: WorkflowEdge[] } = {
  nodes: [
    node('trigger', 'Call details', 'trigger.manual', 0),
    node('draft', 'Follow-up writer', 'agent', 250),
    node('big', 'Discount above 10 %?', 'condition', 500),
    node('approval', 'Manager approval', 'approval', 750),
    node('send', 'Ready draft', 'output', 750),
  ],
  edges: [
    { id: 'e1', source: 'trigger', target: 'draft' },
    { id: 'e2', source: 'draft', target: 'big' },
    { id: 'e3', source: 'big', sourceHandle: 'true', target: 'approval' },
    { id: 'e4', source: 'big', sourceHandle: 'false', target: 'send' },
  ],
};

const trigger = fakeStep({ id: 'trigger', name: 'Call details', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(0.2), output: { company: 'Acme' }, attempts: 1 });
const running = (): WorkflowRun =>
  fakeRun({
    status: 'running',
    startedAt: at(0),
    updatedAt: at(1),
    snapshot: SNAPSHOT,
    steps: [
      trigger,
      fakeStep({ id: 'draft', name: 'Follow-up writer', type: 'agent', status: 'running', startedAt: at(0.2), input: { input: { company: 'Acme' } }, attempts: 1 }),
      fakeStep({ id: 'big', type: 'condition' }),
      fakeStep({ id: 'approval', type: 'approval' }),
      fakeStep({ id: 'send', type: 'output' }),
    ],
  });

const finished = (): WorkflowRun =>
  fakeRun({
    ...running(),
    status: 'succeeded',
    endedAt: at(4),
    updatedAt: at(4),
    tokensUsed: 141,
    steps: [
      trigger,
      { ...running().steps[1]!, status: 'succeeded', endedAt: at(3.5), tokens: 140, output: { subject: 'Thanks', body: { greeting: 'Hello Acme', discountPercent: 5 } } },
      fakeStep({ id: 'big', type: 'condition', status: 'succeeded', startedAt: at(3.5), endedAt: at(3.6), output: false, branch: 'false', attempts: 1 }),
      fakeStep({ id: 'approval', type: 'approval', status: 'skipped' }),
      fakeStep({ id: 'send', type: 'output', status: 'succeeded', startedAt: at(3.6), endedAt: at(4), output: { subject: 'Thanks' }, attempts: 1 }),
    ],
  });

function renderView(server: FakeRunsServer, options: Parameters<typeof renderRuns>[3] = {}) {
  return renderRuns(
    server,
    <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={{ reconnectDelayMs: 10, maxDelayMs: 40 }} />} />,
    '/workflows/wf-1/runs/run-1',
    options,
  );
}

// jsdom cannot measure React Flow's nodes, which it keeps visibility: hidden until measured: roles are queried with hidden.
const graphNode = (id: string) => document.querySelector(`[data-testid="run-graph-node"][data-node-id="${id}"]`) as HTMLElement;

test('the run is drawn on its workflow: each node says its status in words, with duration and tokens; the live stream updates it; the skipped node greyed; a click shows a step’s input and output', async () => {
  const server = createFakeRunsServer({ runs: [running()] });
  renderView(server);

  await screen.findByTestId('run-graph');
  await waitFor(() => expect(screen.getAllByTestId('run-graph-node')).toHaveLength(5));
  expect(screen.getByRole('tab', { name: 'Graph' })).toHaveAttribute('aria-selected', 'true');
  expect(within(graphNode('trigger')).getByText('Succeeded')).toBeInTheDocument();
  expect(within(graphNode('trigger')).getByText('200 ms')).toBeInTheDocument();
  expect(within(graphNode('draft')).getByText('Running')).toBeInTheDocument();
  // Each card names its type, as on the builder's canvas.
  expect(within(graphNode('draft')).getByText('Agent')).toBeInTheDocument();
  expect(within(graphNode('big')).getByText('Not started')).toBeInTheDocument();
  // The running step is shown first, with its input.
  expect(within(screen.getByTestId('run-graph-details')).getByRole('heading', { name: 'Follow-up writer' })).toBeInTheDocument();
  expect(within(screen.getByTestId('run-graph-input')).getByText('"Acme"')).toBeInTheDocument();

  await waitFor(() => expect(server.sources).toHaveLength(1));
  act(() => server.latestSource().open());
  act(() => server.update(finished()));

  expect(within(graphNode('draft')).getByText('Succeeded')).toBeInTheDocument();
  expect(within(graphNode('draft')).getByText('140 tokens')).toBeInTheDocument();
  expect(within(graphNode('draft')).getByText('3.3 sec')).toBeInTheDocument();
  expect(within(graphNode('big')).getByText('Succeeded')).toBeInTheDocument();
  expect(within(graphNode('approval')).getByText('Skipped')).toBeInTheDocument();
  expect(graphNode('approval')).toHaveClass('run-node--skipped');
  expect(within(graphNode('send')).getByText('Succeeded')).toBeInTheDocument();

  // Clicking a node shows its input and output.
  fireEvent.click(await waitFor(() => within(graphNode('big')).getByRole('button', { hidden: true })));
  const details = screen.getByTestId('run-graph-details');
  expect(within(details).getByRole('heading', { name: 'Discount above 10 %?' })).toBeInTheDocument();
  expect(within(details).getByText('Branch taken: No')).toBeInTheDocument();
  fireEvent.click(within(graphNode('draft')).getByRole('button', { hidden: true }));
  expect(within(screen.getByTestId('run-graph-output')).getByText('"Hello Acme"')).toBeInTheDocument();
  expect(within(graphNode('draft')).getByRole('button', { hidden: true })).toHaveAttribute('aria-pressed', 'true');
  // A skipped step says why it has no data, not that it has none yet.
  fireEvent.click(within(graphNode('approval')).getByRole('button', { hidden: true }));
  const skipped = screen.getByTestId('run-graph-details');
  expect(within(skipped).getByText('This step did not run: the way to it was not taken.')).toBeInTheDocument();
  expect(within(skipped).queryByText('Nothing yet.')).toBeNull();
  expect(within(skipped).queryByRole('heading', { name: 'Input' })).toBeNull();
});

test('the List tab keeps every step in run order, as before', async () => {
  const server = createFakeRunsServer({ runs: [finished()] });
  renderView(server);
  await screen.findByTestId('run-graph');
  fireEvent.click(screen.getByRole('tab', { name: 'List' }));
  expect(screen.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
  const list = screen.getByTestId('run-steps');
  expect(list).toBeVisible();
  expect(screen.queryByTestId('run-graph')).not.toBeInTheDocument();
  expect(within(list).getAllByTestId('run-step').map((s) => [s.dataset.stepId, s.dataset.status])).toEqual([
    ['trigger', 'succeeded'],
    ['draft', 'succeeded'],
    ['big', 'succeeded'],
    ['approval', 'skipped'],
    ['send', 'succeeded'],
  ]);
  // Arrow keys move between the tabs.
  fireEvent.keyDown(screen.getByRole('tab', { name: 'List' }), { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'Graph' })).toHaveAttribute('aria-selected', 'true');
  expect(await screen.findByTestId('run-graph')).toBeInTheDocument();
});

test('a step that used its pinned data is drawn as pinned; texts follow the language', async () => {
  const server = createFakeRunsServer({
    runs: [fakeRun({ ...finished(), steps: [{ ...trigger, pinned: true } as typeof trigger, ...finished().steps.slice(1)] })],
  });
  renderView(server, { language: 'de' });
  await screen.findByTestId('run-graph');
  await waitFor(() => expect(within(graphNode('trigger')).getByText('Fixierte Daten')).toBeInTheDocument());
  expect(within(graphNode('approval')).getByText('Übersprungen')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Liste' })).toBeInTheDocument();
  fireEvent.click(await waitFor(() => within(graphNode('trigger')).getByRole('button', { hidden: true })));
  expect(screen.getByText('Dieser Schritt lief nicht: Seine fixierten Daten wurden verwendet.')).toBeInTheDocument();
});

test('an app step’s card names its action in the reader’s language, not the declaration’s English description (a run opened straight from a link)', async () => {
  const app: WorkflowNode = { id: 'contact', name: 'Neuer Kontakt', type: 'connector', position: { x: 250, y: 0 }, params: { connector: 'hubspot', operation: 'createContact', params: {} } };
  const snapshot = { nodes: [SNAPSHOT.nodes[0]!, app], edges: [{ id: 'e1', source: 'trigger', target: 'contact' }] };
  const server = createFakeRunsServer({
    runs: [
      fakeRun({
        ...finished(),
        snapshot,
        steps: [trigger, fakeStep({ id: 'contact', name: 'Neuer Kontakt', type: 'connector', status: 'succeeded', startedAt: at(0.2), endedAt: at(1), output: { id: '1' }, attempts: 1 })],
      }),
    ],
  });
  renderView(server, { language: 'de' });
  await screen.findByTestId('run-graph');
  await waitFor(() => expect(within(graphNode('contact')).getByText('Kontakt anlegen')).toBeInTheDocument());
  expect(within(graphNode('contact')).queryByText('Create a contact in HubSpot CRM')).toBeNull();
});

test('a live run’s cards stay visible while its clock ticks: each new node keeps the size React Flow measured (the e2e saw a card hidden for good)', async () => {
  const server = createFakeRunsServer({ runs: [running()] });
  renderView(server);
  const wrapper = (id: string) => graphNode(id)?.closest('.react-flow__node') as HTMLElement | null;
  await waitFor(() => expect(screen.getAllByTestId('run-graph-node')).toHaveLength(5));
  // Measured once: visible.
  await waitFor(() => expect(wrapper('trigger')?.style.visibility).not.toBe('hidden'));
  // Every style a card wrapper goes through from now on, including those a later commit replaces.
  const canvas = screen.getByTestId('run-graph');
  const hiddenAgain: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const el = record.target as HTMLElement;
      if (el.classList.contains('react-flow__node') && el.style.visibility === 'hidden') hiddenAgain.push(el.dataset.id ?? '?');
    }
  });
  observer.observe(canvas, { attributes: true, attributeFilter: ['style'], subtree: true });
  // The view's clock ticks every 500 ms while the run is live: three ticks.
  await act(() => new Promise((resolve) => setTimeout(resolve, 1_600)));
  observer.disconnect();
  expect(within(graphNode('draft')).getByText('Running')).toBeInTheDocument();
  expect(hiddenAgain).toEqual([]);
  for (const id of ['trigger', 'draft', 'big', 'approval', 'send']) expect(wrapper(id)?.style.visibility).not.toBe('hidden');
});
