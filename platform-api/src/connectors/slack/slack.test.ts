// The Slack executor against a fake Slack Web API that answers as Slack
// does: refusals as HTTP 200 {"ok":false,"error":…}, rate limits as 429 with
// Retry-After. Driven through the ConnectorRuntime, as app steps and agent
// tools call it.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { TransientStepError } from '../../runs/steps';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from '../runtime/errors';
import { ConnectorRuntime, type ConnectorCall } from '../runtime/runtime';
import { startFakeSlack, type FakeSlack } from './testing/fake';

let fake: FakeSlack;
let waits: number[];
let token: string;

const credential = (): OpenedCredential => ({ id: 'cred-slack', type: 'slackBot', settings: {}, secrets: { token } });
const runtime = () =>
  new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async () => credential() },
    baseUrls: { slack: fake.url },
    wait: async (ms) => {
      waits.push(ms);
    },
  });
const call: ConnectorCall = { connectorId: 'slack', credentialId: 'cred-slack', ownerId: 'owner-1', stepName: 'Alert sales', policy: ALLOW_LOCAL, signal: new AbortController().signal };
const invoke = (operation: string, values: Record<string, unknown>) => runtime().invoke(call, operation, values);

beforeEach(async () => {
  fake = await startFakeSlack();
  token = fake.token;
  waits = [];
});
afterEach(() => fake.close());

