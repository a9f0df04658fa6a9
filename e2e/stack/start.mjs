#!/usr/bin/env node
// npm start: the whole platform on embedded defaults. Builds when sources
// changed, starts the emulators, seeds them, starts both services and serves
// the shell and every remote, waits until all answer and prints one URL.
// Ctrl-C (or SIGTERM) stops every process it started. `npm start -- --queue
// pubsub` (or RUN_QUEUE=pubsub) runs workflow runs through the Pub/Sub
// emulator: platform-api as an API process and a worker process.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureFirestoreEmulatorWrapper } from '../../firebase/setup-emulator.mjs';
import { ensureStorageRulesRuntime } from '../../firebase/storage-emulator/setup.mjs';
import { seed } from '../../firebase/seed.mjs';
import { buildAll, sourcesChangedSinceBuild } from './build.mjs';
import { assertPortsFree, stopAll } from './processes.mjs';
import {
  DEFAULT_PORTS,
  PUBSUB_EMULATOR_PORT,
  assertPubSubEmulatorInstalled,
  ROOT,
  buildOutputsExist,
  portList,
  pubSubEnv,
  shellUrl,
  stackEnv,
  startEmulators,
  startFrontends,
  startPubSubEmulator,
  startServices,
} from './stack.mjs';

const verbose = process.argv.includes('--verbose');
const queueArg = process.argv.indexOf('--queue');
const queue = (queueArg >= 0 ? process.argv[queueArg + 1] : process.env.RUN_QUEUE) || 'inprocess';
if (queue !== 'inprocess' && queue !== 'pubsub') {
  console.error(`npm start: --queue (or RUN_QUEUE) must be inprocess or pubsub, not "${queue}"`);
  process.exit(1);
}
const pubsub = queue === 'pubsub';
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Agentflow…');
  await stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  const started = Date.now();
  const ports = DEFAULT_PORTS;
  // Before anything else: a second `npm start` must say so, not hang.
  // Before building: a missing emulator package is said at once.
  if (pubsub) assertPubSubEmulatorInstalled();
  const { platformWorker: _worker, ...inProcessPorts } = ports;
  await assertPortsFree([...portList(pubsub ? ports : inProcessPorts), ...(pubsub ? [{ port: PUBSUB_EMULATOR_PORT, what: 'Pub/Sub emulator' }] : [])]);
  const firestoreWrapperJar = ensureFirestoreEmulatorWrapper();
  const storageRulesRuntimeJar = ensureStorageRulesRuntime();

  if (!buildOutputsExist() || sourcesChangedSinceBuild()) {
    console.log('Building the platform (first start or changed sources)…');
    await buildAll();
  }

  mkdirSync(path.join(ROOT, '.agentflow'), { recursive: true });
  const logPath = path.join(ROOT, '.agentflow', 'stack.log');
  const logFile = createWriteStream(logPath, { flags: 'w' });
  const env = { ...stackEnv(ports), ...(pubsub ? pubSubEnv() : {}) };
  Object.assign(process.env, env); // the seed talks to the emulators too
  const options = { env, quiet: !verbose, logFile };

  console.log('Starting the Firebase emulators (Auth, Firestore, Storage)…');
  await startEmulators({ ...options, firestoreWrapperJar, storageRulesRuntimeJar });
  const seeded = await seed({ projectId: env.FIREBASE_PROJECT_ID });
  console.log(`Seeded the emulators (demo user ${seeded.demoUser}).`);
  if (pubsub) {
    console.log('Starting the Pub/Sub emulator (runs go through Pub/Sub: platform-api as API and worker)…');
    await startPubSubEmulator({ port: PUBSUB_EMULATOR_PORT, ...options });
  }
  console.log('Starting billing-api, platform-api, the shell and the remotes…');
  await Promise.all([startServices(ports, { ...options, pubsub }), startFrontends(ports, options)]);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nAgentflow is running (ready in ${seconds} s). Logs: ${path.relative(process.cwd(), logPath)}`);
  console.log(`\n  ${shellUrl(ports)}\n`);
  console.log('Press Ctrl-C to stop.');
}

main().catch(async (error) => {
  console.error(`\nnpm start failed: ${error.message}`);
  await shutdown(1);
});
