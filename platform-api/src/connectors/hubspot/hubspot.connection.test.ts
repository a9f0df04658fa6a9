// "Test connection" of HubSpot credentials against the fake HubSpot: the
// account's details name the portal; a revoked token is the reconnect
// error; an OAuth token HubSpot no longer takes is refreshed and the test
// sent again; a rate limit is waited out for the Retry-After asked.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { createAppCredentialTester } from '../credentialTester';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorRuntime, type ConnectorRuntimeOptions } from '../runtime/runtime';
import { FAKE_HUBSPOT_ACCOUNT, startFakeHubSpot, type FakeHubSpot } from './testing/fakeHubSpot';

const TOKEN = 'pat-na1-aaaaaaaa-2222-3333-4444-555555555555';
const tokenCredential: OpenedCredential = { id: 'cred-hs', type: 'hubspotToken', settings: {}, secrets: { token: TOKEN } };

let fake: FakeHubSpot;
let waits: number[];

beforeEach(async () => {
  fake = await startFakeHubSpot();
  fake.grant(TOKEN);
  waits = [];
});
afterEach(() => fake.close());

const runtimeWith = (options: Partial<ConnectorRuntimeOptions> = {}) =>
  new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null, baseUrls: { hubspot: fake.url }, wait: async (ms) => void waits.push(ms), ...options });
const testWith = (credential: OpenedCredential, options: Partial<ConnectorRuntimeOptions> = {}) =>
  createAppCredentialTester(runtimeWith(options), ALLOW_LOCAL)(credential, new AbortController().signal);

describe('HubSpot connection test', () => {
  it('reads the account details with the private app token and names the portal', async () => {
    expect(await testWith(tokenCredential)).toEqual({ ok: true, models: [], account: `Portal ${FAKE_HUBSPOT_ACCOUNT.portalId} (app.hubspot.com)` });
    expect(fake.requests).toEqual([{ method: 'GET', path: '/account-info/v3/details', authorization: `Bearer ${TOKEN}`, body: null }]);
  });

  it('a token revoked at HubSpot is credential_rejected with the reconnect words and HubSpot’s own', async () => {
    fake.revoke(TOKEN);
    const result = await testWith(tokenCredential);
    expect(result).toMatchObject({ ok: false, models: [], code: 'credential_rejected' });
    expect(result.error).toMatch(/^HubSpot did not accept the connected account \(Authentication credentials not found\..*\): reconnect it on the Credentials page$/);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('an OAuth access token HubSpot refuses is refreshed and the test sent again', async () => {
    const oauth: OpenedCredential = { id: 'cred-hs', type: 'hubspotOAuth', settings: {}, secrets: { accessToken: 'old-access', refreshToken: 'refresh-1' } };
    fake.grant('new-access');
    const refreshed: string[] = [];
    const refresh = async (credential: OpenedCredential) => {
      refreshed.push(credential.secrets.refreshToken!);
      return { ...credential, secrets: { accessToken: 'new-access', refreshToken: 'refresh-2' } };
    };
    expect(await testWith(oauth, { refresh })).toMatchObject({ ok: true, account: `Portal ${FAKE_HUBSPOT_ACCOUNT.portalId} (app.hubspot.com)` });
    expect(refreshed).toEqual(['refresh-1']);
    expect(fake.requests.map((r) => r.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
  });

  it('a rate limit is waited out for the Retry-After HubSpot asked, then the test passes', async () => {
    fake.failNext(1, { status: 429, retryAfter: 2 });
    expect(await testWith(tokenCredential)).toMatchObject({ ok: true });
    expect(waits).toEqual([2000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('HubSpot down is provider_unavailable, quoting HubSpot', async () => {
    fake.failNext(1, { status: 500, message: 'Internal error, correlation 42' });
    expect(await testWith(tokenCredential)).toEqual({ ok: false, models: [], code: 'provider_unavailable', error: 'HubSpot is unavailable (HTTP 500): Internal error, correlation 42' });
  });
});
