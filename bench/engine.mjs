#!/usr/bin/env node
// Engine benchmark: workflow runs per second and run latency (p50/p99) for a
// 10-node workflow without agent steps (transforms, a condition with two
// branches, a fan-out and a join, an output), executed by platform-api's
// executor with every state change persisted to the Firestore emulator, at
// concurrency 1 and 20; and the executor's memory (process.memoryUsage
// before and after). A run's latency is from the start request (start token
// debited, run document created, queued) until the executor finished it.
//
// Needs the Firestore emulator and a build of shared and platform-api
// (npm run build, or `npx tsc -b platform-api`). From the repository root:
//
//   cd firebase && FIRESTORE_EMULATOR_BINARY_PATH=$PWD/.emulator/firestore-emulator-wrapper.jar \
//     npx firebase emulators:exec --only firestore --project demo-agentflow "node --expose-gc ../bench/engine.mjs"
//
// Options: --runs N (per concurrency level, default 200), --concurrency 1,20
// (default), --hot (every worker's runs belong to one user, whose start-token
// debits the ledger serialises: the contention case; by default each worker
// starts runs of a user of its own), --json.
//
// --webhook: N concurrent senders post to a webhook -> transform workflow
// for --seconds T through the runs router (engineWebhook.mjs says what it
// prints and its options: --queue, --api-dist, --hot), by hand:
//   ... "node ../bench/engine.mjs --webhook --concurrency 10,50 --seconds 10"

import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { clearProject, emulatorHost, parseBenchOptions, percentiles, requirePositiveIntegers, seedMemberships } from './firestoreBench.mjs';

const { values, levels } = parseBenchOptions({
  runs: { type: 'string', default: '200' },
  webhook: { type: 'boolean', default: false },
  seconds: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '5' },
  queue: { type: 'string', default: 'in-process' },
  'api-dist': { type: 'string' },
});
const host = emulatorHost('engine');
if (values.webhook) {
  // Webhook mode (engineWebhook.mjs); its levels default to 10 and 50 senders.
  const { webhookBench } = await import('./engineWebhook.mjs');
  await webhookBench({ values, levels: process.argv.some((arg) => arg.startsWith('--concurrency')) ? levels : [10, 50], host });
  process.exit(0);
}
const runsPerLevel = Number(values.runs);
requirePositiveIntegers('engine', [runsPerLevel, ...levels], '--runs and --concurrency take positive integers');

let engine;
let server;
let model;
try {
  engine = await import('../platform-api/dist/runs/index.js');
  server = await import('@agentflow/shared/server');
  model = await import('@agentflow/shared/workflow');
} catch (error) {
  console.error(`bench/engine: cannot load platform-api's build (build it first: npx tsc -b platform-api): ${error.message}`);
  process.exit(2);
}
const { RunExecutor, InProcessRunQueue, RunsService, FirestoreRunStore, LedgerMeter, decodeRun, runRef } = engine;

const projectId = 'demo-agentflow-bench-engine';
await clearProject(host, projectId);
const app = initializeApp({ projectId }, 'bench-engine');
const db = getFirestore(app);
const errors = [];
const noop = () => undefined;
const logger = { info: noop, debug: noop, trace: noop, warn: noop, fatal: noop, error: (details) => errors.push(details?.err ?? details), child: () => logger };

