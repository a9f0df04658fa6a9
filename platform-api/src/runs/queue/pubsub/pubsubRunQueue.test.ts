// Runs on Pub/Sub against the real emulator (started here on a free port)
// and the Firestore emulator: an API-only instance accepts and publishes,
// never executes; workers execute each run once however often it is
// delivered; a message that names no run lands on the dead-letter topic
// after PUBSUB_MAX_DELIVERIES deliveries; a knowledge job goes through the
// same topic and its source's claim makes duplicates harmless.
import { PubSub, type Message } from '@google-cloud/pubsub';
import { KNOWLEDGE_API } from '@agentflow/shared/knowledge';
import { manual, node, edge, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../../testing/runsHarness';
import { pubSubSettingsFromEnv, runQueueSettingsFromEnv, type RunQueueSettings } from '../settings';
import { deadLetterSubscriptionOf } from './resources';
import type { PubSubRunQueue } from './pubsubRunQueue';
import { recoverInterruptedRuns } from '../../recovery';
import { runRef } from '../../store';
import { startPubSubEmulator, type PubSubEmulator } from './testing/emulator';
import { startSideEffects, type SideEffects } from './testing/sideEffects';

jest.setTimeout(90_000);

let emulator: PubSubEmulator;
const inheritedEmulatorHost = process.env.PUBSUB_EMULATOR_HOST;
let effects: SideEffects;
let h: RunsHarness;
let owner: RunsUser;
const workers: RunsApp[] = [];
const env = (role: string): NodeJS.ProcessEnv => ({
  RUN_QUEUE: 'pubsub',
  PLATFORM_ROLE: role,
  RUNS_CONCURRENCY: '4',
  PUBSUB_PROJECT_ID: 'demo-agentflow-pubsub',
  PUBSUB_EMULATOR_HOST: emulator.host,
  PUBSUB_TOPIC: 'runs-queue-test',
  PUBSUB_SUBSCRIPTION: 'runs-queue-test-workers',
  PUBSUB_DEAD_LETTER_TOPIC: 'runs-queue-test-dead',
  PUBSUB_MAX_DELIVERIES: '5',
});
const settings = (role: string): RunQueueSettings => runQueueSettingsFromEnv(env(role));

beforeAll(async () => {
  emulator = await startPubSubEmulator();
  // No PUBSUB_EMULATOR_HOST in this process's environment: the queues reach the emulator through the settings alone.
  delete process.env.PUBSUB_EMULATOR_HOST;
  effects = await startSideEffects();
  h = await startRunsHarness('pubsub-queue', { queueSettings: settings('api') });
  owner = await h.createUser('pubsub-owner', { tokens: 100 });
  for (let i = 0; i < 2; i++) workers.push(await h.startApp({ queueSettings: settings('worker') }));
});

afterAll(async () => {
  for (const worker of workers) await worker.close();
  await h?.close();
  await effects?.close();
  await emulator?.stop();
  if (inheritedEmulatorHost !== undefined) process.env.PUBSUB_EMULATOR_HOST = inheritedEmulatorHost;
});

const sideEffectWorkflow = () => h.saveWorkflow(owner.uid, [manual([{ key: 'key', type: 'text' }]), node('hit', 'http', { method: 'POST', url: `${effects.url}/hit/{{ input.key }}`, headers: {}, timeoutMs: 5000 })], [edge('trigger', 'hit')]);
const queueOf = (app: RunsApp) => app.runs.queue as PubSubRunQueue;
const handled = (app: RunsApp) => Object.values(queueOf(app).deliveries).reduce((sum, count) => sum + count, 0);

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('reads the queue settings, naming the variable that is wrong', () => {
  expect(runQueueSettingsFromEnv({})).toEqual({ kind: 'inprocess', role: 'both', concurrency: 4, pubsub: null });
  expect(settings('worker').pubsub).toMatchObject({ projectId: 'demo-agentflow-pubsub', topic: 'runs-queue-test', maxDeliveries: 5, ackDeadlineSeconds: 60, createResources: true });
  expect(pubSubSettingsFromEnv({ GCLOUD_PROJECT: 'prod-1' })).toMatchObject({ projectId: 'prod-1', topic: 'agentflow-runs', subscription: 'agentflow-runs-workers', deadLetterTopic: 'agentflow-runs-dead-letter', createResources: false, emulatorHost: null });
  expect(() => runQueueSettingsFromEnv({ RUN_QUEUE: 'kafka' })).toThrow('RUN_QUEUE must be one of inprocess, pubsub, not "kafka"');
  expect(() => runQueueSettingsFromEnv({ PLATFORM_ROLE: 'worker' })).toThrow('PLATFORM_ROLE=worker needs RUN_QUEUE=pubsub');
  expect(() => runQueueSettingsFromEnv({ ...env('api'), PUBSUB_MAX_DELIVERIES: '3' })).toThrow('PUBSUB_MAX_DELIVERIES must be a whole number from 5 to 100, not "3"');
  expect(() => runQueueSettingsFromEnv({ ...env('api'), PUBSUB_TOPIC: 'goog-runs' })).toThrow('PUBSUB_TOPIC must be a Pub/Sub name');
});

it('an API-only instance publishes the run; a worker executes it once', async () => {
  const apiExecute = jest.spyOn(h.app.runs.executor, 'execute');
  const carriedBefore = workers.reduce((sum, worker) => sum + queueOf(worker).carriedRuns, 0);
  const wf = await sideEffectWorkflow();
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: owner, body: { input: { key: 'once' } } });
  expect(started.status).toBe(202);
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(run.lease).toBeNull();
  expect(effects.counts.get('once')).toBe(1);
  expect(apiExecute).not.toHaveBeenCalled();
  // The new run travelled in its message (the worker claimed it without reading it, claim.test.ts).
  expect(workers.reduce((sum, worker) => sum + queueOf(worker).carriedRuns, 0) - carriedBefore).toBe(1);
  apiExecute.mockRestore();
});

