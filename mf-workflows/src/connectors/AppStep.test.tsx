// The app step's form in the builder: made from the declaration, an account
// picked from the credentials of the app's types, "Connect <App>" through the
// OAuth start and back, and the key form when sign-in is not set up.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createNode, emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../builder/testing/xyflowStubs';
import { createFakeCredentialsServer, fakeCredential, type StoredCredential } from '../credentials/testing/fakeCredentialsServer';
import { browser } from './api';
import { createFakeConnectorsServer } from './testing/fakeConnectorsServer';
import { renderBuilderWithApps } from '../builder/testing/renderWithApps';
import { rememberSignIn } from './oauthReturn';

installXyflowStubs();

function appWorkflow(params: Record<string, unknown> = { connector: 'hubspot', operation: 'createDeal', params: {} }): Workflow {
  const base = emptyWorkflow('user-1', 'Leads', { id: 'wf-1' });
  const app = { ...createNode('connector', { x: 300, y: 0 }, ['manual-1']), id: 'app-1', name: 'Deal', params };
  return { ...base, version: 1, nodes: [...base.nodes, app], edges: [{ id: 'e1', source: base.nodes[0]!.id, target: 'app-1' }] };
}

const hubspotToken = (id: string, name: string): StoredCredential => fakeCredential({ id, name, type: 'hubspotToken', secretHints: { token: '••••abcd' }, secrets: { token: 'pat-na1-abcd' } });

function setUp(oauth: { hubspot?: boolean; google?: boolean } = {}, credentials: StoredCredential[] = []) {
  const credentialsServer = createFakeCredentialsServer({ credentials });
  return { credentials: credentialsServer, connectors: createFakeConnectorsServer(credentialsServer, oauth) };
}

async function openApp(servers: ReturnType<typeof setUp>, workflow = appWorkflow(), route?: string) {
  const docs = await renderBuilderWithApps(workflow, servers, { route });
  fireEvent.click(screen.getAllByTestId('builder-node').find((n) => n.dataset.nodeId === 'app-1')!);
  const panel = await screen.findByTestId('app-step-form');
  return { docs, panel };
}

const savedApp = (docs: Awaited<ReturnType<typeof openApp>>['docs']) => docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === 'app-1')?.params;

afterEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
});

