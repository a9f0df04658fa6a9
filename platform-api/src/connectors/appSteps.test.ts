// App steps and agents' app tools inside runs, against the emulators, the
// fake HubSpot and Slack APIs and the fake OpenAI-compatible model: values
// rendered from the run (a whole placeholder keeps its type), the app fee
// charged per step and per tool call, refusals in plain words, credentials
// checked before the run starts, and an agent that calls two app
// operations as tools, each recorded as a child step.
import { stepCredentialMissing, stepCredentialWrongKind } from '@agentflow/shared/server';
import { startFakeHubSpot, type FakeHubSpot } from './hubspot/testing/fakeHubSpot';
import { startFakeSlack, type FakeSlack } from './slack/testing/fake';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let hubspot: FakeHubSpot;
let slack: FakeSlack;
let model: FakeOpenAI;
let alice: RunsUser;
let hubspotCredential: string;
let slackCredential: string;
const HUBSPOT_TOKEN = 'pat-na1-alice-private-app-token';

beforeAll(async () => {
  hubspot = await startFakeHubSpot();
  hubspot.grant(HUBSPOT_TOKEN);
  slack = await startFakeSlack('xoxb-alice-bot-token');
  model = await startFakeOpenAI();
  h = await startRunsHarness('apps', {
    env: { CONNECTOR_HUBSPOT_BASE_URL: hubspot.url, CONNECTOR_SLACK_BASE_URL: slack.url, AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' },
    limits: { retryBaseDelayMs: 10 },
  });
  alice = await h.createUser('alice', { tokens: 5000 });
  const created = await h.call('POST', '/api/credentials', { user: alice, body: { type: 'hubspotToken', name: 'HubSpot', secrets: { token: HUBSPOT_TOKEN } } });
  expect(created.status).toBe(201);
  hubspotCredential = created.body.id;
  const bot = await h.call('POST', '/api/credentials', { user: alice, body: { type: 'slackBot', name: 'Slack', secrets: { token: 'xoxb-alice-bot-token' } } });
  expect(bot.status).toBe(201);
  slackCredential = bot.body.id;
});

afterAll(async () => {
  await h?.close();
  await Promise.all([hubspot?.close(), slack?.close(), model?.close()]);
});

const lead = () => manual([{ key: 'company', type: 'string' }, { key: 'amount', type: 'number' }, { key: 'contactId', type: 'string' }]);
const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;

async function run(workflowId: string, input: Record<string, unknown>) {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: alice, body: { input } });
  expect(started.status).toBe(202);
  return h.waitForRun(started.body.runId, ['succeeded', 'failed']);
}

it('creates a HubSpot deal from the run’s input, charges the app fee once, and keeps no secret in the run', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [lead(), node('deal', 'connector', { connector: 'hubspot', operation: 'createDeal', credentialId: hubspotCredential, params: { dealname: 'New lead: {{ input.company }}', amount: '{{ input.amount }}', dealstage: 'qualifiedtobuy' } }, 'Create deal')],
    [edge('trigger', 'deal')],
  );
  const done = await run(wf.id, { company: 'Globex', amount: 12500 });
  expect(done.status).toBe('succeeded');
  const step = stepOf(done, 'deal');
  expect(step.output).toMatchObject({ id: expect.any(String), properties: { dealname: 'New lead: Globex', amount: '12500', dealstage: 'qualifiedtobuy' } });
  expect(step.tokens).toBe(1);
  const deal = hubspot.deals.find((d) => d.id === step.output.id)!;
  expect(deal.properties).toMatchObject({ dealname: 'New lead: Globex', amount: '12500' });
  expect(JSON.stringify(done)).not.toContain(HUBSPOT_TOKEN);
});

it('fails the step in plain words: a value the operation refuses after rendering, and HubSpot’s own refusal', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [lead(), node('deal', 'connector', { connector: 'hubspot', operation: 'createDeal', credentialId: hubspotCredential, params: { dealname: 'Deal', amount: '{{ input.company }}' } }, 'Create deal')],
    [edge('trigger', 'deal')],
  );
  const bad = await run(wf.id, { company: 'not a number' });
  expect(bad.status).toBe('failed');
  expect(stepOf(bad, 'deal').error).toBe('Create deal: amount must be a number');

  const update = await h.saveWorkflow(
    alice.uid,
    [lead(), node('move', 'connector', { connector: 'hubspot', operation: 'updateDeal', credentialId: hubspotCredential, params: { dealId: '{{ input.contactId }}', dealstage: 'closedwon' } }, 'Win deal')],
    [edge('trigger', 'move')],
  );
  const missing = await run(update.id, { contactId: '999999' });
  expect(missing.status).toBe('failed');
  expect(stepOf(missing, 'move').error).toMatch(/^HubSpot refused the request: .+ \(HTTP 404\)$/);
});

