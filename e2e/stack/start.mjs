#!/usr/bin/env node
// npm start: the whole platform on embedded defaults. Builds when sources
// changed, starts the emulators, seeds them, starts both services and serves
// the shell and every remote, waits until all answer and prints one URL.
// Ctrl-C (or SIGTERM) stops every process it started.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureFirestoreEmulatorWrapper } from '../../firebase/setup-emulator.mjs';
import { ensureStorageRulesRuntime } from '../../firebase/storage-emulator/setup.mjs';
import { seed } from '../../firebase/seed.mjs';
import { buildAll, sourcesChangedSinceBuild } from './build.mjs';
import { assertPortsFree, stopAll } from './processes.mjs';
import {
  DEFAULT_PORTS,
  ROOT,
  buildOutputsExist,
  portList,
  shellUrl,
  stackEnv,
  startEmulators,
  startFrontends,
  startServices,
} from './stack.mjs';

const verbose = process.argv.includes('--verbose');
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
  await assertPortsFree(portList(ports));
  const firestoreWrapperJar = ensureFirestoreEmulatorWrapper();
  const storageRulesRuntimeJar = ensureStorageRulesRuntime();

  if (!buildOutputsExist() || sourcesChangedSinceBuild()) {
    console.log('Building the platform (first start or changed sources)…');
    await buildAll();
  }

  mkdirSync(path.join(ROOT, '.agentflow'), { recursive: true });
  const logPath = path.join(ROOT, '.agentflow', 'stack.log');
  const logFile = createWriteStream(logPath, { flags: 'w' });
  const env = stackEnv(ports);
  Object.assign(process.env, env); // the seed talks to the emulators too
  const options = { env, quiet: !verbose, logFile };

  console.log('Starting the Firebase emulators (Auth, Firestore, Storage)…');
  await startEmulators({ ...options, firestoreWrapperJar, storageRulesRuntimeJar });
  const seeded = await seed({ projectId: env.FIREBASE_PROJECT_ID });
  console.log(`Seeded the emulators (demo user ${seeded.demoUser}).`);
  console.log('Starting billing-api, platform-api, the shell and the remotes…');
  await Promise.all([startServices(ports, options), startFrontends(ports, options)]);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nAgentflow is running (ready in ${seconds} s). Logs: ${path.relative(process.cwd(), logPath)}`);
  console.log(`\n  ${shellUrl(ports)}\n`);
  console.log('Press Ctrl-C to stop.');
}

main().catch(async (error) => {
  console.error(`\nnpm start failed: ${error.message}`);
  await shutdown(1);
});
