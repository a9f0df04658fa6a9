// GET /api/workflows/:id/poll: the owner sees whether the app trigger is
// watching, failing (in the provider's words) or about to start over after
// an edit; nobody else sees it.
import { CREDENTIALS_API } from '@agentflow/shared/credentials';
import { pollStatusPath } from '@agentflow/shared/workflow';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { startFakeHubSpot, type FakeHubSpot } from '../hubspot/testing/fakeHubSpot';

const TOKEN = 'pat-na1-status-route-token-0001';
/** Never granted at the fake HubSpot. */
const OTHER_TOKEN = 'pat-na1-status-route-token-0002';
let h: RunsHarness;
let fake: FakeHubSpot;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  fake = await startFakeHubSpot();
  fake.grant(TOKEN);
  h = await startRunsHarness('poll-status', { env: { CONNECTOR_HUBSPOT_BASE_URL: fake.url } });
  alice = await h.createUser('alice', { tokens: 100 });
  bob = await h.createUser('bob', { tokens: 100 });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

it('reports each app trigger by node id: none, then watching after the first check, failing with the provider’s words, changed after an edit; owner only', async () => {
  const created = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'hubspotToken', name: 'HubSpot', secrets: { token: TOKEN } } });
  const refused = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'hubspotToken', name: 'Old portal', secrets: { token: OTHER_TOKEN } } });
  const trigger = (params: Record<string, unknown> = {}) => node('trigger', 'trigger.poll', { connector: 'hubspot', trigger: 'dealChanged', credentialId: created.body.id, params, intervalMinutes: 5 }, 'Deal changed');
  // A second poll trigger on an account HubSpot does not accept: its status is its own, not the first's.
  const other = node('contacts', 'trigger.poll', { connector: 'hubspot', trigger: 'dealChanged', credentialId: refused.body.id, params: {}, intervalMinutes: 5 }, 'Old portal deals');
  const wf = await h.saveWorkflow(alice.uid, [trigger(), other, node('out', 'output', {})], [edge('trigger', 'out'), edge('contacts', 'out')]);
  const status = async (user = alice) => h.call('GET', pollStatusPath(wf.id), { user });
  const none = { state: 'none', lastPolledAt: null, lastError: null, lastErrorAt: null };

  expect((await status()).body).toEqual({ triggers: { trigger: none, contacts: none } });
  expect((await status(bob)).status).toBe(403);
  expect((await h.call('GET', pollStatusPath(wf.id))).status).toBe(401);

  // An instance on a clock of the test's own, so the next check is due when the test says.
  let clock = new Date();
  const instance = await h.startApp({ now: () => clock, env: { CONNECTOR_HUBSPOT_BASE_URL: fake.url } });
  const poller = instance.runs.poller!;
  await poller.refresh();
  await poller.check();
  const first = (await status()).body.triggers;
  expect(first.trigger).toMatchObject({ state: 'watching', lastError: null });
  expect(Date.parse(first.trigger.lastPolledAt)).not.toBeNaN();
  expect(first.contacts.state).toBe('failing');
  expect(first.contacts.lastError).toMatch(/HubSpot did not accept the connected account.*reconnect/);

  // The first token is revoked at HubSpot: the next check fails and says so.
  fake.revoke(TOKEN);
  clock = new Date(clock.getTime() + 10 * 60_000);
  await poller.check();
  const failing = (await status()).body.triggers.trigger;
  expect(failing.state).toBe('failing');
  expect(failing.lastError).toMatch(/HubSpot did not accept the connected account.*reconnect/);
  expect(failing.lastError).not.toContain(TOKEN);

  // The first edited since: it starts over at the next check; the other is as it was.
  await h.db.collection('workflows').doc(wf.id).update({ nodes: [trigger({ stage: 'closedwon' }), other, node('out', 'output', {})] });
  const edited = (await status()).body.triggers;
  expect({ trigger: edited.trigger.state, contacts: edited.contacts.state }).toEqual({ trigger: 'changed', contacts: 'failing' });
  await instance.close();
});

it('a workflow without an app trigger reports none', async () => {
  const wf = await h.saveWorkflow(alice.uid, [node('start', 'trigger.manual', {}), node('out', 'output', {})], [edge('start', 'out')]);
  expect((await h.call('GET', pollStatusPath(wf.id), { user: alice })).body).toEqual({ triggers: {} });
});
