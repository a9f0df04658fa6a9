// The HTTP node's credential in the builder: a secret in a header is a warning
// (in the form and the problems list, not a problem), moved into a new vault
// credential in one click; and the Credential select. platform-api is faked at
// the fetch boundary.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultParams, templateById, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import type { fakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { createFakeCredentialsServer, fakeCredential } from '../credentials/testing/fakeCredentialsServer';
import { renderBuilderWithCredentials } from '../testing/renderBuilderWithCredentials';

installXyflowStubs();

const SECRET = 'live-secret-0042';

/** The sales template's copy plus an HTTP step carrying `headers`, and an agent whose tool carries a key. */
function workflowWith(headers: Record<string, string>, toolKey?: string): Workflow {
  const template = templateById('tpl-sales-follow-up-email')!;
  const call: WorkflowNode = { id: 'call', type: 'http', name: 'Call CRM', position: { x: 0, y: 400 }, params: { ...defaultParams('http'), headers } };
  const nodes = template.nodes.map((node) =>
    node.id === 'draft' && toolKey
      ? { ...node, params: { ...node.params, tools: { http: [{ name: 'crm', description: 'CRM', method: 'GET', url: 'https://crm.example.com', headers: { 'X-Api-Key': toolKey } }], delegates: [] } } }
      : node,
  );
  return { ...template, id: 'wf-1', visibility: 'private', ownerId: 'user-1', version: 2, nodes: [...nodes, call] } as Workflow;
}

async function open(workflow: Workflow) {
  const server = createFakeCredentialsServer({
    credentials: [
      fakeCredential({ id: 'c1', name: 'OpenAI work' }),
      fakeCredential({ id: 'c3', name: 'Partner API', type: 'httpBearer', secretHints: { token: '••••9999' }, secrets: { token: 'partner-9999' } }),
    ],
  });
  return renderBuilderWithCredentials(workflow, server);
}

const node = (id: string) => document.querySelector<HTMLElement>(`[data-testid="builder-node"][data-node-id="${id}"]`)!;
const savedParams = (docs: ReturnType<typeof fakeWorkflowDocs>, id: string) => docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === id)?.params;

test('a literal secret is a warning in the node’s form and in the problems list, not a problem', async () => {
  await open(workflowWith({ Authorization: `Bearer ${SECRET}`, Accept: 'application/json' }, 'crm-key-1'));
  const list = screen.getByTestId('problems-list');
  const warnings = within(list).getByTestId('warnings-list');
  expect(within(warnings).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Warning – .*\(tools\.http\.0\.headers\.X-Api-Key\): The header “X-Api-Key” of the tool “crm” holds a secret/),
    expect.stringMatching(/^Warning – Call CRM \(headers\.Authorization\): The header “Authorization” holds a secret in plain text.*move this secret to a credential/),
  ]);
  // Not counted with the problems (the heading counts only the problem items), and no problem badge on the node for it.
  const problemItems = within(list).getAllByRole('listitem').length - 2;
  expect(within(list).getByRole('heading')).toHaveTextContent(`Problems (${problemItems})`);
  const before = Number(node('call').dataset.problems);

  fireEvent.click(within(warnings).getByRole('button', { name: /Call CRM/ }));
  const panel = await screen.findByTestId('config-panel');
  const warning = within(panel).getByTestId('literal-secret-warning');
  expect(warning).toHaveTextContent('The header “Authorization” holds a secret in plain text');
  expect(within(warning).getByRole('button', { name: 'Move to a credential' })).toBeEnabled();
  expect(Number(node('call').dataset.problems)).toBe(before);

  // An agent tool's secret is in the agent's form too, with its own move (AgentToolSecrets.test.tsx moves it).
  fireEvent.click(within(warnings).getByRole('button', { name: /tools\.http\.0/ }));
  const agentPanel = await screen.findByTestId('config-panel');
  await waitFor(() => expect(within(agentPanel).getByTestId('literal-secret-warning')).toHaveTextContent('The header “X-Api-Key” of the tool “crm” holds a secret'));
  expect(within(within(agentPanel).getByTestId('literal-secret-warning')).getByRole('button', { name: 'Move to a credential' })).toBeEnabled();
});

test('moving the secret creates the credential and rewrites the node, which autosave saves', async () => {
  const { server, docs } = await open(workflowWith({ Authorization: `Bearer ${SECRET}`, Accept: 'application/json' }));
  fireEvent.click(node('call'));
  const panel = await screen.findByTestId('config-panel');
  fireEvent.click(within(panel).getByRole('button', { name: 'Move to a credential' }));

  await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({
    path: '/api/credentials',
    body: { type: 'httpBearer', name: 'Call CRM – Authorization', settings: {}, secrets: { token: SECRET } },
  });
  await waitFor(() => expect(within(panel).queryByTestId('literal-secret-warning')).toBeNull());
  expect(within(screen.getByTestId('problems-list')).queryByTestId('warnings-list')).toBeNull();
  // The select names the new credential once the list is read again.
  await waitFor(() => expect(within(panel).getByLabelText('Credential')).toHaveDisplayValue('Call CRM – Authorization'));

  await waitFor(() => expect(savedParams(docs, 'call')).toMatchObject({ credentialId: 'cred-1', headers: { Accept: 'application/json' } }), { timeout: 5000 });
  expect(JSON.stringify(docs.saves.at(-1)!.workflow)).not.toContain(SECRET);
});

test('Basic auth moves as username and password; a failed create says why and leaves the node as it was', async () => {
  const { server, docs } = await open(workflowWith({ Authorization: `Basic ${btoa(`ada:${SECRET}`)}` }));
  server.once('POST', /^\/api\/credentials$/, () => new Response(JSON.stringify({ error: 'no key', code: 'credentials_not_configured' }), { status: 503, headers: { 'Content-Type': 'application/json' } }));
  fireEvent.click(node('call'));
  const panel = await screen.findByTestId('config-panel');
  fireEvent.click(within(panel).getByRole('button', { name: 'Move to a credential' }));
  expect(await within(panel).findByText(/^The secret was not moved: /)).toBeInTheDocument();
  expect(within(panel).getByTestId('literal-secret-warning')).toBeInTheDocument();

  fireEvent.click(within(panel).getByRole('button', { name: 'Move to a credential' }));
  await waitFor(() => expect(savedParams(docs, 'call')).toMatchObject({ credentialId: 'cred-1' }), { timeout: 5000 });
  expect(savedParams(docs, 'call')?.headers).toEqual({});
  expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({ type: 'httpBasic', settings: { username: 'ada' }, secrets: { password: SECRET } });
});

test('the Credential select offers none and the user’s HTTP credentials by name, links to manage them, and is saved with the node', async () => {
  const { docs } = await open(workflowWith({ Accept: 'application/json' }));
  fireEvent.click(node('call'));
  const panel = await screen.findByTestId('config-panel');
  const select = within(panel).getByLabelText('Credential');
  await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['No credential', 'Partner API']));
  expect(within(panel).queryByTestId('literal-secret-warning')).toBeNull();
  expect(within(panel).getByRole('link', { name: 'Manage credentials' })).toHaveAttribute('href', '/workflows/credentials');

  fireEvent.change(select, { target: { value: 'c3' } });
  await waitFor(() => expect(savedParams(docs, 'call')).toMatchObject({ credentialId: 'c3' }), { timeout: 5000 });
  fireEvent.change(select, { target: { value: '' } });
  await waitFor(() => expect(savedParams(docs, 'call')).not.toHaveProperty('credentialId'), { timeout: 5000 });
});
