// Test harness for workflow runs (test code, excluded from the service
// build): platform-api's real app with a runs module on a loopback port, the
// Auth and Firestore emulators (a Firestore project per suite), users with
// tokens, workflows written as a browser would store them, and waiting for
// runs. restart() stops the app and its queue and starts a fresh one on the
// same data, as a new platform-api process would.
import { createAuditRecorder, firestoreAuditWriter } from '../access/audit';
import { createProviderRegistry } from '../agents/providers/index';
import { createAiCredentialTester } from '../credentials/aiTester';
import { createCredentialVault, createKeyRing, generateMasterKey, parseMasterKey } from '../credentials/index';
import { createConnectorsModule } from '../connectors/index';
import { composeCredentialTester, createAppCredentialTester } from '../connectors/credentialTester';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { deleteApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { pino, type Logger } from 'pino';
import { MEMBERSHIP_COLLECTIONS, credit, getAdminAuth, readMembership, type PlanRole } from '@agentflow/shared/server';
import { listen } from '@agentflow/shared/static-server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { eventually } from '@agentflow/shared/testing/eventually';
import { isTerminalRunStatus, type RunStatus, type Workflow, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { clearFirestore, firestoreFor, signIn } from '../../testing/harness';
import { createApp } from '../app';
import { createRunsModule, decodeRun, runRef, type RunsModule, type RunsModuleOptions, type StoredRun } from '../runs/index';
import type { SafeFetchPolicy } from '../net/safeFetch';
import type { FilesModule } from '../files/index';
import { testFilesModule } from '../../testing/files';

export interface RunsUser {
  uid: string;
  email: string;
  idToken: string;
}

export interface RunsApp {
  baseUrl: string;
  /** The Express app itself (its routes are listed by the fuzz suite). */
  express: Express;
  runs: RunsModule;
  close: () => Promise<void>;
}

export type AppOptions = Omit<RunsModuleOptions, 'db' | 'auth' | 'logger'> & { logger?: Logger; mcpCallTimeoutMs?: number };

export interface RunsHarness {
  projectId: string;
  db: Firestore;
  auth: Auth;
  app: RunsApp;
  baseUrl: () => string;
  /** Stops the current app (its queue finishes what it executes) and starts another on the same data. */
  restart: (options?: AppOptions) => Promise<RunsApp>;
  startApp: (options?: AppOptions) => Promise<RunsApp>;
  call: (method: string, path: string, options?: { user?: RunsUser | null; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number; body: any; headers: Headers }>;
  /** emailVerified (default false): whether the address is verified, as after the e-mail link. */
  /**
   * plan (default 'basic'): the membership's plan role. Users are on Basic
   * unless a test says otherwise, so webhooks and schedules run; the Free
   * plan's refusals are tested with plan: 'free'.
   */
  createUser: (label: string, options?: { tokens?: number; emailVerified?: boolean; plan?: PlanRole }) => Promise<RunsUser>;
  saveWorkflow: (owner: string, nodes: WorkflowNode[], edges: WorkflowEdge[], extra?: Partial<Workflow>) => Promise<Workflow>;
  waitForRun: (runId: string, statuses: RunStatus[] | ((run: StoredRun) => boolean), timeoutMs?: number) => Promise<StoredRun>;
  /**
   * The user's balance once no token block of theirs is open: runs are
   * charged from blocks, and the shown balance is exact again within the
   * flush interval (RESERVATION_FLUSH_INTERVAL_MS) of the last charge.
   */
  balance: (uid: string) => Promise<number>;
  /** File storage on the Storage emulator (a bucket of the suite's own), shared by every app of the harness. */
  files: FilesModule;
  /** Uploads files as the run form does (POST /api/files, multipart); the stored references by field. */
  upload: (user: RunsUser, parts: { field: string; name: string; type?: string; bytes: Buffer }[]) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

export const ALLOW_LOCAL: SafeFetchPolicy = { allowPrivateNetworks: true, timeoutMs: 5000, maxResponseBytes: 1_000_000 };
export const DENY_LOCAL: SafeFetchPolicy = { allowPrivateNetworks: false, timeoutMs: 5000, maxResponseBytes: 1_000_000 };

let unique = 0;
const nextId = () => `${Date.now().toString(36)}${(unique++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown> = {}, name = id): WorkflowNode => ({ id, type, name, position: { x: 0, y: 0 }, params });
export const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({
  id: `${source}-${target}${sourceHandle ? `-${sourceHandle}` : ''}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});

/** The manual trigger 'trigger' asking for these fields (each labelled by its key, optional unless said). */
export const manual = (fields: { key: string; type: string; required?: boolean }[] = []): WorkflowNode =>
  node('trigger', 'trigger.manual', { inputSchema: fields.map((f) => ({ label: f.key, required: false, ...f })) });

export async function startRunsHarness(suite: string, defaults: AppOptions = {}): Promise<RunsHarness> {
  emulatorHosts();
  const auth = getAdminAuth();
  const projectId = `demo-agentflow-runs-${suite}`;
  await clearFirestore(projectId);
  const { app: firebaseApp, db } = firestoreFor(projectId);
  const logger = pino({ level: process.env.RUNS_TEST_LOG ?? 'silent' });

  // One master key for the harness's life, so credentials saved before a restart still open after it.
  const ring = createKeyRing(parseMasterKey(generateMasterKey(), 'runs test key'));
  const files = testFilesModule({ app: firebaseApp, db, projectId, logger });

  const startApp = async (options: AppOptions = {}): Promise<RunsApp> => {
    const appLogger = options.logger ?? defaults.logger ?? logger;
    const vault = createCredentialVault({ db, logger: appLogger, ring, record: createAuditRecorder(firestoreAuditWriter(db), appLogger) });
    const credentials = { vault, providers: createProviderRegistry() };
    // Connectors read their settings (OAUTH_*, CONNECTOR_*_BASE_URL) from the app's env; waits for Retry-After are instant.
    const connectors = createConnectorsModule({ db, logger: appLogger, vault, env: options.env ?? defaults.env ?? {}, policy: ALLOW_LOCAL, wait: async () => undefined });
    const { mcpCallTimeoutMs, ...runsOptions } = { ...defaults, ...options };
    const runs = createRunsModule({ db, auth, fetchPolicy: ALLOW_LOCAL, env: {}, credentials, files, connectors, ...runsOptions, logger: appLogger });
    const app = createApp({
      auth,
      db,
      logger: appLogger,
      allowedOrigins: ['http://localhost:3000'],
      runs,
      credentialVault: vault,
      credentialTester: composeCredentialTester({ ai: createAiCredentialTester(credentials.providers, ALLOW_LOCAL), app: createAppCredentialTester(connectors.runtime, ALLOW_LOCAL) }),
      files,
      connectors,
      fetchPolicy: options.fetchPolicy ?? defaults.fetchPolicy ?? ALLOW_LOCAL,
      ...(mcpCallTimeoutMs !== undefined ? { mcpCallTimeoutMs } : {}),
    });
    const server: Server = await listen(app, 0);
    const { port } = server.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      express: app,
      runs,
      close: async () => {
        await runs.stop();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  };

  const harness: RunsHarness = {
    projectId,
    db,
    auth,
    app: await startApp(),
    baseUrl: () => harness.app.baseUrl,
    files,
    upload: async (user, parts) => {
      const form = new FormData();
      for (const part of parts) form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }), part.name);
      const response = await fetch(`${harness.app.baseUrl}/api/files`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${user.idToken}` } });
      return { status: response.status, body: await response.json() };
    },
    startApp,
    restart: async (options) => {
      await harness.app.close();
      harness.app = await startApp(options);
      return harness.app;
    },
    call: async (method, path, { user, body, headers = {} } = {}) => {
      const response = await fetch(`${harness.app.baseUrl}${path}`, {
        method,
        headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}), ...headers },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text shows in a failing assertion
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    createUser: async (label, { tokens, emailVerified = false, plan = 'basic' } = {}) => {
      const email = `${label}-${nextId()}@example.com`;
      const password = 'correct-horse-42';
      const record = await auth.createUser({ email, password, displayName: label, emailVerified });
      // The free plan's allowance first, then whatever the test needs on top.
      await readMembership(db, record.uid);
      if (plan !== 'free') await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(record.uid).update({ role: plan });
      if (tokens) await credit(db, { uid: record.uid, amount: tokens, reason: 'adjustment', idempotencyKey: `test:${record.uid}` });
      return { uid: record.uid, email, idToken: await signIn(email, password) };
    },
    saveWorkflow: async (owner, nodes, edges, extra = {}) => {
      const id = extra.id ?? `wf-${nextId()}`;
      const now = new Date().toISOString();
      const data = {
        ownerId: owner,
        organizationId: null,
        name: 'Test workflow',
        description: '',
        category: 'automation',
        industry: 'general',
        tags: [],
        visibility: 'private',
        version: 1,
        nodes,
        edges,
        createdAt: now,
        updatedAt: now,
        ...extra,
      };
      delete (data as { id?: string }).id;
      await db.collection('workflows').doc(id).set(data);
      return { ...(data as Omit<Workflow, 'id'>), id } as Workflow;
    },
    waitForRun: async (runId, statuses, timeoutMs = 15_000) => {
      const done = typeof statuses === 'function' ? statuses : (run: StoredRun) => statuses.includes(run.status);
      const deadline = Date.now() + timeoutMs;
      let last: StoredRun | null = null;
      while (Date.now() < deadline) {
        last = decodeRun(await runRef(db, runId).get());
        if (last && done(last)) return last;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      throw new Error(`run ${runId} did not reach the expected state; last: ${JSON.stringify(last && { status: last.status, error: last.error, steps: last.steps.map((s) => [s.id, s.status, s.error]) })}`);
    },
    balance: async (uid) => {
      const openBlocks = db.collection(MEMBERSHIP_COLLECTIONS.tokenReservations).where('userId', '==', uid).where('status', '==', 'open');
      await eventually(async () => (await openBlocks.count().get()).data().count, (open) => open === 0, 5000);
      return (await readMembership(db, uid)).tokensRemaining;
    },
    close: async () => {
      await harness.app.close();
      await files.close();
      await deleteApp(firebaseApp);
    },
  };
  return harness;
}

export { isTerminalRunStatus };
