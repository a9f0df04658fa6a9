import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { CredentialsClientContext } from './api';
import { CredentialsRoute } from './CredentialsPage';
import { createFakeCredentialsServer, fakeCredential, type FakeCredentialsServer } from './testing/fakeCredentialsServer';
import { jsonResponse } from '../runs/testing/fakeRunsServer';

function renderPage(server: FakeCredentialsServer, language: SupportedLanguage = 'en') {
  return renderWithProviders(
    <CredentialsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/credentials" element={<CredentialsRoute />} />
        <Route path="/signin" element={<p>sign in page</p>} />
      </Routes>
    </CredentialsClientContext.Provider>,
    { route: '/workflows/credentials', user: testUser(), language },
  );
}

const card = (name: string) => screen.getByRole('listitem', { name });
const bodies = (server: FakeCredentialsServer, method: string) => server.requests.filter((r) => r.method === method).map((r) => r.body);

test('empty: one sentence says what a credential is', async () => {
  renderPage(createFakeCredentialsServer());
  expect(await screen.findByTestId('credentials-empty')).toHaveTextContent(/A credential is a key or address of a service/);
  expect(screen.getByRole('heading', { level: 1, name: 'Credentials' })).toBeInTheDocument();
});

test('adds an OpenAI-compatible credential from the type’s own fields, then lists it with its masked key', async () => {
  const server = createFakeCredentialsServer();
  renderPage(server);
  await screen.findByTestId('credentials-empty');
  fireEvent.click(screen.getByRole('button', { name: 'Add credential' }));
  const form = screen.getByRole('form', { name: 'Add credential' });
  const type = within(form).getByLabelText('Type');
  // Grouped: AI providers first, then HTTP, then the apps' keys.
  expect([...type.querySelectorAll('optgroup')].map((group) => group.label)).toEqual(['AI providers', 'HTTP authentication', 'Apps']);
  fireEvent.change(type, { target: { value: 'openaiCompatible' } });
  expect(within(form).getByLabelText('Base URL')).toHaveAttribute('type', 'url');
  expect(within(form).getByLabelText('API key (optional)')).toHaveAttribute('type', 'password');
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Local model' } });
  fireEvent.change(within(form).getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:4010/v1' } });
  fireEvent.change(within(form).getByLabelText('API key (optional)'), { target: { value: 'sk-local-98765432' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

  const saved = await screen.findByRole('listitem', { name: 'Local model' });
  expect(bodies(server, 'POST')).toEqual([
    { type: 'openaiCompatible', name: 'Local model', settings: { baseUrl: 'http://127.0.0.1:4010/v1' }, secrets: { apiKey: 'sk-local-98765432' } },
  ]);
  expect(saved).toHaveTextContent('OpenAI-compatible endpoint');
  expect(saved).toHaveTextContent('••••5432');
  expect(saved).toHaveTextContent('You');
  expect(saved).toHaveTextContent('Never');
  expect(saved).not.toHaveTextContent('sk-local');
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

test('the domain’s checks run before sending, each error under its field', async () => {
  const server = createFakeCredentialsServer();
  renderPage(server);
  fireEvent.click(await screen.findByRole('button', { name: 'Add credential' }));
  const form = screen.getByRole('form', { name: 'Add credential' });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByLabelText('Type')).toHaveAccessibleDescription('This field is required');
  expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('This field is required');

  fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'ollama' } });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Home' } });
  fireEvent.change(within(form).getByLabelText('Base URL'), { target: { value: 'file:///etc/passwd' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const baseUrl = within(form).getByLabelText('Base URL');
  expect(baseUrl).toHaveAccessibleDescription(/Enter an address starting with http:\/\/ or https:\/\//);
  expect(baseUrl).toHaveFocus();

  fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'httpHeader' } });
  fireEvent.change(within(form).getByLabelText('Header name'), { target: { value: 'X-Key: y' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByLabelText('Header name')).toHaveAccessibleDescription('Enter a header name without spaces or colons');
  expect(within(form).getByLabelText('Header value')).toHaveAccessibleDescription('This field is required');
  expect(bodies(server, 'POST')).toEqual([]);
});

test('Test connection: the number of models, or the provider’s refusal in the user’s words', async () => {
  const server = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c1', name: 'OpenAI work' }), fakeCredential({ id: 'c2', name: 'Partner API', type: 'httpBearer', secretHints: { token: '••••cdef' } })] });
  renderPage(server);
  await screen.findByRole('listitem', { name: 'OpenAI work' });
  // HTTP credentials are checked only by the service they are sent to: no test button.
  expect(within(card('Partner API')).queryByRole('button', { name: /Test the connection/ })).not.toBeInTheDocument();

  fireEvent.click(within(card('OpenAI work')).getByRole('button', { name: 'Test connection of OpenAI work' }));
  expect(await within(card('OpenAI work')).findByText('Connected — 2 models')).toBeInTheDocument();

  server.testResult = { ok: false, models: [], error: 'Incorrect API key provided: sk-…', code: 'credential_rejected' };
  fireEvent.click(within(card('OpenAI work')).getByRole('button', { name: 'Test connection of OpenAI work' }));
  expect(await within(card('OpenAI work')).findByText('Not connected: The provider refused the key.')).toBeInTheDocument();
  expect(screen.queryByText(/Incorrect API key/)).not.toBeInTheDocument();
});

test('Test connection of an app credential names the account it reached; a Teams webhook has no test (it could only post)', async () => {
  const server = createFakeCredentialsServer({
    credentials: [
      fakeCredential({ id: 'c1', name: 'Sales HubSpot', type: 'hubspotToken', secretHints: { token: '••••9f2a' } }),
      fakeCredential({ id: 'c2', name: 'Ops channel', type: 'teamsWebhook', secretHints: { webhookUrl: '••••x1y2' } }),
    ],
  });
  server.testResult = { ok: true, models: [], account: 'Portal 62515 (app.hubspot.com)' };
  renderPage(server);
  await screen.findByRole('listitem', { name: 'Sales HubSpot' });
  expect(within(card('Ops channel')).queryByRole('button', { name: /Test the connection/ })).not.toBeInTheDocument();
  fireEvent.click(within(card('Sales HubSpot')).getByRole('button', { name: 'Test connection of Sales HubSpot' }));
  expect(await within(card('Sales HubSpot')).findByText('Connected as Portal 62515 (app.hubspot.com)')).toBeInTheDocument();
  server.testResult = { ok: true, models: [] };
  fireEvent.click(within(card('Sales HubSpot')).getByRole('button', { name: 'Test connection of Sales HubSpot' }));
  expect(await within(card('Sales HubSpot')).findByText('Connected')).toBeInTheDocument();
});

test('edit: rename and change settings; a blank secret keeps the stored one, a new one replaces it', async () => {
  const server = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c1', name: 'Local', type: 'openaiCompatible', settings: { baseUrl: 'http://127.0.0.1:1/v1' } })] });
  renderPage(server);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Local' }));
  let form = screen.getByRole('form', { name: 'Edit “Local”' });
  expect(within(form).getByRole('group', { name: 'Replace secret' })).toBeInTheDocument();
  expect(within(form).getByLabelText('API key (optional)')).toHaveValue('');
  expect(within(form).getByLabelText('API key (optional)')).toHaveAccessibleDescription('Stored: ••••1234. Leave empty to keep it.');
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Local LLM' } });
  fireEvent.change(within(form).getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:2/v1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await screen.findByRole('listitem', { name: 'Local LLM' });
  expect(bodies(server, 'PATCH')).toEqual([{ name: 'Local LLM', settings: { baseUrl: 'http://127.0.0.1:2/v1' } }]);

  fireEvent.click(screen.getByRole('button', { name: 'Edit Local LLM' }));
  form = screen.getByRole('form', { name: 'Edit “Local LLM”' });
  fireEvent.change(within(form).getByLabelText('API key (optional)'), { target: { value: 'sk-new-key-00009999' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(card('Local LLM')).toHaveTextContent('••••9999'));
  expect(bodies(server, 'PATCH')[1]).toEqual({ name: 'Local LLM', settings: { baseUrl: 'http://127.0.0.1:2/v1' }, secrets: { apiKey: 'sk-new-key-00009999' } });
});

test('delete asks first; Keep it changes nothing', async () => {
  const server = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c1', name: 'Old key' })] });
  renderPage(server);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Old key' }));
  let dialog = screen.getByRole('alertdialog', { name: 'Delete “Old key”?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(bodies(server, 'DELETE')).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Delete Old key' }));
  dialog = screen.getByRole('alertdialog', { name: 'Delete “Old key”?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete credential' }));
  expect(await screen.findByTestId('credentials-empty')).toBeInTheDocument();
  expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/credentials/c1']);
});

test('a server without a vault: said in user terms, nothing to add', async () => {
  const server = createFakeCredentialsServer();
  server.once('GET', /^\/api\/credentials$/, () =>
    jsonResponse(503, { error: 'Credentials are not configured: set CREDENTIALS_KEY for platform-api', code: 'credentials_not_configured' }),
  );
  renderPage(server);
  expect(await screen.findByTestId('credentials-error')).toHaveTextContent('Credentials are not available on this server.');
  expect(screen.queryByText(/CREDENTIALS_KEY/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add credential' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('a refused save shows the translated reason, not the service’s words', async () => {
  const server = createFakeCredentialsServer();
  server.once('POST', /^\/api\/credentials$/, () => jsonResponse(503, { error: 'set CREDENTIALS_KEY', code: 'credentials_not_configured' }));
  renderPage(server, 'de');
  fireEvent.click(await screen.findByRole('button', { name: 'Zugangsdaten hinzufügen' }));
  const form = screen.getByRole('form', { name: 'Zugangsdaten hinzufügen' });
  fireEvent.change(within(form).getByLabelText('Art'), { target: { value: 'openai' } });
  fireEvent.change(within(form).getByLabelText('Bezeichnung'), { target: { value: 'Arbeit' } });
  fireEvent.change(within(form).getByLabelText('API-Schlüssel'), { target: { value: 'sk-abcdefgh1234' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByTestId('credential-form-error')).toHaveTextContent('Zugangsdaten sind auf diesem Server nicht verfügbar.');
});
