// A failure its node's "On error" setting handled: the step shows failed, with
// its error, and says the run went on (the run succeeded past it).
import { screen, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { RunView } from './RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';

test('a handled failure says the run went on; an unhandled one does not', async () => {
  const server = createFakeRunsServer({
    runs: [
      fakeRun({
        status: 'succeeded',
        startedAt: at(0),
        endedAt: at(2),
        steps: [
          fakeStep({ id: 'sms', name: 'Send SMS', type: 'http', status: 'failed', handled: true, branch: 'error', error: 'SMS gateway down', output: { error: { message: 'SMS gateway down' }, input: {} }, attempts: 2 }),
          fakeStep({ id: 'other', name: 'Other', type: 'http', status: 'failed', error: 'Bad request' }),
          fakeStep({ id: 'mail', name: 'Send e-mail', type: 'http', status: 'succeeded' }),
        ],
      }),
    ],
  });
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" />} />, '/workflows/wf-1/runs/run-1');
  await screen.findByTestId('run-view');
  const sms = document.querySelector('[data-step-id="sms"]') as HTMLElement;
  expect(within(sms).getByTestId('step-handled')).toHaveTextContent('Handled: the run went on');
  expect(within(sms).getByRole('alert')).toHaveTextContent('SMS gateway down');
  expect(within(document.querySelector('[data-step-id="other"]') as HTMLElement).queryByTestId('step-handled')).toBeNull();
});
