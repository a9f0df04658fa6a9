// Widget security (issue 23 must-show): a page on an origin the owner did not
// list cannot open a conversation (403, no CORS answer), rate limits answer
// 429 per visitor and per app, one visitor can never read or continue
// another's conversation, a paused app answers with its polite message, an
// app that requires sign-in refuses visitors without it, and only the
// workspace reads the conversations. Real app, emulators, the fake model.
import { CHAT_API, CHAT_ERROR_CODES, CHAT_PAUSED_MESSAGE } from '@agentflow/shared/chat';
import { eventually } from '@agentflow/shared/testing/eventually';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startSlowStreamingModel, type SlowStreamingModel } from './testing/slowStreamingModel';
import { visitorCall } from './testing/visitor';

const ORIGIN = 'https://shop.example';

let h: RunsHarness;
let model: SlowStreamingModel;
let owner: RunsUser;
let stranger: RunsUser;

beforeAll(async () => {
  model = await startSlowStreamingModel(['Shipping ', 'takes two days.'], 5);
  h = await startRunsHarness('chat-security', { env: { AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' } });
  [owner, stranger] = await Promise.all([h.createUser('shop', { tokens: 1000 }), h.createUser('stranger')]);
});

afterAll(async () => {
  await h?.close();
  await model?.close();
});

async function publishedApp(settings: Record<string, unknown> = {}): Promise<{ id: string }> {
  const workflow = await h.saveWorkflow(owner.uid, [
    node('chat', 'trigger.chat'),
    node('assistant', 'agent', { name: 'Shipping assistant', role: 'You answer questions about shipping.', promptTemplate: '{{ $string($) }}', output: { type: 'text' }, tools: { http: [], delegates: [] } }),
  ], [edge('chat', 'assistant')]);
  const created = await h.call('POST', CHAT_API.apps, { user: owner, body: { workflowId: workflow.id, allowedOrigins: [`${ORIGIN}/`], ...settings } });
  expect(created.status).toBe(201);
  return created.body;
}

const open = (appId: string, origin: string | undefined = ORIGIN, body: Record<string, unknown> = {}) => visitorCall(h.baseUrl(), 'POST', CHAT_API.open(appId), { ...(origin ? { origin } : {}), body });
const send = (appId: string, conversationId: string, visitorToken: string, text = 'How long does shipping take?') =>
  visitorCall(h.baseUrl(), 'POST', CHAT_API.send(appId, conversationId), { origin: ORIGIN, body: { visitorToken, text } });
const read = (appId: string, conversationId: string, token: string) =>
  visitorCall(h.baseUrl(), 'GET', `${CHAT_API.visitorConversation(appId, conversationId)}?token=${encodeURIComponent(token)}`, { origin: ORIGIN });

describe('chat widget security', () => {
  it('lets a listed origin open a conversation (with its CORS answer) and refuses any other with 403', async () => {
    const app = await publishedApp();
    const allowed = await open(app.id);
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.body).toEqual({ conversationId: expect.any(String), visitorToken: expect.stringMatching(/^v[\w-]{22}\.[\w-]+$/), app: expect.objectContaining({ id: app.id, status: 'published' }) });

    for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example', 'https://shop.example:8443']) {
      const refused = await open(app.id, origin);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(CHAT_ERROR_CODES.originNotAllowed);
      // The refusal itself is readable by that page, so the widget can say why instead of "network error".
      expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    }
    // The widget's other calls are refused alike: its settings, and another page using a token it got.
    const settings = await visitorCall(h.baseUrl(), 'GET', CHAT_API.publicApp(app.id), { origin: 'https://evil.example' });
    expect(settings.status).toBe(403);
    const conversations = await h.db.collection('chatConversations').where('appId', '==', app.id).get();
    expect(conversations.size).toBe(1);
  });

  it('lets the hosted chat page, served by this API, open a conversation from its own origin', async () => {
    const app = await publishedApp();
    const hostedOrigin = new URL(h.baseUrl()).origin;
    const opened = await open(app.id, hostedOrigin);
    expect(opened.status).toBe(201);
    expect(opened.headers.get('access-control-allow-origin')).toBe(hostedOrigin);
    // Another port on the same host is another origin.
    const otherPort = new URL(h.baseUrl());
    otherPort.port = String(Number(otherPort.port) + 1);
    expect((await open(app.id, otherPort.origin)).status).toBe(403);
  });

  it('answers 429 once a visitor sends more than their limit, and once the app has had its limit', async () => {
    const app = await publishedApp({ limits: { perVisitorPerMinute: 2, perAppPerMinute: 3 } });
    const first = (await open(app.id)).body;
    expect((await send(app.id, first.conversationId, first.visitorToken)).status).toBe(202);
    expect((await send(app.id, first.conversationId, first.visitorToken)).status).toBe(202);
    const visitorLimited = await send(app.id, first.conversationId, first.visitorToken);
    expect(visitorLimited.status).toBe(429);
    expect(visitorLimited.body.code).toBe(CHAT_ERROR_CODES.rateLimited);
    expect(Number(visitorLimited.headers.get('retry-after'))).toBeGreaterThan(0);

    const second = (await open(app.id)).body;
    expect((await send(app.id, second.conversationId, second.visitorToken)).status).toBe(202);
    // The app's third message a minute was the last: another visitor, within their own limit, waits too.
    const appLimited = await send(app.id, second.conversationId, second.visitorToken);
    expect(appLimited.status).toBe(429);
    expect(appLimited.body.code).toBe(CHAT_ERROR_CODES.rateLimited);
    expect(appLimited.body.error).toMatch(/busy/);
    // Refused messages were not stored: two turns each for three sent.
    const stored = await h.db.collection('chatConversations').doc(first.conversationId).collection('messages').get();
    expect(stored.size).toBe(4);
  });

  it('never lets one visitor read or continue another visitor’s conversation', async () => {
    const app = await publishedApp();
    const other = await publishedApp();
    const alice = (await open(app.id)).body;
    const bob = (await open(app.id)).body;
    expect((await send(app.id, alice.conversationId, alice.visitorToken, 'My order number is 4711')).status).toBe(202);

    const own = await read(app.id, alice.conversationId, alice.visitorToken);
    expect(own.status).toBe(200);
    expect(own.body.messages[0].text).toBe('My order number is 4711');

    const refusals = [
      await read(app.id, alice.conversationId, bob.visitorToken),
      await send(app.id, alice.conversationId, bob.visitorToken, 'What did she ask?'),
      await visitorCall(h.baseUrl(), 'GET', `${CHAT_API.stream(app.id, alice.conversationId, own.body.messages[1].id)}?token=${encodeURIComponent(bob.visitorToken)}`, { origin: ORIGIN }),
      // A token with its signature changed, or without one.
      await read(app.id, alice.conversationId, `${alice.visitorToken.split('.')[0]}.${'A'.repeat(43)}`),
      await read(app.id, alice.conversationId, alice.visitorToken.split('.')[0]!),
      // A token signed for another app.
      await read(app.id, alice.conversationId, (await open(other.id)).body.visitorToken),
      // The right token under another app's path.
      await read(other.id, alice.conversationId, alice.visitorToken),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(404);
      expect(refusal.body.code).toBe(CHAT_ERROR_CODES.notFound);
    }
    // The same visitor (token kept by the widget) may open another conversation of their own.
    const again = (await open(app.id, ORIGIN, { visitorToken: alice.visitorToken })).body;
    expect(again.visitorToken).toBe(alice.visitorToken);
    expect((await read(app.id, again.conversationId, alice.visitorToken)).status).toBe(200);
  });

  it('answers a paused app with its polite message, and works again once published', async () => {
    const app = await publishedApp();
    const visitor = (await open(app.id)).body;
    const paused = await h.call('PATCH', CHAT_API.app(app.id), { user: owner, body: { status: 'paused' } });
    expect(paused.status).toBe(200);

    for (const answer of [await open(app.id), await send(app.id, visitor.conversationId, visitor.visitorToken)]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: CHAT_PAUSED_MESSAGE, code: CHAT_ERROR_CODES.paused });
    }
    const settings = await visitorCall(h.baseUrl(), 'GET', CHAT_API.publicApp(app.id), { origin: ORIGIN });
    expect(settings.body).toMatchObject({ status: 'paused', pausedMessage: CHAT_PAUSED_MESSAGE, code: CHAT_ERROR_CODES.paused });

    expect((await h.call('PATCH', CHAT_API.app(app.id), { user: owner, body: { status: 'published' } })).status).toBe(200);
    expect((await send(app.id, visitor.conversationId, visitor.visitorToken)).status).toBe(202);
  });

  it('refuses visitors who have not signed in when the app requires it', async () => {
    const app = await publishedApp({ requireSignIn: true });
    const anonymous = await open(app.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(CHAT_ERROR_CODES.signInRequired);
    const forged = await open(app.id, ORIGIN, { idToken: 'not-a-token' });
    expect(forged.status).toBe(401);
    const signedIn = await open(app.id, ORIGIN, { idToken: stranger.idToken });
    expect(signedIn.status).toBe(201);
    const conversation = await h.db.collection('chatConversations').doc(signedIn.body.conversationId).get();
    expect(conversation.get('visitorUid')).toBe(stranger.uid);
  });

  it('shows the conversations with the run behind each answer to the workspace only', async () => {
    const app = await publishedApp();
    const visitor = (await open(app.id)).body;
    await send(app.id, visitor.conversationId, visitor.visitorToken);
    const listed = await h.call('GET', CHAT_API.conversations(app.id), { user: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.conversations.map((c: { id: string }) => c.id)).toEqual([visitor.conversationId]);
    const detail = await eventually(
      () => h.call('GET', CHAT_API.conversation(app.id, visitor.conversationId), { user: owner }),
      (answer) => answer.body.messages?.[1]?.status === 'done',
    );
    expect(detail.body.messages[1]).toMatchObject({ role: 'assistant', text: 'Shipping takes two days.', runId: expect.any(String) });

    for (const path of [CHAT_API.app(app.id), CHAT_API.conversations(app.id), CHAT_API.conversation(app.id, visitor.conversationId)]) {
      const refused = await h.call('GET', path, { user: stranger });
      expect(refused.status).toBe(404);
    }
    expect((await h.call('PATCH', CHAT_API.app(app.id), { user: stranger, body: { status: 'paused' } })).status).toBe(404);
    expect((await h.call('GET', CHAT_API.conversations(app.id))).status).toBe(401);
  });

  it('refuses to publish a workflow without a chat trigger, and bad settings naming the field', async () => {
    const workflow = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.manual', { inputSchema: [] })], []);
    const noTrigger = await h.call('POST', CHAT_API.apps, { user: owner, body: { workflowId: workflow.id } });
    expect(noTrigger.status).toBe(400);
    expect(noTrigger.body.code).toBe(CHAT_ERROR_CODES.noChatTrigger);
    const badOrigin = await h.call('POST', CHAT_API.apps, { user: owner, body: { workflowId: workflow.id, allowedOrigins: ['https://shop.example/widget'] } });
    expect(badOrigin.status).toBe(400);
    expect(badOrigin.body.error).toMatch(/allowedOrigins\.0/);
    const app = await publishedApp();
    const badLimit = await h.call('PATCH', CHAT_API.app(app.id), { user: owner, body: { limits: { perVisitorPerMinute: 0, perAppPerMinute: 10 } } });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error).toMatch(/limits\.perVisitorPerMinute/);
    const badMessage = await visitorCall(h.baseUrl(), 'POST', CHAT_API.send(app.id, 'c1', ), { origin: ORIGIN, body: { text: '' } });
    expect(badMessage.status).toBe(400);
  });
});
