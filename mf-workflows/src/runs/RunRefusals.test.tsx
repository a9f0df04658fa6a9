// Out of tokens, or a trigger the plan lacks, is a moment to upgrade: the run
// form and the run view show the tokens left with a link to the plans; a start
// refused with 402 says so by its code; a webhook or schedule run recorded as
// refused shows as Refused with its reason (by errorCode) and the way out, in
// the history and the run view, in every language.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, type SupportedLanguage, type UserMembership } from '@agentflow/shared';
import { emptyWorkflow, type WorkflowRun } from '@agentflow/shared/workflow';
import { fakeWorkflowDocs } from '../builder/testing/fakeWorkflowDocs';
import { renderRuns } from '../testing/renderRuns';
import { RunView } from './RunView';
import { RunsRoute } from './RunsRoutes';
import { at, createFakeRunsServer, fakeRun, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';

const membership = (tokensRemaining: number): UserMembership => ({
  userId: 'user-1',
  role: 'free',
  tokensRemaining,
  tokensReset: '2024-07-01T00:00:00.000Z',
  stripeCustomerId: null,
  subscriptionId: null,
  createdAt: null,
  updatedAt: null,
});

/** A webhook or schedule run the service recorded as refused: nothing ran, nothing was charged. */
const refused = (id: string, trigger: 'webhook' | 'schedule', errorCode: string, error: string, minute = 1): WorkflowRun =>
  fakeRun({ id, status: 'refused', trigger: { type: trigger, userId: null }, errorCode, error, tokensUsed: 0, createdAt: at(minute * 60), endedAt: at(minute * 60) });

const noTokensByWebhook = () => refused('run-tokens', 'webhook', 'insufficient_tokens', 'Insufficient tokens: 0 left, 1 needed', 3);
const scheduleNotInPlan = () => refused('run-plan', 'schedule', 'plan_required', 'Schedule triggers are not included in your plan; upgrade to Basic to use them', 2);
const noCredential = () => refused('run-cred', 'webhook', 'credential_missing', 'Agent "Writer" has no AI provider', 1);

type Options = { language?: SupportedLanguage; tokens?: number };

function renderView(server: FakeRunsServer, runId: string, { language = 'en', tokens }: Options = {}) {
  return renderRuns(
    server,
    <>
      <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId={runId} />} />
      <Route path="/workflows/:id/runs" element={<p>runs page</p>} />
    </>,
    `/workflows/wf-1/runs/${runId}`,
    { language, ...(tokens === undefined ? {} : { membership: { membership: membership(tokens) } }) },
  );
}

function renderHistory(server: FakeRunsServer, { language = 'en', tokens }: Options = {}, route = '/workflows/wf-1/runs') {
  const workflow = { ...emptyWorkflow('user-1', 'Lead intake', { id: 'wf-1' }), version: 1 };
  return renderRuns(
    server,
    <>
      <Route path="/workflows/:id/runs" element={<RunsRoute docs={fakeWorkflowDocs(workflow)} />} />
      <Route path="/workflows/:id/runs/:runId" element={<p>run view</p>} />
    </>,
    route,
    { language, ...(tokens === undefined ? {} : { membership: { membership: membership(tokens) } }) },
  );
}

const reasonOf = (runId: string) => {
  const row = document.querySelector(`[data-testid="run-row"][data-run-id="${runId}"]`);
  const next = row?.nextElementSibling as HTMLElement | null | undefined;
  if (next?.dataset.testid !== 'run-row-reason') throw new Error(`no reason row under ${runId}`);
  return next;
};

