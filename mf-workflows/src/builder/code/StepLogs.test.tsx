// A code step's console lines in the run view: a folded "Console lines: N"
// section of the step, absent when it printed nothing.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { RunView } from '../../runs/RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from '../../runs/testing/fakeRunsServer';
import { renderRuns } from '../../testing/renderRuns';

const STREAM = { reconnectDelayMs: 10, maxDelayMs: 40 };

test('the run view shows the lines a code step printed, and nothing for a step that printed none', async () => {
  const run = fakeRun({
    status: 'succeeded',
    startedAt: at(0),
    endedAt: at(1),
    updatedAt: at(1),
    steps: [
      fakeStep({ id: 'trigger', name: 'Start', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(0.1), output: {}, attempts: 1 }),
      fakeStep({ id: 'format', name: 'Format price', type: 'code', status: 'succeeded', startedAt: at(0.1), endedAt: at(0.2), output: { label: '€ 12.00' }, attempts: 1, logs: ['formatting 12', '[warn] rounded to cents'] }),
      fakeStep({ id: 'quiet', name: 'Quiet code', type: 'code', status: 'succeeded', startedAt: at(0.2), endedAt: at(0.3), output: 1, attempts: 1 }),
    ],
  });
  const server = createFakeRunsServer({ runs: [run] });
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={STREAM} />} />, '/workflows/wf-1/runs/run-1');
  const format = (await screen.findAllByTestId('run-step')).find((s) => s.dataset.stepId === 'format')!;
  const logs = within(format).getByTestId('step-logs');
  fireEvent.click(within(logs).getByText('Console lines: 2'));
  expect(logs.querySelector('pre')).toHaveTextContent('formatting 12 [warn] rounded to cents');
  expect(logs.querySelector('pre')!.textContent).toBe('formatting 12\n[warn] rounded to cents');
  const quiet = screen.getAllByTestId('run-step').find((s) => s.dataset.stepId === 'quiet')!;
  expect(within(quiet).queryByTestId('step-logs')).toBeNull();
});
