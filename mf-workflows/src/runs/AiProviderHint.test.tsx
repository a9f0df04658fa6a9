import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
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

test('without a provider: the exact message, the environment variables and how to connect one', async () => {
  const server = createFakeRunsServer();
  server.aiStatus = { configured: false, providers: [], model: null };
  renderHint(server);
  const hint = await screen.findByTestId('ai-provider-hint');
  expect(hint).toHaveAccessibleName('Connect an AI provider');
  expect(hint).toHaveTextContent(RUN_MESSAGES.noProvider);
  expect(hint).toHaveTextContent('AI_MODEL');
  expect(hint).toHaveTextContent('OLLAMA_URL (for example http://127.0.0.1:11434)');
  expect(hint).toHaveTextContent('Restart platform-api');
  expect(server.requests).toEqual([{ method: 'GET', path: '/api/ai/status', authorization: 'Bearer id-token-1', body: undefined }]);
});

test('with a provider: one quiet line naming it and the model', async () => {
  renderHint(createFakeRunsServer());
  expect(await screen.findByTestId('ai-provider-status')).toHaveTextContent('AI provider connected: openai-compatible · Default model: gpt-4o-mini');
  expect(screen.queryByTestId('ai-provider-hint')).not.toBeInTheDocument();
});

test('translated (es), with the variable names kept', async () => {
  const server = createFakeRunsServer();
  server.aiStatus = { configured: false, providers: [], model: null };
  renderHint(server, 'es');
  expect(await screen.findByTestId('ai-provider-hint')).toHaveTextContent('No hay ningún proveedor de IA configurado. Define AI_BASE_URL y AI_API_KEY, u OLLAMA_URL, para platform-api.');
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
