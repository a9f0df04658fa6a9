// Issue 22's must-show for Pub/Sub: three worker processes (the built
// platform-api, PLATFORM_ROLE=worker) share 1,000 runs from one
// subscription on the real emulator; one is killed with SIGKILL mid-run.
// Every run ends exactly once (succeeded, or failed 'Interrupted by a
// restart' by the recovery of a surviving worker), no run's side effect (an
// HTTP call an outside server counts) happens twice, and nothing is left
// queued. The heaviest Pub/Sub test, on purpose: about 3 minutes on a
// loaded 2-core machine (the Firestore emulator is the bottleneck).
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PubSub, type Message } from '@google-cloud/pubsub';
import { pino } from 'pino';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { RUN_MESSAGES, initialSteps, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { clearFirestore, firestoreFor } from '../../../../testing/harness';
import { edge, manual, node } from '../../../testing/runsHarness';
import { decodeRun, encodeRun, runRef, runsCollection } from '../../store';
import type { StoredRun } from '../../runModel';
import { runQueueSettingsFromEnv } from '../settings';
import { createRunQueue } from '../create';
import { startPubSubEmulator, type PubSubEmulator } from './testing/emulator';
import { startSideEffects, type SideEffects } from './testing/sideEffects';

jest.setTimeout(420_000);

const RUNS = 1000;
const WORKERS = 3;
const CONCURRENCY = 8;
/** The workers' run lease: short, so the killed worker's runs are recovered within seconds. */
const WORKER_LEASE_MS = 3000;
const PROJECT_ID = 'demo-agentflow-runs-pubsub-workers';
const PLATFORM_API = path.resolve(__dirname, '../../../../');
const WORKER_SCRIPT = path.join(__dirname, 'testing/worker.mjs');

let emulator: PubSubEmulator;
let effects: SideEffects;
const workers: ChildProcess[] = [];
const { db } = firestoreFor(PROJECT_ID);

const queueEnv = (role: string): NodeJS.ProcessEnv => ({
  RUN_QUEUE: 'pubsub',
  PLATFORM_ROLE: role,
  RUNS_CONCURRENCY: String(CONCURRENCY),
  PUBSUB_PROJECT_ID: 'demo-agentflow-pubsub-workers',
  PUBSUB_EMULATOR_HOST: emulator.host,
  PUBSUB_TOPIC: 'runs-workers-test',
  PUBSUB_SUBSCRIPTION: 'runs-workers-test-workers',
  PUBSUB_DEAD_LETTER_TOPIC: 'runs-workers-test-dead',
  // The shortest Pub/Sub allows: what the killed worker held comes back soon.
  PUBSUB_ACK_DEADLINE_SECONDS: '10',
});

function startWorker(index: number): Promise<ChildProcess> {
  const hosts = emulatorHosts();
  const child = fork(WORKER_SCRIPT, [], {
    cwd: PLATFORM_API,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      ...queueEnv('worker'),
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIRESTORE_EMULATOR_HOST: hosts.firestore,
      FIREBASE_AUTH_EMULATOR_HOST: hosts.auth,
      WORKER_ID: `worker-${index}`,
      WORKER_LEASE_MS: String(WORKER_LEASE_MS),
    },
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker ${index} exited with ${code}`)));
  });
}

/** A queued run as the API stores it (service.ts), its lease the API's (30 s, the default). */
function queuedRun(id: string, key: string, nodes: WorkflowNode[], edges: WorkflowEdge[]): StoredRun {
  const now = new Date();
  return {
    id,
    workflowId: 'wf-workers',
    workflowVersion: 1,
    workflowName: 'Side effect per run',
    organizationId: null,
    workspaceId: 'owner-workers',
    startedBy: 'owner-workers',
    triggerName: 'trigger',
    snapshot: { nodes, edges },
    ownerId: 'owner-workers',
    status: 'queued',
    trigger: { type: 'manual', userId: 'owner-workers', nodeId: 'trigger' },
    input: { key },
    output: null,
    error: null,
    errorCode: null,
    tokensUsed: 1,
    steps: initialSteps(nodes, edges),
    createdAt: now.toISOString(),
    startedAt: null,
    endedAt: null,
    updatedAt: now.toISOString(),
    lease: { instanceId: 'api-test', expiresAt: now.getTime() + 30_000 },
  } as StoredRun;
}

beforeAll(async () => {
  // The workers load the built platform-api (npm test type-checks with tsc -b, which builds it first).
  if (!existsSync(path.join(PLATFORM_API, 'dist/runs/queue/pubsub/index.js'))) execFileSync(path.resolve(PLATFORM_API, '../node_modules/.bin/tsc'), ['-b', 'platform-api'], { cwd: path.resolve(PLATFORM_API, '..') });
  emulator = await startPubSubEmulator();
  process.env.PUBSUB_EMULATOR_HOST = emulator.host;
  effects = await startSideEffects(30);
  await clearFirestore(PROJECT_ID);
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await effects?.close();
  await emulator?.stop();
  delete process.env.PUBSUB_EMULATOR_HOST;
});

const count = async (status: StoredRun['status'][]) => (await runsCollection(db).where('status', 'in', status).count().get()).data().count;

it(`${WORKERS} workers, ${RUNS} runs, one worker killed mid-run: every run ends once, no side effect twice, nothing left queued`, async () => {
  const started = Date.now();
  const nodes = [manual([{ key: 'key', type: 'text' }]), node('hit', 'http', { method: 'POST', url: `${effects.url}/hit/{{ input.key }}`, headers: {}, timeoutMs: 10_000 })];
  const edges = [edge('trigger', 'hit')];
  const ids = Array.from({ length: RUNS }, (_, i) => `workersRun${String(i).padStart(4, '0')}`);
  for (let i = 0; i < RUNS; i += 400) {
    const batch = db.batch();
    for (const id of ids.slice(i, i + 400)) batch.set(runRef(db, id), encodeRun(queuedRun(id, id, nodes, edges)));
    await batch.commit();
  }
  // The API side: publishes, never pulls (it also creates the topic and subscription on the emulator).
  const api = createRunQueue(runQueueSettingsFromEnv(queueEnv('api')), async () => {
    throw new Error('an API-only instance never executes');
  }, { db, instanceId: 'api-test', leaseMs: 30_000, logger: pino({ level: 'silent' }) });
  await api.enqueue(ids[0]!);
  await Promise.all(ids.slice(1).map((id) => api.enqueue(id)));
  await Promise.all(Array.from({ length: WORKERS }, (_, i) => startWorker(i)));

  // Mid-run: a third of the side effects done, the victim holding runs under way.
  while (effects.counts.size < RUNS / 3) {
    if (Date.now() - started > 150_000) throw new Error(`only ${effects.counts.size} runs called out in two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  workers[0]!.kill('SIGKILL');
  const killedAt = Date.now();

  const deadline = Date.now() + 240_000;
  for (;;) {
    const open = await count(['queued', 'running', 'waiting']);
    if (process.env.WORKERS_TEST_PROGRESS) process.stderr.write(`${((Date.now() - started) / 1000).toFixed(1)} s: ${open} open, ${effects.counts.size} called\n`);
    if (open === 0) break;
    if (Date.now() > deadline) throw new Error(`runs still open: ${await count(['queued', 'running', 'waiting'])}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const finishedAt = Date.now();

  const runs = (await db.getAll(...ids.map((id) => runRef(db, id)))).map((snapshot) => decodeRun(snapshot)!);
  const succeeded = runs.filter((run) => run.status === 'succeeded');
  const interrupted = runs.filter((run) => run.status === 'failed' && run.error === RUN_MESSAGES.interrupted);
  expect(succeeded.length + interrupted.length).toBe(RUNS);
  // Only what the victim had claimed can be interrupted: at most its flow control's worth.
  expect(interrupted.length).toBeLessThanOrEqual(CONCURRENCY);
  for (const run of succeeded) {
    expect(effects.counts.get(run.id)).toBe(1);
    expect(run.lease).toBeNull();
  }
  // An interrupted run's call was made at most once (it may have been under way when the worker died).
  for (const run of interrupted) expect(effects.counts.get(run.id) ?? 0).toBeLessThanOrEqual(1);
  expect([...effects.counts.values()].every((calls) => calls === 1)).toBe(true);

  // Nothing left queued: the survivors stop, and whatever is still in the subscription names an ended run.
  await Promise.all(workers.slice(1).map((worker) => new Promise((resolve) => {
    const kill = setTimeout(() => worker.kill('SIGKILL'), 15_000);
    worker.once('exit', () => resolve(clearTimeout(kill)));
    worker.kill('SIGTERM');
  })));
  await api.stop();
  const pubsub = new PubSub({ projectId: 'demo-agentflow-pubsub-workers' });
  const left: string[] = [];
  const subscription = pubsub.subscription('runs-workers-test-workers');
  subscription.on('message', (message: Message) => {
    left.push(message.data.toString());
    message.ack();
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await subscription.close();
  await pubsub.close();
  const leftRuns = (await Promise.all(left.map((id) => runRef(db, id).get()))).map((snapshot) => decodeRun(snapshot)?.status);
  expect(leftRuns.filter((status) => status !== 'succeeded' && status !== 'failed')).toEqual([]);
  console.log(`${RUNS} runs on ${WORKERS} workers: ${succeeded.length} succeeded, ${interrupted.length} interrupted; killed after ${((killedAt - started) / 1000).toFixed(1)} s, all ended after ${((finishedAt - started) / 1000).toFixed(1)} s; ${left.length} duplicate messages left`);
});
