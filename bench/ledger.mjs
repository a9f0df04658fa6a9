#!/usr/bin/env node
// Ledger benchmark: debits per second through the token ledger against the
// Firestore emulator, at concurrency 1 and 20 (--hot: 1, 5, 20 and 50), with
// the count of unexpected errors (0 expected). By default debits go through
// token blocks (shared/src/ledger/tokenBlocks.ts, what platform-api's meter
// charges runs with): each instance reserves a block of the owner's tokens in
// one transaction and each debit writes only its own usage entry. --direct:
// each debit is one Firestore transaction on the owner's membership (refill
// check, idempotency check, balance update and usage entry; billing-api's
// debits and the path before blocks). After each level every block is
// returned and the run checks 0 lost / 0 double debits: the balances fell by
// exactly Σ usage entries, one entry per debit key.
//
// Needs the Firestore emulator and a build of shared (npm run build, or
// `npx tsc -b shared`). For example, from the repository root:
//
//   cd firebase && FIRESTORE_EMULATOR_BINARY_PATH=$PWD/.emulator/firestore-emulator-wrapper.jar \
//     npx firebase emulators:exec --only firestore --project demo-agentflow "node ../bench/ledger.mjs"
//
// or, with emulators already running: FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node bench/ledger.mjs
//
// Options: --debits N (per run, default 500), --concurrency 1,20 (default),
// --instances K (Firestore clients the workers spread over, like service
// instances; default 1), --hot (every worker debits the same user: the
// contention case; by default each worker has a user of its own), --direct,
// --json.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { AggregateField, getFirestore } from 'firebase-admin/firestore';
import { clearProject, emulatorHost, parseBenchOptions, percentiles, requirePositiveIntegers, seedMemberships } from './firestoreBench.mjs';

const parsed = parseBenchOptions({ debits: { type: 'string', default: '500' }, instances: { type: 'string', default: '1' }, direct: { type: 'boolean', default: false } });
const { values } = parsed;
// The hot case's levels (issue 22: it must scale with concurrency) unless --concurrency says otherwise.
const levels = values.hot && !process.argv.some((arg) => arg.startsWith('--concurrency')) ? [1, 5, 20, 50] : parsed.levels;
const host = emulatorHost('ledger');
const debitsPerRun = Number(values.debits);
const instanceCount = Number(values.instances);
requirePositiveIntegers('ledger', [debitsPerRun, ...levels, instanceCount], '--debits, --concurrency and --instances take positive integers');

let ledger;
try {
  ledger = await import('@agentflow/shared/server');
} catch (error) {
  console.error(`bench/ledger: cannot load @agentflow/shared/server (build shared first: npx tsc -b shared): ${error.message}`);
  process.exit(2);
}
const { debit, TokenBlocks, MEMBERSHIP_COLLECTIONS } = ledger;

const projectId = `demo-agentflow-bench-ledger`;
await clearProject(host, projectId);
const apps = Array.from({ length: instanceCount }, (_, index) => initializeApp({ projectId }, `bench-ledger-${index}`));
const dbs = apps.map((app) => getFirestore(app));

