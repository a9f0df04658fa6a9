// Voice "run workflow X": asked by voice, a workflow with nothing to fill in
// starts at once (trigger 'voice') and its live run opens; one asking for a
// required input opens its run form; a link to the same address starts nothing.
import { useEffect } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { Workflow } from '@agentflow/shared/workflow';
import { RunsClientContext } from '../runs/RunsClientContext';
import type { RunsClient } from '../api/runs';
import { testWorkflow } from '../testing/fakeCatalogueSource';
import { VoiceRunNotice } from './VoiceRunNotice';

const manual = (inputSchema: unknown[]) => [{ id: 'trigger', type: 'trigger.manual' as const, name: 'Start', position: { x: 0, y: 0 }, params: { inputSchema } }];
const MINE: Workflow[] = [
  testWorkflow({ id: 'wf-report', name: 'Daily report', nodes: manual([{ key: 'note', label: 'Note', type: 'text' }]) }),
  testWorkflow({ id: 'wf-lead', name: 'Score lead', nodes: manual([{ key: 'lead', label: 'Lead', type: 'text', required: true }]) }),
];

/** Arrives at /workflows?run=<name> as the shell's voice command does (with its router state), or as a link does (without). */
function Arrive({ name, byVoice }: { name: string; byVoice: boolean }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(`/workflows?run=${encodeURIComponent(name)}`, byVoice ? { state: { voiceRun: true } } : undefined), [navigate, name, byVoice]);
  return null;
}

function renderNotice(name: string, byVoice: boolean, start: RunsClient['start']) {
  const client = { start: jest.fn(start) } as unknown as RunsClient & { start: jest.Mock };
  renderWithProviders(
    <RunsClientContext.Provider value={client}>
      <Routes>
        <Route path="/" element={<Arrive name={name} byVoice={byVoice} />} />
        <Route path="/workflows" element={<VoiceRunNotice name={name} signedIn mine={MINE} onDismiss={() => undefined} />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </RunsClientContext.Provider>,
    { user: testUser() },
  );
  return client;
}
const location = () => screen.getByTestId('location').textContent ?? '';

test('asked by voice, a workflow with no required input starts at once as a voice run, and its live run opens', async () => {
  const client = renderNotice('daily REPORT', true, async () => ({ runId: 'run-9' }));
  await waitFor(() => expect(location()).toBe('/workflows/wf-report/runs/run-9'));
  expect(client.start).toHaveBeenCalledTimes(1);
  expect(client.start).toHaveBeenCalledWith('wf-report', { input: {}, via: 'voice' });
});

test('asked by voice, a workflow asking for a required input opens its run form and starts nothing', async () => {
  const client = renderNotice('score lead', true, async () => ({ runId: 'never' }));
  await waitFor(() => expect(location()).toBe('/workflows/wf-lead/runs?run=1'));
  expect(client.start).not.toHaveBeenCalled();
});

test('a link to the same address (no voice) only shows the notice', async () => {
  const linked = renderNotice('Daily report', false, async () => ({ runId: 'never' }));
  // (The catalogue's own texts are not registered here: the notice's links say it found the workflow.)
  expect(await screen.findByTestId('run-start')).toHaveAttribute('href', '/workflows/wf-report/runs?run=1');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(linked.start).not.toHaveBeenCalled();
  expect(location()).toBe('/workflows?run=Daily%20report');
});

test('a voice start that fails says so and leaves the run form one click away', async () => {
  renderNotice('Daily report', true, async () => Promise.reject(new Error('Insufficient tokens')));
  expect(await screen.findByRole('alert')).toHaveTextContent('“Daily report” could not start. Start it from its run form.');
  expect(screen.getByTestId('run-start')).toHaveAttribute('href', '/workflows/wf-report/runs?run=1');
});