describe('the tokens left, beside Run and Re-run', () => {
  test('the run form shows them with a link to the plans, and a 402 start explains itself by code (de)', async () => {
    const server = createFakeRunsServer();
    renderHistory(server, { language: 'de', tokens: 0 }, '/workflows/wf-1/runs?run=1');
    const balance = await within(await screen.findByTestId('run-form')).findByTestId('token-balance');
    expect(balance).toHaveTextContent('Noch 0 Tokens');
    expect(balance).toHaveClass('token-balance--empty');
    expect(within(balance).getByRole('link', { name: 'Tarife ansehen' })).toHaveAttribute('href', '/billing/plans');

    server.once('POST', /\/runs$/, () => jsonResponse(402, { error: 'Insufficient tokens: 0 left, 1 needed', code: 'insufficient_tokens' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ausführung starten' }));
    const note = await screen.findByTestId('run-refusal');
    expect(note).toHaveTextContent('Es sind nicht mehr genug Tokens übrig, um diese Ausführung zu starten.');
    expect(within(note).getByRole('link', { name: 'Tarife ansehen' })).toHaveAttribute('href', '/billing/plans');
    expect(screen.queryByText(/Insufficient tokens/)).not.toBeInTheDocument();
  });

  test('the run view shows them beside Re-run; a re-run refused for tokens explains itself, no toast', async () => {
    const server = createFakeRunsServer({ runs: [fakeRun({ status: 'succeeded', startedAt: at(0), endedAt: at(1), tokensUsed: 4 })] });
    renderView(server, 'run-1', { tokens: 1 });
    const balance = await screen.findByTestId('token-balance');
    expect(balance).toHaveTextContent('1 token left');
    expect(balance).not.toHaveClass('token-balance--empty');
    expect(within(balance).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');

    server.once('POST', /\/runs$/, () => jsonResponse(402, { error: 'Insufficient tokens: 0 left, 1 needed', code: 'insufficient_tokens' }));
    fireEvent.click(screen.getByTestId('run-rerun'));
    const note = await screen.findByTestId('run-refusal');
    expect(note).toHaveAttribute('role', 'alert');
    expect(note).toHaveTextContent('Not enough tokens left to start this run, so nothing was started or charged.');
    expect(screen.queryByText('That did not work')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/workflows/wf-1/runs/run-1');
  });

  test('without a loaded membership nothing is claimed', async () => {
    renderView(createFakeRunsServer({ runs: [fakeRun({ status: 'succeeded', startedAt: at(0), endedAt: at(1) })] }), 'run-1');
    await screen.findByTestId('run-rerun');
    expect(screen.queryByTestId('token-balance')).not.toBeInTheDocument();
  });
});

describe('a refused run in the run view', () => {
  test('no tokens when the webhook called: Refused, the reason with the plans, nothing ran; not the English', async () => {
    renderView(createFakeRunsServer({ runs: [noTokensByWebhook()] }), 'run-tokens');
    const status = await screen.findByTestId('run-status');
    expect(status).toHaveTextContent('Refused');
    expect(within(status).getByText('Refused')).toHaveAttribute('data-status', 'refused');
    expect(within(status).getByText('Refused')).toHaveClass('run-badge--refused');
    const reason = screen.getByTestId('run-refused-reason');
    expect(reason).toHaveAttribute('data-code', 'insufficient_tokens');
    expect(reason).toHaveTextContent('Not enough tokens left when the webhook called, so the run was not started.');
    expect(within(reason).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');
    // A recorded reason, not news: not announced.
    expect(reason).not.toHaveAttribute('role');
    expect(screen.queryByText(/Insufficient tokens/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('run-error')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing ran: the run was refused before it started.')).toBeInTheDocument();
    expect(screen.getByTestId('run-tokens')).toHaveTextContent('0');
  });

  test('a schedule trigger the plan lacks names the lowest plan with it and links to it highlighted', async () => {
    renderView(createFakeRunsServer({ runs: [scheduleNotInPlan()] }), 'run-plan');
    const reason = await screen.findByTestId('run-refused-reason');
    expect(reason).toHaveTextContent('Your plan does not include schedule triggers. It is available from the Basic plan.');
    expect(within(reason).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/billing/plans?plan=basic');
    expect(screen.queryByText(/upgrade to Basic to use them/)).not.toBeInTheDocument();
  });

  test('a missing credential: the credential-missing text with the link to the credentials page (fr)', async () => {
    renderView(createFakeRunsServer({ runs: [noCredential()] }), 'run-cred', { language: 'fr' });
    const note = await screen.findByTestId('run-credential-missing');
    expect(note).toHaveTextContent('Un agent de ce flux de travail n’a aucun identifiant d’IA utilisable');
    expect(note).not.toHaveAttribute('role');
    expect(within(note).getByRole('link', { name: 'Configurer les identifiants' })).toHaveAttribute('href', '/workflows/credentials');
    expect(screen.getByTestId('run-status')).toHaveTextContent('Refusée');
    expect(screen.queryByText(/has no AI provider/)).not.toBeInTheDocument();
  });

  test('a refusal code the app does not know yet falls back to the service’s text', async () => {
    renderView(createFakeRunsServer({ runs: [refused('run-x', 'webhook', 'something_new', 'Refused for a new reason')] }), 'run-x');
    expect(await screen.findByTestId('run-error')).toHaveTextContent('Refused for a new reason');
    expect(screen.queryByTestId('run-refused-reason')).not.toBeInTheDocument();
  });
});

describe('refused runs in the history', () => {
  const runs = () => [
    noTokensByWebhook(),
    scheduleNotInPlan(),
    noCredential(),
    fakeRun({ id: 'run-ok', status: 'succeeded', createdAt: at(0), startedAt: at(0), endedAt: at(1), tokensUsed: 4 }),
  ];

  test('each shows as Refused with its reason and the way out under its row; other runs have no reason row', async () => {
    renderHistory(createFakeRunsServer({ runs: runs() }));
    const table = await screen.findByTestId('run-history');
    const rows = within(table).getAllByTestId('run-row');
    expect(rows.map((row) => [row.dataset.runId, row.dataset.status])).toEqual([
      ['run-tokens', 'refused'],
      ['run-plan', 'refused'],
      ['run-cred', 'refused'],
      ['run-ok', 'succeeded'],
    ]);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1, 5)).toEqual(['Webhook', 'Refused', '–', '0']);
    expect(cells(rows[1]!).slice(1, 5)).toEqual(['Schedule', 'Refused', '–', '0']);

    const tokens = reasonOf('run-tokens');
    expect(tokens).toHaveTextContent('Not enough tokens left when the webhook called, so the run was not started.');
    expect(within(tokens).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');
    expect(within(tokens).getByRole('cell')).toHaveAttribute('colspan', '6');

    // One line in a row: the plan is in the link.
    const plan = reasonOf('run-plan');
    expect(plan).toHaveTextContent(/^Your plan does not include schedule triggers\.Upgrade to Basic$/);
    expect(within(plan).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/billing/plans?plan=basic');

    const credential = reasonOf('run-cred');
    expect(credential).toHaveTextContent('An agent in this workflow has no AI credential it can use.');
    expect(within(credential).getByRole('link', { name: 'Set up credentials' })).toHaveAttribute('href', '/workflows/credentials');

    expect(screen.getAllByTestId('run-row-reason')).toHaveLength(3);
    expect(screen.queryByText(/Insufficient tokens|not included in your plan|has no AI provider/)).not.toBeInTheDocument();
    // Nothing in the history is announced as if it had just happened.
    expect(within(table).queryAllByRole('alert')).toEqual([]);
  });

  test('translated (de): Abgelehnt, the webhook the plan lacks, the plan by its German name', async () => {
    renderHistory(createFakeRunsServer({ runs: [refused('run-hook', 'webhook', 'plan_required', 'Webhook triggers are not included in your plan; upgrade to Basic to use them')] }), { language: 'de' });
    const row = (await screen.findAllByTestId('run-row'))[0]!;
    expect(within(row).getByText('Abgelehnt')).toHaveAttribute('data-status', 'refused');
    const reason = reasonOf('run-hook');
    expect(reason).toHaveTextContent('Ihr Tarif enthält keine Webhook-Auslöser.');
    expect(within(reason).getByRole('link', { name: 'Zum Tarif Basis wechseln' })).toHaveAttribute('href', '/billing/plans?plan=basic');
  });

  test('a refused run can be re-run; a re-run refused for tokens explains itself with the plans, no toast', async () => {
    const server = createFakeRunsServer({ runs: [noTokensByWebhook()] });
    server.once('POST', /\/runs$/, () => jsonResponse(402, { error: 'Insufficient tokens: 0 left, 1 needed', code: 'insufficient_tokens' }));
    renderHistory(server);
    fireEvent.click(await screen.findByRole('button', { name: /^Re-run with the same input/ }));
    const note = await screen.findByTestId('run-refusal');
    expect(note).toHaveAttribute('role', 'alert');
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ input: {}, rerunOf: 'run-tokens' });
    expect(screen.queryByText('That did not work')).not.toBeInTheDocument();
  });
});
