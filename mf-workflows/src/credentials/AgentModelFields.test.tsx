import { useState } from 'react';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { TestProviders, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { Workflow } from '@agentflow/shared/workflow';
import { AgentModelFields } from './AgentModelFields';
import { useCredentialProblems } from './agentCredentials';
import { CredentialsClientContext } from './api';
import { createFakeCredentialsServer, fakeCredential, type FakeCredentialsServer } from './testing/fakeCredentialsServer';

const changes: Array<Record<string, unknown>> = [];
beforeEach(() => {
  changes.length = 0;
});

function Fields({ initial }: { initial: Record<string, unknown> }) {
  const [params, setParams] = useState(initial);
  return (
    <AgentModelFields
      params={params}
      onParams={(next) => {
        changes.push(next);
        setParams(next);
      }}
    />
  );
}

function renderFields(server: FakeCredentialsServer, initial: Record<string, unknown> = { name: 'Writer' }) {
  return renderWithProviders(
    <CredentialsClientContext.Provider value={server.client}>
      <Fields initial={initial} />
    </CredentialsClientContext.Provider>,
    { user: testUser(), route: '/workflows/wf-1' },
  );
}

const server = () =>
  createFakeCredentialsServer({
    credentials: [
      fakeCredential({ id: 'c1', name: 'OpenAI work' }),
      fakeCredential({ id: 'c2', name: 'Local LLM', type: 'openaiCompatible', settings: { baseUrl: 'http://127.0.0.1:4010/v1' }, secretHints: {} }),
      fakeCredential({ id: 'c3', name: 'Partner API', type: 'httpBearer' }),
    ],
  });

test('offers Agentflow default and the user’s AI credentials by name, and links to the credentials page', async () => {
  renderFields(server());
  const provider = screen.getByLabelText('Model provider');
  await waitFor(() => expect(within(provider).getAllByRole('option').map((o) => o.textContent)).toEqual(['Agentflow default', 'OpenAI work', 'Local LLM']));
  expect(provider).toHaveValue('');
  expect(screen.getByRole('link', { name: 'Manage credentials' })).toHaveAttribute('href', '/workflows/credentials');
});

test('picking a credential offers the models its connection test lists; picking one stores both', async () => {
  const fake = server();
  renderFields(fake, { name: 'Writer', model: 'old-model' });
  const provider = screen.getByLabelText('Model provider');
  await screen.findByRole('option', { name: 'OpenAI work' });
  fireEvent.change(provider, { target: { value: 'c1' } });
  // A new provider starts without the old provider's model.
  expect(changes.at(-1)).toEqual({ name: 'Writer', credentialId: 'c1' });
  const model = await screen.findByRole('combobox', { name: 'Model' });
  expect(within(model).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a model', 'gpt-4o-mini', 'gpt-4o']);
  fireEvent.change(model, { target: { value: 'gpt-4o' } });
  expect(changes.at(-1)).toEqual({ name: 'Writer', credentialId: 'c1', model: 'gpt-4o' });
  expect(fake.requests.filter((r) => r.path === '/api/credentials/c1/test')).toHaveLength(1);
});

test('a compatible endpoint also takes a model it does not list', async () => {
  const fake = server();
  fake.testResult = { ok: true, models: ['llama3.2'] };
  renderFields(fake, { name: 'Writer', credentialId: 'c2' });
  const model = await screen.findByRole('combobox', { name: 'Model' });
  fireEvent.change(model, { target: { value: within(model).getByRole('option', { name: 'Another model…' }).getAttribute('value') } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Model name' }), { target: { value: 'qwen2.5:7b' } });
  expect(changes.at(-1)).toEqual({ name: 'Writer', credentialId: 'c2', model: 'qwen2.5:7b' });
});

test('when the models cannot be listed: free text with the type’s suggested model, and the reason in the user’s words', async () => {
  const fake = server();
  fake.testResult = { ok: false, models: [], error: 'Incorrect API key provided', code: 'credential_rejected' };
  renderFields(fake, { name: 'Writer', credentialId: 'c1' });
  expect(await screen.findByText('The models could not be listed: The provider refused the key.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Model' })).toHaveAttribute('placeholder', 'gpt-4o-mini');
});

test('a credential the user no longer has is marked', async () => {
  renderFields(server(), { name: 'Writer', credentialId: 'gone' });
  expect(await screen.findByRole('alert')).toHaveTextContent('This agent’s AI credential was deleted, or you may not use it: pick another model provider.');
  expect(screen.getByLabelText('Model provider')).toHaveValue('gone');
  expect(screen.getByLabelText('Model provider')).toHaveAccessibleDescription(/was deleted/);
  expect(screen.getByRole('option', { name: 'Deleted credential' })).toBeInTheDocument();
});

describe('useCredentialProblems', () => {
  const workflow = (credentialId?: string): Pick<Workflow, 'nodes'> => ({
    nodes: [
      { id: 'agent-1', type: 'agent', name: 'Writer', position: { x: 0, y: 0 }, params: { name: 'Writer', ...(credentialId ? { credentialId } : {}) } } as Workflow['nodes'][number],
    ],
  });
  const hook = (fake: FakeCredentialsServer, nodes: Pick<Workflow, 'nodes'>, language: 'en' | 'fr' = 'en') =>
    renderHook(() => useCredentialProblems(nodes), {
      wrapper: ({ children }) => (
        <TestProviders options={{ user: testUser(), language }}>
          <CredentialsClientContext.Provider value={fake.client}>{children}</CredentialsClientContext.Provider>
        </TestProviders>
      ),
    });

  test('an agent naming a deleted credential is a problem of that node, translated', async () => {
    const { result } = hook(server(), workflow('gone'), 'fr');
    await waitFor(() => expect(result.current).toHaveLength(1));
    expect(result.current[0]).toMatchObject({ nodeId: 'agent-1', path: 'credentialId', code: 'invalid-params' });
    expect(result.current[0]!.message).toMatch(/^L’identifiant d’IA de cet agent a été supprimé/);
  });

  test('an agent with a credential the user has, or none, is fine, and without one nothing is asked', async () => {
    const fake = server();
    const { result } = hook(fake, workflow('c1'));
    await waitFor(() => expect(fake.requests).toHaveLength(1));
    expect(result.current).toEqual([]);
    const quiet = server();
    hook(quiet, workflow());
    expect(quiet.requests).toEqual([]);
  });

  test('an HTTP credential is no model provider', async () => {
    const { result } = hook(server(), workflow('c3'));
    await waitFor(() => expect(result.current).toHaveLength(1));
  });

  test('an HTTP step and an agent’s HTTP tools are checked too: a deleted or AI credential there is a problem at its path, naming the tool', async () => {
    const nodes = [
      { id: 'agent-1', type: 'agent', name: 'Writer', position: { x: 0, y: 0 }, params: { name: 'Writer', credentialId: 'c1', tools: { http: [{ name: 'crm', credentialId: 'gone' }, { name: 'erp', credentialId: 'c3' }] } } },
      { id: 'post', type: 'http', name: 'Post', position: { x: 0, y: 0 }, params: { credentialId: 'c2' } },
      { id: 'fine', type: 'http', name: 'Fine', position: { x: 0, y: 0 }, params: { credentialId: 'c3' } },
    ] as Workflow['nodes'];
    const { result } = hook(server(), { nodes });
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(result.current).toEqual([
      {
        code: 'invalid-params',
        nodeId: 'agent-1',
        path: 'tools.http.0.credentialId',
        message: 'The credential of the tool “crm” was deleted, or you may not use it: move the tool’s secret into a credential again, or set another credentialId.',
      },
      { code: 'invalid-params', nodeId: 'post', path: 'credentialId', message: 'This step’s credential was deleted, or you may not use it: pick another one.' },
    ]);
  });

  test('in German the HTTP step’s problem is German', async () => {
    const nodes = [{ id: 'post', type: 'http', name: 'Post', position: { x: 0, y: 0 }, params: { credentialId: 'gone' } }] as Workflow['nodes'];
    const { result } = renderHook(() => useCredentialProblems({ nodes }), {
      wrapper: ({ children }) => (
        <TestProviders options={{ user: testUser(), language: 'de' }}>
          <CredentialsClientContext.Provider value={server().client}>{children}</CredentialsClientContext.Provider>
        </TestProviders>
      ),
    });
    await waitFor(() => expect(result.current).toHaveLength(1));
    expect(result.current[0]!.message).toBe('Die Zugangsdaten dieses Schritts wurden gelöscht, oder Sie dürfen sie nicht verwenden: Wählen Sie andere.');
  });
});
