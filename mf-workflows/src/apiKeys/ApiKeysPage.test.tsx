import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { maskedApiKey, type ApiKeyView, type CreateApiKeyBody, type UpdateApiKeyBody } from '@agentflow/shared/api-keys';
import { testQueryClient } from '../testing/renderCatalogue';
import { ApiKeysClientContext, type ApiKeysClient, type CreatedApiKey } from './apiKeysClient';
import { ApiKeysRoute } from './ApiKeysRoute';
import { apiKeysQueryKey } from './ApiKeysPage';

// A fake API keys client holding keys in memory (the service's answers, its refusals scripted), and the route
// mounted as WorkflowsApp mounts it.
const at = '2026-11-20T10:00:00.000Z';
const KEY_ID = 'AbCdEfGhIjKlMnOpQrSt';
const SECRET = `afk_${KEY_ID}_${'s'.repeat(39)}WXYZ`;

function apiKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  const id = overrides.id ?? 'key1key1key1key1key1';
  return {
    id,
    name: 'Nightly CRM sync',
    workspaceId: 'personal',
    createdBy: 'user-1',
    scopes: ['workflows:read', 'runs:write'],
    masked: maskedApiKey(id, 'a1b2'),
    createdAt: at,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    ipAllowList: [],
    rateLimitPerMinute: null,
    status: 'active',
    ...overrides,
  };
}

type Fake = ApiKeysClient & { keys: ApiKeyView[]; list: jest.Mock; create: jest.Mock<Promise<CreatedApiKey>, [CreateApiKeyBody]>; update: jest.Mock<Promise<ApiKeyView>, [string, UpdateApiKeyBody]>; revoke: jest.Mock };

function fakeClient(keys: ApiKeyView[] = [], script: { createError?: Error; updateError?: Error } = {}): Fake {
  const fake: Fake = {
    keys,
    list: jest.fn(async () => [...fake.keys]),
    create: jest.fn(async (body: CreateApiKeyBody) => {
      if (script.createError) throw script.createError;
      const key = apiKey({ id: KEY_ID, name: body.name, scopes: body.scopes, masked: maskedApiKey(KEY_ID, 'WXYZ'), expiresAt: body.expiresInDays ? '2027-02-18T10:00:00.000Z' : null });
      fake.keys.unshift(key);
      return { key, secret: SECRET };
    }),
    update: jest.fn(async (keyId: string, body: UpdateApiKeyBody) => {
      if (script.updateError) throw script.updateError;
      const index = fake.keys.findIndex((each) => each.id === keyId);
      fake.keys[index] = { ...fake.keys[index]!, ...body } as ApiKeyView;
      return fake.keys[index]!;
    }),
    revoke: jest.fn(async (keyId: string) => {
      const index = fake.keys.findIndex((each) => each.id === keyId);
      fake.keys[index] = { ...fake.keys[index]!, revokedAt: new Date().toISOString(), status: 'revoked' };
      return fake.keys[index]!;
    }),
  };
  return fake;
}

function renderApiKeys(client: ApiKeysClient, language: SupportedLanguage = 'en') {
  const queryClient = testQueryClient();
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ApiKeysClientContext.Provider value={client}>
        <Routes>
          <Route path="/workflows/api-keys" element={<ApiKeysRoute />} />
        </Routes>
      </ApiKeysClientContext.Provider>
    </QueryClientProvider>,
    { route: '/workflows/api-keys', user: testUser(), language },
  );
  return queryClient;
}

async function openCreate(name: string, scopes: string[]) {
  fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: name } });
  for (const scope of scopes) fireEvent.click(within(dialog).getByRole('checkbox', { name: new RegExp(`^${scope} `) }));
  return dialog;
}

