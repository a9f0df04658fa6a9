// The whole local platform as processes: Firebase emulators, both services,
// the shell and the four remotes (production builds served on loopback).
// `npm start` runs it on the default ports; the e2e suite on its own ports so
// both can coexist.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, SHELL_PORT } from '@agentflow/shared/contract';
import { DEFAULT_PROJECT_ID } from '@agentflow/shared/runtime-config';
import { startProcess, stopProcess, waitForHttp } from './processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIREBASE_DIR = path.join(ROOT, 'firebase');
export const FIREBASE_BIN = path.join(ROOT, 'node_modules/.bin/firebase');
export const EMULATOR_PORTS = { firestore: 8080, auth: 9099, storage: 9199 };
/** The Pub/Sub emulator of `npm start -- --queue pubsub` (its usual port). */
export const PUBSUB_EMULATOR_PORT = 8085;
/** The Debian package and launcher of the Pub/Sub emulator (platform-api/src/runs/queue/pubsub/testing/emulator.ts starts the same one in tests). */
export const PUBSUB_EMULATOR_PACKAGE = 'google-cloud-cli-pubsub-emulator';
export const PUBSUB_EMULATOR_LAUNCHER = '/usr/lib/google-cloud-sdk/platform/pubsub-emulator/bin/cloud-pubsub-emulator';
/** Ports firebase-tools opens besides the emulators themselves (hub, logging, Firestore websocket). */
export const EMULATOR_SIDE_PORTS = [4400, 4500, 9150];

/** @typedef {{ shell: number, billing: number, platform: number, remotes: Record<string, number>, stripe?: number, ai?: number, apps?: Record<string, number>, smtp?: number }} StackPorts */

/** @type {StackPorts} */
export const DEFAULT_PORTS = {
  shell: SHELL_PORT,
  billing: 4001,
  platform: 4002,
  // platform-api's worker process when runs go through Pub/Sub (it serves only /healthz).
  platformWorker: 4003,
  remotes: Object.fromEntries(REMOTES.map((remote) => [remote.name, remote.port])),
};

/** @type {StackPorts} */
export const TEST_PORTS = {
  shell: 3100,
  billing: 4101,
  platform: 4102,
  remotes: Object.fromEntries(REMOTES.map((remote, index) => [remote.name, 3101 + index])),
  // The fake Stripe the billing e2e test starts (billing-api/src/testing/fakeStripe); tests only.
  stripe: 4310,
  // The fake OpenAI-compatible server the runs e2e test starts (platform-api/src/testing/fakeOpenAI); tests only.
  ai: 4320,
  // The fake apps the connectors e2e test starts (platform-api/src/connectors/*/testing); tests only.
  apps: { hubspotAuth: 4330, hubspot: 4331, slack: 4332 },
  // The real SMTP server (smtp-server) the workspaces e2e test starts: platform-api's own e-mails (invitations, approvals) go there.
  smtp: 4340,
};

/**
 * Test-only connector settings for platform-api in the e2e stack: HubSpot's
 * sign-in and API, and Slack's API, are the fakes the connectors e2e test
 * starts on TEST_PORTS.apps. Never part of stackEnv: `npm start` has no
 * OAuth app configured, and its connectors reach the real providers.
 */
export const TEST_OAUTH = { clientId: 'agentflow-e2e', clientSecret: 'agentflow-e2e-client-secret' };

export function testConnectorEnv(ports) {
  const auth = `http://127.0.0.1:${ports.apps.hubspotAuth}`;
  return {
    OAUTH_HUBSPOT_CLIENT_ID: TEST_OAUTH.clientId,
    OAUTH_HUBSPOT_CLIENT_SECRET: TEST_OAUTH.clientSecret,
    OAUTH_HUBSPOT_AUTHORIZATION_URL: `${auth}/authorize`,
    OAUTH_HUBSPOT_TOKEN_URL: `${auth}/token`,
    OAUTH_HUBSPOT_REVOCATION_URL: `${auth}/oauth/v1/refresh-tokens`,
    OAUTH_HUBSPOT_ACCOUNT_URL: `${auth}/oauth/v1/access-tokens`,
    CONNECTOR_HUBSPOT_BASE_URL: `http://127.0.0.1:${ports.apps.hubspot}`,
    CONNECTOR_SLACK_BASE_URL: `http://127.0.0.1:${ports.apps.slack}`,
  };
}

/**
 * Test-only mail settings for platform-api in the e2e stack: its own e-mails
 * (workspace invitations, approval requests with one-click links, failed
 * runs) go to the SMTP server the workspaces e2e test starts on
 * TEST_PORTS.smtp, and their links point at the e2e shell. Never part of
 * stackEnv: `npm start` has no SMTP server and says so in one log line.
 */
export function testMailEnv(ports) {
  return {
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: 'Agentflow <no-reply@agentflow.test>',
    APP_URL: shellUrl(ports),
  };
}

/**
 * Test-only Stripe settings for billing-api in the e2e stack: it talks to the
 * fake Stripe on TEST_PORTS.stripe. Never part of stackEnv, so `npm start`
 * runs without a key and billing answers that Stripe is not configured.
 */