async function run(concurrency) {
  // Users are spread so that each worker mostly debits its own user, as many
  // users do at once; one shared user would measure only contention.
  // --hot: every worker debits one user (the contention case).
  const uid = (worker) => `bench-c${concurrency}${values.hot ? '-hot' : ''}-u${values.hot ? 0 : worker}`;
  // Enough for any share of the run (workers take the next debit as they finish).
  const perUser = debitsPerRun;
  const users = [...new Set(Array.from({ length: concurrency }, (_, worker) => uid(worker)))];
  await seedMemberships(dbs[0], ledger, users, perUser);
  // One holder of token blocks per Firestore client (each a service instance).
  const holders = values.direct ? [] : dbs.map((db, index) => new TokenBlocks(db, { instanceId: `bench-${index}` }));
  const charge = (worker, request) => (values.direct ? debit(dbs[worker % dbs.length], request) : holders[worker % holders.length].spend(request));
  let next = 0;
  let ok = 0;
  const errors = [];
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let index = next++; index < debitsPerRun; index = next++) {
        const begun = performance.now();
        try {
          const result = await charge(worker, { uid: uid(worker), feature: 'workflow_run', amount: 1, idempotencyKey: `bench-${concurrency}-${index}` });
          if (result.applied) ok++;
          else errors.push(new Error(`debit ${index} was not applied`));
        } catch (error) {
          errors.push(error);
        }
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const pick = percentiles(latencies);
  // Every block goes back (its unspent rest to the balance) before the accounts are checked.
  await Promise.all(holders.map((holder) => holder.stop()));
  // Exactness check: every debit applied shows in the balances and the entries, once.
  const snapshots = await Promise.all(users.map((id) => dbs[0].collection(MEMBERSHIP_COLLECTIONS.memberships).doc(id).get()));
  const remaining = snapshots.reduce((sum, snapshot) => sum + snapshot.get('tokensRemaining'), 0);
  const usage = await Promise.all(
    users.map((id) => dbs[0].collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', id).aggregate({ entries: AggregateField.count(), tokens: AggregateField.sum('tokensUsed') }).get()),
  );
  const entries = usage.reduce((sum, each) => sum + each.data().entries, 0);
  const tokens = usage.reduce((sum, each) => sum + each.data().tokens, 0);
  const expectedRemaining = perUser * users.length - ok;
  // Lost: a debit applied without its tokens leaving the balance; double: a key charged twice (entry ids are the keys').
  if (remaining !== expectedRemaining) errors.push(new Error(`balances hold ${remaining}, expected ${expectedRemaining}`));
  if (perUser * users.length - remaining !== tokens) errors.push(new Error(`balances fell by ${perUser * users.length - remaining}, usage entries sum to ${tokens}`));
  if (entries !== ok || ok !== debitsPerRun) errors.push(new Error(`${entries} usage entries for ${ok} debits of ${debitsPerRun} keys`));
  const open = await dbs[0].collection(MEMBERSHIP_COLLECTIONS.tokenReservations).where('status', '==', 'open').where('userId', 'in', users.slice(0, 30)).count().get();
  if (open.data().count > 0) errors.push(new Error(`${open.data().count} token blocks still open`));
  return { concurrency, debits: debitsPerRun, ok, errors: errors.length, seconds: Number(seconds.toFixed(2)), debitsPerSecond: Math.round(ok / seconds), p50ms: Math.round(pick(0.5)), p95ms: Math.round(pick(0.95)), firstError: errors[0] ? String(errors[0].message ?? errors[0]) : null };
}

const results = [];
for (const level of levels) results.push(await run(level));
await Promise.all(apps.map((app) => deleteApp(app)));

if (values.json) {
  console.log(JSON.stringify({ mode: values.direct ? 'direct' : 'blocks', hot: values.hot, instances: instanceCount, results }, null, 2));
} else {
  const mode = values.direct ? 'one transaction per debit (--direct)' : 'token blocks';
  console.log(`Ledger debits against the Firestore emulator at ${host}, ${mode}${values.hot ? ', one owner (--hot)' : ''} (${debitsPerRun} per run, ${instanceCount} client${instanceCount > 1 ? 's' : ''}; 0 lost / 0 double checked):`);
  console.log('concurrency  debits/s  p50 ms  p95 ms  errors');
  for (const r of results) console.log(`${String(r.concurrency).padStart(11)}  ${String(r.debitsPerSecond).padStart(8)}  ${String(r.p50ms).padStart(6)}  ${String(r.p95ms).padStart(6)}  ${String(r.errors).padStart(6)}${r.firstError ? `  (${r.firstError})` : ''}`);
}
const failed = results.filter((r) => r.errors > 0);
if (failed.length > 0) {
  console.error(`bench/ledger: ${failed.reduce((sum, r) => sum + r.errors, 0)} unexpected error(s)`);
  process.exit(1);
}
