import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { RUN_MESSAGES, type WorkflowRun } from '@agentflow/shared/workflow';
import { RunView } from './RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';
import { RunViewRoute } from './RunsRoutes';

const STREAM = { reconnectDelayMs: 10, maxDelayMs: 40 };

function renderView(server: FakeRunsServer, runId = 'run-1', options: Parameters<typeof renderRuns>[3] = {}) {
  const refresh = jest.fn(async () => undefined);
  const result = renderRuns(
    server,
    <>
      <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId={runId} stream={STREAM} />} />
      <Route path="/workflows/:id/runs" element={<p>runs page</p>} />
    </>,
    `/workflows/wf-1/runs/${runId}`,
    { membership: { refresh }, ...options },
  );
  return { ...result, refresh };
}

const steps = () => screen.queryAllByTestId('run-step');
const step = (id: string) => document.querySelector(`[data-testid="run-step"][data-step-id="${CSS.escape(id)}"]`) as HTMLElement;
const location = () => screen.getByTestId('location').textContent;

const running = (overrides: Partial<WorkflowRun> = {}) =>
  fakeRun({
    status: 'running',
    startedAt: at(0),
    updatedAt: at(1),
    input: { company: 'Acme' },
    steps: [
      fakeStep({ id: 'trigger', name: 'Call details', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(0.2), output: { company: 'Acme' }, attempts: 1 }),
      fakeStep({ id: 'draft', name: 'Follow-up writer', type: 'agent', status: 'running', startedAt: at(0.2), input: { input: { company: 'Acme' } }, attempts: 1 }),
    ],
    ...overrides,
  });

afterEach(() => jest.useRealTimers());

test('shows the run as loaded, then follows its events live; when it ends the stream closes and the header’s tokens are refreshed', async () => {
  const server = createFakeRunsServer({ runs: [running()] });
  const { refresh, queryClient } = renderView(server);
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

  expect(await screen.findByRole('heading', { level: 1, name: 'Run of “Follow-up e-mail draft”' })).toBeInTheDocument();
  expect(steps().map((s) => [s.dataset.stepId, s.dataset.status])).toEqual([
    ['trigger', 'succeeded'],
    ['draft', 'running'],
  ]);
  expect(within(step('trigger')).getByText('Succeeded')).toBeInTheDocument();
  expect(within(step('draft')).getByText('Running')).toBeInTheDocument();
  expect(screen.getByTestId('run-status')).toHaveTextContent('Running');

  // The stream was opened with the ID token in its URL, for this run.
  await waitFor(() => expect(server.sources).toHaveLength(1));
  expect(server.latestSource().url).toBe('http://platform.test/api/runs/run-1/events?token=id-token-1');
  act(() => server.latestSource().open());
  expect(screen.getByTestId('run-connection')).toHaveTextContent('Live');

  // The agent step finishes: its tokens, output and the run's total appear.
  const done = running({
    status: 'succeeded',
    endedAt: at(4),
    updatedAt: at(4),
    tokensUsed: 141,
    output: { readyDraft: { subject: 'Thanks' } },
    steps: [
      running().steps[0]!,
      { ...running().steps[1]!, status: 'succeeded', endedAt: at(3.5), tokens: 140, output: { subject: 'Thanks', discountPercent: 5 }, outputBytes: 40 },
      fakeStep({ id: 'bigDiscount', name: 'Discount above 10 %?', type: 'condition', status: 'succeeded', startedAt: at(3.5), endedAt: at(3.6), output: false, branch: 'false', attempts: 1 }),
      fakeStep({ id: 'managerApproval', name: 'Sales manager approval', type: 'approval', status: 'skipped' }),
    ],
  });
  act(() => server.update(done));
  expect(step('draft')).toHaveAttribute('data-status', 'succeeded');
  expect(within(step('draft')).getByText('Tokens: 140')).toBeInTheDocument();
  expect(within(step('draft')).getByText('3.3 sec')).toBeInTheDocument();
  expect(within(step('bigDiscount')).getByText('Branch taken: No')).toBeInTheDocument();
  expect(within(step('managerApproval')).getByText('Skipped')).toBeInTheDocument();
  expect(screen.getByTestId('run-tokens')).toHaveTextContent('141');
  expect(screen.getByTestId('run-duration')).toHaveTextContent('4 sec');
  expect(screen.getByTestId('run-output')).toHaveTextContent('"subject": "Thanks"');

  fireEvent.click(within(step('draft')).getByText('Output'));
  expect(within(step('draft')).getByText(/"discountPercent": 5/)).toBeVisible();

  expect(server.latestSource().closed).toBe(true);
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['runs', 'list', 'wf-1'] });
  expect(screen.queryByTestId('run-cancel')).not.toBeInTheDocument();
});