async function openEdit(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('API keys page', () => {
  test('lists the workspace’s keys: masked key, scopes, limits, dates and status; Edit on active keys only, nothing on revoked ones', async () => {
    const client = fakeClient([
      apiKey({ lastUsedAt: '2026-11-26T08:00:00.000Z', ipAllowList: ['203.0.113.7', '10.0.0.0/24'], rateLimitPerMinute: 120 }),
      apiKey({ id: 'key2key2key2key2key2', name: 'Old export', masked: maskedApiKey('key2key2key2key2key2', 'zz99'), status: 'revoked', revokedAt: at, expiresAt: '2026-12-20T10:00:00.000Z' }),
    ]);
    renderApiKeys(client);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(client.list).toHaveBeenCalledWith('personal');
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Nightly CRM sync');
    expect(rows[0]).toHaveTextContent('afk_key1key1key1key1key1_…a1b2');
    expect(within(rows[0]!).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['workflows:read', 'runs:write', '203.0.113.7', '10.0.0.0/24']);
    expect(within(rows[0]!).getByRole('list', { name: 'Allowed IP addresses' })).toHaveTextContent('203.0.113.710.0.0.0/24');
    expect(rows[0]).toHaveTextContent('120 requests/min');
    expect(rows[0]).not.toHaveTextContent('Any IP address');
    expect(rows[1]).toHaveTextContent('Any IP address');
    expect(rows[1]).toHaveTextContent('Default rate limit');
    expect(rows[0]).toHaveTextContent('Never');
    expect(rows[0]).not.toHaveTextContent('Not used yet');
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Edit Nightly CRM sync', 'Revoke Nightly CRM sync']);
    expect(within(rows[1]!).getByText('Revoked')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Not used yet');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('api-keys-empty')).not.toBeInTheDocument();
    // Beside the title: the reference of what a key calls.
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/workflows/api-reference');
  });

  test('an expired key can be revoked but not edited', async () => {
    renderApiKeys(fakeClient([apiKey({ status: 'expired', expiresAt: '2026-11-21T10:00:00.000Z' })]));
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Revoke Nightly CRM sync']);
  });

  test('no key yet: the empty state says what a key is for', async () => {
    renderApiKeys(fakeClient());
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('No API key yet. Create one to start runs, read their results or list workflows from a script');
    expect(screen.queryByTestId('api-keys-table')).not.toBeInTheDocument();
  });

  test('the form is checked like the service checks it: errors under their fields, nothing sent', async () => {
    const client = fakeClient();
    renderApiKeys(client);
    const dialog = await openCreate('', []);
    fireEvent.change(within(dialog).getByLabelText('Requests per minute (optional)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one thing the key may do.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Requests per minute (optional)')).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number in the allowed range.'));
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(client.create).not.toHaveBeenCalled();
  });

  test('creating shows the secret once with a curl call; closing the panel forgets it', async () => {
    const client = fakeClient();
    const queryClient = renderApiKeys(client);
    await screen.findByTestId('api-keys-empty');
    const dialog = await openCreate('Nightly CRM sync', ['runs:write', 'workflows:read']);
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Allowed IP addresses (optional)'), { target: { value: '203.0.113.7\n\n10.0.0.0/24 ' } });
    fireEvent.change(within(dialog).getByLabelText('Requests per minute (optional)'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByTestId('api-key-secret-panel');
    expect(client.create).toHaveBeenCalledWith({ name: 'Nightly CRM sync', workspaceId: 'personal', scopes: ['workflows:read', 'runs:write'], expiresInDays: null, ipAllowList: ['203.0.113.7', '10.0.0.0/24'], rateLimitPerMinute: 120 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The reader lands on the panel that replaced the dialog (not back on the Create button).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(within(panel).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(within(panel).getByText('Copy it now: it will not be shown again. Store it like a password.')).toBeInTheDocument();
    // The platform base of the other clients (renderWithProviders' config).
    expect(within(panel).getByTestId('api-key-curl')).toHaveTextContent(`curl -H "Authorization: Bearer ${SECRET}" http://127.0.0.1:4002/v1/me`);
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy the key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    // The new key is listed from the create answer, masked; the list is not fetched again.
    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent(`afk_${KEY_ID}_…WXYZ`);
    expect(row).not.toHaveTextContent(SECRET);
    expect(client.list).toHaveBeenCalledTimes(1);

    fireEvent.click(within(panel).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-key-secret-panel')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
    // Nowhere the browser keeps things: the query cache, storage, the address.
    expect(JSON.stringify(queryClient.getQueryData(apiKeysQueryKey('personal')))).not.toContain(SECRET);
    expect(JSON.stringify(queryClient.getQueryCache().getAll().map((query) => query.state.data))).not.toContain(SECRET);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(SECRET);
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain(SECRET);
    expect(window.location.href).not.toContain(SECRET);
    expect(client.list).toHaveBeenCalledTimes(1);
  });

  test('a scope beyond the creator’s role is refused on that scope', async () => {
    const refusal = new ApiError('scopes.1: needs manageCredentials', 403, 'api_key_scope_exceeds_role', 'scopes.1: beyond your role', { field: 'scopes.1' });
    const client = fakeClient([], { createError: refusal });
    renderApiKeys(client);
    const dialog = await openCreate('Credentials audit', ['workflows:read', 'credentials:read']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const refused = within(dialog).getByRole('checkbox', { name: /^credentials:read / });
    await waitFor(() => expect(refused).toHaveAccessibleDescription('Your role in this workspace does not allow this: List credentials (masked).'));
    expect(refused).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('checkbox', { name: /^workflows:read / })).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByTestId('api-key-scopes')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('api-key-secret-panel')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('revoking asks first; Cancel keeps the key, Revoke revokes it', async () => {
    const client = fakeClient([apiKey()]);
    renderApiKeys(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Nightly CRM sync' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke Nightly CRM sync?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(client.revoke).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Nightly CRM sync' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke Nightly CRM sync?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    });
    expect(client.revoke).toHaveBeenCalledWith('key1key1key1key1key1');
    const row = await screen.findByTestId('api-key-row');
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'revoked'));
    expect(within(row).getByText('Revoked')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  test('editing sends only what changed (cleared fields as any address and the default rate) and the row shows it', async () => {
    const client = fakeClient([apiKey({ ipAllowList: ['203.0.113.7'], rateLimitPerMinute: 120 })]);
    renderApiKeys(client);
    const dialog = await openEdit('Nightly CRM sync');
    expect(within(dialog).getByText('Scopes and expiry stay as they are: for others, create a new key.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Nightly CRM sync');
    expect(within(dialog).getByLabelText('Allowed IP addresses (optional)')).toHaveValue('203.0.113.7');
    expect(within(dialog).getByLabelText('Requests per minute (optional)')).toHaveValue(120);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' CRM sync (nightly) ' } });
    fireEvent.change(within(dialog).getByLabelText('Allowed IP addresses (optional)'), { target: { value: '\n' } });
    fireEvent.change(within(dialog).getByLabelText('Requests per minute (optional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.update).toHaveBeenCalledWith('key1key1key1key1key1', { name: 'CRM sync (nightly)', ipAllowList: [], rateLimitPerMinute: null });
    const row = screen.getByTestId('api-key-row');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('CRM sync (nightly)');
    expect(row).toHaveTextContent('Any IP address');
    expect(row).toHaveTextContent('Default rate limit');
    expect(await screen.findByText('The key was saved.')).toBeInTheDocument();
    // The row is replaced from the answer: the list is not fetched again.
    expect(client.list).toHaveBeenCalledTimes(1);

    // One field changed: that field alone is sent.
    const again = await openEdit('CRM sync (nightly)');
    fireEvent.change(within(again).getByLabelText('Requests per minute (optional)'), { target: { value: '600' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(client.update).toHaveBeenLastCalledWith('key1key1key1key1key1', { rateLimitPerMinute: 600 }));
    expect(await screen.findByTestId('api-key-row')).toHaveTextContent('600 requests/min');
  });

  test('the edit form is checked with the domain schema: errors on their fields, nothing sent; no change sends nothing', async () => {
    const client = fakeClient([apiKey()]);
    renderApiKeys(client);
    let dialog = await openEdit('Nightly CRM sync');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText('Allowed IP addresses (optional)'), { target: { value: Array.from({ length: 21 }, (_, index) => `10.0.0.${index}`).join('\n') } });
    fireEvent.change(within(dialog).getByLabelText('Requests per minute (optional)'), { target: { value: '6001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Allowed IP addresses (optional)')).toHaveAccessibleDescription(expect.stringContaining('That is too many lines.'));
    expect(within(dialog).getByLabelText('Requests per minute (optional)')).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number in the allowed range.'));
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(client.update).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openEdit('Nightly CRM sync');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.update).not.toHaveBeenCalled();
  });

  test('an address the service cannot read is refused on the allow-list field', async () => {
    const refusal = new ApiError('ipAllowList.1: must be an IP address', 400, 'invalid_request', null, { field: 'ipAllowList.1' });
    const client = fakeClient([apiKey()], { updateError: refusal });
    renderApiKeys(client);
    const dialog = await openEdit('Nightly CRM sync');
    const field = within(dialog).getByLabelText('Allowed IP addresses (optional)');
    fireEvent.change(field, { target: { value: '203.0.113.7\n10.0.0.0/33' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter an IP address or a range such as 10.0.0.0/24.')));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(client.update).toHaveBeenCalledWith('key1key1key1key1key1', { ipAllowList: ['203.0.113.7', '10.0.0.0/33'] });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a key revoked elsewhere meanwhile: the dialog says so and the list is read again', async () => {
    const client = fakeClient([apiKey()], { updateError: new ApiError('revoked', 409, 'api_key_revoked') });
    renderApiKeys(client);
    const dialog = await openEdit('Nightly CRM sync');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Renamed' } });
    client.keys[0] = { ...client.keys[0]!, status: 'revoked', revokedAt: at };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This key is already revoked.');
    await waitFor(() => expect(client.list).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('api-key-row')).toHaveAttribute('data-status', 'revoked'));
  });

  test('German: the list, the form and the secret panel read in German, with no English left', async () => {
    const client = fakeClient([apiKey({ rateLimitPerMinute: 1200 })]);
    renderApiKeys(client, 'de');
    await screen.findByTestId('api-key-row');
    fireEvent.click(screen.getByRole('button', { name: 'API-Schlüssel erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einen API-Schlüssel erstellen' });
    expect(within(dialog).getByRole('checkbox', { name: 'runs:write Ausführungen starten und abbrechen' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schlüssel erstellen' }));
    expect(await within(dialog).findByText('Wählen Sie mindestens eine Berechtigung.')).toBeInTheDocument();
    // Scope names and keys (in <code>) are identifiers, not words: left out of the check; each text's words apart.
    const words = (element: HTMLElement) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('code').forEach((code) => code.remove());
      copy.querySelectorAll('*').forEach((each) => each.append(' '));
      return copy.textContent ?? '';
    };
    const hasWord = (text: string, word: string) => new RegExp(`\\b${word}\\b`).test(text);
    const english = ['API keys', 'Create', 'Name', 'Scopes', 'Expires', 'Never', 'Last used', 'Status', 'Active', 'Revoke', 'Cancel', 'List and', 'Start and', 'Read runs', 'Upload', 'days', 'required', 'Choose', 'Allowed', 'Requests', 'minute', 'Actions', 'Limits', 'Any', 'Default', 'requests', 'Edit'];
    const shown = `${words(screen.getByTestId('api-keys-page'))} ${words(dialog)}`;
    expect(shown).toContain('Widerrufen');
    for (const text of english) expect(hasWord(shown, text)).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Bezeichnung'), { target: { value: 'Nächtlicher Abgleich' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^runs:read / }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schlüssel erstellen' }));
    const panel = await screen.findByTestId('api-key-secret-panel');
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Ihr neuer API-Schlüssel: Nächtlicher Abgleich');
    for (const text of ['Copy', 'shown again', 'Try it', 'copied', 'Your new']) expect(hasWord(words(panel), text)).toBe(false);
    expect(words(panel)).toContain('Kopieren');
    expect(screen.getAllByTestId('api-key-row')[1]).toHaveTextContent('Jede IP-Adresse');
    // Numbers as German writes them.
    expect(screen.getAllByTestId('api-key-row')[1]).toHaveTextContent('1.200 Anfragen/Min.');
    expect(screen.getAllByTestId('api-key-row')[0]).toHaveTextContent('Standard-Ratenlimit');

    fireEvent.click(within(panel).getByRole('button', { name: 'Ich habe ihn kopiert' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nightly CRM sync bearbeiten' }));
    const edit = await screen.findByRole('dialog', { name: 'Nightly CRM sync bearbeiten' });
    expect(within(edit).getByLabelText('Anfragen pro Minute (optional)')).toHaveAccessibleDescription(expect.stringContaining('Höchstens 6.000.'));
    fireEvent.change(within(edit).getByLabelText('Anfragen pro Minute (optional)'), { target: { value: '0' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Änderungen speichern' }));
    expect(await within(edit).findByText('Geben Sie eine ganze Zahl im erlaubten Bereich ein.')).toBeInTheDocument();
    // The key's own name is the user's, not a translation: left out.
    const editWords = words(edit).replaceAll('Nightly CRM sync', '');
    for (const text of ['Edit', 'Save', 'changes', 'Scopes', 'expiry', 'Cancel', 'Allowed', 'Requests']) expect(hasWord(editWords, text)).toBe(false);
  });
});
