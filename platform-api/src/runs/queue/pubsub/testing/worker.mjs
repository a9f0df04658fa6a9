// One platform-api worker as its own process (test code, workers.test.ts):
// the built runs module (dist) with PLATFORM_ROLE=worker on Pub/Sub, its
// background duties started (recovery among them), as server.ts runs it
// minus HTTP. Settings come from the environment the test gives; the lease
// is short (WORKER_LEASE_MS) so a killed worker's runs are recovered fast.
// Sends 'ready' over IPC once subscribed, and stops cleanly on SIGTERM.
import { pino } from 'pino';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { createRunsModule, runQueueSettingsFromEnv } from '../../../../../dist/runs/index.js';

const leaseMs = Number(process.env.WORKER_LEASE_MS);
const logger = pino({ level: process.env.WORKER_LOG ?? 'silent' });
const runs = createRunsModule({
  db: getAdminDb(),
  auth: getAdminAuth(),
  logger,
  env: {},
  instanceId: process.env.WORKER_ID,
  queueSettings: runQueueSettingsFromEnv(process.env),
  fetchPolicy: { allowPrivateNetworks: true, timeoutMs: 10_000, maxResponseBytes: 100_000 },
  limits: { leaseMs, heartbeatMs: Math.floor(leaseMs / 3) },
});
runs.start();
process.send?.('ready');
process.once('SIGTERM', () => {
  void runs.stop().finally(() => process.exit(0));
});