test('a run that ended while its page loaded refreshes the header’s tokens once too (the header read the balance before it ended)', async () => {
  const server = createFakeRunsServer({ runs: [running({ status: 'succeeded', endedAt: at(3), updatedAt: at(3) })] });
  const { refresh } = renderView(server);
  expect(await screen.findByRole('heading', { level: 1, name: 'Run of “Follow-up e-mail draft”' })).toBeInTheDocument();
  await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  // No stream to follow for a finished run.
  expect(server.sources).toHaveLength(0);
});

test('a running step’s duration ticks', async () => {
  jest.useFakeTimers({ now: Date.parse(at(2)), doNotFake: ['queueMicrotask', 'nextTick'] });
  const server = createFakeRunsServer({ runs: [running()] });
  renderView(server);
  await screen.findByTestId('run-view');
  // Started at 0.2 s, now about 2 s (waiting for the view moves fake time a little).
  const seconds = () => Number(/([\d.]+) sec/.exec(step('draft').querySelector('.run-step-duration')!.textContent!)![1]);
  const before = seconds();
  expect(before).toBeGreaterThanOrEqual(1.8);
  expect(before).toBeLessThan(2.5);
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  expect(seconds()).toBeCloseTo(before + 1, 1);
  // The finished trigger step does not tick.
  expect(within(step('trigger')).getByText('200 ms')).toBeInTheDocument();
});

test('delegated calls are nested under their agent, with their own tokens; truncated output says so; errors and attempts show', async () => {
  const server = createFakeRunsServer({
    runs: [
      running({
        status: 'failed',
        endedAt: at(9),
        error: 'Step "Specialist" failed',
        steps: [
          fakeStep({ id: 'supervisor', name: 'Supervisor', type: 'agent', status: 'succeeded', tokens: 50, startedAt: at(0), endedAt: at(5), output: 'x'.repeat(100), outputBytes: 40_000, outputTruncated: true }),
          fakeStep({ id: 'supervisor/pricing#1', parentStepId: 'supervisor', name: 'Pricing specialist', type: 'agent', status: 'succeeded', tokens: 30 }),
          fakeStep({ id: 'supervisor/legal#1', parentStepId: 'supervisor', name: 'Legal specialist', type: 'agent', status: 'failed', tokens: 12, attempts: 3, error: 'Provider answered 503' }),
        ],
      }),
    ],
  });
  renderView(server);
  await screen.findByTestId('run-view');
  const children = within(step('supervisor')).getByRole('list', { name: 'Delegated calls' });
  expect(within(children).getAllByTestId('run-step').map((s) => s.dataset.stepId)).toEqual(['supervisor/pricing#1', 'supervisor/legal#1']);
  expect(within(step('supervisor/pricing#1')).getByText('Tokens: 30')).toBeInTheDocument();
  const legal = step('supervisor/legal#1');
  expect(within(legal).getByText('Attempts: 3')).toBeInTheDocument();
  expect(within(legal).getByRole('alert')).toHaveTextContent('Error: Provider answered 503');
  expect(within(step('supervisor')).getByTestId('step-truncated')).toHaveTextContent('Output truncated: the full output is 40,000 bytes.');
  expect(screen.getByTestId('run-error')).toHaveTextContent('Step "Specialist" failed');
  // Terminal at load: no stream at all, and Re-run instead of Cancel.
  expect(server.sources).toEqual([]);
  expect(screen.getByTestId('run-rerun')).toBeInTheDocument();
});

test('a step that failed for want of a provider says so in the user’s words and links to the credentials page', async () => {
  const server = createFakeRunsServer({
    runs: [fakeRun({ status: 'failed', startedAt: at(0), endedAt: at(1), steps: [fakeStep({ id: 'draft', type: 'agent', status: 'failed', error: RUN_MESSAGES.noProvider })] })],
  });
  renderView(server);
  const hint = await screen.findByTestId('ai-provider-hint');
  expect(hint).toHaveTextContent('This agent has no AI model to call yet.');
  expect(within(hint).getByRole('link', { name: 'Manage credentials' })).toHaveAttribute('href', '/workflows/credentials');
  // The step's own error is the user's words too, not the operator's setup.
  expect(step('draft')).not.toHaveTextContent(/AI_BASE_URL|OLLAMA_URL|platform-api/);
  // Known missing: the hint did not ask platform-api.
  expect(server.requests.map((r) => r.path)).toEqual(['/api/runs/run-1']);
});

