// An agent's app tools: added from a picker grouped by app, an account each,
// removed; the tools JSON keeps http and delegates without erasing them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createNode, emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../builder/testing/xyflowStubs';
import { createFakeCredentialsServer, fakeCredential } from '../credentials/testing/fakeCredentialsServer';
import { createFakeConnectorsServer } from './testing/fakeConnectorsServer';
import { renderBuilderWithApps } from '../builder/testing/renderWithApps';
import { rememberSignIn } from './oauthReturn';

installXyflowStubs();

function agentWorkflow(): Workflow {
  const base = emptyWorkflow('user-1', 'Leads', { id: 'wf-1' });
  const agent = { ...createNode('agent', { x: 300, y: 0 }, ['manual-1']), id: 'agent-1' };
  return { ...base, version: 1, nodes: [...base.nodes, agent], edges: [{ id: 'e1', source: base.nodes[0]!.id, target: 'agent-1' }] };
}

test('app tools are added, given an account and removed; the JSON editor keeps them', async () => {
  const credentials = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c-slack', name: 'Team bot', type: 'slackBot', secretHints: { token: '••••9999' }, secrets: { token: 'xoxb-9999' } })] });
  const docs = await renderBuilderWithApps(agentWorkflow(), { credentials, connectors: createFakeConnectorsServer(credentials) });
  fireEvent.click(screen.getAllByTestId('builder-node').find((n) => n.dataset.nodeId === 'agent-1')!);
  const tools = await screen.findByTestId('app-tools');
  expect(tools).toHaveTextContent('No app tools yet.');
  const picker = within(tools).getByRole('combobox', { name: 'Add app tool' });
  expect([...picker.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(expect.arrayContaining(['HubSpot', 'Slack', 'Google Sheets']));
  fireEvent.change(picker, { target: { value: 'slack.postMessage' } });
  fireEvent.click(within(tools).getByRole('button', { name: 'Add app tool' }));
  fireEvent.change(picker, { target: { value: 'hubspot.searchContacts' } });
  fireEvent.click(within(tools).getByRole('button', { name: 'Add app tool' }));
  expect(within(tools).getAllByTestId('app-tool').map((li) => li.querySelector('strong')?.textContent)).toEqual(['Slack → Post message', 'HubSpot → Search contacts']);
  // Taken operations leave the picker; a tool that changes data says so.
  expect(within(picker).queryByRole('option', { name: 'Slack → Post message' })).toBeNull();
  expect(within(tools).getAllByTestId('app-tool')[0]).toHaveTextContent('changes data');

  const account = within(tools).getByLabelText('Account for Slack → Post message');
  await within(account).findByRole('option', { name: 'Team bot' });
  fireEvent.change(account, { target: { value: 'c-slack' } });
  const toolsOf = () => docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === 'agent-1')?.params.tools;
  await waitFor(
    () =>
      expect(toolsOf()).toEqual({
        http: [],
        delegates: [],
        connectors: [
          { connector: 'slack', operation: 'postMessage', credentialId: 'c-slack' },
          { connector: 'hubspot', operation: 'searchContacts' },
        ],
      }),
    { timeout: 5000 },
  );

  // The JSON view shows http and delegates only; editing it keeps the app tools.
  fireEvent.click(within(screen.getByText('Web tools').closest('[data-testid="structured-field"]') as HTMLElement).getByRole('button', { name: 'Edit as JSON' }));
  const json = screen.getByLabelText('Tools (JSON)');
  expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ http: [], delegates: [] });
  fireEvent.change(json, { target: { value: JSON.stringify({ http: [], delegates: ['agent-9'] }) } });
  await waitFor(() => expect(toolsOf()).toMatchObject({ delegates: ['agent-9'], connectors: [expect.objectContaining({ connector: 'slack' }), expect.objectContaining({ connector: 'hubspot' })] }), { timeout: 5000 });

  fireEvent.click(within(tools).getByRole('button', { name: 'Remove HubSpot → Search contacts' }));
  fireEvent.click(within(tools).getByRole('button', { name: 'Remove Slack → Post message' }));
  await waitFor(() => expect(toolsOf()).toEqual({ http: [], delegates: ['agent-9'] }), { timeout: 5000 });
});

test('back from a sign-in an agent tool started: that tool gets the new account', async () => {
  const base = agentWorkflow();
  const agent = base.nodes[1]!;
  const workflow = { ...base, nodes: [base.nodes[0]!, { ...agent, params: { ...agent.params, tools: { http: [], delegates: [], connectors: [{ connector: 'slack', operation: 'postMessage' }, { connector: 'gmail', operation: 'sendEmail' }] } } }] };
  const credentials = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c-g', name: 'Google', type: 'googleOAuth', settings: { account: 'anna@example.com' }, secretHints: {}, secrets: {} })] });
  rememberSignIn({ nodeId: 'agent-1', toolIndex: 1, returnTo: '/workflows/wf-1', credentialType: 'googleOAuth' });
  const docs = await renderBuilderWithApps(workflow, { credentials, connectors: createFakeConnectorsServer(credentials, { google: true }) }, { route: '/workflows/wf-1?connected=c-g' });
  expect(await screen.findByText('Gmail account connected')).toBeInTheDocument();
  await waitFor(
    () =>
      expect(docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === 'agent-1')?.params.tools).toEqual({
        http: [],
        delegates: [],
        connectors: [
          { connector: 'slack', operation: 'postMessage' },
          { connector: 'gmail', operation: 'sendEmail', credentialId: 'c-g' },
        ],
      }),
    { timeout: 5000 },
  );
  expect(within(await screen.findByTestId('app-tools')).getByLabelText('Account for Gmail → Send e-mail')).toHaveValue('c-g');
});
