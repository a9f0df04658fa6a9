// The run names a branch as the builder's canvas does: an error branch reads
// "Error" (in the reader's language) on its edge, in the step details and in
// the List tab, never the stored handle 'error'.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { WorkflowEdge, WorkflowNode, WorkflowRun } from '@agentflow/shared/workflow';
import { RunView } from '../RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from '../testing/fakeRunsServer';
import { renderRuns } from '../../testing/renderRuns';
import { installXyflowStubs } from '../../builder/testing/xyflowStubs';

installXyflowStubs();

const node = (id: string, name: string, type: WorkflowNode['type'], x: number, y = 0): WorkflowNode => ({ id, name, type, position: { x, y }, params: {} });
const SNAPSHOT: { nodes: WorkflowNode[]; edges: WorkflowEdge[] } = {
  nodes: [node('trigger', 'Order', 'trigger.manual', 0), node('sms', 'Send SMS', 'http', 250), node('done', 'Receipt', 'output', 500), node('mail', 'Send e-mail', 'http', 500, 200)],
  edges: [
    { id: 'e1', source: 'trigger', target: 'sms' },
    { id: 'e2', source: 'sms', target: 'done' },
    { id: 'e3', source: 'sms', sourceHandle: 'error', target: 'mail' },
  ],
};

const handledRun = (): WorkflowRun =>
  fakeRun({
    status: 'succeeded',
    startedAt: at(0),
    endedAt: at(2),
    snapshot: SNAPSHOT,
    steps: [
      fakeStep({ id: 'trigger', name: 'Order', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(0.1), output: {}, attempts: 1 }),
      fakeStep({ id: 'sms', name: 'Send SMS', type: 'http', status: 'failed', handled: true, branch: 'error', error: 'SMS gateway down', startedAt: at(0.1), endedAt: at(1), attempts: 1 }),
      fakeStep({ id: 'done', name: 'Receipt', type: 'output', status: 'skipped' }),
      fakeStep({ id: 'mail', name: 'Send e-mail', type: 'http', status: 'succeeded', startedAt: at(1), endedAt: at(2), output: { sent: true }, attempts: 1 }),
    ],
  });

function renderView(language?: 'de') {
  const server = createFakeRunsServer({ runs: [handledRun()] });
  renderRuns(
    server,
    <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" />} />,
    '/workflows/wf-1/runs/run-1',
    language ? { language } : {},
  );
}

const edgeLabels = () => [...document.querySelectorAll('.react-flow__edge-text')].map((label) => label.textContent);
const graphNode = (id: string) => document.querySelector(`[data-testid="run-graph-node"][data-node-id="${id}"]`) as HTMLElement;

test('an error edge and the step that took it are named "Error", as on the builder’s canvas', async () => {
  renderView();
  await screen.findByTestId('run-graph');
  await waitFor(() => expect(edgeLabels()).toEqual(['Error']));
  fireEvent.click(await waitFor(() => within(graphNode('sms')).getByRole('button', { hidden: true })));
  expect(within(screen.getByTestId('run-graph-details')).getByText('Branch taken: Error')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('tab', { name: 'List' }));
  const sms = document.querySelector('[data-testid="run-step"][data-step-id="sms"]') as HTMLElement;
  expect(within(sms).getByText('Branch taken: Error')).toBeInTheDocument();
});

test('in German the error branch reads "Fehler"', async () => {
  renderView('de');
  await screen.findByTestId('run-graph');
  await waitFor(() => expect(edgeLabels()).toEqual(['Fehler']));
  fireEvent.click(await waitFor(() => within(graphNode('sms')).getByRole('button', { hidden: true })));
  expect(await within(screen.getByTestId('run-graph-details')).findByText('Gewählter Zweig: Fehler')).toBeInTheDocument();
});