it('refuses to start a run whose app step names a credential of another app or one that is gone', async () => {
  const wrong = await h.saveWorkflow(alice.uid, [lead(), node('deal', 'connector', { connector: 'hubspot', operation: 'searchDeals', credentialId: slackCredential, params: {} }, 'Find deals')], [edge('trigger', 'deal')]);
  const refused = await h.call('POST', `/api/workflows/${wrong.id}/runs`, { user: alice, body: { input: {} } });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe(stepCredentialWrongKind('Find deals'));
  const gone = await h.saveWorkflow(alice.uid, [lead(), node('deal', 'connector', { connector: 'hubspot', operation: 'searchDeals', credentialId: 'doesNotExist123', params: {} }, 'Find deals')], [edge('trigger', 'deal')]);
  const refusedGone = await h.call('POST', `/api/workflows/${gone.id}/runs`, { user: alice, body: { input: {} } });
  expect(refusedGone.status).toBe(409);
  expect(refusedGone.body.error).toBe(stepCredentialMissing('Find deals'));
});

it('lets an agent use two app operations as tools: each call is a child step with its input, output and fee', async () => {
  const channel = slack.addChannel('sales');
  hubspot.seed('contacts', { email: 'ada@globex.test', firstname: 'Ada', lastname: 'Lovelace' });
  model.script(
    {
      match: { system: 'sales assistant', afterToolResults: false },
      reply: {
        toolCalls: [
          { name: 'hubspot_searchContacts', arguments: { query: 'ada@globex.test' } },
          { name: 'slack_postMessage', arguments: { channel: channel.id, text: 'Ada from Globex is a hot lead' } },
        ],
      },
    },
    { match: { system: 'sales assistant', afterToolResults: true }, reply: { text: 'Found Ada and told the sales channel.' } },
  );
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      lead(),
      node('assistant', 'agent', {
        name: 'Assistant',
        role: 'You are the sales assistant.',
        promptTemplate: 'New lead from {{ input.company }}',
        tools: { http: [], delegates: [], connectors: [{ connector: 'hubspot', operation: 'searchContacts', credentialId: hubspotCredential }, { connector: 'slack', operation: 'postMessage', credentialId: slackCredential }] },
      }),
    ],
    [edge('trigger', 'assistant')],
  );
  const done = await run(wf.id, { company: 'Globex' });
  expect(done.error ?? null).toBeNull();
  expect(done.status).toBe('succeeded');
  // The model was offered both tools, described from the declarations.
  const offered = model.requests[0]!.toolDefinitions;
  expect(offered.map((t) => t.name).sort()).toEqual(['hubspot_searchContacts', 'slack_postMessage']);
  expect(offered.find((t) => t.name === 'slack_postMessage')!.description).toMatch(/^Slack: .+This changes data in Slack\.$/);
  const children = done.steps.filter((s) => s.parentStepId === 'assistant');
  expect(children.map((c) => [c.id, c.type, c.status, c.tokens])).toEqual([
    ['assistant/hubspot_searchContacts#1', 'connector', 'succeeded', 1],
    ['assistant/slack_postMessage#1', 'connector', 'succeeded', 1],
  ]);
  expect(children[0]!.input).toEqual({ query: 'ada@globex.test' });
  expect(children[0]!.output).toMatchObject({ total: 1, results: [{ properties: { email: 'ada@globex.test' } }] });
  expect(children[1]!.output).toMatchObject({ channel: channel.id, ts: expect.any(String) });
  expect(slack.messages).toEqual([expect.objectContaining({ channel: channel.id, text: 'Ada from Globex is a hot lead' })]);
  expect(stepOf(done, 'assistant').output).toBe('Found Ada and told the sales channel.');
  expect(JSON.stringify(done)).not.toContain('xoxb-alice-bot-token');
});
