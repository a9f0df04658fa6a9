// "Test connection" of a Slack bot token against the fake Slack Web API:
// auth.test names the bot and its workspace; a revoked or wrong token is
// the reconnect error (Slack says so with HTTP 200 and ok:false); a 429 is
// waited out for its Retry-After.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { createAppCredentialTester } from '../credentialTester';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorRuntime } from '../runtime/runtime';
import { FAKE_SLACK_IDENTITY, startFakeSlack, type FakeSlack } from './testing/fake';

let fake: FakeSlack;
let waits: number[];

beforeEach(async () => {
  fake = await startFakeSlack();
  waits = [];
});
afterEach(() => fake.close());

const credential = (token: string): OpenedCredential => ({ id: 'cred-slack', type: 'slackBot', settings: {}, secrets: { token } });
const testToken = (token: string) =>
  createAppCredentialTester(new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null, baseUrls: { slack: fake.url }, wait: async (ms) => void waits.push(ms) }), ALLOW_LOCAL)(
    credential(token),
    new AbortController().signal,
  );

describe('Slack connection test', () => {
  it('calls auth.test and names the bot user and workspace', async () => {
    expect(await testToken(fake.token)).toEqual({ ok: true, models: [], account: `${FAKE_SLACK_IDENTITY.user} in ${FAKE_SLACK_IDENTITY.team}` });
    expect(fake.requests).toEqual(['POST /auth.test']);
    expect(fake.messages).toEqual([]);
  });

  it('a revoked token is credential_rejected with the reconnect words', async () => {
    fake.revokeToken();
    expect(await testToken(fake.token)).toEqual({ ok: false, models: [], code: 'credential_rejected', error: 'Slack did not accept the connected account (token_revoked): reconnect it on the Credentials page' });
  });

  it('a token Slack does not know is credential_rejected (invalid_auth), and the token is not in the answer', async () => {
    const result = await testToken('xoxb-not-a-real-token');
    expect(result).toMatchObject({ ok: false, code: 'credential_rejected', error: expect.stringContaining('(invalid_auth)') });
    expect(JSON.stringify(result)).not.toContain('xoxb-not-a-real-token');
  });

  it('a rate limit is waited out for its Retry-After, then the test passes', async () => {
    fake.rateLimit(3);
    expect(await testToken(fake.token)).toMatchObject({ ok: true });
    expect(waits).toEqual([3000]);
  });
});
