// One platform-api worker process for bench/engine.mjs --webhook --queue pubsub:
// the runs module of the build in BENCH_API_DIST with PLATFORM_ROLE=worker on
// Pub/Sub (settings from the environment the bench gives), its Firestore
// round trips counted. Sends 'ready' over IPC once subscribed; on 'stop' it
// stops the runs module (the queue drains, token blocks go back) and sends
// { roundTrips, byMethod, rssPeak } before exiting; on 'reset' (after the
// bench's warm-up) it counts from zero again.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const apiDist = process.env.BENCH_API_DIST;
const requireApi = createRequire(join(apiDist, 'index.js'));
const load = (specifier) => import(pathToFileURL(requireApi.resolve(specifier)).href);
const [{ initializeApp }, { getFirestore }, { getAuth }, runs, counting] = await Promise.all([
  load('firebase-admin/app'),
  load('firebase-admin/firestore'),
  load('firebase-admin/auth'),
  import(pathToFileURL(join(apiDist, 'runs/index.js')).href),
  import(pathToFileURL(process.env.BENCH_ROUND_TRIPS).href),
]);
const noop = () => undefined;
const logger = { info: noop, debug: noop, trace: noop, warn: noop, fatal: noop, error: (details) => console.error(`worker ${process.env.BENCH_WORKER_ID}:`, details?.err?.message ?? details), child: () => logger };
const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT }, `bench-worker-${process.env.BENCH_WORKER_ID}`);
const db = getFirestore(app);
const counter = counting.countRoundTrips(db);
let rssPeak = process.memoryUsage().rss;
const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250);
const worker = runs.createRunsModule({ db, auth: getAuth(app), logger, env: {}, instanceId: `bench-worker-${process.env.BENCH_WORKER_ID}`, queueSettings: runs.runQueueSettingsFromEnv(process.env) });
worker.start();
process.send('ready');
process.on('message', async (message) => {
  if (message === 'reset') {
    counter.reset();
    rssPeak = process.memoryUsage().rss;
    process.send('reset');
    return;
  }
  if (message !== 'stop') return;
  await worker.stop();
  clearInterval(rssTimer);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  process.send({ roundTrips: counter.total(), byMethod: Object.fromEntries(counter.byMethod), rssPeak }, () => process.exit(0));
});
