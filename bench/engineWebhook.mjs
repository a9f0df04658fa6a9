// bench/engine.mjs --webhook: N concurrent senders post to a webhook →
// transform workflow for T seconds through platform-api's real runs router
// (Express on loopback, the webhook's secret check, plan gate, start debit,
// queue, executor, every run persisted to the Firestore emulator). Prints
// accepted runs/s (202s), completed runs/s and p50/p99 from request to the
// run's stored end (both read from the run documents; every run must have
// succeeded), Firestore round trips per run (every RPC of the app's client,
// platform-api/src/runs/roundTrips.ts) and peak RSS.
//
// Options (besides engine.mjs's): --seconds T (default 10); --warmup W (the
// same load for W seconds first, drained and not counted; default 5, 0 for
// none: the Pub/Sub emulator and each worker start cold); --hot (every
// sender posts to one workflow of one owner; default: a workflow and owner
// per sender); --queue in-process (default) | pubsub (this process as the API
// and two worker processes on the Pub/Sub emulator: see pubSubDeployment
// below); --api-dist DIR (another build of
// platform-api's dist, e.g. main's, to compare old and new in one sitting;
// its firebase-admin and express are resolved from there).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearProject, percentiles, seedMemberships } from './firestoreBench.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * --queue pubsub: the Pub/Sub emulator (Debian package
 * google-cloud-cli-pubsub-emulator, started as `npm start -- --queue pubsub`
 * starts it) on a free port, this process as the API (PLATFORM_ROLE=api: it
 * accepts, creates and publishes runs) and two worker processes
 * (engineWorker.mjs, PLATFORM_ROLE=worker) pulling from one subscription.
 * Round trips and RSS are the three processes' sums; the workers' include
 * their background duties (recovery, schedules, housekeeping).
 */
