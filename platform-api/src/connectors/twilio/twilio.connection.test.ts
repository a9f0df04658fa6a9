// "Test connection" of a Twilio credential against the fake Twilio API: the
// account resource names the account (read-only: no message is sent); a
// wrong auth token is the reconnect error quoting Twilio; a 429 is waited
// out for its Retry-After.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { createAppCredentialTester } from '../credentialTester';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorRuntime } from '../runtime/runtime';
import { startFakeTwilio, type FakeTwilio } from './testing/fake';

let fake: FakeTwilio;
let waits: number[];

beforeEach(async () => {
  fake = await startFakeTwilio();
  waits = [];
});
afterEach(() => fake.close());

const credential = (authToken = fake.authToken): OpenedCredential => ({ id: 'cred-twilio', type: 'twilio', settings: { accountSid: fake.accountSid, fromNumber: fake.smsNumber }, secrets: { authToken } });
const test = (opened: OpenedCredential) =>
  createAppCredentialTester(new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null, baseUrls: { twilio: fake.url }, wait: async (ms) => void waits.push(ms) }), ALLOW_LOCAL)(opened, new AbortController().signal);

describe('Twilio connection test', () => {
  it('reads the account resource and names the account, sending nothing; the auth token Twilio echoes is not in the result', async () => {
    const result = await test(credential());
    expect(result).toEqual({ ok: true, models: [], account: 'Acme Field Service' });
    expect(fake.messages).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(fake.authToken);
  });

  it('an account that is not active says so', async () => {
    fake.account.status = 'suspended';
    expect(await test(credential())).toEqual({ ok: true, models: [], account: 'Acme Field Service (suspended)' });
  });

  it('a wrong auth token is credential_rejected, quoting Twilio’s words and code', async () => {
    expect(await test(credential('not-the-auth-token'))).toEqual({
      ok: false,
      models: [],
      code: 'credential_rejected',
      error: 'Twilio did not accept the connected account (Authenticate (Twilio error 20003)): reconnect it on the Credentials page',
    });
  });

  it('a rate limit is waited out for its Retry-After, then the test passes', async () => {
    fake.rateLimit(2);
    expect(await test(credential())).toMatchObject({ ok: true, account: 'Acme Field Service' });
    expect(waits).toEqual([2000]);
    expect(fake.requests).toBe(2);
  });
});