test('a dropped stream is reopened with a fresh token, and the view says it is reconnecting meanwhile', async () => {
  let tokens = 0;
  const server = createFakeRunsServer({ runs: [running()], token: () => `id-token-${++tokens}` });
  renderView(server);
  await waitFor(() => expect(server.sources).toHaveLength(1));
  act(() => server.latestSource().open());
  act(() => server.latestSource().fail());
  expect(screen.getByTestId('run-connection')).toHaveTextContent('Connection lost, reconnecting…');
  expect(server.sources[0]!.closed).toBe(true);
  await waitFor(() => expect(server.sources).toHaveLength(2));
  const [first, second] = server.sources.map((source) => new URL(source.url).searchParams.get('token'));
  expect(first).toMatch(/^id-token-\d+$/);
  expect(second).toMatch(/^id-token-\d+$/);
  expect(second).not.toBe(first);
  act(() => server.latestSource().emitRun(running({ updatedAt: at(2), steps: [...running().steps, fakeStep({ id: 'next', status: 'running', startedAt: at(2) })] })));
  expect(screen.getByTestId('run-connection')).toHaveTextContent('Live');
  expect(steps()).toHaveLength(3);
  // An older state arriving late never replaces a newer one.
  act(() => server.latestSource().emitRun(running({ updatedAt: at(0.5) })));
  expect(steps()).toHaveLength(3);
});

test('Cancel while it runs', async () => {
  const server = createFakeRunsServer({ runs: [running()] });
  renderView(server);
  fireEvent.click(await screen.findByTestId('run-cancel'));
  expect(await screen.findByText('Cancel requested')).toBeInTheDocument();
  expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/runs/run-1/cancel' });
});

