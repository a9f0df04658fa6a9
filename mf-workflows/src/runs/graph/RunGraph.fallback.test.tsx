// Without what React Flow measures with (no ResizeObserver here: the stubs are
// not installed), the graph cannot be drawn: the run view stays up, says so,
// and the List tab still shows every step.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { RunView } from '../RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from '../testing/fakeRunsServer';
import { renderRuns } from '../../testing/renderRuns';

test('a graph that cannot be drawn leaves the run view and its List tab standing', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const run = fakeRun({
    status: 'succeeded',
    startedAt: at(0),
    endedAt: at(1),
    snapshot: { nodes: [{ id: 'trigger', name: 'Call details', type: 'trigger.manual', position: { x: 0, y: 0 }, params: {} }], edges: [] },
    steps: [fakeStep({ id: 'trigger', name: 'Call details', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(1) })],
  });
  const server = createFakeRunsServer({ runs: [run] });
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" />} />, '/workflows/wf-1/runs/run-1');
  expect(await screen.findByText('The graph could not be drawn here. The List tab shows every step.')).toBeInTheDocument();
  expect(screen.getByTestId('run-status')).toHaveTextContent('Succeeded');
  fireEvent.click(screen.getByRole('tab', { name: 'List' }));
  expect(within(screen.getByTestId('run-steps')).getByText('Call details')).toBeVisible();
});
