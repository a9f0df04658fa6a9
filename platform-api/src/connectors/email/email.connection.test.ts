// "Test connection" of an SMTP account against a real SMTP server
// (smtp-server): nodemailer's verify connects, greets and logs in, sending
// nothing, through the same address guard as sending; a wrong password is
// the reconnect error quoting the server; a busy server and a refused
// address are provider_unavailable.
import { ALLOW_LOCAL, DENY_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import { createAppCredentialTester } from '../credentialTester.js';
import { CONNECTOR_EXECUTORS } from '../registry.js';
import { ConnectorRuntime } from '../runtime/runtime.js';
import { startFakeSmtp, type FakeSmtp } from './testing/fake.js';

let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.connections = 0;
  smtp.busy = false;
});

const credential = (password: string, settings: Record<string, string> = {}): OpenedCredential => ({
  id: 'cred-smtp',
  type: 'smtp',
  settings: { host: '127.0.0.1', port: String(smtp.port), security: 'none', username: 'robot@agentflow.test', fromAddress: 'Agentflow Robot <robot@agentflow.test>', ...settings },
  secrets: { password },
});
const test = (opened: OpenedCredential, policy: SafeFetchPolicy = ALLOW_LOCAL) =>
  createAppCredentialTester(new ConnectorRuntime({ executors: CONNECTOR_EXECUTORS, vault: null }), policy)(opened, new AbortController().signal);

describe('SMTP connection test', () => {
  it('logs in without sending and names the login and server', async () => {
    expect(await test(credential('correct horse'))).toEqual({ ok: true, models: [], account: `robot@agentflow.test on 127.0.0.1:${smtp.port}` });
    expect(smtp.connections).toBe(1);
    expect(smtp.messages).toEqual([]);
  });

  it('a wrong password is credential_rejected, quoting the server, without the password', async () => {
    const result = await test(credential('wrong horse'));
    expect(result).toMatchObject({ ok: false, models: [], code: 'credential_rejected' });
    expect(result.error).toMatch(/^E-mail \(SMTP\) did not accept the connected account \(535 5\.7\.8 Authentication credentials invalid\): reconnect it on the Credentials page$/);
    expect(JSON.stringify(result)).not.toContain('wrong horse');
  });

  it('a server turning connections away (421) is provider_unavailable in its words', async () => {
    smtp.busy = true;
    const result = await test(credential('correct horse'));
    expect(result).toMatchObject({ ok: false, code: 'provider_unavailable' });
    expect(result.error).toContain('Too many connections, try again later');
  });

  it('a server on a private address is refused by the guard before connecting', async () => {
    const result = await test(credential('correct horse'), DENY_LOCAL);
    expect(result).toMatchObject({ ok: false, code: 'provider_unavailable', error: expect.stringMatching(/^Refused to connect to 127\.0\.0\.1/) });
    expect(smtp.connections).toBe(0);
  });
});
