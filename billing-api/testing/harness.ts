// Test harness for billing-api: the real Express app on a loopback port, the
// Auth emulator for accounts and tokens, and the Firestore emulator under a
// project of the suite's own (suites run in parallel and never see each
// other's data). The ledger's clock is the harness's to move.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { getAdminAuth } from '@agentflow/shared/server';
import { listen } from '@agentflow/shared/static-server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { createApp } from '../src/app';
import { ensureDefaultPackages } from '../src/membership/packages';
import type { StripeSettings } from '../src/stripe/client';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

export interface ApiResponse {
  status: number;
  /** JSON of many shapes, asserted by each test. */
  body: any;
}

export interface BillingHarness {
  projectId: string;
  db: Firestore;
  auth: Auth;
  baseUrl: string;
  /** The instant the service sees; null means the real clock. */
  clock: { now: Date | null };
  call: (method: string, path: string, options?: { user?: TestUser | null; body?: unknown; headers?: Record<string, string>; rawBody?: string }) => Promise<ApiResponse>;
  createUser: (label: string, options?: { language?: string }) => Promise<TestUser>;
  close: () => Promise<void>;
}

let unique = 0;
const nextId = () => `${Date.now().toString(36)}${(unique++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function clearFirestore(projectId: string): Promise<void> {
  const { firestore } = emulatorHosts();
  const response = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear Firestore of ${projectId}: ${response.status}`);
}

async function signIn(email: string, password: string): Promise<string> {
  const { auth } = emulatorHosts();
  const response = await fetch(`http://${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) throw new Error(`Emulator sign-in failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

export async function startBillingHarness(suite: string, options: { packages?: boolean; stripe?: StripeSettings } = {}): Promise<BillingHarness> {
  emulatorHosts();
  const auth = getAdminAuth();
  const projectId = `demo-agentflow-billing-${suite}`;
  await clearFirestore(projectId);
  const firebaseApp: App = initializeApp({ projectId }, `${projectId}-${nextId()}`);
  const db = getFirestore(firebaseApp);
  if (options.packages !== false) await ensureDefaultPackages(db);
  const clock: BillingHarness['clock'] = { now: null };
  const app = createApp({ auth, db, logger: pino({ level: 'silent' }), allowedOrigins: ['http://localhost:3000'], now: () => clock.now ?? new Date(), stripe: options.stripe });
  const server: Server = await listen(app, 0);
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const call: BillingHarness['call'] = async (method, path, { user, body, headers = {}, rawBody } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined || rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}),
        ...headers,
      },
      body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text so a failing assertion shows it
    }
    return { status: response.status, body: parsed };
  };

  const createUser: BillingHarness['createUser'] = async (label, { language } = {}) => {
    const email = `${label}-${nextId()}@example.com`;
    const password = 'correct-horse-42';
    const record = await auth.createUser({ email, password, displayName: label });
    await db.collection('users').doc(record.uid).set({ email, displayName: label, roles: ['b2c_user'], preferences: language ? { language } : {} });
    return { uid: record.uid, email, idToken: await signIn(email, password) };
  };

  return {
    projectId,
    db,
    auth,
    baseUrl,
    clock,
    call,
    createUser,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deleteApp(firebaseApp);
    },
  };
}
