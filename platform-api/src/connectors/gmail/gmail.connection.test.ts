// "Test connection" of a Google account (googleOAuth, shared by Gmail,
// Sheets and Calendar) against the fake Google server: the Gmail profile
// names the address; an access token Google refuses is refreshed and the
// test sent again; one still refused after the refresh is the reconnect
// error quoting Google; a 429 is waited out for its Retry-After.
import { ALLOW_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { createAppCredentialTester } from '../credentialTester.js';
import type { TokenRefresher } from '../runtime/types.js';
import { startFakeGoogle, type FakeGoogle } from '../google/testing/fakeGoogle.js';
import { ACCESS_TOKEN, REFRESH_TOKEN, googleCredential, googleHarness } from '../google/testing/harness.js';

let fake: FakeGoogle;

beforeEach(async () => {
  fake = await startFakeGoogle();
});
afterEach(() => fake.close());

function tester(options: { refresh?: TokenRefresher } = {}) {
  const h = googleHarness(fake, options);
  return { waits: h.waits, test: (credential: OpenedCredential = googleCredential()) => createAppCredentialTester(h.runtime, ALLOW_LOCAL)(credential, new AbortController().signal) };
}

describe('Google account connection test', () => {
  it('reads the Gmail profile and names the account’s address, whichever Google app the account is for', async () => {
    fake.gmail.emailAddress = 'ops@acme.example';
    expect(await tester().test()).toEqual({ ok: true, models: [], account: 'ops@acme.example' });
    expect(fake.requests.map((r) => [r.method, r.url, r.token])).toEqual([['GET', '/gmail/v1/users/me/profile', ACCESS_TOKEN]]);
    expect(fake.gmail.sent).toEqual([]);
  });

  it('an access token Google refuses is refreshed and the test sent again with the new one', async () => {
    const refreshed: string[] = [];
    const { test } = tester({
      refresh: async (credential) => {
        refreshed.push(credential.secrets.refreshToken!);
        return { ...credential, secrets: { ...credential.secrets, accessToken: 'ya29.renewed' } };
      },
    });
    fake.revoke(ACCESS_TOKEN);
    fake.grant('ya29.renewed');
    expect(await test()).toEqual({ ok: true, models: [], account: 'owner@example.com' });
    expect(refreshed).toEqual([REFRESH_TOKEN]);
    expect(fake.requests.map((r) => r.token)).toEqual([ACCESS_TOKEN, 'ya29.renewed']);
  });

  it('a token still refused after the refresh is credential_rejected, quoting Google, without a token in the answer', async () => {
    const { test } = tester({ refresh: async (credential) => credential });
    const result = await test(googleCredential('ya29.revoked'));
    expect(result).toMatchObject({ ok: false, models: [], code: 'credential_rejected' });
    expect(result.error).toMatch(/^Gmail did not accept the connected account \(Request had invalid authentication credentials\..*\): reconnect it on the Credentials page$/);
    for (const secret of ['ya29.revoked', REFRESH_TOKEN]) expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('a rate limit is waited out for its Retry-After, then the test passes', async () => {
    const { test, waits } = tester();
    fake.rateLimitNext(1, 5);
    expect(await test()).toMatchObject({ ok: true, account: 'owner@example.com' });
    expect(waits).toEqual([5000]);
  });
});