export const TEST_STRIPE = { secretKey: 'sk_test_agentflow_e2e', webhookSecret: 'whsec_agentflow_e2e_signing_secret', publishableKey: 'pk_test_agentflow_e2e' };

export function testStripeEnv(ports) {
  return {
    STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripe),
    STRIPE_API_PROTOCOL: 'http',
    // The shell serves it in /app-config.json: the browser loads Stripe.js (the e2e double) for Checkout.
    STRIPE_PUBLISHABLE_KEY: TEST_STRIPE.publishableKey,
  };
}

/** Every port the stack needs, with what uses it, for the "port taken" check. */
export function portList(ports, { emulators = true } = {}) {
  const list = [
    { port: ports.shell, what: 'shell' },
    ...REMOTES.map((remote) => ({ port: ports.remotes[remote.name], what: remote.dir })),
    { port: ports.billing, what: 'billing-api' },
    { port: ports.platform, what: 'platform-api' },
    ...(ports.platformWorker ? [{ port: ports.platformWorker, what: 'platform-api worker (runs on Pub/Sub)' }] : []),
    ...(ports.stripe ? [{ port: ports.stripe, what: 'fake Stripe (billing e2e)' }] : []),
    ...(ports.ai ? [{ port: ports.ai, what: 'fake language model (runs e2e)' }] : []),
    ...Object.entries(ports.apps ?? {}).map(([app, port]) => ({ port, what: `fake ${app} (connectors e2e)` })),
    ...(ports.smtp ? [{ port: ports.smtp, what: 'SMTP server (workspaces e2e)' }] : []),
  ];
  if (emulators) {
    list.push(...emulatorPortList());
    for (const port of EMULATOR_SIDE_PORTS) list.push({ port, what: 'Firebase emulator hub/logging' });
  }
  return list;
}

/** The emulators' own ports (Auth, Firestore, Storage, hub, logging), for the "port taken" check. */
export function emulatorPortList() {
  return [
    { port: EMULATOR_PORTS.firestore, what: 'Firestore emulator' },
    { port: EMULATOR_PORTS.auth, what: 'Auth emulator' },
    { port: EMULATOR_PORTS.storage, what: 'Storage emulator' },
  ];
}

/** The emulators the stack runs (Storage: files, issue 17; its rules runtime is firebase/storage-emulator's deny-all stand-in). */
export const EMULATORS = 'auth,firestore,storage';

export const shellUrl = (ports) => `http://localhost:${ports.shell}`;

/**
 * The credential vault's master key for the local stack: generated once into
 * .agentflow/credentials.key (git-ignored, never committed) and reused, so
 * credentials saved in one `npm start` still open in the next. Production
 * sets CREDENTIALS_KEY itself (README, "Credentials").
 */
