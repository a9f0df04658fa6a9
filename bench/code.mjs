#!/usr/bin/env node
// Code step benchmark: code steps per second, and how long the event loop is
// held (its longest stall while a 1 s infinite loop runs), on the server's
// own thread (how code steps ran before issue 20's worker pool) and on the
// code pool's worker threads (now), for a small snippet (sum and map over 20
// items). Needs platform-api's build (npx tsc -b platform-api). From the
// repository root: node bench/code.mjs [--runs N] [--json]
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '400' }, json: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs <= 0) {
  console.error('bench/code: --runs takes a positive integer');
  process.exit(2);
}

let sandbox;
let pools;
try {
  sandbox = await import('../platform-api/dist/runs/code/sandbox.js');
  pools = await import('../platform-api/dist/runs/code/codeWorkers.js');
} catch (error) {
  console.error(`bench/code: cannot load platform-api's build (build it first: npx tsc -b platform-api): ${error.message}`);
  process.exit(2);
}

const snippet = 'const items = input.items.map((n) => ({ n, price: n * 3 })); return { total: items.reduce((s, i) => s + i.price, 0), count: items.length };';
const request = (i) => ({ code: snippet, input: { items: Array.from({ length: 20 }, (_, n) => n + i) }, timeoutMs: 2000, memoryMb: 32 });
const loop = { code: 'while (true) {}', input: {}, timeoutMs: 1000, memoryMb: 32 };

/** The longest event-loop stall (ms) while `work` runs. */
async function stallDuring(work) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await work();
  // A stall is recorded by the first sample after it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return histogram.max / 1e6;
}

async function measure(label, runOne, concurrency) {
  for (let i = 0; i < 20; i++) await runOne(request(i));
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < runs) await runOne(request(next++));
  }));
  const seconds = (performance.now() - started) / 1000;
  const stallMs = await stallDuring(() => runOne(loop));
  return { label, concurrency, runs, stepsPerSecond: Math.round(runs / seconds), loopStallMs: Math.round(stallMs) };
}

const results = [];
const quickjs = await sandbox.quickJs();
results.push(await measure('server thread (before)', async (r) => sandbox.runCode(quickjs, r), 1));
for (const size of [1, 2]) {
  const pool = new pools.CodeWorkerPool({ size });
  results.push(await measure(`pool of ${size} (now)`, (r) => pool.run(r), 1));
  results.push(await measure(`pool of ${size} (now)`, (r) => pool.run(r), 4));
  await pool.close();
}
// One thread per step: what a pool saves.
const fresh = async (r) => {
  const pool = new pools.CodeWorkerPool({ size: 1 });
  try {
    return await pool.run(r);
  } finally {
    await pool.close();
  }
};
const started = performance.now();
for (let i = 0; i < 10; i++) await fresh(request(i));
const perFreshThreadMs = Math.round((performance.now() - started) / 10);

if (values.json) {
  console.log(JSON.stringify({ results, perFreshThreadMs }));
} else {
  console.log('code steps: steps/s and the event loop\'s longest stall during a 1 s infinite loop');
  for (const r of results) console.log(`  ${r.label.padEnd(24)} concurrency ${String(r.concurrency).padStart(2)}: ${String(r.stepsPerSecond).padStart(5)} steps/s, loop stall ${r.loopStallMs} ms`);
  console.log(`  a fresh thread per step: ${perFreshThreadMs} ms a step (thread start + QuickJS load)`);
}
