import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { emptyWorkflow, templateById, validateWorkflow, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { fakeWorkflowDocs } from '../builder/testing/fakeWorkflowDocs';
import { RunsRoute } from './RunsRoutes';
import { at, createFakeRunsServer, fakeRun, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';

/** The sales follow-up template as the user's own copy (wf-1). */
const followUp = (): Workflow => ({ ...JSON.parse(JSON.stringify(templateById('tpl-sales-follow-up-email'))) as Workflow, id: 'wf-1', ownerId: 'user-1', visibility: 'private' });

function renderPage(server: FakeRunsServer, workflow: Workflow | null = followUp(), route = '/workflows/wf-1/runs', options: Parameters<typeof renderRuns>[3] = {}) {
  return renderRuns(
    server,
    <>
      <Route path="/workflows/:id/runs" element={<RunsRoute docs={fakeWorkflowDocs(workflow)} />} />
      <Route path="/workflows/:id/runs/:runId" element={<p>run view</p>} />
      <Route path="/workflows/:id" element={<p>builder</p>} />
    </>,
    route,
    options,
  );
}

const location = () => screen.getByTestId('location').textContent;
const form = () => screen.getByTestId('run-form');

describe('run form', () => {
  test('?run=1 opens the form built from the manual trigger’s input schema, required fields marked', async () => {
    renderPage(createFakeRunsServer(), followUp(), '/workflows/wf-1/runs?run=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Run “Follow-up e-mail draft”' })).toBeInTheDocument();
    const f = form();
    expect(within(f).getByLabelText('Contact name * (required)')).toHaveAttribute('type', 'text');
    expect(within(f).getByLabelText('Notes from the call * (required)').tagName).toBe('TEXTAREA');
    expect(within(f).getByLabelText('Discount discussed (%)')).toHaveAttribute('inputmode', 'decimal');
    expect(within(f).getByLabelText('Your name * (required)')).toBeRequired();
  });

  test('a workflow with problems says so above the form, before anything is started', async () => {
    const broken = followUp();
    broken.nodes.push({ id: 'loose', type: 'output', name: 'Loose end', position: { x: 0, y: 0 }, params: {} });
    const problems = validateWorkflow(broken);
    expect(problems.length).toBeGreaterThan(0);
    const server = createFakeRunsServer();
    renderPage(server, broken, '/workflows/wf-1/runs?run=1');
    const alert = await screen.findByTestId('run-form-problems');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('This workflow has problems, so the run will be refused. Fix them in the builder first:');
    // In the reader's words, by step name, never the domain's English message.
    expect(alert).toHaveTextContent('Loose end: This step cannot be reached from the trigger: connect it.');
    for (const problem of problems) expect(alert).not.toHaveTextContent(problem.message);
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('a valid workflow shows no problems note', async () => {
    renderPage(createFakeRunsServer(), followUp(), '/workflows/wf-1/runs?run=1');
    await screen.findByTestId('run-form');
    expect(screen.queryByTestId('run-form-problems')).not.toBeInTheDocument();
  });

  test('zod errors appear next to the fields and nothing is sent', async () => {
    const server = createFakeRunsServer();
    renderPage(server, followUp(), '/workflows/wf-1/runs?run=1');
    await screen.findByTestId('run-form');
    fireEvent.change(screen.getByLabelText(/^Discount discussed/), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    expect(screen.getByLabelText(/^Contact name/)).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText(/^Discount discussed/)).toHaveAccessibleDescription('Enter a number');
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // Typing clears that field's error.
    fireEvent.change(screen.getByLabelText(/^Contact name/), { target: { value: 'Ada' } });
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
  });

  test('a valid form starts the run with the parsed input and opens its live view', async () => {
    const server = createFakeRunsServer();
    renderPage(server, followUp(), '/workflows/wf-1/runs?run=1');
    await screen.findByTestId('run-form');
    fireEvent.change(screen.getByLabelText(/^Contact name/), { target: { value: ' Ada ' } });
    fireEvent.change(screen.getByLabelText(/^Company/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/^Notes from the call/), { target: { value: 'Wants a pilot' } });
    fireEvent.change(screen.getByLabelText(/^Discount discussed/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/^Your name/), { target: { value: 'Bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs/run-100'));
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/workflows/wf-1/runs',
      authorization: 'Bearer id-token-1',
      body: { input: { contactName: 'Ada', company: 'Acme', callNotes: 'Wants a pilot', offeredDiscount: 5, senderName: 'Bob' } },
    });
  });

  test('a 400 naming an input field is shown next to it; no tokens left is explained by its code, with the plans; any other refusal in a toast', async () => {
    const server = createFakeRunsServer();
    renderPage(server, followUp(), '/workflows/wf-1/runs?run=1');
    await screen.findByTestId('run-form');
    for (const [label, value] of [[/^Contact name/, 'Ada'], [/^Company/, 'Acme'], [/^Notes from the call/, 'n'], [/^Your name/, 'Bob']] as const) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    server.once('POST', /\/runs$/, () => jsonResponse(400, { error: 'input.company must be at most 200 characters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(screen.getByLabelText(/^Company/)).toHaveAccessibleDescription('input.company must be at most 200 characters'));

    server.once('POST', /\/runs$/, () => jsonResponse(402, { error: 'Insufficient tokens: 0 left, 1 needed', code: 'insufficient_tokens' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    const note = await screen.findByTestId('run-refusal');
    expect(note).toHaveAttribute('role', 'alert');
    expect(note).toHaveTextContent('Not enough tokens left to start this run, so nothing was started or charged.');
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');
    // The service's English is for the logs; no toast either.
    expect(screen.queryByText(/Insufficient tokens/)).not.toBeInTheDocument();
    expect(screen.queryByText('The run could not be started')).not.toBeInTheDocument();
    expect(location()).toBe('/workflows/wf-1/runs?run=1');

    server.once('POST', /\/runs$/, () => jsonResponse(403, { error: 'Forbidden: you may not run this workflow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    expect(await screen.findByText('Forbidden: you may not run this workflow')).toBeInTheDocument();
    expect(screen.getByText('The run could not be started')).toBeInTheDocument();
    // A new attempt clears the earlier refusal's note.
    expect(screen.queryByTestId('run-refusal')).not.toBeInTheDocument();
    expect(location()).toBe('/workflows/wf-1/runs?run=1');
  });

  test('a workflow without a manual trigger takes its input as a JSON object', async () => {
    const server = createFakeRunsServer();
    const webhook: Workflow = { ...JSON.parse(JSON.stringify(templateById('tpl-sales-lead-qualification'))) as Workflow, id: 'wf-1', ownerId: 'user-1', visibility: 'private' };
    renderPage(server, webhook);
    fireEvent.click(await screen.findByTestId('run-open-form'));
    const json = screen.getByLabelText('Input (JSON object)');
    fireEvent.change(json, { target: { value: '[1, 2]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    expect(json).toHaveAccessibleDescription('Enter a JSON object, for example {"name": "Ada"}');
    fireEvent.change(json, { target: { value: '{"email": "ada@example.com"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs/run-100'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ input: { email: 'ada@example.com' } });
  });

  test('a workflow with no input fields runs with an empty input; Close hides the form', async () => {
    const server = createFakeRunsServer();
    renderPage(server, { ...emptyWorkflow('user-1', 'Nightly', { id: 'wf-1' }), version: 1 }, '/workflows/wf-1/runs?run=1');
    expect(await screen.findByText('This workflow needs no input.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('run-form')).not.toBeInTheDocument();
    expect(location()).toBe('/workflows/wf-1/runs');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs/run-100'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ input: {} });
  });

  test('a template cannot run: it says to copy it first', async () => {
    renderPage(createFakeRunsServer(), { ...followUp(), visibility: 'template' }, '/workflows/wf-1/runs?run=1');
    expect(await screen.findByText('Templates cannot run. Use the template to get your own copy first.')).toBeInTheDocument();
    expect(screen.queryByTestId('run-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
  });

  test('a workflow that does not exist says so', async () => {
    renderPage(createFakeRunsServer(), null);
    expect(await screen.findByText('This workflow does not exist, or you may not open it.')).toBeInTheDocument();
  });
});

describe('deleting finished runs', () => {
  const history = () => [
    fakeRun({ id: 'run-a', createdAt: at(10), startedAt: at(10), endedAt: at(14.5), status: 'succeeded' }),
    fakeRun({ id: 'run-b', createdAt: at(5), startedAt: at(5), endedAt: at(6), status: 'failed' }),
    fakeRun({ id: 'run-c', createdAt: at(1), startedAt: at(1), status: 'waiting' }),
  ];

  test('asks first, deletes the finished runs (with their files), keeps the one still going, and says how many', async () => {
    const server = createFakeRunsServer({ runs: history() });
    renderPage(server);
    await screen.findByTestId('run-history');
    fireEvent.click(screen.getByTestId('runs-delete-finished'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this workflow’s finished runs?' });
    expect(dialog).toHaveTextContent('Runs still going are kept.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete finished runs' }));
    expect(await screen.findByText('2 runs deleted')).toBeInTheDocument();
    expect(screen.getByText('1 run still going was kept.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'DELETE')).toMatchObject({ path: '/api/workflows/wf-1/runs', authorization: 'Bearer id-token-1' });
    await waitFor(() => expect(screen.getAllByTestId('run-row').map((row) => row.getAttribute('data-run-id'))).toEqual(['run-c']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('Keep them sends nothing; a refusal is said in the dialog in German; no button when nothing has finished', async () => {
    const server = createFakeRunsServer({ runs: history() });
    server.once('DELETE', /\/api\/workflows\/wf-1\/runs$/, () => jsonResponse(503, { error: 'The workflow runs store is unavailable; try again shortly', code: 'unavailable' }));
    const { unmount } = renderPage(server, followUp(), '/workflows/wf-1/runs', { language: 'de' });
    await screen.findByTestId('run-history');
    fireEvent.click(screen.getByRole('button', { name: 'Abgeschlossene Ausführungen löschen' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Behalten' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Abgeschlossene Ausführungen löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Die abgeschlossenen Ausführungen dieses Workflows löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abgeschlossene Ausführungen löschen' }));
    expect(await within(dialog).findByRole('alert')).not.toHaveTextContent('store is unavailable');
    expect(screen.getAllByTestId('run-row')).toHaveLength(3);
    unmount();

    renderPage(createFakeRunsServer({ runs: [fakeRun({ id: 'run-c', createdAt: at(1), startedAt: at(1), status: 'running' })] }));
    await screen.findByTestId('run-history');
    expect(screen.queryByTestId('runs-delete-finished')).not.toBeInTheDocument();
  });
});

describe('run history', () => {
  const history = () => [
    fakeRun({ id: 'run-a', createdAt: at(10), startedAt: at(10), endedAt: at(14.5), status: 'succeeded', tokensUsed: 141, trigger: { type: 'manual', userId: 'user-1' } }),
    fakeRun({ id: 'run-b', createdAt: at(5), startedAt: at(5), endedAt: at(6), status: 'failed', tokensUsed: 1, trigger: { type: 'webhook', userId: null } }),
    fakeRun({ id: 'run-c', createdAt: at(1), startedAt: null, status: 'queued', trigger: { type: 'schedule', userId: null } }),
  ];

  test('a table of runs, newest first: started, trigger, status, duration, tokens, and a link to each run', async () => {
    renderPage(createFakeRunsServer({ runs: history() }));
    const table = await screen.findByTestId('run-history');
    const rows = within(table).getAllByTestId('run-row');
    expect(rows.map((row) => row.dataset.runId)).toEqual(['run-a', 'run-b', 'run-c']);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1, 5)).toEqual(['Manual', 'Succeeded', '4.5 sec', '141']);
    expect(cells(rows[1]!).slice(1, 5)).toEqual(['Webhook', 'Failed', '1 sec', '1']);
    // Not started yet: the time it was queued, no duration.
    expect(cells(rows[2]!)[0]).toMatch(/^Jun 1, 2024, /);
    expect(cells(rows[2]!).slice(1, 5)).toEqual(['Schedule', 'Queued', '–', '0']);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Started', 'Trigger', 'Status', 'Duration', 'Tokens', 'Actions']);
    // A queued run cannot be re-run yet.
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('link', { name: /^View the run started/ }));
    expect(location()).toBe('/workflows/wf-1/runs/run-a');
  });

  test('each run names the trigger node that fired beside its type, as the run’s snapshot named it', async () => {
    const trigger = (id: string, type: WorkflowNode['type'], name: string): WorkflowNode => ({ id, type, name, position: { x: 0, y: 0 }, params: {} });
    const snapshot = (orderName: string) => ({ nodes: [trigger('hook', 'trigger.webhook', orderName), trigger('nightly', 'trigger.schedule', 'Nightly sweep')], edges: [] });
    renderPage(
      createFakeRunsServer({
        runs: [
          fakeRun({ id: 'run-a', createdAt: at(10), status: 'succeeded', trigger: { type: 'webhook', userId: null, nodeId: 'hook' }, snapshot: snapshot('New order') }),
          fakeRun({ id: 'run-b', createdAt: at(5), status: 'succeeded', trigger: { type: 'schedule', userId: null, nodeId: 'nightly' }, snapshot: snapshot('New order') }),
          // Renamed since: the run keeps the name it fired under.
          fakeRun({ id: 'run-c', createdAt: at(3), status: 'succeeded', trigger: { type: 'webhook', userId: null, nodeId: 'hook' }, snapshot: snapshot('Order placed') }),
          // Recorded before runs named their trigger node: the first trigger.
          fakeRun({ id: 'run-d', createdAt: at(1), status: 'succeeded', trigger: { type: 'webhook', userId: null }, snapshot: snapshot('Order placed') }),
        ],
      }),
    );
    const rows = await screen.findAllByTestId('run-row');
    expect(rows.map((row) => within(row).getByTestId('run-row-trigger').textContent)).toEqual(['Webhook · New order', 'Schedule · Nightly sweep', 'Webhook · Order placed', 'Webhook · Order placed']);
  });

  test('Re-run reuses the earlier run’s input and opens the new run', async () => {
    const server = createFakeRunsServer({ runs: history() });
    renderPage(server);
    const rows = await screen.findAllByTestId('run-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Re-run with the same input/ }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-1/runs/run-100'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ input: {}, rerunOf: 'run-a' });
  });

  test('while a run is going the history asks again, and stops once every run has ended', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const server = createFakeRunsServer({ runs: history() });
      renderPage(server);
      await screen.findByTestId('run-history');
      const lists = () => server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/runs')).length;
      const before = lists();
      server.update({ ...server.runs.get('run-c')!, status: 'succeeded', startedAt: at(1), endedAt: at(2) });
      jest.advanceTimersByTime(2100);
      await waitFor(() => expect(lists()).toBe(before + 1));
      await waitFor(() => expect(document.querySelector('[data-run-id="run-c"]')).toHaveAttribute('data-status', 'succeeded'));
      // Nothing is going any more: no more polling.
      jest.advanceTimersByTime(10_000);
      expect(lists()).toBe(before + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  test('no runs yet, and a failed load with Try again', async () => {
    const server = createFakeRunsServer();
    server.once('GET', /\/runs$/, () => jsonResponse(500, { error: 'boom' }));
    renderPage(server);
    expect(await screen.findByText('Failed to load the runs.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('run-history-empty')).toHaveTextContent('No runs yet. Start one with Run.');
  });

  test('translated (fr), with a link back to the builder', async () => {
    renderPage(createFakeRunsServer({ runs: history() }), followUp(), '/workflows/wf-1/runs', { language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exécutions de « Follow-up e-mail draft »' })).toBeInTheDocument();
    expect(await screen.findByText('Réussie')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /Retour à l’éditeur/ }));
    expect(location()).toBe('/workflows/wf-1');
  });
});
