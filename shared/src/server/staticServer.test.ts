import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createStaticApp } from './staticServer';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const MANIFEST = JSON.stringify({ id: 'mf_billing', name: 'mf_billing' });
const REMOTE_ENTRY = 'var mf_billing = {};';
const HASHED_JS = 'console.log("main");';
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dir: string;

function makeBuild(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'agentflow-static-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);
  return folder;
}

beforeAll(() => {
  dir = makeBuild({
    'index.html': INDEX_HTML,
    'mf-manifest.json': MANIFEST,
    'remoteEntry.js': REMOTE_ENTRY,
    'federation-runtime.js': REMOTE_ENTRY,
    'main.1234abcd.js': HASHED_JS,
    'logo.png': 'not really a png',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createStaticApp, shell mode', () => {
  const shell = (env: Record<string, string | undefined> = {}) => createStaticApp({ dir, shell: true, env });

  test('/remotes.json maps every remote to its default manifest URL', async () => {
    const response = await request(shell()).get('/remotes.json');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toEqual({
      mf_home: 'http://127.0.0.1:3001/mf-manifest.json',
      mf_workflows: 'http://127.0.0.1:3002/mf-manifest.json',
      mf_billing: 'http://127.0.0.1:3003/mf-manifest.json',
      mf_rbac: 'http://127.0.0.1:3004/mf-manifest.json',
    });
  });

  test('/remotes.json honours the env overrides given at serve time', async () => {
    const response = await request(
      shell({ MF_BILLING_URL: 'https://billing.cdn.example.com/v7/mf-manifest.json', MF_RBAC_URL: '  ' }),
    ).get('/remotes.json');
    expect(response.body.mf_billing).toBe('https://billing.cdn.example.com/v7/mf-manifest.json');
    expect(response.body.mf_rbac).toBe('http://127.0.0.1:3004/mf-manifest.json');
  });

  test('/app-config.json is built from the env', async () => {
    const emulators = await request(shell()).get('/app-config.json');
    expect(emulators.status).toBe(200);
    expect(emulators.headers['cache-control']).toBe(NO_CACHE);
    expect(emulators.body.firebase.projectId).toBe('demo-agentflow');
    expect(emulators.body.emulators).toEqual({ auth: 'http://127.0.0.1:9099', firestore: '127.0.0.1:8080' });

    const real = await request(
      shell({ FIREBASE_API_KEY: 'AIza-key', FIREBASE_PROJECT_ID: 'agentflow-prod', BILLING_API_URL: 'https://billing.example.com' }),
    ).get('/app-config.json');
    expect(real.body.firebase).toMatchObject({ apiKey: 'AIza-key', projectId: 'agentflow-prod' });
    expect(real.body.emulators).toEqual({ auth: null, firestore: null });
    expect(real.body.apis.billing).toBe('https://billing.example.com');
  });

  test('a deep link gets index.html, never cached', async () => {
    const response = await request(shell()).get('/workflows/deep/link');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.text).toBe(INDEX_HTML);
  });

  test('/ serves index.html, never cached', async () => {
    const response = await request(shell()).get('/');
    expect(response.status).toBe(200);
    expect(response.text).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
  });

  test('a missing file is a plain 404, not the app', async () => {
    const response = await request(shell()).get('/missing.js');
    expect(response.status).toBe(404);
    expect(response.text).toBe('Not found');
    expect(response.text).not.toContain('<html');
  });

  test('hashed assets are cached for a year', async () => {
    const response = await request(shell()).get('/main.1234abcd.js');
    expect(response.status).toBe(200);
    expect(response.text).toBe(HASHED_JS);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  // federation-runtime.js: a remote's standalone page loads it unhashed; it changes with Module Federation's version.
  test.each(['/index.html', '/mf-manifest.json', '/remoteEntry.js', '/federation-runtime.js'])('%s is always revalidated', async (file) => {
    const response = await request(shell()).get(file);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
  });

  test('an unhashed asset gets neither header', async () => {
    const response = await request(shell()).get('/logo.png');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
    expect(response.headers['cache-control']).not.toBe(NO_CACHE);
  });

  test('no CORS header and no x-powered-by unless asked', async () => {
    const response = await request(shell()).get('/remoteEntry.js');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('createStaticApp, remote mode', () => {
  const remote = () => createStaticApp({ dir, cors: true, env: { MF_BILLING_URL: 'https://x.example.com/mf-manifest.json' } });

  test('answers Access-Control-Allow-Origin: * on its files', async () => {
    for (const file of ['/mf-manifest.json', '/remoteEntry.js', '/main.1234abcd.js']) {
      const response = await request(remote()).get(file).set('Origin', 'http://localhost:3000');
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  test('the manifest is revalidated and hashed chunks are immutable', async () => {
    const app = remote();
    expect((await request(app).get('/mf-manifest.json')).headers['cache-control']).toBe(NO_CACHE);
    expect((await request(app).get('/main.1234abcd.js')).headers['cache-control']).toBe(IMMUTABLE);
  });

  test('has no /remotes.json and no SPA fallback', async () => {
    const app = remote();
    for (const url of ['/remotes.json', '/workflows/deep/link', '/billing/invoices']) {
      const response = await request(app).get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  test('serves its standalone page and run-time configuration, with CORS', async () => {
    const app = remote();
    const page = await request(app).get('/');
    expect(page.status).toBe(200);
    expect(page.text).toBe(INDEX_HTML);
    expect(page.headers['cache-control']).toBe(NO_CACHE);
    const config = await request(app).get('/app-config.json');
    expect(config.status).toBe(200);
    expect(config.headers['access-control-allow-origin']).toBe('*');
    expect(config.body.firebase.projectId).toBe('demo-agentflow');
  });
});

describe('createStaticApp without a build', () => {
  test('a missing build folder is a clear error', () => {
    const missing = path.join(os.tmpdir(), 'agentflow-no-such-build-folder');
    expect(() => createStaticApp({ dir: missing, shell: true })).toThrow(
      `No production build in ${missing}: run 'npm run build' first`,
    );
    expect(() => createStaticApp({ dir: missing, cors: true })).toThrow(/No production build/);
  });

  test('a shell build needs index.html; a remote build needs mf-manifest.json', () => {
    const remoteOnly = makeBuild({ 'mf-manifest.json': MANIFEST });
    const shellOnly = makeBuild({ 'index.html': INDEX_HTML });
    try {
      expect(() => createStaticApp({ dir: remoteOnly, shell: true })).toThrow(/No production build/);
      expect(() => createStaticApp({ dir: remoteOnly, cors: true })).not.toThrow();
      expect(() => createStaticApp({ dir: shellOnly, cors: true })).toThrow(/No production build/);
      expect(() => createStaticApp({ dir: shellOnly, shell: true })).not.toThrow();
    } finally {
      rmSync(remoteOnly, { recursive: true, force: true });
      rmSync(shellOnly, { recursive: true, force: true });
    }
  });
});
