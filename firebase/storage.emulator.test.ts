// The real firebase-tools Storage emulator, run offline: its rules runtime is
// our deny-all stand-in (storage-emulator/rulesRuntime.mjs behind the jar that
// storage-emulator/setup.mjs builds). This suite starts its own emulator on
// ports of its own (storage 9299, hub 4499, logging 4599), with its own
// firebase.json and temp dir, and stops it at the end; the shared stack's
// emulators are not involved.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';

const ROOT = path.join(__dirname, '..');
const FIREBASE_BIN = path.join(ROOT, 'node_modules/.bin/firebase');
const SETUP = path.join(__dirname, 'storage-emulator/setup.mjs');
const RULES_RUNTIME = path.join(__dirname, 'storage-emulator/rulesRuntime.mjs');
const STORAGE_RULES = path.join(__dirname, 'storage.rules');
const PORTS = { storage: 9299, hub: 4499, logging: 4599 };
const HOST = `127.0.0.1:${PORTS.storage}`;
const PROJECT_ID = 'demo-agentflow-storage-test';
const BUCKET = `${PROJECT_ID}.appspot.com`;
const OPEN_RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{allPaths=**} { allow read, write: if true; } } }`;
/** An ID token as the Auth emulator issues them (unsigned): a signed-in user, as the web SDK sends it. */
const USER_TOKEN = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
  JSON.stringify({ user_id: 'alice', sub: 'alice', email: 'alice@example.com', aud: PROJECT_ID, iss: `https://securetoken.google.com/${PROJECT_ID}` }),
).toString('base64url')}.`;

let emulator: ChildProcess | undefined;
let emulatorExit: Promise<unknown> | undefined;
let output = '';
let workDir = '';
const savedEnv = { STORAGE_EMULATOR_HOST: process.env.STORAGE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST: process.env.FIREBASE_STORAGE_EMULATOR_HOST };
const apps: App[] = [];

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitForEmulator(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (emulator?.exitCode !== null) throw new Error(`The Storage emulator exited early:\n${output}`);
    try {
      await fetch(`http://${HOST}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`The Storage emulator did not answer on ${HOST} within ${timeoutMs} ms:\n${output}`);
}

/** The Firebase Storage REST API (`/v0/b/<bucket>/o`), as the Firebase web SDK calls it; `authorization` as it sends it. */
function client(pathAndQuery: string, init: RequestInit & { authorization?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.authorization) headers.set('Authorization', init.authorization);
  return fetch(`http://${HOST}/v0/b/${BUCKET}/o${pathAndQuery}`, { ...init, headers });
}

