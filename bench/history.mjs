#!/usr/bin/env node
// Run history benchmark: the latency of an executions page (GET
// /api/executions: platform-api/src/executions/query.ts's query with the
// fields a row needs, rows built as the API builds them) at 1k, 10k and 100k
// runs in ONE workspace, on a fresh emulator project. For each size: p50/p95
// of the first page, of a deep page (a cursor half-way down the history) and
// of a filtered first page (status=failed). Runs are written with batched
// Admin SDK writes (500 per batch, several batches in flight); the time to
// seed each size is printed too. Authentication and HTTP are left out: the
// figure is the query and the rows, which is what grows with the history.
//
// Needs the Firestore emulator and a build of shared and platform-api
// (npx tsc -b platform-api). For example, with emulators already running:
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node bench/history.mjs
//
// Options: --sizes 1000,10000,100000 (cumulative: each size adds runs to the
// previous), --samples N (queries per figure, default 20; at most 3 from
// 50k runs on, where each emulator query takes about a second), --page N (rows
// per page, default 50), --json.
//
// Measured here (2 cores, other work running, 2026-11-27): 1k runs seeded in
// 2 s, first page p50 77 ms / p95 211 ms, deep page 50 / 253 ms; 10k in 7.5 s,
// 378 / 820 ms and 330 / 443 ms; 100k in 66 s, 4.9 / 9.2 s and 4.1 / 4.5 s
// (status=failed 8.1 / 12.8 s). About 3.5 minutes in all: not in CI's gate.
//
// Note: the emulator serves queries by scanning the collection (DESIGN.md §4);
// hosted Firestore serves them from the composite indexes in
// firebase/firestore.indexes.json, whose cost grows with the page, not the
// history. A growing figure here is the emulator's, and the index test
// (platform-api/src/executions/indexes.test.ts) is the proof for production.
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore } from 'firebase-admin/firestore';
import { clearProject, emulatorHost, percentiles, requirePositiveIntegers } from './firestoreBench.mjs';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    samples: { type: 'string', default: '20' },
    page: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  },
});
const host = emulatorHost('history');
const sizes = values.sizes.split(',').map(Number);
const samples = Number(values.samples);
const pageSize = Number(values.page);
requirePositiveIntegers('history', [...sizes, samples, pageSize], '--sizes, --samples and --page take positive integers');
if (sizes.some((size, i) => i > 0 && size <= sizes[i - 1])) {
  console.error('bench/history: --sizes must grow (each size adds runs to the previous)');
  process.exit(2);
}

let executions;
let rows;
let store;
try {
  executions = await import('../platform-api/dist/executions/query.js');
  rows = await import('../platform-api/dist/executions/rows.js');
  store = await import('../platform-api/dist/runs/store.js');
} catch (error) {
  console.error(`bench/history: cannot load platform-api (build it first: npx tsc -b platform-api): ${error.message}`);
  process.exit(2);
}
const { executionsQuery, EXECUTION_ROW_FIELDS } = executions;
const { executionRowOf } = rows;
const { runsCollection } = store;

const projectId = 'demo-agentflow-bench-history';
await clearProject(host, projectId);
const app = initializeApp({ projectId }, 'bench-history');
const db = getFirestore(app);

const WORKSPACE = 'bench-acme';
const WORKFLOWS = Array.from({ length: 20 }, (_, i) => ({ id: `wf-${i}`, name: `Workflow ${i}` }));
const STATUSES = ['succeeded', 'succeeded', 'succeeded', 'failed', 'canceled', 'refused'];
const TRIGGERS = ['manual', 'webhook', 'schedule', 'rerun'];
const START = Date.UTC(2026, 0, 1);