async function pubSubDeployment({ apiDist, levelProject, concurrency }) {
  const { startPubSubEmulator } = await import('../e2e/stack/stack.mjs');
  const { stopProcess } = await import('../e2e/stack/processes.mjs');
  const port = await freePort();
  const emulator = await startPubSubEmulator({ port, quiet: true });
  const env = {
    ...process.env,
    RUN_QUEUE: 'pubsub', PUBSUB_EMULATOR_HOST: `127.0.0.1:${port}`, GCLOUD_PROJECT: levelProject,
    PUBSUB_TOPIC: `bench-runs-${concurrency}`, PUBSUB_SUBSCRIPTION: `bench-runs-${concurrency}-workers`, PUBSUB_DEAD_LETTER_TOPIC: `bench-runs-${concurrency}-dead`,
    RUNS_CONCURRENCY: String(concurrency),
    BENCH_API_DIST: apiDist, BENCH_ROUND_TRIPS: join(here, '../platform-api/dist/runs/roundTrips.js'),
  };
  const workers = await Promise.all([1, 2].map((id) => new Promise((ok, fail) => {
    const child = fork(join(here, 'engineWorker.mjs'), [], { env: { ...env, PLATFORM_ROLE: 'worker', BENCH_WORKER_ID: String(id) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message) => (message === 'ready' ? ok(child) : fail(new Error(`worker ${id}: ${JSON.stringify(message)}`))));
    child.once('exit', (code) => fail(new Error(`worker ${id} exited with ${code} before it was ready`)));
  })));
  const runs = await import(pathToFileURL(join(apiDist, 'runs/index.js')).href);
  const ask = (message) => Promise.all(workers.map((child) => new Promise((ok) => {
    child.once('message', ok);
    child.send(message);
  })));
  return {
    queueSettings: runs.runQueueSettingsFromEnv({ ...env, PLATFORM_ROLE: 'api' }),
    /** The workers count round trips and RSS from now on (after the warm-up). */
    resetCounts: () => ask('reset'),
    /** Stops the workers (they finish what they hold) and the emulator; their counts. */
    async stop() {
      const reports = await ask('stop');
      await stopProcess(emulator);
      return reports;
    },
  };
}

async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/** Waits until every run is terminal (read in pages of 300, every 250 ms). */
async function untilTerminal(runs, model, db, ids) {
  let open = ids;
  while (open.length > 0) {
    const still = [];
    for (let i = 0; i < open.length; i += 300) {
      const docs = await db.getAll(...open.slice(i, i + 300).map((id) => runs.runRef(db, id)));
      for (const doc of docs) if (!model.TERMINAL_RUN_STATUSES.includes(doc.get('status'))) still.push(doc.id);
    }
    open = still;
    if (open.length > 0) await new Promise((ok) => setTimeout(ok, 250));
  }
}

export async function webhookBench({ values, levels, host }) {
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  if (!(seconds > 0) || !(warmup >= 0)) {
    console.error('bench/engine --webhook: --seconds takes a positive number, --warmup a number of seconds (0: none)');
    process.exit(2);
  }
  if (!['in-process', 'pubsub'].includes(values.queue)) {
    console.error(`bench/engine --webhook: --queue takes in-process or pubsub, not "${values.queue}"`);
    process.exit(2);
  }
  const apiDist = resolve(values['api-dist'] ?? join(here, '../platform-api/dist'));
  const requireApi = createRequire(join(apiDist, 'index.js'));
  const load = (specifier) => import(pathToFileURL(requireApi.resolve(specifier)).href);
  let runs;
  let counting;
  try {
    runs = await import(pathToFileURL(join(apiDist, 'runs/index.js')).href);
    // The counter is this checkout's, whichever build runs (it only wraps the client's RPC entry points).
    counting = await import(pathToFileURL(join(here, '../platform-api/dist/runs/roundTrips.js')).href);
  } catch (error) {
    console.error(`bench/engine --webhook: cannot load platform-api's build (npx tsc -b platform-api): ${error.message}`);
    process.exit(2);
  }
  const [{ initializeApp, deleteApp }, { getFirestore }, { getAuth }, expressModule, server, model] = await Promise.all([
    load('firebase-admin/app'),
    load('firebase-admin/firestore'),
    load('firebase-admin/auth'),
    load('express'),
    load('@agentflow/shared/server'),
    load('@agentflow/shared/workflow'),
  ]);
  const express = expressModule.default;
  const noop = () => undefined;
  const errors = [];
  const logger = { info: noop, debug: noop, trace: noop, warn: noop, fatal: noop, error: (details) => errors.push(details?.err ?? details), child: () => logger };

  const n = (id, type, params) => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
  const results = [];
  for (const concurrency of levels) {
    const projectId = `demo-agentflow-bench-webhook-c${concurrency}`;
    await clearProject(host, projectId);
    const app = initializeApp({ projectId }, `bench-webhook-${concurrency}`);
    const db = getFirestore(app);
    const senders = Array.from({ length: concurrency }, (_, i) => (values.hot ? 0 : i));
    const hooks = [...new Set(senders)].map((i) => ({ owner: `bench-owner-${i}`, workflowId: `bench-hook-${i}`, secret: `bench-secret-${i}-0123456789abcdef` }));
    await seedMemberships(db, server, hooks.map((h) => h.owner), 10_000_000);
    const at = new Date().toISOString();
    for (const h of hooks) {
      await db.collection(model.WORKFLOW_COLLECTION).doc(h.workflowId).set({
        ownerId: h.owner, organizationId: null, name: 'Webhook bench', description: '', category: 'automation', industry: 'general', tags: [], visibility: 'private', version: 1, createdAt: at, updatedAt: at,
        nodes: [n('hook', 'trigger.webhook', { path: 'incoming', method: 'POST' }), n('shape', 'transform', { mapping: '{"name": input.name, "amount": input.amount * 2}' })],
        edges: [{ id: 'hook-shape', source: 'hook', target: 'shape' }],
      });
      await db.collection(model.RUN_SERVER_COLLECTIONS.webhookSecrets).doc(h.workflowId).set({ secret: h.secret, ownerId: h.owner, createdAt: at });
    }
    const deployment = values.queue === 'pubsub' ? await pubSubDeployment({ apiDist, levelProject: projectId, concurrency }) : null;
    const api = runs.createRunsModule({
      db, auth: getAuth(app), logger, env: {}, concurrency,
      // High enough never to refuse the bench (the integrity issue's setting).
      webhookLimits: { burst: 1_000_000, perMinute: 60_000_000 }, hookRateLimit: 1_000_000,
      ...(deployment ? { queueSettings: deployment.queueSettings } : {}),
    });
    const web = express();
    web.use(express.json());
    web.use(api.router);
    const listener = await new Promise((ok) => { const s = web.listen(0, '127.0.0.1', () => ok(s)); });
    const base = `http://127.0.0.1:${listener.address().port}`;

    // The bench's own reads (waiting for runs on workers) go through an uncounted client.
    const watcherApp = deployment ? initializeApp({ projectId }, `bench-webhook-watch-${concurrency}`) : null;
    const watcher = watcherApp ? getFirestore(watcherApp) : null;
    /** The senders post for `forSeconds`; the runs they started, by id, with when each request began. */
    let refused = 0;
    const send = async (forSeconds) => {
      const sent = new Map();
      const until = Date.now() + forSeconds * 1000;
      await Promise.all(senders.map(async (index, sender) => {
        const h = hooks.find((x) => x.workflowId === `bench-hook-${index}`);
        for (let i = 0; Date.now() < until; i++) {
          const begun = Date.now();
          const response = await fetch(`${base}/api/hooks/${h.workflowId}/${h.secret}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `s${sender}`, amount: i }) });
          const body = await response.json().catch(() => ({}));
          if (response.status === 202 && body.runId) sent.set(body.runId, begun);
          else {
            refused++;
            errors.push(new Error(`webhook answered ${response.status} ${JSON.stringify(body)}`));
          }
        }
      }));
      return sent;
    };
    // Every accepted run executes to its end (the queue drains; on Pub/Sub, every run document is terminal).
    const drain = async (sent) => {
      if (deployment) await untilTerminal(runs, model, watcher, [...sent.keys()]);
      else while (api.queue.size > 0 || api.executor.activeRunIds().length > 0) await new Promise((ok) => setTimeout(ok, 20));
    };
    // Warm-up: the same load, not counted, so every build is measured warm (JIT, connections, the emulators' JVMs, token blocks).
    if (warmup > 0) {
      const warm = await send(warmup);
      await drain(warm);
      if (errors.length > 0) break;
    }
    const counter = counting.countRoundTrips(db);
    await deployment?.resetCounts();
    let rssPeak = process.memoryUsage().rss;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250);
    const started = Date.now();
    const sent = await send(seconds);
    const accepted = sent.size;
    const sendingSeconds = (Date.now() - started) / 1000;
    await drain(sent);
    await api.stop();
    clearInterval(rssTimer);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    let roundTrips = counter.total();
    const byMethod = Object.fromEntries(counter.byMethod);
    counter.detach();
    for (const report of deployment ? await deployment.stop() : []) {
      roundTrips += report.roundTrips;
      rssPeak += report.rssPeak;
      for (const [method, count] of Object.entries(report.byMethod)) byMethod[method] = (byMethod[method] ?? 0) + count;
    }
    listener.closeAllConnections();
    await new Promise((ok) => listener.close(ok));

    const ids = [...sent.keys()];
    const latencies = [];
    let succeeded = 0;
    let lastEnd = started;
    for (let i = 0; i < ids.length; i += 300) {
      const docs = await db.getAll(...ids.slice(i, i + 300).map((id) => runs.runRef(db, id)));
      for (const doc of docs) {
        const run = runs.decodeRun(doc);
        if (run?.status !== 'succeeded' || run.steps[1]?.output?.amount === undefined) {
          errors.push(new Error(`run ${doc.id}: ${run?.status} ${run?.error ?? ''}`));
          continue;
        }
        succeeded++;
        const ended = Date.parse(run.endedAt);
        lastEnd = Math.max(lastEnd, ended);
        latencies.push(ended - sent.get(doc.id));
      }
    }
    await deleteApp(app);
    if (watcherApp) await deleteApp(watcherApp);
    const pick = percentiles(latencies);
    results.push({
      concurrency,
      seconds: Number(sendingSeconds.toFixed(1)),
      accepted,
      refused,
      failed: accepted - succeeded,
      acceptedPerSecond: Number((accepted / sendingSeconds).toFixed(1)),
      completedPerSecond: Number((succeeded / ((lastEnd - started) / 1000)).toFixed(1)),
      p50ms: Math.round(pick(0.5)),
      p99ms: Math.round(pick(0.99)),
      roundTripsPerRun: Number((roundTrips / Math.max(1, accepted)).toFixed(2)),
      roundTripsByMethod: byMethod,
      rssPeakMB: Number((rssPeak / 1024 / 1024).toFixed(1)),
    });
  }

  if (values.json) {
    console.log(JSON.stringify({ mode: 'webhook', apiDist, queue: values.queue, hot: values.hot, results }, null, 2));
  } else {
    console.log(`Webhook → transform runs through the runs router (${values.queue} queue, ${values.hot ? 'one workflow and owner' : 'a workflow and owner per sender'}), persisted to the Firestore emulator at ${host}, ${seconds} s per level; build ${apiDist}:`);
    console.log('senders  accepted/s  completed/s  p50 ms  p99 ms  round trips/run  rss peak MB  failed');
    for (const r of results) {
      console.log(`${String(r.concurrency).padStart(7)}  ${String(r.acceptedPerSecond).padStart(10)}  ${String(r.completedPerSecond).padStart(11)}  ${String(r.p50ms).padStart(6)}  ${String(r.p99ms).padStart(6)}  ${String(r.roundTripsPerRun).padStart(15)}  ${String(r.rssPeakMB).padStart(11)}  ${String(r.failed + r.refused).padStart(6)}`);
      console.log(`         round trips by method: ${JSON.stringify(r.roundTripsByMethod)}`);
    }
  }
  if (errors.length > 0 || results.some((r) => r.failed > 0 || r.refused > 0)) {
    console.error(`bench/engine --webhook: ${errors.length} unexpected error(s); first: ${String(errors[0]?.message ?? errors[0])}`);
    process.exit(1);
  }
}