test('one field per param, of the kind its schema asks for, required ones marked, problems under their field', async () => {
  const { docs, panel } = await openApp(setUp(), appWorkflow({ connector: 'hubspot', operation: 'createDeal', params: { amount: 'lots' } }));
  expect(within(panel).getByText(/use data from earlier steps with a template such as \{\{ input\.name \}\}/)).toBeInTheDocument();
  const dealname = within(panel).getByLabelText(/^Deal name/);
  expect(dealname).toHaveAttribute('aria-required', 'true');
  expect(dealname.closest('.builder-field')).toHaveTextContent('Deal name *');
  expect(within(panel).getByLabelText(/^Amount/).closest('.builder-field')).toHaveTextContent('This value is not valid.');
  // The select's options speak the user's words; the date-time has its hint; the record is rows, not JSON.
  const stage = within(panel).getByLabelText(/^Deal stage/);
  expect(within(stage).getByRole('option', { name: 'Closed won' })).toHaveValue('closedwon');
  expect(within(panel).getByLabelText(/^Close date/).closest('.builder-field')).toHaveTextContent('A date and time, or a template');
  expect(within(panel).getByRole('group', { name: 'Other properties' })).toHaveTextContent('No values yet.');

  fireEvent.change(dealname, { target: { value: '{{ input.company }} deal' } });
  fireEvent.change(within(panel).getByLabelText(/^Amount/), { target: { value: '1500' } });
  fireEvent.change(stage, { target: { value: 'closedwon' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Add a value' }));
  fireEvent.change(within(panel).getByLabelText('Other properties: Name 1'), { target: { value: 'lifecyclestage' } });
  fireEvent.change(within(panel).getByLabelText('Other properties: Value 1'), { target: { value: 'lead' } });
  await waitFor(() =>
    expect(savedApp(docs)).toEqual({
      connector: 'hubspot',
      operation: 'createDeal',
      params: { dealname: '{{ input.company }} deal', amount: 1500, dealstage: 'closedwon', properties: { lifecyclestage: 'lead' } },
    }),
  { timeout: 5000 });
  expect(within(panel).getByLabelText(/^Amount/).closest('.builder-field')).not.toHaveTextContent('This value is not valid.');
  fireEvent.click(within(panel).getByRole('button', { name: 'Remove “lifecyclestage”' }));
  await waitFor(() => expect(savedApp(docs)?.params).not.toHaveProperty('properties'), { timeout: 5000 });
});

test('other apps’ fields: e-mail, textarea, checkbox and file expression; another action keeps the values it shares', async () => {
  const { docs, panel } = await openApp(setUp(), appWorkflow({ connector: 'email', operation: 'sendEmail', params: {} }));
  expect(within(panel).getByLabelText(/^Message body/).tagName).toBe('TEXTAREA');
  const html = within(panel).getByLabelText(/^The body is HTML/);
  expect(html).toHaveAttribute('type', 'checkbox');
  expect(within(panel).getByLabelText(/^Reply-to address/)).toHaveAttribute('inputmode', 'email');
  expect(within(panel).getByLabelText(/^Attachments/).closest('.builder-field')).toHaveTextContent('{{ input.report }}');
  fireEvent.click(html);
  fireEvent.change(within(panel).getByLabelText(/^To/), { target: { value: 'a@example.com' } });
  await waitFor(() => expect(savedApp(docs)?.params).toEqual({ html: true, to: 'a@example.com' }), { timeout: 5000 });

  // Gmail's Send keeps "To"; its own fields replace the rest.
  fireEvent.change(within(panel).getByLabelText('App'), { target: { value: 'gmail' } });
  await waitFor(() => expect(savedApp(docs)).toEqual({ connector: 'gmail', operation: 'sendEmail', params: {} }), { timeout: 5000 });
  fireEvent.change(within(panel).getByLabelText(/^To/), { target: { value: 'b@example.com' } });
  fireEvent.change(within(panel).getByLabelText('Action'), { target: { value: 'searchMessages' } });
  await waitFor(() => expect(savedApp(docs)).toEqual({ connector: 'gmail', operation: 'searchMessages', params: {} }), { timeout: 5000 });
  expect(within(panel).getByLabelText(/^Search text/)).toBeInTheDocument();
});

test('the account is picked from the user’s credentials of the app’s types', async () => {
  const servers = setUp({ hubspot: true }, [hubspotToken('c-hs', 'Sales portal'), fakeCredential({ id: 'c-ai', name: 'OpenAI work' })]);
  const { docs, panel } = await openApp(servers);
  const account = within(panel).getByLabelText('Account');
  expect(account).toHaveAccessibleDescription('Connect an account for this step.');
  await within(account).findByRole('option', { name: 'Sales portal' });
  expect(within(account).queryByRole('option', { name: 'OpenAI work' })).not.toBeInTheDocument();
  fireEvent.change(account, { target: { value: 'c-hs' } });
  await waitFor(() => expect(savedApp(docs)).toMatchObject({ credentialId: 'c-hs' }), { timeout: 5000 });
  expect(account).not.toHaveAccessibleDescription(/is required/);
});

test('Connect <App> starts the sign-in with the builder as the way back, and the return picks the account for the step', async () => {
  const servers = setUp({ hubspot: true });
  const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
  const { panel } = await openApp(servers);
  fireEvent.click(await within(panel).findByRole('button', { name: 'Connect HubSpot' }));
  await waitFor(() => expect(go).toHaveBeenCalledWith('https://provider.test/authorize?state=state-1'));
  expect(servers.connectors.starts).toEqual([{ credentialType: 'hubspotOAuth', name: 'HubSpot', returnTo: '/workflows/wf-1' }]);
  expect(JSON.parse(sessionStorage.getItem('agentflow.connectorSignIn')!)).toEqual({ nodeId: 'app-1', returnTo: '/workflows/wf-1', credentialType: 'hubspotOAuth' });
});

test('Connect <App> stores the workflow before leaving for the provider: an edit of the last second comes back', async () => {
  const servers = setUp({ hubspot: true });
  const { docs, panel } = await openApp(servers);
  let savedWhenLeaving: unknown = null;
  const go = jest.spyOn(browser, 'go').mockImplementation(() => {
    savedWhenLeaving = savedApp(docs);
  });
  // Typed and Connect pressed at once: the autosave's delay has not passed.
  fireEvent.change(within(panel).getByLabelText(/^Deal name/), { target: { value: 'Lead: {{ input.company }}' } });
  fireEvent.click(await within(panel).findByRole('button', { name: 'Connect HubSpot' }));
  await waitFor(() => expect(go).toHaveBeenCalled());
  expect(savedWhenLeaving).toMatchObject({ connector: 'hubspot', operation: 'createDeal', params: { dealname: 'Lead: {{ input.company }}' } });
});

test('back from the sign-in with ?connected: the step gets the new account, a toast says so, the URL is clean', async () => {
  const servers = setUp({ hubspot: true }, [fakeCredential({ id: 'c-new', name: 'HubSpot', type: 'hubspotOAuth', settings: { account: 'portal 4242' }, secretHints: {}, secrets: {} })]);
  rememberSignIn({ nodeId: 'app-1', returnTo: '/workflows/wf-1', credentialType: 'hubspotOAuth' });
  const docs = await renderBuilderWithApps(appWorkflow(), servers, { route: '/workflows/wf-1?connected=c-new' });
  expect(await screen.findByText('HubSpot account connected')).toBeInTheDocument();
  await waitFor(() => expect(savedApp(docs)).toMatchObject({ credentialId: 'c-new' }), { timeout: 5000 });
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/wf-1$/);
  const account = within(await screen.findByTestId('app-step-form')).getByLabelText('Account');
  await waitFor(() => expect(account).toHaveValue('c-new'));
  expect(within(account).getByRole('option', { name: 'HubSpot (portal 4242)' })).toBeInTheDocument();
  expect(sessionStorage.getItem('agentflow.connectorSignIn')).toBeNull();
});

test('back with ?oauthError: the reason in the user’s words, nothing changed', async () => {
  const servers = setUp({ hubspot: true });
  rememberSignIn({ nodeId: 'app-1', returnTo: '/workflows/wf-1', credentialType: 'hubspotOAuth' });
  const docs = await renderBuilderWithApps(appWorkflow(), servers, { route: '/workflows/wf-1?oauthError=oauth_denied', language: 'de' });
  expect(await screen.findByText('Die Anmeldung wurde beim Anbieter abgebrochen, es wurde nichts verbunden.')).toBeInTheDocument();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(docs.saves).toEqual([]);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/wf-1$/);
});

test('sign-in not set up: said so, and the app’s token form makes the account instead', async () => {
  const servers = setUp({ hubspot: false });
  const { docs, panel } = await openApp(servers);
  expect(await within(panel).findByTestId('sign-in-not-set-up')).toHaveTextContent('HubSpot sign-in is not set up on this server.');
  expect(within(panel).queryByRole('button', { name: 'Connect HubSpot' })).not.toBeInTheDocument();
  fireEvent.click(within(panel).getByRole('button', { name: 'Connect with a HubSpot private app token instead' }));
  const form = within(panel).getByRole('form', { name: 'Connect HubSpot with a key' });
  expect(within(form).queryByLabelText('Type')).toBeNull();
  fireEvent.change(within(form).getByLabelText('Token'), { target: { value: 'pat-na1-secret-0001' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(savedApp(docs)).toMatchObject({ credentialId: 'cred-1' }), { timeout: 5000 });
  expect(servers.credentials.requests.find((r) => r.method === 'POST')?.body).toEqual({ type: 'hubspotToken', name: 'HubSpot', settings: {}, secrets: { token: 'pat-na1-secret-0001' } });
  expect(await screen.findByText('HubSpot account connected')).toBeInTheDocument();
  expect(servers.connectors.starts).toEqual([]);
});

test('an account made in a step’s form is known to the builder’s own check at once (no “credential deleted” problem)', async () => {
  const servers = setUp({ hubspot: false }, [hubspotToken('c-old', 'Old portal')]);
  // Another step already uses an account: the builder read the list before the new one existed.
  const base = appWorkflow();
  const other = { ...createNode('connector', { x: 300, y: 200 }, base.nodes.map((n) => n.id)), id: 'app-0', name: 'Find', params: { connector: 'hubspot', operation: 'searchDeals', credentialId: 'c-old', params: {} } };
  const workflow = { ...base, nodes: [...base.nodes, other], edges: [...base.edges, { id: 'e0', source: base.nodes[0]!.id, target: 'app-0' }] };
  const { docs, panel } = await openApp(servers, workflow);
  fireEvent.click(within(panel).getByRole('button', { name: 'Connect with a HubSpot private app token instead' }));
  const form = within(panel).getByRole('form', { name: 'Connect HubSpot with a key' });
  fireEvent.change(within(form).getByLabelText('Token'), { target: { value: 'pat-na1-secret-0002' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(savedApp(docs)).toMatchObject({ credentialId: 'cred-1' }), { timeout: 5000 });
  const problems = screen.getByTestId('problems-list');
  await waitFor(() => expect(problems).not.toHaveTextContent(/credential/i));
  // Only the deal's own missing name is left.
  expect(problems).toHaveTextContent('Problems (1)Deal – Deal name: This is required.');
});

test('each app trigger says how its own checks go: one failing in the app’s words, the other watching (a failing check starts no run)', async () => {
  const servers = setUp({}, [hubspotToken('c1', 'Sales portal')]);
  servers.connectors.pollStatus = {
    triggers: {
      'poll-1': { state: 'failing', lastPolledAt: '2026-11-26T09:00:00.000Z', lastError: 'HubSpot did not accept the connected account: reconnect it on the Credentials page', lastErrorAt: '2026-11-26T09:05:00.000Z' },
      'poll-2': { state: 'watching', lastPolledAt: '2026-11-26T09:10:00.000Z', lastError: null, lastErrorAt: null },
    },
  };
  const base = emptyWorkflow('user-1', 'Deals', { id: 'wf-1' });
  const pollTrigger = (id: string, name: string, y: number) => ({ ...createNode('trigger.poll', { x: 0, y }, []), id, name, params: { connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c1', params: {}, intervalMinutes: 5 } });
  const workflow = { ...base, version: 1, nodes: [pollTrigger('poll-1', 'Deal changed', 0), pollTrigger('poll-2', 'Other deals', 200)], edges: [] };
  await renderBuilderWithApps(workflow, servers);
  const select = (id: string) => fireEvent.click(screen.getAllByTestId('builder-node').find((n) => n.dataset.nodeId === id)!);

  select('poll-1');
  const failing = await screen.findByTestId('poll-status');
  expect(failing).toHaveAttribute('role', 'alert');
  expect(failing).toHaveTextContent(/^The last check failed \(.+\): HubSpot did not accept the connected account: reconnect it on the Credentials page$/);

  select('poll-2');
  await waitFor(() => expect(screen.getByTestId('poll-status')).toHaveAttribute('data-state', 'watching'));
  expect(screen.getByTestId('poll-status')).toHaveAttribute('role', 'status');
  expect(screen.getByTestId('poll-status')).not.toHaveTextContent(/HubSpot did not accept/);
});