describe('postMessage', () => {
  it('posts to a channel named with # as the bot and returns the channel ID, ts and text', async () => {
    const sales = fake.addChannel('sales');
    const output = await invoke('postMessage', { channel: '#sales', text: 'New lead: *Acme* (12 000 €)' });
    expect(output).toEqual({ channel: sales.id, ts: expect.stringMatching(/^\d+\.\d{6}$/), text: 'New lead: *Acme* (12 000 €)' });
    expect(fake.messages).toEqual([{ channel: sales.id, text: 'New lead: *Acme* (12 000 €)', ts: (output as { ts: string }).ts }]);
  });

  it('replies in a thread when given its timestamp', async () => {
    const ops = fake.addChannel('ops');
    const first = (await invoke('postMessage', { channel: ops.id, text: 'Truck 7 is late' })) as { ts: string };
    await invoke('postMessage', { channel: ops.id, text: 'Now on its way', threadTs: first.ts });
    expect(fake.messages[1]).toMatchObject({ channel: ops.id, text: 'Now on its way', threadTs: first.ts });
  });

  it('says in plain words that the channel does not exist, quoting Slack’s code', async () => {
    const error = await invoke('postMessage', { channel: '#nowhere', text: 'Hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorRequestError);
    expect(error).not.toBeInstanceOf(TransientStepError);
    expect((error as Error).message).toBe('Slack refused the request: the channel was not found (channel_not_found)');
    expect(fake.messages).toHaveLength(0);
  });

  it('asks to invite the bot into a channel it is not in', async () => {
    fake.addChannel('board', { botIsMember: false });
    await expect(invoke('postMessage', { channel: '#board', text: 'Hello' })).rejects.toThrow('Slack refused the request: the bot is not in that channel: invite it first (not_in_channel)');
  });

  it('waits as long as Slack’s Retry-After asks on a 429, then posts once', async () => {
    const sales = fake.addChannel('sales');
    fake.rateLimit(7);
    await invoke('postMessage', { channel: sales.id, text: 'After the limit' });
    expect(waits).toEqual([7000]);
    expect(fake.requests.filter((r) => r.startsWith('POST /chat.postMessage'))).toHaveLength(2);
    expect(fake.messages.map((m) => m.text)).toEqual(['After the limit']);
  });

  it('gives up as transient when Slack keeps limiting (the engine retries the step later)', async () => {
    fake.addChannel('sales');
    fake.rateLimit(2, 10);
    const error = await invoke('postMessage', { channel: '#sales', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorBusyError);
    expect(error).toBeInstanceOf(TransientStepError);
    expect((error as Error).message).toBe('Slack is limiting requests (HTTP 429): ratelimited');
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('asks to reconnect when Slack does not accept the token (HTTP 200 invalid_auth)', async () => {
    fake.addChannel('sales');
    token = 'xoxb-wrong';
    const error = await invoke('postMessage', { channel: '#sales', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorAuthError);
    expect((error as Error).message).toBe('Slack did not accept the connected account (invalid_auth): reconnect it on the Credentials page');
    expect((error as Error).message).not.toContain('xoxb-wrong');
  });

  it('asks to reconnect when the token was revoked', async () => {
    fake.addChannel('sales');
    fake.revokeToken();
    await expect(invoke('postMessage', { channel: '#sales', text: 'x' })).rejects.toThrow(/\(token_revoked\): reconnect it on the Credentials page/);
  });

  it('refuses an invalid thread timestamp before calling Slack, naming the field', async () => {
    await expect(invoke('postMessage', { channel: '#sales', text: 'x', threadTs: 'yesterday' })).rejects.toThrow('Alert sales: threadTs must be a message timestamp such as 1503435956.000247');
    expect(fake.requests).toEqual([]);
  });
});

describe('postMessageWithButtons', () => {
  it('posts a section with the text and an actions block with one link button per label', async () => {
    const sales = fake.addChannel('sales');
    const output = await invoke('postMessageWithButtons', {
      channel: '#sales',
      text: 'Approve the discount for *Acme*?',
      buttons: { Approve: 'https://app.example.com/approve/42', 'Open in CRM': 'https://crm.example.com/deals/42' },
    });
    expect(output).toMatchObject({ channel: sales.id, text: 'Approve the discount for *Acme*?' });
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]!.text).toBe('Approve the discount for *Acme*?');
    expect(fake.messages[0]!.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'Approve the discount for *Acme*?' } },
      {
        type: 'actions',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Approve', emoji: true }, url: 'https://app.example.com/approve/42', action_id: 'link_0' },
          { type: 'button', text: { type: 'plain_text', text: 'Open in CRM', emoji: true }, url: 'https://crm.example.com/deals/42', action_id: 'link_1' },
        ],
      },
    ]);
  });

  it('refuses a button whose value is not a web address, naming the button, without calling Slack', async () => {
    fake.addChannel('sales');
    await expect(invoke('postMessageWithButtons', { channel: '#sales', text: 'Approve?', buttons: { Approve: 'approve-42' } })).rejects.toThrow(
      'Alert sales: buttons.Approve must be a web address such as https://example.com/approve',
    );
    expect(fake.requests).toEqual([]);
  });

  it('says the channel was not found', async () => {
    await expect(invoke('postMessageWithButtons', { channel: 'C404', text: 'x', buttons: { Go: 'https://example.com' } })).rejects.toThrow('the channel was not found (channel_not_found)');
  });
});

describe('lookupUserByEmail', () => {
  it('finds the user by e-mail', async () => {
    const ana = fake.addUser({ name: 'ana', realName: 'Ana Lima', email: 'ana@example.com' });
    fake.addUser({ name: 'bo', realName: 'Bo Berg', email: 'bo@example.com' });
    await expect(invoke('lookupUserByEmail', { email: 'Ana@Example.com' })).resolves.toEqual({ id: ana.id, name: 'ana', realName: 'Ana Lima', email: 'ana@example.com' });
    expect(fake.requests).toEqual(['GET /users.lookupByEmail?email=Ana%40Example.com']);
  });

  it('says no Slack user has an unknown address', async () => {
    await expect(invoke('lookupUserByEmail', { email: 'nobody@example.com' })).rejects.toThrow('Slack refused the request: no Slack user has that e-mail address (users_not_found)');
  });

  it('waits out a 429 here too', async () => {
    fake.addUser({ name: 'ana', realName: 'Ana Lima', email: 'ana@example.com' });
    fake.rateLimit(1);
    await expect(invoke('lookupUserByEmail', { email: 'ana@example.com' })).resolves.toMatchObject({ name: 'ana' });
    expect(waits).toEqual([1000]);
  });
});
