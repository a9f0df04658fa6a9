// "Test connection" of app credentials through POST /api/credentials/:id/test,
// on the real app with the emulators and the fake HubSpot and Slack: a
// private app token and a bot token stored as a user does, tested ok with
// the account the provider names; revoked at the provider, the same test
// says credential_rejected with the reconnect words; a Teams webhook stays
// not testable (it could only be tested by posting); no answer holds a secret.
import { CREDENTIALS_API } from '@agentflow/shared/server';
import { FAKE_HUBSPOT_ACCOUNT, startFakeHubSpot, type FakeHubSpot } from './hubspot/testing/fakeHubSpot';
import { FAKE_SLACK_IDENTITY, startFakeSlack, type FakeSlack } from './slack/testing/fake';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

const HUBSPOT_TOKEN = 'pat-na1-connection-test-token';
const SLACK_TOKEN = 'xoxb-connection-test-token';
const WEBHOOK = 'https://acme.webhook.office.com/webhookb2/secret-path-of-the-hook';

let h: RunsHarness;
let hubspot: FakeHubSpot;
let slack: FakeSlack;
let alice: RunsUser;

beforeAll(async () => {
  hubspot = await startFakeHubSpot();
  hubspot.grant(HUBSPOT_TOKEN);
  slack = await startFakeSlack(SLACK_TOKEN);
  h = await startRunsHarness('credential-test', { env: { CONNECTOR_HUBSPOT_BASE_URL: hubspot.url, CONNECTOR_SLACK_BASE_URL: slack.url } });
  alice = await h.createUser('alice');
});

afterAll(async () => {
  await h?.close();
  await Promise.all([hubspot?.close(), slack?.close()]);
});

async function create(type: string, secrets: Record<string, string>): Promise<string> {
  const created = await h.call('POST', CREDENTIALS_API.list, { user: alice, body: { type, name: type, secrets } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function test(id: string) {
  const response = await h.call('POST', CREDENTIALS_API.test(id), { user: alice });
  expect(response.status).toBe(200);
  for (const secret of [HUBSPOT_TOKEN, SLACK_TOKEN, WEBHOOK, 'secret-path-of-the-hook']) expect(JSON.stringify(response.body)).not.toContain(secret);
  return response.body;
}

it('a HubSpot private app token tests ok naming the portal, then credential_rejected once revoked at HubSpot', async () => {
  const id = await create('hubspotToken', { token: HUBSPOT_TOKEN });
  expect(await test(id)).toEqual({ ok: true, models: [], account: `Portal ${FAKE_HUBSPOT_ACCOUNT.portalId} (app.hubspot.com)` });
  expect(hubspot.requests.at(-1)).toMatchObject({ method: 'GET', path: '/account-info/v3/details', authorization: `Bearer ${HUBSPOT_TOKEN}` });

  hubspot.revoke(HUBSPOT_TOKEN);
  const refused = await test(id);
  expect(refused).toMatchObject({ ok: false, models: [], code: 'credential_rejected' });
  expect(refused.error).toMatch(/^HubSpot did not accept the connected account .*: reconnect it on the Credentials page$/);
});

it('a Slack bot token tests ok naming the bot and workspace, then credential_rejected once revoked at Slack', async () => {
  const id = await create('slackBot', { token: SLACK_TOKEN });
  expect(await test(id)).toEqual({ ok: true, models: [], account: `${FAKE_SLACK_IDENTITY.user} in ${FAKE_SLACK_IDENTITY.team}` });
  expect(slack.requests).toEqual(['POST /auth.test']);
  expect(slack.messages).toEqual([]);

  slack.revokeToken();
  expect(await test(id)).toEqual({ ok: false, models: [], code: 'credential_rejected', error: 'Slack did not accept the connected account (token_revoked): reconnect it on the Credentials page' });
});

it('a Teams incoming webhook is not testable (testing it would post to the channel)', async () => {
  const id = await create('teamsWebhook', { webhookUrl: WEBHOOK });
  expect(await test(id)).toEqual({ ok: false, models: [], code: 'credential_not_testable', error: 'This kind of credential cannot be tested on its own.' });
});

it('an HTTP credential is still not testable', async () => {
  const id = await create('httpBearer', { token: 'some-bearer-token' });
  expect(await test(id)).toMatchObject({ ok: false, code: 'credential_not_testable' });
});

it('another user cannot test Alice’s credential', async () => {
  const id = await create('slackBot', { token: SLACK_TOKEN });
  const bob = await h.createUser('bob');
  const response = await h.call('POST', CREDENTIALS_API.test(id), { user: bob });
  expect(response.status).toBe(404);
  expect(JSON.stringify(response.body)).not.toContain(SLACK_TOKEN);
});
