import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { AiProviderHint, aiStatusOf } from './AiProviderHint';
import { RunsClientContext } from './RunsClientContext';
import { createFakeRunsServer, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';

function renderHint(server: FakeRunsServer, language: 'en' | 'es' = 'en') {
  return renderWithProviders(
    <RunsClientContext.Provider value={server.client}>
      <AiProviderHint />
    </RunsClientContext.Provider>,
    { user: testUser(), language },
  );
}

test('without a provider: tells the user to add a credential and links to the credentials page, no operator instructions', async () => {
  const server = createFakeRunsServer();
  server.aiStatus = { configured: false, providers: [], model: null };
  renderHint(server);
  const hint = await screen.findByTestId('ai-provider-hint');
  expect(hint).toHaveAccessibleName('Connect an AI provider');
  expect(hint).toHaveTextContent('This agent has no AI model to call yet.');
  expect(hint).toHaveTextContent(/Add a credential for an AI provider/);
  expect(within(hint).getByRole('link', { name: 'Manage credentials' })).toHaveAttribute('href', '/workflows/credentials');
  expect(hint).not.toHaveTextContent(/AI_BASE_URL|OLLAMA_URL|platform-api/);
  expect(server.requests).toEqual([{ method: 'GET', path: '/api/ai/status', authorization: 'Bearer id-token-1', body: undefined }]);
});

test('with a provider: one quiet line naming it and the model', async () => {
  renderHint(createFakeRunsServer());
  expect(await screen.findByTestId('ai-provider-status')).toHaveTextContent('AI provider connected: openai-compatible · Default model: gpt-4o-mini');
  expect(screen.queryByTestId('ai-provider-hint')).not.toBeInTheDocument();
});

test('translated (es)', async () => {
  const server = createFakeRunsServer();
  server.aiStatus = { configured: false, providers: [], model: null };
  renderHint(server, 'es');
  const hint = await screen.findByTestId('ai-provider-hint');
  expect(hint).toHaveTextContent('Este agente aún no tiene ningún modelo de IA al que llamar.');
  expect(within(hint).getByRole('link', { name: 'Gestionar credenciales' })).toBeInTheDocument();
});

test('an unknown status shows nothing; the status is asked once per minute, again after a failure', async () => {
  const server = createFakeRunsServer();
  server.once('GET', /\/api\/ai\/status$/, () => jsonResponse(500, { error: 'boom' }));
  renderHint(server);
  await waitFor(() => expect(server.requests).toHaveLength(1));
  expect(screen.queryByTestId('ai-provider-hint')).not.toBeInTheDocument();
  expect(screen.queryByTestId('ai-provider-status')).not.toBeInTheDocument();

  const now = Date.now();
  await expect(aiStatusOf(server.client, now)).resolves.toMatchObject({ configured: true });
  await aiStatusOf(server.client, now + 1000);
  expect(server.requests).toHaveLength(2);
  await aiStatusOf(server.client, now + 61_000);
  expect(server.requests).toHaveLength(3);
});
