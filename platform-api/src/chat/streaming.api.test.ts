// Chat answers stream (issue 23 must-show): the first token reaches the
// visitor before the model has finished, the answer is stored when the run
// ends whether or not the visitor is still connected, and it is paid by the
// app's workspace owner. Real app on loopback, Firestore and Auth emulators,
// the in-process run stream; the model is a fake OpenAI server streaming in
// the real SSE wire format with a delay between pieces.
import { CHAT_API, CHAT_ERROR_CODES, type ChatStreamEvent } from '@agentflow/shared/chat';
import { eventually } from '@agentflow/shared/testing/eventually';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startSlowStreamingModel, type SlowStreamingModel } from './testing/slowStreamingModel';
import { sseEvents, visitorCall } from './testing/visitor';

const ORIGIN = 'https://listings.example';
const PIECES = ['The flat ', 'on Elm Street ', 'is still ', 'available ', 'for viewings.'];
const ANSWER = PIECES.join('');
const PIECE_DELAY_MS = 150;

let h: RunsHarness;
let model: SlowStreamingModel;
let owner: RunsUser;

beforeAll(async () => {
  model = await startSlowStreamingModel(PIECES, PIECE_DELAY_MS);
  h = await startRunsHarness('chat-streaming', { env: { AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' } });
  owner = await h.createUser('agency', { tokens: 1000 });
});

afterAll(async () => {
  await h?.close();
  await model?.close();
});

async function publishedApp(): Promise<{ id: string; workflowId: string }> {
  const workflow = await h.saveWorkflow(owner.uid, [
    node('chat', 'trigger.chat'),
    node('assistant', 'agent', { name: 'Listing assistant', role: 'You answer questions about our listings.', promptTemplate: '{{ $string($) }}', output: { type: 'text' }, tools: { http: [], delegates: [] } }),
  ], [edge('chat', 'assistant')]);
  const created = await h.call('POST', CHAT_API.apps, { user: owner, body: { workflowId: workflow.id, allowedOrigins: [ORIGIN] } });
  expect(created.status).toBe(201);
  return created.body;
}

async function askedQuestion(appId: string, text: string) {
  const opened = await visitorCall(h.baseUrl(), 'POST', CHAT_API.open(appId), { origin: ORIGIN, body: {} });
  expect(opened.status).toBe(201);
  const { conversationId, visitorToken } = opened.body as { conversationId: string; visitorToken: string };
  const sent = await visitorCall(h.baseUrl(), 'POST', CHAT_API.send(appId, conversationId), { origin: ORIGIN, body: { visitorToken, text } });
  expect(sent.status).toBe(202);
  return { conversationId, visitorToken, messageId: sent.body.message.id as string, streamUrl: `${h.baseUrl()}${sent.body.stream}?token=${encodeURIComponent(visitorToken)}` };
}

describe('chat answer streaming', () => {
  it('sends the first token before the model has finished, then the answer as stored', async () => {
    const app = await publishedApp();
    const streamsBefore = model.finishedAt.length;
    // The model stops after its first piece until the visitor has it: the proof does not depend on the machine's speed.
    const release = model.hold();
    const asked = await askedQuestion(app.id, 'Is the flat on Elm Street still free?');

    const response = await fetch(asked.streamUrl, { headers: { Origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const tokens: string[] = [];
    let firstTokenAt: number | null = null;
    let done: Extract<ChatStreamEvent, { type: 'done' }> | null = null;
    let unfinishedAtFirstToken: boolean | null = null;
    for await (const { event, at } of sseEvents(response)) {
      if (event.type === 'token') {
        if (firstTokenAt === null) {
          firstTokenAt = at;
          unfinishedAtFirstToken = model.finishedAt.length === streamsBefore;
          release();
        }
        tokens.push(event.text);
      }
      if (event.type === 'done') done = event;
    }
    expect(unfinishedAtFirstToken).toBe(true);

    const modelFinishedAt = model.finishedAt[streamsBefore];
    expect(firstTokenAt).not.toBeNull();
    expect(modelFinishedAt).toBeDefined();
    // Four more pieces (600 ms) were still to come when the first one reached the visitor.
    expect(firstTokenAt!).toBeLessThan(modelFinishedAt!);
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe(ANSWER);
    expect(done).toEqual({ type: 'done', messageId: asked.messageId, text: ANSWER });

    const read = await visitorCall(h.baseUrl(), 'GET', `${CHAT_API.visitorConversation(app.id, asked.conversationId)}?token=${encodeURIComponent(asked.visitorToken)}`, { origin: ORIGIN });
    expect(read.status).toBe(200);
    expect(read.body.messages.map((m: { role: string; text: string; status: string }) => [m.role, m.text, m.status])).toEqual([
      ['user', 'Is the flat on Elm Street still free?', 'done'],
      ['assistant', ANSWER, 'done'],
    ]);
    // The visitor sees turns, not runs.
    expect(read.body.messages[1].runId).toBeUndefined();
  });

  it('stores the whole answer when the visitor drops the stream after the first token, and the workspace owner pays', async () => {
    const app = await publishedApp();
    const balanceBefore = await h.balance(owner.uid);
    const streamsBefore = model.finishedAt.length;
    const release = model.hold();
    const asked = await askedQuestion(app.id, 'Can I book a viewing on Saturday?');

    const hangUp = new AbortController();
    const response = await fetch(asked.streamUrl, { headers: { Origin: ORIGIN }, signal: hangUp.signal });
    for await (const { event } of sseEvents(response)) {
      if (event.type === 'token') break;
    }
    hangUp.abort();
    // Dropped mid-answer: the model had not finished (it goes on once released).
    expect(model.finishedAt.length).toBe(streamsBefore);
    release();

    const answered = await eventually(
      () => h.call('GET', CHAT_API.conversation(app.id, asked.conversationId), { user: owner }),
      (read) => read.body.messages?.[1]?.status === 'done',
    );
    const answer = answered.body.messages[1];
    expect(answer.text).toBe(ANSWER);
    // The conversations view links each answer to its run: a chat run of the app's workflow.
    const run = await h.waitForRun(answer.runId, ['succeeded']);
    expect(run.workflowId).toBe(app.workflowId);
    expect(run.trigger.type).toBe('chat');
    expect(run.ownerId).toBe(owner.uid);
    expect(run.input).toMatchObject({ message: 'Can I book a viewing on Saturday?', history: [], summary: '', conversationId: asked.conversationId });
    expect(await h.balance(owner.uid)).toBeLessThan(balanceBefore);
  });

  it('stores an answer whose run cannot start as failed, with its code, and the stream says so', async () => {
    const app = await publishedApp();
    // The workflow lost its chat trigger after it was published.
    await h.db.collection('workflows').doc(app.workflowId).update({ nodes: [node('assistant', 'agent', { name: 'Listing assistant', role: 'r', promptTemplate: 'p', output: { type: 'text' }, tools: { http: [], delegates: [] } })], edges: [] });
    const asked = await askedQuestion(app.id, 'Hello?');
    const response = await fetch(asked.streamUrl, { headers: { Origin: ORIGIN } });
    const events: ChatStreamEvent[] = [];
    for await (const { event } of sseEvents(response)) events.push(event);
    expect(events).toEqual([{ type: 'error', messageId: asked.messageId, code: CHAT_ERROR_CODES.noChatTrigger, message: expect.any(String) }]);
    const read = await h.call('GET', CHAT_API.conversation(app.id, asked.conversationId), { user: owner });
    expect(read.body.messages[1]).toMatchObject({ status: 'failed', errorCode: CHAT_ERROR_CODES.noChatTrigger, runId: null, text: '' });
  });

  it('gives the next run the conversation so far as its memory', async () => {
    const app = await publishedApp();
    const asked = await askedQuestion(app.id, 'Is there parking?');
    await eventually(
      () => h.call('GET', CHAT_API.conversation(app.id, asked.conversationId), { user: owner }),
      (read) => read.body.messages?.[1]?.status === 'done',
    );
    const second = await visitorCall(h.baseUrl(), 'POST', CHAT_API.send(app.id, asked.conversationId), { origin: ORIGIN, body: { visitorToken: asked.visitorToken, text: 'And a garden?' } });
    expect(second.status).toBe(202);
    const answered = await eventually(
      () => h.call('GET', CHAT_API.conversation(app.id, asked.conversationId), { user: owner }),
      (read) => read.body.messages?.[3]?.status === 'done',
    );
    const run = await h.waitForRun(answered.body.messages[3].runId, ['succeeded']);
    expect(run.input).toMatchObject({
      message: 'And a garden?',
      history: [
        { role: 'user', text: 'Is there parking?' },
        { role: 'assistant', text: ANSWER },
      ],
    });
  });
});