it('a run delivered three times (and to two workers) executes once', async () => {
  const wf = await sideEffectWorkflow();
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: owner, body: { input: { key: 'dup' } } });
  expect(started.status).toBe(202);
  const before = workers.map(handled);
  // Two more deliveries of the same run: what at-least-once delivery may do.
  await h.app.runs.queue.enqueue(started.body.runId);
  await h.app.runs.queue.enqueue(started.body.runId);
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  await until(() => workers.reduce((sum, worker, i) => sum + handled(worker) - before[i]!, 0) >= 3);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(effects.counts.get('dup')).toBe(1);
  const claimed = workers.reduce((sum, worker) => sum + queueOf(worker).deliveries.claimed, 0);
  const duplicates = workers.reduce((sum, worker) => sum + queueOf(worker).deliveries.taken + queueOf(worker).deliveries.ended, 0);
  // Two runs so far (this one and the last test's), each claimed once; this run's two extra deliveries did nothing.
  expect(claimed).toBe(2);
  expect(duplicates).toBe(2);
});

it('a message that names no run lands on the dead-letter topic after the last delivery', async () => {
  const pubsub = new PubSub({ projectId: 'demo-agentflow-pubsub', apiEndpoint: emulator.host, emulatorMode: true });
  const dead = pubsub.subscription(deadLetterSubscriptionOf({ deadLetterTopic: 'runs-queue-test-dead' }));
  const landed = new Promise<Message>((resolve) => dead.on('message', (message: Message) => {
    message.ack();
    resolve(message);
  }));
  await pubsub.topic('runs-queue-test').publishMessage({ data: Buffer.from('not a run id!') });
  const message = await landed;
  expect(message.data.toString()).toBe('not a run id!');
  expect(workers.reduce((sum, worker) => sum + queueOf(worker).deliveries.unreadable, 0)).toBe(5);
  await dead.close();
  await pubsub.close();
});