const n = (id, type, params) => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
const e = (source, target, sourceHandle) => ({ id: `${source}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });
/** 10 nodes: trigger, 7 transforms, a condition, an output; branches, a fan-out and a join. */
const workflow = {
  ...model.emptyWorkflow('bench-owner', 'Engine bench', { id: 'bench-workflow' }),
  version: 1,
  nodes: [
    n('trigger', 'trigger.manual', { inputSchema: [{ key: 'amount', label: 'Amount', type: 'number', required: true }] }),
    n('normalize', 'transform', { mapping: '{"amount": input.amount, "currency": "EUR", "items": [1..20].({"n": $, "price": $ * 3})}' }),
    n('score', 'transform', { mapping: '{"score": $sum(normalize.items.price) + normalize.amount}' }),
    n('enrich', 'transform', { mapping: '{"vat": normalize.amount * 0.2, "lines": $count(normalize.items)}' }),
    n('isBig', 'condition', { expression: 'score.score > 700' }),
    n('bigPath', 'transform', { mapping: '{"tier": "big", "discount": 0.1}' }),
    n('smallPath', 'transform', { mapping: '{"tier": "small", "discount": 0}' }),
    n('merge', 'transform', { mapping: '{"tier": $exists(bigPath) ? bigPath.tier : smallPath.tier, "vat": enrich.vat, "score": score.score}' }),
    n('summary', 'transform', { mapping: '$merge([merge, {"text": "Tier " & merge.tier & ", score " & $string(merge.score)}])' }),
    n('out', 'output', { mapping: 'summary' }),
  ],
  edges: [
    e('trigger', 'normalize'),
    e('normalize', 'score'),
    e('normalize', 'enrich'),
    e('score', 'isBig'),
    e('isBig', 'bigPath', 'true'),
    e('isBig', 'smallPath', 'false'),
    e('bigPath', 'merge'),
    e('smallPath', 'merge'),
    e('enrich', 'merge'),
    e('merge', 'summary'),
    e('summary', 'out'),
  ],
};

async function run(concurrency) {
  const owner = (worker) => `bench-owner-c${concurrency}${values.hot ? '-hot' : `-w${worker}`}`;
  const owners = [...new Set(Array.from({ length: concurrency }, (_, worker) => owner(worker)))];
  await seedMemberships(db, server, owners, runsPerLevel * 2);
  // The service's own adapters behind the engine's ports: runs in Firestore, charges in the ledger.
  const store = new FirestoreRunStore(db);
  const meter = new LedgerMeter(db);
  const executor = new RunExecutor({ store, meter, logger, instanceId: `bench-${concurrency}`, fetchPolicy: { allowPrivateNetworks: false, timeoutMs: 10_000, maxResponseBytes: 1_000_000 } });
  const finished = new Map();
  const queue = new InProcessRunQueue(
    async (runId) => {
      await executor.execute(runId);
      finished.get(runId)?.();
    },
    { concurrency, logger },
  );
  queue.start();
  const service = new RunsService(store, meter, logger, executor, queue, `bench-${concurrency}`);
  const latencies = [];
  const runIds = [];
  let next = 0;
  if (global.gc) global.gc();
  const memoryBefore = process.memoryUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const ownerId = owner(worker);
      for (let index = next++; index < runsPerLevel; index = next++) {
        const begun = performance.now();
        let resolveDone;
        const done = new Promise((resolve) => (resolveDone = resolve));
        // Registered before the run can finish: the id is known only once start() returns, so match on it afterwards.
        const runId = await service.start({ workflow: { ...workflow, ownerId }, ownerId, trigger: { type: 'manual', userId: ownerId }, input: { amount: (index * 37 + worker) % 900 } });
        runIds.push(runId);
        finished.set(runId, resolveDone);
        // The run may have finished before the map entry existed: check the document.
        const current = decodeRun(await runRef(db, runId).get());
        if (current && ['succeeded', 'failed', 'canceled'].includes(current.status)) resolveDone();
        await done;
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const memoryPeak = process.memoryUsage();
  await queue.stop();
  await meter.stop();
  if (global.gc) global.gc();
  const memoryAfter = process.memoryUsage();
  // Every run must have succeeded with the expected output.
  let failed = 0;
  for (let i = 0; i < runIds.length; i += 100) {
    const docs = await db.getAll(...runIds.slice(i, i + 100).map((id) => runRef(db, id)));
    for (const doc of docs) {
      const stored = decodeRun(doc);
      if (!stored || stored.status !== 'succeeded' || !stored.output?.out?.text) {
        failed++;
        errors.push(new Error(`run ${doc.id}: ${stored?.status} ${stored?.error ?? ''}`));
      }
    }
  }
  const pick = percentiles(latencies);
  const mb = (bytes) => Number((bytes / 1024 / 1024).toFixed(1));
  return {
    concurrency,
    runs: runsPerLevel,
    failed,
    seconds: Number(seconds.toFixed(2)),
    runsPerSecond: Number((runsPerLevel / seconds).toFixed(1)),
    p50ms: Math.round(pick(0.5)),
    p99ms: Math.round(pick(0.99)),
    heapBeforeMB: mb(memoryBefore.heapUsed),
    heapPeakMB: mb(memoryPeak.heapUsed),
    heapAfterMB: mb(memoryAfter.heapUsed),
    rssAfterMB: mb(memoryAfter.rss),
  };
}

const results = [];
for (const level of levels) results.push(await run(level));
await deleteApp(app);

if (values.json) {
  console.log(JSON.stringify({ nodes: workflow.nodes.length, gcExposed: Boolean(global.gc), results }, null, 2));
} else {
  console.log(`Workflow runs (${workflow.nodes.length} nodes, no agents) persisted to the Firestore emulator at ${host}, ${runsPerLevel} runs per level, ${values.hot ? 'one owner' : 'an owner per worker'}${global.gc ? '' : ' (run with node --expose-gc for settled memory figures)'}:`);
  console.log('concurrency  runs/s  p50 ms  p99 ms  heap before/peak/after MB  rss MB  failed');
  for (const r of results) {
    console.log(
      `${String(r.concurrency).padStart(11)}  ${String(r.runsPerSecond).padStart(6)}  ${String(r.p50ms).padStart(6)}  ${String(r.p99ms).padStart(6)}  ${`${r.heapBeforeMB} / ${r.heapPeakMB} / ${r.heapAfterMB}`.padStart(25)}  ${String(r.rssAfterMB).padStart(6)}  ${String(r.failed).padStart(6)}`,
    );
  }
}
if (errors.length > 0 || results.some((r) => r.failed > 0)) {
  console.error(`bench/engine: ${errors.length} unexpected error(s); first: ${String(errors[0]?.message ?? errors[0])}`);
  process.exit(1);
}
