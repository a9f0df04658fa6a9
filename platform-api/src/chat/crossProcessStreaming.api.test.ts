// Chat answers stream across processes (issue 23): the API instance holding
// the visitor's stream does not execute the run. Here one app plays the API
// (its queue hands every run to another instance) and another the worker
// that executes it, as with RUN_QUEUE=pubsub; both carry the run stream
// through Firestore (runs/streams/firestore.ts). The first token still
// reaches the visitor before the model has finished, and the answer is stored.
import { pino } from 'pino';
import { CHAT_API, type ChatStreamEvent } from '@agentflow/shared/chat';
import type { RunQueue } from '../runs/queue';
import { firestoreRunStreams } from '../runs/streams/firestore';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startSlowStreamingModel, type SlowStreamingModel } from './testing/slowStreamingModel';
import { sseEvents, visitorCall } from './testing/visitor';

const ORIGIN = 'https://terms.example';
const PIECES = ['Orders ', 'ship ', 'within ', 'two ', 'working days.'];

let h: RunsHarness;
let model: SlowStreamingModel;
let owner: RunsUser;
let worker: RunsApp;
let api: RunsApp;

beforeAll(async () => {
  model = await startSlowStreamingModel(PIECES, 150);
  const env = { AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' };
  h = await startRunsHarness('chat-cross-process', { env });
  const logger = pino({ level: 'silent' });
  worker = await h.startApp({ env, runStreams: firestoreRunStreams(h.db, logger) });
  // The API instance executes nothing: its queue hands each run to the worker, as a Pub/Sub topic would.
  const toWorker: RunQueue = { enqueue: async (runId) => void worker.runs.executor.execute(runId), start: () => undefined, stop: async () => undefined };
  api = await h.startApp({ env, runStreams: firestoreRunStreams(h.db, logger), createQueue: () => toWorker });
  owner = await h.createUser('shipper', { tokens: 1000 });
});

afterAll(async () => {
  await api?.close();
  await worker?.close();
  await h?.close();
  await model?.close();
});

it('relays the tokens a worker streams through Firestore to the visitor on the API instance, first token before the model finished', async () => {
  const workflow = await h.saveWorkflow(owner.uid, [
    node('chat', 'trigger.chat'),
    node('assistant', 'agent', { name: 'Terms assistant', role: 'You answer from the shipping terms.', promptTemplate: 'Question: {{ input.message }}', output: { type: 'text' }, tools: { http: [], delegates: [] } }),
  ], [edge('chat', 'assistant')]);
  const release = model.hold();
  const app = (await h.call('POST', CHAT_API.apps, { user: owner, body: { workflowId: workflow.id, allowedOrigins: [ORIGIN] } })).body as { id: string };
  const opened = (await visitorCall(api.baseUrl, 'POST', CHAT_API.open(app.id), { origin: ORIGIN, body: {} })).body;
  const sent = await visitorCall(api.baseUrl, 'POST', CHAT_API.send(app.id, opened.conversationId), { origin: ORIGIN, body: { visitorToken: opened.visitorToken, text: 'How fast do you ship?' } });
  expect(sent.status).toBe(202);

  const streamsBefore = model.finishedAt.length;
  const response = await fetch(`${api.baseUrl}${sent.body.stream}?token=${encodeURIComponent(opened.visitorToken)}`, { headers: { Origin: ORIGIN } });
  let firstTokenAt: number | null = null;
  const tokens: string[] = [];
  let last: ChatStreamEvent | null = null;
  let unfinishedAtFirstToken: boolean | null = null;
  for await (const { event, at } of sseEvents(response)) {
    if (event.type === 'token') {
      if (firstTokenAt === null) {
        firstTokenAt = at;
        unfinishedAtFirstToken = model.finishedAt.length === streamsBefore;
        // The model stopped after its first piece: it finishes only now.
        release();
      }
      tokens.push(event.text);
    }
    last = event;
  }
  expect(unfinishedAtFirstToken).toBe(true);
  expect({ firstTokenAt, last }).toEqual({ firstTokenAt: expect.any(Number), last: expect.objectContaining({ type: 'done' }) });
  expect(firstTokenAt!).toBeLessThan(model.finishedAt[streamsBefore]!);
  expect(tokens.join('')).toBe(PIECES.join(''));
  expect(last).toEqual({ type: 'done', messageId: sent.body.message.id, text: PIECES.join('') });

  // The model was asked with the chat trigger's input, streaming; the events went through Firestore.
  expect(model.requests.at(-1)).toEqual({ stream: true, lastUser: expect.stringContaining('Question: How fast do you ship?') });
  const stored = await h.call('GET', CHAT_API.conversation(app.id, opened.conversationId), { user: owner });
  expect(stored.body.messages[1]).toMatchObject({ status: 'done', text: PIECES.join('') });
  const run = await h.waitForRun(stored.body.messages[1].runId, ['succeeded']);
  const batches = await h.db.collection('runStreams').doc(run.id).collection('events').get();
  expect(batches.size).toBeGreaterThan(0);
});
