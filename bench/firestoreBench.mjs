// What the Firestore benchmarks (ledger.mjs, engine.mjs) share: their common
// options, finding the emulator, checking their numeric options, a clean project, users with a
// balance to spend, and latency percentiles.
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';

/**
 * Parses a bench's own options with those every Firestore bench takes
 * (--concurrency 1,20, --hot, --json); `levels` is --concurrency as numbers.
 */
export function parseBenchOptions(options) {
  const { values } = parseArgs({
    options: {
      ...options,
      concurrency: { type: 'string', default: '1,20' },
      json: { type: 'boolean', default: false },
      hot: { type: 'boolean', default: false },
    },
  });
  return { values, levels: values.concurrency.split(',').map(Number) };
}

/** The Firestore emulator's host; without one, says how to run `bench/<name>.mjs` and exits 2. */
export function emulatorHost(name) {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) {
    console.error(`bench/${name}: FIRESTORE_EMULATOR_HOST is not set. Run it under \`firebase emulators:exec --only firestore\` (see the header of bench/${name}.mjs).`);
    process.exit(2);
  }
  return host;
}

/** Exits 2 with `message` unless every number is a positive integer. */
export function requirePositiveIntegers(name, numbers, message) {
  if (numbers.some((number) => !Number.isInteger(number) || number < 1)) {
    console.error(`bench/${name}: ${message}`);
    process.exit(2);
  }
}

/** Empties the emulator's project, so every run starts from the same state. */
export async function clearProject(host, projectId) {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
}

/**
 * An enterprise membership holding `tokens` for each user. `server` is the
 * loaded '@agentflow/shared/server' (its collection names and token period).
 */
export async function seedMemberships(db, server, userIds, tokens) {
  const { MEMBERSHIP_COLLECTIONS, TOKEN_PERIOD_MS } = server;
  await Promise.all(
    userIds.map((userId) =>
      db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(userId).set({
        userId,
        role: 'enterprise',
        tokensRemaining: tokens,
        tokensReset: Timestamp.fromMillis(Date.now() + TOKEN_PERIOD_MS),
        stripeCustomerId: null,
        subscriptionId: null,
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      }),
    ),
  );
}

/** The q-quantile (0.5 for p50) of latencies sorted in place. */
export function percentiles(latencies) {
  latencies.sort((a, b) => a - b);
  return (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
}