/** The i-th run: one a minute from 2026-01-01, spread over workflows, statuses and triggers, with a small snapshot like a real run's. */
function runDocument(i) {
  const workflow = WORKFLOWS[i % WORKFLOWS.length];
  const createdAt = new Date(START + i * 60_000).toISOString();
  const status = STATUSES[i % STATUSES.length];
  const type = TRIGGERS[i % TRIGGERS.length];
  const userId = type === 'manual' || type === 'rerun' ? `user-${i % 7}` : null;
  return {
    workflowId: workflow.id,
    workflowVersion: 1,
    workflowName: workflow.name,
    workspaceId: WORKSPACE,
    organizationId: WORKSPACE,
    ownerId: 'owner',
    startedBy: userId,
    status,
    trigger: { type, userId, nodeId: 'trigger' },
    triggerName: 'Start',
    input: JSON.stringify({ orderId: i, customer: `Customer ${i % 97}` }),
    output: JSON.stringify(status === 'succeeded' ? { ok: true } : null),
    error: status === 'failed' ? 'The HTTP step answered 500' : null,
    errorCode: null,
    tokensUsed: 1 + (i % 5),
    snapshot: { nodes: [{ id: 'trigger', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} }], edges: [] },
    steps: [],
    encoding: 'json-text',
    createdAt,
    startedAt: createdAt,
    endedAt: createdAt,
    updatedAt: createdAt,
    lease: null,
  };
}

const BATCH = 500;
const IN_FLIGHT = 4;

/** Writes runs [from, to) in batches of 500, a few batches at a time; returns the seconds it took. */
async function seed(from, to) {
  const started = performance.now();
  let next = from;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < to) {
        const first = next;
        next = Math.min(to, next + BATCH);
        const batch = db.batch();
        for (let i = first; i < next; i++) batch.set(runsCollection(db).doc(`run-${String(i).padStart(7, '0')}`), runDocument(i));
        await batch.commit();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** One page as the API reads it: the query, then the rows. */
async function page(filters, cursor) {
  const snapshot = await executionsQuery(runsCollection(db).select(...EXECUTION_ROW_FIELDS), FieldPath.documentId(), filters, { cursor, limit: pageSize + 1 }).get();
  return snapshot.docs.slice(0, pageSize).map((doc) => executionRowOf(doc.id, doc.data()));
}

/** Fewer samples at 50k runs and more: each emulator query scans the collection (about a second at 100k). */
const samplesFor = (size) => (size >= 50_000 ? Math.min(samples, 3) : samples);

async function measure(filters, cursor, count) {
  const latencies = [];
  let rowsSeen = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    rowsSeen = (await page(filters, cursor)).length;
    latencies.push(performance.now() - started);
  }
  const p = percentiles(latencies);
  return { p50: Math.round(p(0.5)), p95: Math.round(p(0.95)), rows: rowsSeen };
}

const results = [];
let seeded = 0;
try {
  for (const size of sizes) {
    const seedSeconds = await seed(seeded, size);
    seeded = size;
    // Half-way down the history, newest first: the run created size/2 minutes after the start.
    const middle = Math.floor(size / 2);
    const deepCursor = { createdAt: new Date(START + middle * 60_000).toISOString(), id: `run-${String(middle).padStart(7, '0')}` };
    const filters = { workspaceId: WORKSPACE };
    // One warm-up query (the emulator's first query of a collection is slower).
    await page(filters, null);
    const count = samplesFor(size);
    const first = await measure(filters, null, count);
    const deep = await measure(filters, deepCursor, count);
    const failed = await measure({ ...filters, status: 'failed' }, null, count);
    const result = { runs: size, seedSeconds: Number(seedSeconds.toFixed(1)), samples: count, firstPage: first, deepPage: deep, failedFirstPage: failed };
    results.push(result);
    if (!values.json) {
      console.log(
        `${String(size).padStart(7)} runs (seeded in ${result.seedSeconds.toFixed(1)} s)  first page p50 ${first.p50} ms p95 ${first.p95} ms  ` +
          `deep page p50 ${deep.p50} ms p95 ${deep.p95} ms  status=failed p50 ${failed.p50} ms p95 ${failed.p95} ms  (${first.rows} rows a page, ${count} samples)`,
      );
    }
  }
} finally {
  await clearProject(host, projectId);
  await deleteApp(app);
}
if (values.json) console.log(JSON.stringify({ page: pageSize, samples, results }, null, 2));
