// The Twilio executor against a fake Twilio Messages API (basic auth, form
// fields, Twilio's error bodies and 429s), through the ConnectorRuntime.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { StepFailure, TransientStepError } from '../../runs/steps';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from '../runtime/errors';
import { ConnectorRuntime, type ConnectorCall } from '../runtime/runtime';
import { startFakeTwilio, type FakeTwilio } from './testing/fake';

let fake: FakeTwilio;
let waits: number[];
let credential: OpenedCredential;

const runtime = () =>
  new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async () => credential },
    baseUrls: { twilio: fake.url },
    wait: async (ms) => {
      waits.push(ms);
    },
  });
const call: ConnectorCall = { connectorId: 'twilio', credentialId: 'cred-twilio', ownerId: 'owner-1', stepName: 'Text the technician', policy: ALLOW_LOCAL, signal: new AbortController().signal };
const invoke = (operation: string, values: Record<string, unknown>) => runtime().invoke(call, operation, values);
const failure = (promise: Promise<unknown>) => promise.then(() => new Error('did not fail'), (error: unknown) => error as Error);

beforeEach(async () => {
  fake = await startFakeTwilio();
  credential = { id: 'cred-twilio', type: 'twilio', settings: { accountSid: fake.accountSid, fromNumber: fake.smsNumber }, secrets: { authToken: fake.authToken } };
  waits = [];
});
afterEach(() => fake.close());

describe('sendSms', () => {
  it('sends To, From (the credential’s number) and Body, and returns the message’s sid and status', async () => {
    const output = await invoke('sendSms', { to: '+1 (415) 555-0100', body: 'Job #4471: Rue du Lac 4, 14:00. Reply STOP to opt out.' });
    expect(output).toEqual({ sid: fake.messages[0]!.sid, status: 'queued', to: '+14155550100', from: fake.smsNumber });
    expect(fake.messages).toEqual([{ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), to: '+14155550100', from: fake.smsNumber, body: 'Job #4471: Rue du Lac 4, 14:00. Reply STOP to opt out.', status: 'queued' }]);
  });

  it('quotes Twilio’s words and code when it refuses the number', async () => {
    const error = await failure(invoke('sendSms', { to: '+15005550001', body: 'Hello' }));
    expect(error).toBeInstanceOf(ConnectorRequestError);
    expect(error).not.toBeInstanceOf(TransientStepError);
    expect(error.message).toBe("Twilio refused the request: The 'To' number +15005550001 is not a valid phone number. (Twilio error 21211) (HTTP 400)");
    expect(fake.messages).toEqual([]);
  });

  it('waits as long as Retry-After asks on a 429, then sends once', async () => {
    fake.rateLimit(3);
    await expect(invoke('sendSms', { to: '+14155550100', body: 'Hello' })).resolves.toMatchObject({ status: 'queued' });
    expect(waits).toEqual([3000]);
    expect(fake.requests).toBe(2);
    expect(fake.messages).toHaveLength(1);
  });

  it('fails as transient, quoting Twilio, when the limit lasts', async () => {
    fake.rateLimit(1, 10);
    const error = await failure(invoke('sendSms', { to: '+14155550100', body: 'Hello' }));
    expect(error).toBeInstanceOf(ConnectorBusyError);
    expect(error.message).toBe('Twilio is limiting requests (HTTP 429): Too Many Requests (Twilio error 20429)');
    expect(fake.messages).toEqual([]);
  });

  it('asks to reconnect when Twilio refuses the auth token, without quoting it', async () => {
    credential = { ...credential, secrets: { authToken: 'wrong-token-value' } };
    const error = await failure(invoke('sendSms', { to: '+14155550100', body: 'Hello' }));
    expect(error).toBeInstanceOf(ConnectorAuthError);
    expect(error.message).toBe('Twilio did not accept the connected account (Authenticate (Twilio error 20003)): reconnect it on the Credentials page');
    expect(error.message).not.toContain('wrong-token-value');
  });

  it('refuses a number not in international format before calling Twilio, naming the field', async () => {
    await expect(invoke('sendSms', { to: '0415 555 0100', body: 'Hello' })).rejects.toThrow(
      'Text the technician: to must be a phone number in international format: a plus, the country code and the number, e.g. +14155550100',
    );
    expect(fake.requests).toBe(0);
  });

  it('says plainly when the credential has no sender number', async () => {
    credential = { ...credential, settings: { accountSid: fake.accountSid } };
    const error = await failure(invoke('sendSms', { to: '+14155550100', body: 'Hello' }));
    expect(error).toBeInstanceOf(StepFailure);
    expect(error.message).toBe('The Twilio credential has no sender number (fromNumber): add it on the Credentials page');
    expect(fake.requests).toBe(0);
  });
});

describe('sendWhatsApp', () => {
  it('prefixes both numbers with whatsapp:', async () => {
    credential = { ...credential, settings: { ...credential.settings, fromNumber: fake.whatsappNumber } };
    const output = await invoke('sendWhatsApp', { to: '+14155550100', body: 'Your viewing is confirmed for 10:00.' });
    expect(output).toMatchObject({ status: 'queued', to: 'whatsapp:+14155550100', from: `whatsapp:${fake.whatsappNumber}` });
    expect(fake.messages).toEqual([expect.objectContaining({ to: 'whatsapp:+14155550100', from: `whatsapp:${fake.whatsappNumber}`, body: 'Your viewing is confirmed for 10:00.' })]);
  });

  it('takes a sender already written whatsapp:+… as it is', async () => {
    credential = { ...credential, settings: { ...credential.settings, fromNumber: `whatsapp:${fake.whatsappNumber}` } };
    await invoke('sendWhatsApp', { to: '+14155550100', body: 'Hi' });
    expect(fake.messages[0]!.from).toBe(`whatsapp:${fake.whatsappNumber}`);
  });

  it('quotes Twilio when the sender is not a WhatsApp sender', async () => {
    await expect(invoke('sendWhatsApp', { to: '+14155550100', body: 'Hi' })).rejects.toThrow(
      'Twilio refused the request: Twilio could not find a Channel with the specified From address (Twilio error 63007) (HTTP 400)',
    );
  });

  it('waits out a 429 here too', async () => {
    credential = { ...credential, settings: { ...credential.settings, fromNumber: fake.whatsappNumber } };
    fake.rateLimit(2);
    await invoke('sendWhatsApp', { to: '+14155550100', body: 'Hi' });
    expect(waits).toEqual([2000]);
    expect(fake.messages).toHaveLength(1);
  });
});
