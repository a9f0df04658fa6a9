// "Test connection" of a Pipedrive API token against the fake Pipedrive v1:
// /users/me names the user and company; a token Pipedrive does not know is
// the reconnect error quoting Pipedrive; a 429 is waited out.
import { ALLOW_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { createAppCredentialTester } from '../credentialTester.js';
import { CONNECTOR_EXECUTORS } from '../registry.js';
import { ConnectorRuntime } from '../runtime/runtime.js';
import { startFakePipedrive, type FakePipedrive } from './testing/fake.js';

let fake: FakePipedrive;
let waits: number[];

beforeAll(async () => {
  fake = await startFakePipedrive();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  waits = [];
});

const test = (apiToken: string) =>
  createAppCredentialTester(new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null, baseUrls: { pipedrive: `${fake.url}/v1` }, wait: async (ms) => void waits.push(ms) }), ALLOW_LOCAL)(
    { id: 'cred-pd', type: 'pipedriveToken', settings: {}, secrets: { apiToken } } satisfies OpenedCredential,
    new AbortController().signal,
  );

describe('Pipedrive connection test', () => {
  it('reads /users/me with the token and names the user and company', async () => {
    expect(await test(fake.token)).toEqual({ ok: true, models: [], account: 'Grace Hopper <grace@acme.example>, Acme Logistics' });
    const url = new URL(fake.seen.at(-1)!.url, 'http://x');
    expect([fake.seen.at(-1)!.method, url.pathname, url.searchParams.get('api_token')]).toEqual(['GET', '/v1/users/me', fake.token]);
  });

  it('a token Pipedrive does not know is credential_rejected, quoting Pipedrive, without the token', async () => {
    const result = await test('pd-revoked-token');
    expect(result).toEqual({ ok: false, models: [], code: 'credential_rejected', error: 'Pipedrive did not accept the connected account (unauthorized access): reconnect it on the Credentials page' });
  });

  it('a rate limit is waited out for its Retry-After, then the test passes', async () => {
    fake.rateLimitNext(1, 4);
    expect(await test(fake.token)).toMatchObject({ ok: true });
    expect(waits).toEqual([4000]);
  });
});