export function localCredentialsKey(dir = path.join(ROOT, '.agentflow')) {
  const file = path.join(dir, 'credentials.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

/** The environment every server of the stack runs with. */
export function stackEnv(ports, base = process.env) {
  const env = {
    FIREBASE_PROJECT_ID: base.FIREBASE_PROJECT_ID || DEFAULT_PROJECT_ID,
    GCLOUD_PROJECT: base.GCLOUD_PROJECT || base.FIREBASE_PROJECT_ID || DEFAULT_PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: base.FIRESTORE_EMULATOR_HOST || `127.0.0.1:${EMULATOR_PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: base.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${EMULATOR_PORTS.auth}`,
    FIREBASE_STORAGE_EMULATOR_HOST: base.FIREBASE_STORAGE_EMULATOR_HOST || `127.0.0.1:${EMULATOR_PORTS.storage}`,
    BILLING_API_URL: `http://127.0.0.1:${ports.billing}`,
    PLATFORM_API_URL: `http://127.0.0.1:${ports.platform}`,
    ALLOWED_ORIGINS: [ports.shell, ...Object.values(ports.remotes)]
      .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
      .join(','),
    // platform-api makes these users global admins on their first verified
    // call; the seed creates this account (password agentflow-admin).
    ADMIN_EMAILS: base.ADMIN_EMAILS || 'admin@agentflow.local',
    CREDENTIALS_KEY: base.CREDENTIALS_KEY || localCredentialsKey(),
    NO_UPDATE_NOTIFIER: '1',
    // The local stack never runs on Google Cloud: Google's client libraries
    // need not probe the metadata server (a sandbox that answers 403 makes
    // them print a MetadataLookupWarning).
    METADATA_SERVER_DETECTION: base.METADATA_SERVER_DETECTION || 'none',
  };
  for (const remote of REMOTES) {
    env[remote.envVar] = `http://127.0.0.1:${ports.remotes[remote.name]}/mf-manifest.json`;
  }
  return env;
}

/** Starts the Auth, Firestore and Storage emulators and waits until each answers. */
export async function startEmulators({ env, quiet, logFile, firestoreWrapperJar, storageRulesRuntimeJar }) {
  const child = startProcess(
    'emulators',
    FIREBASE_BIN,
    ['emulators:start', '--only', EMULATORS, '--project', env.FIREBASE_PROJECT_ID, '--config', 'firebase.json'],
    { cwd: FIREBASE_DIR, env: { ...env, FIRESTORE_EMULATOR_BINARY_PATH: firestoreWrapperJar, STORAGE_EMULATOR_BINARY_PATH: storageRulesRuntimeJar }, quiet, logFile },
  );
  await Promise.all([
    ...[EMULATOR_PORTS.firestore, EMULATOR_PORTS.auth].map((port) => waitForHttp(`http://127.0.0.1:${port}/`, { child, timeoutMs: 90_000 })),
    // The Storage emulator answers its root with 501; a client read of an object is refused (403) once its rules are loaded.
    waitForHttp(`http://127.0.0.1:${EMULATOR_PORTS.storage}/v0/b/${env.FIREBASE_PROJECT_ID}.appspot.com/o/ready`, { child, timeoutMs: 90_000, ok: (status) => status === 403 }),
  ]);
  return child;
}

/**
 * Starts the Pub/Sub emulator (Debian package google-cloud-cli-pubsub-emulator)
 * and waits until it answers; fails naming the package when it is missing.
 */
export function assertPubSubEmulatorInstalled() {
  if (!existsSync(PUBSUB_EMULATOR_LAUNCHER)) {
    throw new Error(`runs on Pub/Sub need the Pub/Sub emulator, from the Debian package ${PUBSUB_EMULATOR_PACKAGE}: sudo apt-get install ${PUBSUB_EMULATOR_PACKAGE} (${PUBSUB_EMULATOR_LAUNCHER} is missing)`);
  }
}

export async function startPubSubEmulator({ port = PUBSUB_EMULATOR_PORT, quiet, logFile }) {
  assertPubSubEmulatorInstalled();
  const child = startProcess('pubsub', PUBSUB_EMULATOR_LAUNCHER, ['--host=127.0.0.1', `--port=${port}`], { quiet, logFile });
  await waitForHttp(`http://127.0.0.1:${port}/`, { child, timeoutMs: 90_000, ok: (status) => status === 200 });
  return child;
}

/** platform-api's settings for runs on Pub/Sub against the emulator (the API process adds PLATFORM_ROLE=api, the worker PLATFORM_ROLE=worker). */
export function pubSubEnv(port = PUBSUB_EMULATOR_PORT) {
  return { RUN_QUEUE: 'pubsub', PUBSUB_EMULATOR_HOST: `127.0.0.1:${port}` };
}

/** Both services; with `pubsub` (pubSubEnv's settings in env), platform-api as an API process plus a worker process. */
export async function startServices(ports, { env, quiet, logFile, pubsub = false }) {
  const services = [
    { name: 'billing-api', port: ports.billing },
    { name: 'platform-api', port: ports.platform, ...(pubsub ? { role: 'api' } : {}) },
    ...(pubsub ? [{ name: 'platform-api', label: 'platform-worker', port: ports.platformWorker, role: 'worker' }] : []),
  ];
  const children = services.map(({ name, label, port, role }) =>
    startProcess(label ?? name, process.execPath, ['dist/server.js'], {
      cwd: path.join(ROOT, name),
      env: { ...env, PORT: String(port), LOG_LEVEL: env.LOG_LEVEL || 'info', ...(role ? { PLATFORM_ROLE: role } : {}) },
      quiet,
      logFile,
    }),
  );
  await Promise.all(
    services.map(({ port }, index) =>
      waitForHttp(`http://127.0.0.1:${port}/healthz`, { child: children[index], ok: (status) => status === 200 }),
    ),
  );
  return children;
}

/** Serves one production build; `remoteName` undefined means the shell. */
export async function startStaticServer(ports, { env, quiet, logFile, remoteName }) {
  const remote = remoteName ? REMOTES.find((candidate) => candidate.name === remoteName) : undefined;
  if (remoteName && !remote) throw new Error(`Unknown remote ${remoteName}`);
  const dir = path.join(ROOT, remote ? remote.dir : 'shell', 'dist');
  const port = remote ? ports.remotes[remote.name] : ports.shell;
  const child = startProcess(
    remote ? remote.dir : 'shell',
    process.execPath,
    [path.join(ROOT, 'shared/federation/serve.mjs'), '--dir', dir, '--port', String(port), remote ? '--cors' : '--shell'],
    { env, quiet, logFile },
  );
  await waitForHttp(`http://127.0.0.1:${port}/${remote ? 'mf-manifest.json' : ''}`, { child, ok: (status) => status === 200 });
  return child;
}

export async function startFrontends(ports, options) {
  return Promise.all([
    startStaticServer(ports, options),
    ...REMOTES.map((remote) => startStaticServer(ports, { ...options, remoteName: remote.name })),
  ]);
}

/** True when every production artefact exists (services' dist, each app's build). */
export function buildOutputsExist() {
  const outputs = [
    'shared/dist/web/index.js',
    'billing-api/dist/server.js',
    'platform-api/dist/server.js',
    'shell/dist/index.html',
    ...REMOTES.map((remote) => `${remote.dir}/dist/mf-manifest.json`),
  ];
  return outputs.every((file) => existsSync(path.join(ROOT, file)));
}

export { stopProcess };
