// The HTTP contract every Agentflow service honours, run against each
// service's real Express app, listening on loopback, backed by the emulators.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { pino, type Logger } from 'pino';
import { getAdminAuth, getAdminDb } from '../src/server/admin.js';
import { listRoutes, type RouteInfo } from '../src/server/routeTable.js';
import { listen } from '../src/server/staticServer.js';
import { craftEmulatorToken, emulatorHosts, signUpEmulatorUser } from './emulators.js';

export interface ServiceUnderTest {
  name: string;
  /** The package folder (holds dist/server.js after the build). */
  packageDir: string;
  createApp: (deps: { auth: Auth; db: Firestore; logger: Logger; allowedOrigins: readonly string[] }) => Express;
}

const ALLOWED_ORIGIN = 'http://localhost:3000';

async function startOnLoopback(app: Express): Promise<{ server: Server; baseUrl: string }> {
  const server = await listen(app, 0);
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

export function describeServiceContract(service: ServiceUnderTest): void {
  describe(`${service.name} HTTP contract (real server on loopback, Firebase emulators)`, () => {
    let server: Server;
    let baseUrl: string;
    let routes: RouteInfo[];

    beforeAll(async () => {
      // No reset: suites run in parallel on one emulator, so every test signs
      // up its own user and depends on no global state.
      emulatorHosts();
      const app = service.createApp({
        auth: getAdminAuth(),
        db: getAdminDb(),
        logger: pino({ level: 'silent' }),
        allowedOrigins: [ALLOWED_ORIGIN],
      });
      routes = listRoutes(app);
      ({ server, baseUrl } = await startOnLoopback(app));
    });

    afterAll(() => close(server));

    const me = (headers: Record<string, string> = {}) => fetch(`${baseUrl}/api/me`, { headers });

    async function expectJsonError(response: Response, status: number, message: string | RegExp): Promise<void> {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await response.json()) as { error?: unknown; stack?: unknown };
      expect(typeof body.error).toBe('string');
      expect(body.error).toMatch(message);
      expect(body.stack).toBeUndefined();
    }

    test('GET /api/me: the caller from the token, with no profile yet', async () => {
      const user = await signUpEmulatorUser();
      const response = await me({ Authorization: `Bearer ${user.idToken}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ uid: user.uid, email: user.email, service: service.name, profile: null });
    });

    test('GET /api/me: the caller’s own profile, dates as ISO strings; a query string cannot pick another user', async () => {
      const user = await signUpEmulatorUser();
      const other = await signUpEmulatorUser();
      const createdAt = new Date('2026-03-04T05:06:07.000Z');
      // Everything but the dates comes back as stored.
      const stored = { email: user.email, displayName: 'Ada Lovelace', photoURL: null, phoneNumber: '+44 20 7946 0958', roles: ['b2c_user'], preferences: { language: 'fr' } };
      await getAdminDb()
        .collection('users')
        .doc(user.uid)
        .set({ ...stored, createdAt: Timestamp.fromDate(createdAt), lastLogin: Timestamp.fromDate(createdAt) });
      const response = await fetch(`${baseUrl}/api/me?uid=${other.uid}`, { headers: { Authorization: `Bearer ${user.idToken}` } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        uid: user.uid,
        email: user.email,
        service: service.name,
        profile: { ...stored, createdAt: createdAt.toISOString(), lastLogin: createdAt.toISOString() },
      });
    });

    test('401 and no data for a disabled account, and for a deleted one', async () => {
      const disabled = await signUpEmulatorUser();
      await getAdminAuth().updateUser(disabled.uid, { disabled: true });
      const response = await me({ Authorization: `Bearer ${disabled.idToken}` });
      await expectJsonError(response, 401, 'User account is disabled');
      const deleted = await signUpEmulatorUser();
      await getAdminAuth().deleteUser(deleted.uid);
      await expectJsonError(await me({ Authorization: `Bearer ${deleted.idToken}` }), 401, /Invalid ID token/);
    });

    test('401 without an Authorization header', async () => {
      await expectJsonError(await me(), 401, /Missing Authorization header/);
    });

    test('401 for a malformed Authorization header', async () => {
      await expectJsonError(await me({ Authorization: 'Basic dXNlcjpwYXNz' }), 401, /Malformed Authorization header/);
      await expectJsonError(await me({ Authorization: 'Bearer not-a-jwt' }), 401, /Malformed Authorization header/);
    });

    test('401 for a forged token: another project, or an account that does not exist', async () => {
      const user = await signUpEmulatorUser();
      const otherProject = craftEmulatorToken({ sub: user.uid, user_id: user.uid }, 'demo-someone-else');
      await expectJsonError(await me({ Authorization: `Bearer ${otherProject}` }), 401, /^Invalid ID token$/);
      const unknownUser = craftEmulatorToken({ sub: 'no-such-user', user_id: 'no-such-user' });
      await expectJsonError(await me({ Authorization: `Bearer ${unknownUser}` }), 401, /Invalid ID token/);
    });

    test('401 for an expired token', async () => {
      const user = await signUpEmulatorUser();
      const past = Math.floor(Date.now() / 1000) - 7200;
      const expired = craftEmulatorToken({ sub: user.uid, user_id: user.uid, iat: past, auth_time: past, exp: past + 3600 });
      await expectJsonError(await me({ Authorization: `Bearer ${expired}` }), 401, /expired/);
    });

    test('401 for a revoked token', async () => {
      const user = await signUpEmulatorUser();
      // Revocation is recorded in whole seconds and compared with the token's auth_time.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await getAdminAuth().revokeRefreshTokens(user.uid);
      await expectJsonError(await me({ Authorization: `Bearer ${user.idToken}` }), 401, /revoked/);
    });

    test('413 with a JSON error for a body over 100 kB', async () => {
      const response = await fetch(`${baseUrl}/api/me`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(101 * 1024) }),
      });
      await expectJsonError(response, 413, /exceeds the 100kb limit/);
    });

    test('a body just under 100 kB is accepted by the parser', async () => {
      const response = await fetch(`${baseUrl}/api/does-not-exist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(99 * 1024) }),
      });
      expect(response.status).toBe(404); // parsed fine, then no such route
    });

    test('400 {"error":"Malformed JSON body","code":"malformed_json"} for malformed JSON', async () => {
      const response = await fetch(`${baseUrl}/api/me`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"unterminated": ',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Malformed JSON body', code: 'malformed_json' });
    });

    test('every route with a body answers a gzip header on plain bytes with 400 invalid_body_encoding, before authentication (issue 14: 500)', async () => {
      const withBody = routes.filter((route) => !['GET', 'HEAD'].includes(route.method));
      expect(withBody.length).toBeGreaterThan(0);
      for (const route of withBody) {
        const path = route.path.replace(/:\w+/g, 'x');
        const response = await fetch(`${baseUrl}${path}`, { method: route.method === 'ALL' ? 'POST' : route.method, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: '{"a":1}' });
        expect({ route: `${route.method} ${route.path}`, status: response.status, body: await response.json() }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 400,
          body: { error: 'The body is not valid gzip data, as its Content-Encoding says', code: 'invalid_body_encoding' },
        });
      }
    });

    test('404 JSON for unknown routes', async () => {
      await expectJsonError(await fetch(`${baseUrl}/api/nope`), 404, 'Not found: GET /api/nope');
      await expectJsonError(await fetch(`${baseUrl}/`, { method: 'DELETE' }), 404, 'Not found: DELETE /');
    });

    test('security headers from helmet, and no x-powered-by', async () => {
      const response = await fetch(`${baseUrl}/api/nope`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-powered-by')).toBeNull();
    });

    test('CORS answers the configured origins only', async () => {
      const preflight = (origin: string) =>
        fetch(`${baseUrl}/api/me`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
        });
      const allowed = await preflight(ALLOWED_ORIGIN);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      const denied = await preflight('https://evil.example');
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    });

    test('GET /healthz is 200 when Firestore answers', async () => {
      const response = await fetch(`${baseUrl}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', service: service.name, firestore: 'reachable' });
    });
  });

  describe(`${service.name} process (dist/server.js)`, () => {
    const serverJs = path.join(service.packageDir, 'dist/server.js');

    function startProcess(port: number, env: NodeJS.ProcessEnv = {}) {
      if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run npm run build first`);
      const child = spawn(process.execPath, [serverJs], {
        env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, exited, output: () => output };
    }

    async function waitListening(port: number): Promise<Response> {
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          return await fetch(`http://127.0.0.1:${port}/healthz`);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100)); // not listening yet
        }
      }
      throw new Error(`service on port ${port} never started listening`);
    }

    const freePort = () => 4900 + Math.floor(Math.random() * 90);

    test('stops gracefully on SIGTERM (exit code 0), and a second one on the same port says the port is taken', async () => {
      const port = freePort();
      const first = startProcess(port);
      expect((await waitListening(port)).status).toBe(200);
      const second = startProcess(port);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`port ${port} is already in use`);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('SIGTERM received, shutting down');
    });

    test('GET /healthz is 503 while Firestore is unreachable, and SIGTERM still stops the service', async () => {
      const port = freePort();
      // Nothing listens on port 9: Firestore is down for this process.
      const service = startProcess(port, { FIRESTORE_EMULATOR_HOST: '127.0.0.1:9' });
      const first = await waitListening(port);
      expect(first.status).toBe(503);
      expect(await first.json()).toMatchObject({ status: 'unavailable', firestore: 'unreachable' });
      // The first probe is still retrying: the next answers at once, without piling up RPCs.
      const second = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(second.status).toBe(503);
      expect(await second.json()).toMatchObject({ error: 'Firestore has not answered the previous health probe yet' });
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    });
  });
}