it('two workers see the same schedule tick: one run, executed once through the topic', async () => {
  let clock = new Date('2026-11-23T14:29:00.000Z');
  const now = () => clock;
  const wf = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.schedule', { cron: '30 14 * * *', timeZone: 'UTC' }), node('hit', 'http', { method: 'POST', url: `${effects.url}/hit/scheduled-once`, headers: {}, timeoutMs: 5000 })], [edge('trigger', 'hit')]);
  const pair = [await h.startApp({ queueSettings: settings('worker'), now }), await h.startApp({ queueSettings: settings('worker'), now })];
  workers.push(...pair);
  await Promise.all(pair.map((worker) => worker.runs.scheduler.refresh()));
  clock = new Date('2026-11-23T14:30:10.000Z');
  const created = await Promise.all(pair.map((worker) => worker.runs.scheduler.check()));
  expect(created[0]! + created[1]!).toBe(1);
  const runs = await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get();
  expect(runs.size).toBe(1);
  const run = await h.waitForRun(runs.docs[0]!.id, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(effects.counts.get('scheduled-once')).toBe(1);
});

it('a queued run whose message was lost is published again by recovery, not failed, and executes once', async () => {
  const wf = await sideEffectWorkflow();
  // Stored and charged, but never published (the publish failed), and its API instance is gone: its lease lapsed.
  const paused = jest.spyOn(h.app.runs.queue, 'enqueue').mockResolvedValueOnce(undefined);
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: owner, body: { input: { key: 'lost' } } });
  expect(started.status).toBe(202);
  paused.mockRestore();
  await runRef(h.db, started.body.runId).update({ lease: { instanceId: 'gone', expiresAt: Date.now() - 1 } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await runRef(h.db, started.body.runId).get()).get('status')).toBe('queued');
  const failed = await recoverInterruptedRuns(h.db, { instanceId: 'sweeper', leaseMs: 30_000, requeue: (runId) => h.app.runs.queue.enqueue(runId) });
  expect(failed).not.toContain(started.body.runId);
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(effects.counts.get('lost')).toBe(1);
});

it('a knowledge source added on the API instance is processed through the topic by a worker, once however often its job is delivered', async () => {
  const created = await h.call('POST', KNOWLEDGE_API.list, { user: owner, body: { workspaceId: 'personal', name: 'Queue manuals' } });
  expect(created.status).toBe(201);
  const before = workers.map(handled);
  const added = await h.call('POST', KNOWLEDGE_API.sources(created.body.id), { user: owner, body: { kind: 'text', name: 'Notes', text: 'The circulation pump is bled through the brass screw on its side.' } });
  expect(added.status).toBe(202);
  // The same job published twice more: the source's claim lets one worker process it.
  await queueOf(h.app).enqueue(`knowledge:${created.body.id}:${added.body.id}`);
  await queueOf(h.app).enqueue(`knowledge:${created.body.id}:${added.body.id}`);
  let sources: Array<{ status: string; chunkCount: number; syncedAt: string | null }> = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    sources = (await h.call('GET', KNOWLEDGE_API.sources(created.body.id), { user: owner })).body.sources;
    if (sources[0]?.status === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(sources[0]).toMatchObject({ status: 'ready', chunkCount: 1 });
  await until(() => workers.reduce((sum, worker, i) => sum + handled(worker) - before[i]!, 0) >= 3);
  const syncedAt = sources[0]!.syncedAt;
  // Nothing processed it again: it was made ready once.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await h.call('GET', KNOWLEDGE_API.sources(created.body.id), { user: owner })).body.sources[0].syncedAt).toBe(syncedAt);
  const search = await h.call('POST', KNOWLEDGE_API.search(created.body.id), { user: owner, body: { query: 'how is the pump bled' } });
  expect(search.body.passages[0].text).toContain('brass screw');
});
