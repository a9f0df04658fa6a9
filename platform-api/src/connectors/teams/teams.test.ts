// The Microsoft Teams executor against a fake incoming webhook, through the
// ConnectorRuntime. The webhook URL is the credential's secret: no output or
// error may contain it.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL, DENY_LOCAL } from '../../testing/runsHarness';
import { StepFailure, TransientStepError } from '../../runs/steps';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from '../runtime/errors';
import { ConnectorRuntime, type ConnectorCall } from '../runtime/runtime';
import { startFakeTeams, TEAMS_BAD_PAYLOAD, type FakeTeams } from './testing/fake';

let fake: FakeTeams;
let waits: number[];
let webhookUrl: string;

const runtime = () =>
  new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async (): Promise<OpenedCredential> => ({ id: 'cred-teams', type: 'teamsWebhook', settings: {}, secrets: { webhookUrl } }) },
    wait: async (ms) => {
      waits.push(ms);
    },
  });
const call: ConnectorCall = { connectorId: 'teams', credentialId: 'cred-teams', ownerId: 'owner-1', stepName: 'Tell the team', policy: ALLOW_LOCAL, signal: new AbortController().signal };
const post = (values: Record<string, unknown>, over: Partial<ConnectorCall> = {}) => runtime().invoke({ ...call, ...over }, 'postMessage', values);
const failure = (promise: Promise<unknown>) => promise.then(() => new Error('did not fail'), (error: unknown) => error as Error);
/** The webhook's secret parts: its path and its key segment. */
const secretParts = () => [webhookUrl, new URL(webhookUrl).pathname, new URL(webhookUrl).pathname.split('/')[4]!];

beforeEach(async () => {
  fake = await startFakeTeams();
  webhookUrl = fake.webhookUrl;
  waits = [];
});
afterEach(() => fake.close());

it('posts an Adaptive Card with the title in bold above the text', async () => {
  await expect(post({ title: 'New listing', text: '3-room flat, **€420 000**\nRue du Lac 4' })).resolves.toEqual({ delivered: true });
  expect(fake.messages).toHaveLength(1);
  expect(fake.messages[0]!.texts).toEqual(['New listing', '3-room flat, **€420 000**\nRue du Lac 4']);
  expect(fake.messages[0]!.payload).toEqual({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: 'New listing', weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: '3-room flat, **€420 000**\nRue du Lac 4', wrap: true },
          ],
        },
      },
    ],
  });
});

it('posts only the text when there is no title', async () => {
  await post({ text: 'Dispatch done' });
  expect(fake.messages[0]!.texts).toEqual(['Dispatch done']);
});

it('waits as long as Retry-After asks on a 429, then posts once', async () => {
  fake.throttle(1, 4);
  await expect(post({ text: 'After the throttle' })).resolves.toEqual({ delivered: true });
  expect(waits).toEqual([4000]);
  expect(fake.requests).toBe(2);
  expect(fake.messages).toHaveLength(1);
});

it('fails as transient, without the URL, when Teams keeps throttling', async () => {
  fake.throttle(10);
  const error = await failure(post({ text: 'x' }));
  expect(error).toBeInstanceOf(ConnectorBusyError);
  expect(error).toBeInstanceOf(TransientStepError);
  expect(error.message).toMatch(/^Microsoft Teams is limiting requests \(HTTP 429\)/);
  // No Retry-After: the runtime's own backoff.
  expect(waits).toEqual([1000, 2000, 4000]);
  for (const part of secretParts()) expect(error.message).not.toContain(part);
});

it('quotes Teams’ words when it refuses the payload', async () => {
  fake.refuseNext();
  const error = await failure(post({ text: 'x' }));
  expect(error).toBeInstanceOf(ConnectorRequestError);
  expect(error.message).toBe(`Microsoft Teams refused the request: ${TEAMS_BAD_PAYLOAD} (HTTP 400)`);
  expect(fake.messages).toHaveLength(0);
});

it('rewrites a refusal that quotes the webhook’s address', async () => {
  fake.refuseNext(`No such webhook: POST ${fake.path}`);
  const error = await failure(post({ text: 'x' }));
  expect(error.message).toBe('Microsoft Teams refused the request: No such webhook: POST [webhook URL] (HTTP 400)');
  for (const part of secretParts()) expect(error.message).not.toContain(part);
});

it('reads a 200 answer carrying a failed delivery (a message over 28 KB) as the failure it is', async () => {
  // 12 000 characters of three UTF-8 bytes each: within the param limit, over Teams' 28 KB.
  const error = await failure(post({ text: '価'.repeat(12_000) }));
  expect(error).toBeInstanceOf(ConnectorRequestError);
  expect(error.message).toMatch(/^Microsoft Teams refused the request: Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 413/);
  expect(fake.messages).toHaveLength(0);
});

it('asks for a new webhook when its URL is not found, without quoting it', async () => {
  webhookUrl = `${fake.url}/webhookb2/0000-removed/IncomingWebhook/deadbeef/0000`;
  const error = await failure(post({ text: 'x' }));
  expect(error).toBeInstanceOf(ConnectorAuthError);
  expect(error.message).toBe('Microsoft Teams did not accept the connected account (the webhook was removed from its channel or its URL is wrong): reconnect it on the Credentials page');
  for (const part of secretParts()) expect(error.message).not.toContain(part);
});

it('refuses a credential whose URL is not a web address without quoting it', async () => {
  webhookUrl = 'teams-secret-key-123 not a url';
  const error = await failure(post({ text: 'x' }));
  expect(error).toBeInstanceOf(StepFailure);
  expect(error.message).toMatch(/webhook URL is not a web address/);
  expect(error.message).not.toContain('teams-secret-key-123');
  expect(fake.requests).toBe(0);
});

it('keeps the URL out of the address guard’s refusal too', async () => {
  const error = await failure(post({ text: 'x' }, { policy: DENY_LOCAL }));
  expect(error.message).toMatch(/Refused to connect to 127\.0\.0\.1/);
  for (const part of secretParts()) expect(error.message).not.toContain(part);
  expect(fake.requests).toBe(0);
});

it('names a missing text before posting', async () => {
  await expect(post({ title: 'Only a title' })).rejects.toThrow('Tell the team: text is required');
  expect(fake.requests).toBe(0);
});
