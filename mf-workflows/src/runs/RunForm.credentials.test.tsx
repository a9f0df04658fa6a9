// A run refused up front for a missing AI credential (409 credential_missing), wherever a run starts:
// the run form, the run view's re-run and the history's re-run explain it and link to the credentials page.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, useRemoteCatalogs, type SupportedLanguage } from '@agentflow/shared';
import { emptyWorkflow } from '@agentflow/shared/workflow';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { RunForm } from './RunForm';
import { RunView } from './RunView';
import { RunsRoute } from './RunsRoutes';
import { fakeWorkflowDocs } from '../builder/testing/fakeWorkflowDocs';
import { RUNS_CATALOGS } from './i18n';
import { at, createFakeRunsServer, fakeRun, jsonResponse } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';

function Form({ server }: { server: ReturnType<typeof createFakeRunsServer> }) {
  useRemoteCatalogs(RUNS_CATALOGS);
  return <RunForm workflow={{ id: 'wf-1', name: 'Lead follow-up', nodes: [] }} client={server.client} onStarted={onStarted} />;
}
const onStarted = jest.fn();

function renderForm(language: SupportedLanguage = 'en') {
  const server = createFakeRunsServer();
  server.once('POST', /\/api\/workflows\/wf-1\/runs$/, () =>
    jsonResponse(409, { error: 'Agent "Writer" has no AI provider: add a credential and pick it in the agent’s settings', code: 'credential_missing' }),
  );
  renderWithProviders(
    <>
      <Form server={server} />
      <LocationProbe />
    </>,
    { user: testUser(), language, route: '/workflows/wf-1' },
  );
  fireEvent.change(screen.getByRole('textbox'), { target: { value: '{}' } });
  fireEvent.click(screen.getByTestId('run-submit'));
  return server;
}

test('a run refused for a missing AI credential says so, with a link to the credentials page; no run started', async () => {
  renderForm();
  const note = await screen.findByTestId('run-credential-missing');
  expect(note).toHaveTextContent('An agent in this workflow has no AI credential it can use, so no run was started and nothing was charged.');
  expect(note).not.toHaveTextContent('Writer');
  expect(onStarted).not.toHaveBeenCalled();
  fireEvent.click(within(note).getByRole('link', { name: 'Set up credentials' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/workflows/credentials');
});

test('translated (de)', async () => {
  renderForm('de');
  const note = await screen.findByTestId('run-credential-missing');
  expect(note).toHaveTextContent('Ein Agent dieses Ablaufs hat keine KI-Zugangsdaten');
  expect(within(note).getByRole('link', { name: 'Zugangsdaten einrichten' })).toHaveAttribute('href', '/workflows/credentials');
});

test('the run view: a re-run refused for a missing AI credential explains itself with the link, no toast', async () => {
  const server = createFakeRunsServer({ runs: [fakeRun({ status: 'succeeded', startedAt: at(0), endedAt: at(1) })] });
  server.once('POST', /\/api\/workflows\/wf-1\/runs$/, () => jsonResponse(409, { error: 'Agent "Writer" has no AI provider', code: 'credential_missing' }));
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" />} />, '/workflows/wf-1/runs/run-1');
  fireEvent.click(await screen.findByTestId('run-rerun'));
  const note = await screen.findByTestId('run-credential-missing');
  expect(within(note).getByRole('link', { name: 'Set up credentials' })).toHaveAttribute('href', '/workflows/credentials');
  expect(screen.queryByText(/has no AI provider/)).not.toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/workflows/wf-1/runs/run-1');
});

test('the run history: a re-run refused for a missing AI credential explains itself with the link, no toast', async () => {
  const server = createFakeRunsServer({ runs: [fakeRun({ id: 'run-a', status: 'succeeded', startedAt: at(0), endedAt: at(1) })] });
  server.once('POST', /\/api\/workflows\/wf-1\/runs$/, () => jsonResponse(409, { error: 'Agent "Writer" has no AI provider', code: 'credential_missing' }));
  const workflow = { ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 1 };
  renderRuns(server, <Route path="/workflows/:id/runs" element={<RunsRoute docs={fakeWorkflowDocs(workflow)} />} />, '/workflows/wf-1/runs');
  fireEvent.click(await screen.findByRole('button', { name: /^Re-run with the same input/ }));
  const note = await screen.findByTestId('run-credential-missing');
  expect(within(note).getByRole('link', { name: 'Set up credentials' })).toHaveAttribute('href', '/workflows/credentials');
  expect(screen.queryByText(/has no AI provider/)).not.toBeInTheDocument();
});
