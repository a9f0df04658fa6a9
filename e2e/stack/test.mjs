#!/usr/bin/env node
// npm test: type-check, lint, build for production, then inside one
// `firebase emulators:exec` run every Jest project (unit, rules, API
// integration) and the end-to-end suite in headless Chromium. Prints one
// summary line and exits non-zero on any failure.
//   --only unit | --only e2e     run one part
//   --skip-build                 reuse the current production builds
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureFirestoreEmulatorWrapper } from '../../firebase/setup-emulator.mjs';
import { ensureStorageRulesRuntime } from '../../firebase/storage-emulator/setup.mjs';
import { buildAll } from './build.mjs';
import { assertPortsFree, startProcess } from './processes.mjs';
import { EMULATORS, EMULATOR_SIDE_PORTS, FIREBASE_BIN, FIREBASE_DIR, ROOT, TEST_PORTS, emulatorPortList, portList } from './stack.mjs';

const { values } = parseArgs({ options: { only: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } } });
if (values.only && !['unit', 'e2e'].includes(values.only)) {
  console.error("--only must be 'unit' or 'e2e'");
  process.exit(2);
}
const runE2e = values.only !== 'unit';

function step(title) {
  console.log(`\n=== ${title}`);
  return Date.now();
}
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Finds Debian's Chromium, installing it when running as root (CI), else says how. */
function ensureChromium() {
  const find = () => {
    if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
    const which = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
    return which.status === 0 ? which.stdout.trim().split('\n')[0] : '';
  };
  let chromium = find();
  if (chromium) return chromium;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium is missing. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.",
    );
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
  chromium = find();
  if (!chromium) throw new Error('apt-get installed chromium but no chromium binary is on PATH');
  return chromium;
}

async function run(label, command, args, options = {}) {
  const child = startProcess(label, command, args, { cwd: ROOT, ...options });
  const { code, signal } = await child.exited;
  return code ?? (signal ? 1 : 0);
}

async function main() {
  const started = Date.now();
  let since = step('Checking prerequisites');
  const chromium = runE2e ? ensureChromium() : '';
  const firestoreWrapperJar = ensureFirestoreEmulatorWrapper();
  const storageRulesRuntimeJar = ensureStorageRulesRuntime();
  await assertPortsFree([
    ...emulatorPortList(),
    ...EMULATOR_SIDE_PORTS.map((port) => ({ port, what: 'Firebase emulator hub/logging' })),
    ...(runE2e ? portList(TEST_PORTS, { emulators: false }) : []),
  ]);
  console.log(`ok (${seconds(since)})${chromium ? `, Chromium: ${chromium}` : ''}`);

  // Type-checking (two single-threaded tsc runs) and linting (single-threaded ESLint) read
  // sources only and write nothing the others read, so they run side by side: on two cores
  // that is about 90 s instead of 230 s (clean clone, 2026-11-27).
  since = step('Type-checking every package and test (strict) and linting (ESLint: recommended rules, React hooks, import boundaries)');
  const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
  const eslint = path.join(ROOT, 'node_modules/.bin/eslint');
  const [packages, tests, lint] = await Promise.all([
    run('typecheck', tsc, ['-b', 'tsconfig.json']),
    run('typecheck tests', tsc, ['-p', 'tsconfig.tests.json']),
    // The same command as `npm run lint`: any error or warning fails the run.
    run('lint', eslint, ['--max-warnings', '0', '.']),
  ]);
  if (packages !== 0 || tests !== 0) throw new Error('Type checking failed');
  if (lint !== 0) throw new Error('Lint failed (run npm run lint to see it alone)');
  console.log(`ok (${seconds(since)})`);

  if (runE2e && !values['skip-build']) {
    since = step('Building for production');
    await buildAll();
  }

  since = step('Running the suites inside the Firebase emulators (Auth, Firestore, Storage)');
  const suites = ['node', path.join(ROOT, 'e2e/stack/run-suites.mjs'), ...(values.only ? ['--only', values.only] : [])].join(' ');
  const code = await run(
    'emulators',
    FIREBASE_BIN,
    ['emulators:exec', '--only', EMULATORS, '--project', 'demo-agentflow', '--config', 'firebase.json', suites],
    {
      cwd: FIREBASE_DIR,
      // METADATA_SERVER_DETECTION: the suites run on the emulators, never on Google Cloud (see stackEnv).
      env: { FIRESTORE_EMULATOR_BINARY_PATH: firestoreWrapperJar, STORAGE_EMULATOR_BINARY_PATH: storageRulesRuntimeJar, CHROMIUM_PATH: chromium, NO_UPDATE_NOTIFIER: '1', CI: process.env.CI ?? '', METADATA_SERVER_DETECTION: 'none' },
    },
  );
  console.log(`\nnpm test finished in ${seconds(started)}`);
  process.exit(code);
}

main().catch((error) => {
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
});