test('a waiting approval offers Approve and Reject with an optional comment', async () => {
  const waiting = running({
    status: 'waiting',
    // The signed-in test user is named by e-mail.
    snapshot: { nodes: [{ id: 'managerApproval', type: 'approval', name: 'Sales manager approval', position: { x: 0, y: 0 }, params: { approvers: ['ada@example.com'] } }], edges: [] } as WorkflowRun['snapshot'],
    steps: [
      fakeStep({ id: 'managerApproval', name: 'Sales manager approval', type: 'approval', status: 'waiting', startedAt: at(1), input: { message: 'Check the discount.' } }),
    ],
  });
  const server = createFakeRunsServer({ runs: [waiting] });
  renderView(server);
  const box = await screen.findByTestId('run-approval');
  expect(box).toHaveTextContent('Approval: Sales manager approval');
  // platform-api's verdict (GET /api/runs/:id/approvals) enables the form.
  await waitFor(() => expect(within(box).getByTestId('run-approval-verdict')).toHaveTextContent('You are one of the approvers of this step.'));
  expect(box).toHaveTextContent('Check the discount.');
  fireEvent.change(within(box).getByLabelText('Comment (optional)'), { target: { value: ' Margin is fine ' } });
  fireEvent.click(within(box).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Approved: the run continues')).toBeInTheDocument();
  expect(server.requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/approve', authorization: 'Bearer id-token-1', body: { stepId: 'managerApproval', comment: 'Margin is fine' } });

  server.once('POST', /\/reject$/, () => jsonResponse(403, { error: RUN_MESSAGES.notAllowedToApprove }));
  fireEvent.click(within(box).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText(RUN_MESSAGES.notAllowedToApprove)).toBeInTheDocument();
  expect(screen.getByText('That did not work')).toBeInTheDocument();
});

test('Re-run starts a run with the same input and opens it', async () => {
  const server = createFakeRunsServer({ runs: [running({ status: 'succeeded', endedAt: at(3) })] });
  renderView(server);
  fireEvent.click(await screen.findByTestId('run-rerun'));
  await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs/run-100'));
  expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/workflows/wf-1/runs', body: { input: { company: 'Acme' }, rerunOf: 'run-1' } });
});

test('Delete run asks first, then deletes the finished run (with its files) and goes back to the runs; Keep it changes nothing', async () => {
  const server = createFakeRunsServer({ runs: [running({ status: 'succeeded', endedAt: at(3) })] });
  renderView(server);
  fireEvent.click(await screen.findByTestId('run-delete'));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this run?' });
  expect(dialog).toHaveTextContent('The run, its steps and its files are deleted. This cannot be undone.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

  fireEvent.click(screen.getByTestId('run-delete'));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete run' }));
  await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs'));
  expect(server.requests.find((r) => r.method === 'DELETE')).toMatchObject({ path: '/api/runs/run-1', authorization: 'Bearer id-token-1' });
  expect(await screen.findByText('Run deleted')).toBeInTheDocument();
});

test('a refused delete is said in the dialog, in German, and the run stays; a run still going or someone else’s has no Delete', async () => {
  const server = createFakeRunsServer({ runs: [running({ status: 'failed', endedAt: at(3) })] });
  server.once('DELETE', /\/api\/runs\/run-1$/, () => jsonResponse(503, { error: 'The workflow runs store is unavailable; try again shortly', code: 'unavailable' }));
  renderView(server, 'run-1', { language: 'de' });
  fireEvent.click(await screen.findByRole('button', { name: 'Ausführung löschen' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Diese Ausführung löschen?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ausführung löschen' }));
  expect(await within(dialog).findByRole('alert')).not.toHaveTextContent('store is unavailable');
  expect(location()).toBe('/workflows/wf-1/runs/run-1');
});

test('no Delete for a run still going, nor for someone else’s run (an approver’s view)', async () => {
  const going = createFakeRunsServer({ runs: [running()] });
  const { unmount } = renderView(going);
  await screen.findByTestId('run-cancel');
  expect(screen.queryByTestId('run-delete')).not.toBeInTheDocument();
  unmount();
  const theirs = createFakeRunsServer({ runs: [running({ status: 'succeeded', endedAt: at(3), ownerId: 'someone-else' })] });
  renderView(theirs);
  await screen.findByTestId('run-rerun');
  expect(screen.queryByTestId('run-delete')).not.toBeInTheDocument();
});

test('a run that does not exist says so, with a way back', async () => {
  const server = createFakeRunsServer();
  renderView(server, 'ghost');
  expect(await screen.findByText('This run does not exist, or you may not open it.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('link', { name: 'All runs of this workflow' }));
  expect(location()).toBe('/workflows/wf-1/runs');
});

test('the route needs a signed-in user, and is translated', async () => {
  const server = createFakeRunsServer({ runs: [running()] });
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunViewRoute />} />, '/workflows/wf-1/runs/run-1', { user: null });
  expect(await screen.findByText('sign in page')).toBeInTheDocument();
  expect(server.requests).toEqual([]);

  const other = createFakeRunsServer({ runs: [running()] });
  renderRuns(other, <Route path="/workflows/:id/runs/:runId" element={<RunViewRoute />} />, '/workflows/wf-1/runs/run-1', { language: 'de' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Ausführung von „Follow-up e-mail draft“' })).toBeInTheDocument();
  expect(within(step('draft')).getByText('Läuft')).toBeInTheDocument();
});

test('where the stream is refused (an approver who does not own the run), the view still follows the run by reading it again', async () => {
  const server = createFakeRunsServer({ runs: [running()] });
  renderView(server);
  await waitFor(() => expect(server.sources).toHaveLength(1));
  server.runs.set('run-1', running({ updatedAt: at(3), steps: [...running().steps, fakeStep({ id: 'later', status: 'running', startedAt: at(3) })] }));
  act(() => server.latestSource().fail());
  await waitFor(() => expect(steps()).toHaveLength(3));
  await waitFor(() => expect(server.sources).toHaveLength(2));
  // Ended meanwhile: the next read stops the retries.
  server.runs.set('run-1', running({ status: 'succeeded', endedAt: at(5), updatedAt: at(5) }));
  act(() => server.latestSource().fail());
  await waitFor(() => expect(screen.getByTestId('run-status')).toHaveTextContent('Succeeded'));
  const opened = server.sources.length;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.sources.length).toBeLessThanOrEqual(opened + 1);
  expect(server.sources.every((source) => source.closed)).toBe(true);
});

test('the run names the trigger node that fired beside its type', async () => {
  const trigger = { id: 'hook', type: 'trigger.webhook' as const, name: 'New order', position: { x: 0, y: 0 }, params: {} };
  const other = { ...trigger, id: 'hook-2', name: 'Refund requested' };
  const server = createFakeRunsServer({ runs: [fakeRun({ status: 'succeeded', trigger: { type: 'webhook', userId: null, nodeId: 'hook-2' }, snapshot: { nodes: [trigger, other], edges: [] } })] });
  renderView(server);
  expect(await screen.findByTestId('run-trigger')).toHaveTextContent(/^Webhook · Refund requested$/);
});