beforeAll(async () => {
  const busy = [];
  for (const port of Object.values(PORTS)) if (!(await isPortFree(port))) busy.push(port);
  if (busy.length) throw new Error(`Ports ${busy.join(', ')} are taken; this suite starts its own Storage emulator there.`);

  const setup = execFileSync(process.execPath, [SETUP], { encoding: 'utf8' });
  const jar = /^export STORAGE_EMULATOR_BINARY_PATH=(.+)$/m.exec(setup)?.[1];
  if (!jar) throw new Error(`storage-emulator/setup.mjs printed no jar path:\n${setup}`);

  workDir = mkdtempSync(path.join(os.tmpdir(), 'agentflow-storage-emulator-'));
  writeFileSync(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      storage: { rules: STORAGE_RULES },
      emulators: {
        storage: { host: '127.0.0.1', port: PORTS.storage },
        hub: { host: '127.0.0.1', port: PORTS.hub },
        logging: { host: '127.0.0.1', port: PORTS.logging },
        ui: { enabled: false },
      },
    }),
  );
  emulator = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'storage', '--project', PROJECT_ID, '--config', 'firebase.json'], {
    cwd: workDir,
    // TMPDIR: the emulator keeps blobs in $TMPDIR/firebase/storage/blobs and deletes that folder on stop.
    env: { ...process.env, STORAGE_EMULATOR_BINARY_PATH: jar, TMPDIR: workDir, NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: java and node under firebase-tools go with it
  });
  emulatorExit = new Promise((resolve) => emulator?.once('exit', resolve));
  emulator.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  emulator.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForEmulator(25_000);

  process.env.FIREBASE_STORAGE_EMULATOR_HOST = HOST;
  process.env.STORAGE_EMULATOR_HOST = `http://${HOST}`;
}, 40_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  if (emulator?.pid && emulator.exitCode === null && emulator.signalCode === null) {
    process.kill(emulator.pid, 'SIGINT'); // firebase-tools stops its emulators and the rules runtime
    const killer = setTimeout(() => {
      try {
        process.kill(-(emulator?.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
    }, 8_000);
    await emulatorExit;
    clearTimeout(killer);
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 20_000);

function adminApp(name: string, credential?: ReturnType<typeof cert>): App {
  // Like shared/src/server/admin.ts: a project id and, by default, no credential (Application Default Credentials).
  const app = initializeApp({ projectId: PROJECT_ID, storageBucket: BUCKET, ...(credential ? { credential } : {}) }, name);
  apps.push(app);
  return app;
}

test('the emulator runs with the stand-in rules runtime, which loaded firebase/storage.rules', () => {
  expect(output).toContain('Env variable override detected');
  expect(output).toContain('All emulators ready');
  expect(output).not.toMatch(/rules runtime|not that ruleset|Unexpected/i);
});

test('the Admin SDK uploads, reads metadata, downloads, lists and deletes an object', async () => {
  const bucket = getStorage(adminApp('admin-round-trip')).bucket();
  const file = bucket.file('runs/run-1/report.pdf');
  const bytes = Buffer.from('%PDF-1.4 a signed report');
  await file.save(bytes, { contentType: 'application/pdf', metadata: { metadata: { owner: 'alice' } } });

  const [metadata] = await file.getMetadata();
  expect(metadata).toMatchObject({ name: 'runs/run-1/report.pdf', contentType: 'application/pdf', size: String(bytes.length), metadata: { owner: 'alice' } });
  // An Admin SDK upload gets no Firebase download token (unlike a web SDK upload).
  expect(metadata.metadata?.firebaseStorageDownloadTokens).toBeUndefined();
  const [downloaded] = await file.download();
  expect(downloaded.equals(bytes)).toBe(true);

  await bucket.file('runs/run-2/photo.jpg').save(Buffer.from('not really a jpeg'), { contentType: 'image/jpeg' });
  const [listed] = await bucket.getFiles({ prefix: 'runs/run-1/' });
  expect(listed.map((item) => item.name)).toEqual(['runs/run-1/report.pdf']);

  await file.delete();
  expect((await file.exists())[0]).toBe(false);
  await expect(file.download()).rejects.toMatchObject({ code: 404 });
  const [remaining] = await bucket.getFiles({ prefix: 'runs/' });
  expect(remaining.map((item) => item.name)).toEqual(['runs/run-2/photo.jpg']);
});

// Signing needs a key: with Application Default Credentials and no key (the
// services' local set-up, shared/src/server/admin.ts) getSignedUrl fails with
// "Could not load the default credentials" (after probing the GCE metadata server).
test('signed URLs: signed locally with a service-account key, served by the emulator, which checks neither signature nor expiry', async () => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const signer = adminApp('admin-signer', cert({ projectId: PROJECT_ID, clientEmail: `storage-test@${PROJECT_ID}.iam.gserviceaccount.com`, privateKey }));
  const file = getStorage(signer).bucket().file('profiles/alice/photo.png');
  await file.save(Buffer.from('png bytes'), { contentType: 'image/png' });

  const [url] = await file.getSignedUrl({ version: 'v4', action: 'read', expires: Date.now() + 60_000 });
  expect(url.startsWith(`http://${HOST}/${BUCKET}/profiles/alice/photo.png?`)).toBe(true);
  expect(new URL(url).searchParams.get('X-Goog-Expires')).toBe('60');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('png bytes');

  // The emulator's Cloud Storage API does not authenticate at all: a wrong
  // signature, or no signature, is served as well. Expiry and refusal of
  // signed URLs cannot be tested against it; that check stays with whoever
  // issues them (or the test checks the URL's X-Goog-Expires).
  expect((await fetch(url.replace(/X-Goog-Signature=[0-9a-f]+/, 'X-Goog-Signature=00'))).status).toBe(200);
});

test('a client (Firebase Storage REST API without admin credentials) is denied every read and write by the deny-all rules', async () => {
  const bucket = getStorage(adminApp('admin-for-client-test')).bucket();
  const existing = bucket.file('profiles/alice/avatar.webp');
  await existing.save(Buffer.from('webp bytes'), { contentType: 'image/webp' });
  const name = encodeURIComponent('profiles/alice/avatar.webp');

  for (const authorization of [undefined, `Firebase ${USER_TOKEN}`, `Bearer ${USER_TOKEN}`]) {
    const upload = await client(`?name=${encodeURIComponent('profiles/alice/new.png')}`, {
      method: 'POST',
      authorization,
      headers: { 'Content-Type': 'image/png' },
      body: 'png bytes',
    });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual({ error: { code: 403, message: 'Permission denied. No WRITE permission.' } });
    expect((await client(`/${name}`, { authorization })).status).toBe(403); // metadata
    expect((await client(`/${name}?alt=media`, { authorization })).status).toBe(403); // bytes
    expect((await client(`?prefix=profiles%2F`, { authorization })).status).toBe(403); // list
    expect((await client(`/${name}`, { method: 'PATCH', authorization, headers: { 'Content-Type': 'application/json' }, body: '{"contentType":"text/plain"}' })).status).toBe(403);
    expect((await client(`/${name}`, { method: 'DELETE', authorization })).status).toBe(403);
  }
  // Denied by the loaded ruleset's answer (permit: false), not for want of a ruleset (see the last test).
  expect(await (await client(`?prefix=profiles%2F`)).json()).toEqual({ error: { code: 403, message: 'Permission denied. No LIST permission.' } });
  // Nothing was written or removed.
  expect((await existing.exists())[0]).toBe(true);
  expect((await bucket.file('profiles/alice/new.png').exists())[0]).toBe(false);

  // The emulator's own admin credential bypasses the rules before they are consulted (rules/utils.js isPermitted).
  expect((await client(`/${name}?alt=media`, { authorization: 'Bearer owner' })).status).toBe(200);
});

test('the stand-in refuses any other ruleset, and client requests stay denied', async () => {
  const replaced = await fetch(`http://${HOST}/internal/setRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'open.rules', content: OPEN_RULES }] } }),
  });
  expect(replaced.status).toBe(400);
  expect(output).toContain('open.rules is not that ruleset');
  // The emulator dropped the old ruleset and has none: it denies every client request (fail closed).
  const list = await client(`?prefix=profiles%2F`);
  expect(list.status).toBe(403);
  expect(await list.json()).toEqual({ error: { code: 403, message: 'Permission denied. Storage Emulator has no loaded ruleset.' } });

  const check = promisify(execFile);
  const rulesFile = path.join(workDir, 'open.rules');
  writeFileSync(rulesFile, OPEN_RULES);
  await expect(check(process.execPath, [RULES_RUNTIME, 'check', rulesFile])).rejects.toMatchObject({ code: 1 });
  await expect(check(process.execPath, [RULES_RUNTIME, 'check', STORAGE_RULES])).resolves.toMatchObject({ stdout: expect.stringContaining('the deny-all ruleset') });
});
