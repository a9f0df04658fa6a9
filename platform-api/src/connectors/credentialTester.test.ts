// The app credential tester's outcomes, besides the per-connector tests
// (<id>/<id>.connection.test.ts): which connector tests a credential type,
// what cannot be tested, a refusal for another reason than the account
// (the provider's words, provider_unavailable), an unreachable provider,
// a test cut short, and the composed tester's dispatch by credential kind.
import type { OpenedCredential } from '../credentials/index';
import type { CredentialTester } from '../credentials/router';
import { ALLOW_LOCAL } from '../testing/runsHarness';
import { startUpstream } from '../testing/upstream';
import { composeCredentialTester, createAppCredentialTester } from './credentialTester';
import { startFakeGoogle } from './google/testing/fakeGoogle';
import { startFakeHubSpot, type FakeHubSpot } from './hubspot/testing/fakeHubSpot';
import { CONNECTOR_EXECUTORS } from './registry';
import { ConnectorRuntime } from './runtime/runtime';

const TOKEN = 'pat-na1-tester-token';
const hubspotToken: OpenedCredential = { id: 'cred-hs', type: 'hubspotToken', settings: {}, secrets: { token: TOKEN } };
const signal = () => new AbortController().signal;

let fake: FakeHubSpot;
beforeEach(async () => {
  fake = await startFakeHubSpot();
  fake.grant(TOKEN);
});
afterEach(() => fake.close());

const runtime = (baseUrls: Record<string, string> = { hubspot: fake.url }) => new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null, baseUrls, wait: async () => {} });

describe('ConnectorRuntime.testCredential', () => {
  it('tests a credential with the first connector of its type that has a test (a Google account: Gmail, for Sheets and Calendar too)', async () => {
    const google = await startFakeGoogle();
    try {
      google.grant('ya29.tester');
      const account: OpenedCredential = { id: 'g', type: 'googleOAuth', settings: {}, secrets: { accessToken: 'ya29.tester' } };
      const tested = await runtime({ gmail: google.url, googleSheets: google.url, googleCalendar: google.calendarUrl }).testCredential(account, ALLOW_LOCAL, signal());
      expect(tested).toMatchObject({ connector: { id: 'gmail' }, account: 'owner@example.com' });
      expect(google.requests.map((r) => r.url)).toEqual(['/gmail/v1/users/me/profile']);
    } finally {
      await google.close();
    }
    expect((await runtime().testCredential(hubspotToken, ALLOW_LOCAL, signal()))?.connector.id).toBe('hubspot');
  });

  it('answers null for a type no connector can test (a Teams webhook only posts)', async () => {
    const teams: OpenedCredential = { id: 't', type: 'teamsWebhook', settings: {}, secrets: { webhookUrl: 'https://acme.webhook.office.com/x' } };
    expect(await runtime().testCredential(teams, ALLOW_LOCAL, signal())).toBeNull();
  });
});

describe('the app credential tester', () => {
  it('a refusal that is not about the account is provider_unavailable in the provider’s words', async () => {
    fake.failNext(1, { status: 403, message: 'This app hasn’t been granted all required scopes to make this call.' });
    expect(await createAppCredentialTester(runtime(), ALLOW_LOCAL)(hubspotToken, signal())).toEqual({
      ok: false,
      models: [],
      code: 'provider_unavailable',
      error: 'HubSpot refused the request: This app hasn’t been granted all required scopes to make this call. (HTTP 403)',
    });
  });

  it('an unreachable provider is provider_unavailable, named by its app', async () => {
    const gone = await startUpstream((_req, res) => res.end());
    await gone.close();
    expect(await createAppCredentialTester(runtime({ hubspot: gone.url }), ALLOW_LOCAL)(hubspotToken, signal())).toEqual({ ok: false, models: [], code: 'provider_unavailable', error: 'Could not reach HubSpot' });
  });

  it('a test cut short by its time limit says the provider did not answer in time', async () => {
    const slow = await startUpstream(() => undefined);
    try {
      const controller = new AbortController();
      const pending = createAppCredentialTester(runtime({ hubspot: slow.url }), ALLOW_LOCAL)(hubspotToken, controller.signal);
      setTimeout(() => controller.abort(), 50);
      expect(await pending).toEqual({ ok: false, models: [], code: 'provider_unavailable', error: 'HubSpot did not answer in time' });
    } finally {
      await slow.close();
    }
  });
});

describe('composeCredentialTester', () => {
  const seen: string[] = [];
  const stub =
    (name: string): CredentialTester =>
    async (credential) => {
      seen.push(`${name}:${credential.type}`);
      return { ok: true, models: [] };
    };
  const tester = composeCredentialTester({ ai: stub('ai'), app: stub('app') });

  it('sends AI keys to the AI tester, app credentials to the app tester, and says HTTP secrets are not testable', async () => {
    seen.length = 0;
    await tester({ id: '1', type: 'openai', settings: {}, secrets: { apiKey: 'k' } }, signal());
    await tester(hubspotToken, signal());
    expect(await tester({ id: '3', type: 'httpBearer', settings: {}, secrets: { token: 't' } }, signal())).toEqual({
      ok: false,
      models: [],
      code: 'credential_not_testable',
      error: 'This kind of credential cannot be tested on its own.',
    });
    expect(seen).toEqual(['ai:openai', 'app:hubspotToken']);
  });
});
