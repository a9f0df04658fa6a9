// "Test connection" of an Airtable token against the fake Airtable:
// /meta/whoami names the user (the e-mail, else the user id); a token
// Airtable refuses is the reconnect error quoting Airtable; a 429 is waited
// out for its Retry-After.
import { ALLOW_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { createAppCredentialTester } from '../credentialTester.js';
import { CONNECTOR_EXECUTORS } from '../registry.js';
import { ConnectorRuntime } from '../runtime/runtime.js';
import { startFakeAirtable, type FakeAirtable } from './testing/fake.js';

let fake: FakeAirtable;
let waits: number[];

beforeEach(async () => {
  fake = await startFakeAirtable();
  waits = [];
});
afterEach(() => fake.close());

const test = (token: string) =>
  createAppCredentialTester(new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null, baseUrls: { airtable: `${fake.url}/v0` }, wait: async (ms) => void waits.push(ms) }), ALLOW_LOCAL)(
    { id: 'cred-airtable', type: 'airtableToken', settings: {}, secrets: { token } } satisfies OpenedCredential,
    new AbortController().signal,
  );

describe('Airtable connection test', () => {
  it('asks whoami with the token and names the user by e-mail', async () => {
    expect(await test(fake.token)).toEqual({ ok: true, models: [], account: 'ops@acme.example' });
    expect(fake.seen.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([['GET', '/v0/meta/whoami', `Bearer ${fake.token}`]]);
  });

  it('a token without the e-mail scope is named by its user id', async () => {
    fake.user.email = null;
    expect(await test(fake.token)).toEqual({ ok: true, models: [], account: 'usrFAKE0000000001' });
  });

  it('a token Airtable refuses is credential_rejected, quoting Airtable', async () => {
    expect(await test('patREVOKED.token')).toEqual({
      ok: false,
      models: [],
      code: 'credential_rejected',
      error: 'Airtable did not accept the connected account (Authentication required (AUTHENTICATION_REQUIRED)): reconnect it on the Credentials page',
    });
  });

  it('a rate limit is waited out for the 30 s Airtable asks, then the test passes', async () => {
    fake.rateLimitNext(1);
    expect(await test(fake.token)).toMatchObject({ ok: true });
    expect(waits).toEqual([30_000]);
  });
});
