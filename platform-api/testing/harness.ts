// Test harness for the access API: platform-api's real Express app on a
// loopback port, the Auth emulator for accounts and tokens, and the Firestore
// emulator under a project of the suite's own (so suites running in parallel,
// and the seed test, never see each other's roles, assignments or audit log).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { pino, type Logger } from 'pino';
import { RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import { getAdminAuth, type TrustProxySetting } from '@agentflow/shared/server';
import { listen } from '@agentflow/shared/static-server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { createApp } from '../src/app';
import type { AuditWriter } from '../src/access/audit';
import { bootstrapAdmin } from '../src/access/bootstrap';
import { firestoreAuditWriter } from '../src/access/audit';
import { initializeRbac } from '../src/access/initialize';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
  label: string;
}

export interface AccessHarness {
  projectId: string;
  db: Firestore;
  auth: Auth;
  baseUrl: string;
  /** fetch against the service, JSON in and out, with the user's token when given. */
  call: (method: string, path: string, options?: { user?: TestUser | null; body?: unknown; headers?: Record<string, string> }) => Promise<ApiResponse>;
  createUser: (label: string, options?: { emailVerified?: boolean; email?: string; profile?: boolean }) => Promise<TestUser>;
  /** A user made global admin directly (as ADMIN_EMAILS does), for setting up a scene. */
  createAdmin: (label: string) => Promise<TestUser>;
  resetFirestore: () => Promise<void>;
  close: () => Promise<void>;
}

export interface ApiResponse {
  status: number;
  /** JSON of many shapes, asserted by each test. */
  body: any;
}

let unique = 0;
const nextId = () => `${Date.now().toString(36)}${(unique++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Deletes every document of one emulator project. */
export async function clearFirestore(projectId: string): Promise<void> {
  const { firestore } = emulatorHosts();
  const response = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear Firestore of ${projectId}: ${response.status}`);
}

/** A Firestore client of its own for the project (several may exist at once, like service instances). */
export function firestoreFor(projectId: string): { app: App; db: Firestore } {
  const app = initializeApp({ projectId }, `${projectId}-${nextId()}`);
  return { app, db: getFirestore(app) };
}

export async function signIn(email: string, password: string): Promise<string> {
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

export async function startAccessHarness(
  suite: string,
  options: { adminEmails?: string[]; auditWriter?: AuditWriter; initialize?: boolean; logger?: Logger; clear?: boolean; trustProxy?: TrustProxySetting } = {},
): Promise<AccessHarness> {
  emulatorHosts();
  // The default app first: getAdminAuth() takes the first app there is, and
  // tokens are minted for the default project.
  const auth = getAdminAuth();
  const projectId = `demo-agentflow-${suite}`;
  // clear: false starts another instance of the service on the same data.
  if (options.clear !== false) await clearFirestore(projectId);
  const { app: firebaseApp, db } = firestoreFor(projectId);
  if (options.initialize !== false) await initializeRbac(db);
  const app = createApp({
    auth,
    db,
    logger: options.logger ?? pino({ level: 'silent' }),
    allowedOrigins: ['http://localhost:3000'],
    adminEmails: options.adminEmails,
    auditWriter: options.auditWriter,
    trustProxy: options.trustProxy,
  });
  const server: Server = await listen(app, 0);
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const call: AccessHarness['call'] = async (method, path, { user, body, headers = {} } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}),
        'User-Agent': 'access-tests/1.0',
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
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

  const createUser: AccessHarness['createUser'] = async (label, { emailVerified = false, email, profile = true } = {}) => {
    const address = email ?? `${label}-${nextId()}@example.com`;
    const password = 'correct-horse-42';
    const record = await auth.createUser({ email: address, password, emailVerified, displayName: label });
    if (profile) await db.collection('users').doc(record.uid).set({ email: address, displayName: label, roles: ['b2c_user'], preferences: {} });
    return { uid: record.uid, email: address, idToken: await signIn(address, password), label };
  };

  const createAdmin: AccessHarness['createAdmin'] = async (label) => {
    const user = await createUser(label, { emailVerified: true });
    const writer = firestoreAuditWriter(db);
    await bootstrapAdmin(db, user, (entry) => writer.write(entry));
    return user;
  };

  return {
    projectId,
    db,
    auth,
    baseUrl,
    call,
    createUser,
    createAdmin,
    resetFirestore: () => clearFirestore(projectId),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deleteApp(firebaseApp);
    },
  };
}

export const SNAPSHOT_COLLECTIONS = [
  RBAC_COLLECTIONS.roles,
  RBAC_COLLECTIONS.permissions,
  RBAC_COLLECTIONS.userRoles,
  RBAC_COLLECTIONS.organizations,
  RBAC_COLLECTIONS.userAccess,
  RBAC_COLLECTIONS.auditLog,
] as const;

export type Snapshot = Record<string, Record<string, unknown>>;

function plain(value: unknown): unknown {
  if (value && typeof (value as { toDate?: unknown }).toDate === 'function') return (value as { toDate: () => Date }).toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

/** Every document of every access-control collection, as plain JSON. */
export async function snapshotCollections(db: Firestore): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const name of SNAPSHOT_COLLECTIONS) {
    const snapshot = await db.collection(name).get();
    result[name] = Object.fromEntries(snapshot.docs.map((doc) => [doc.id, plain(doc.data())]));
  }
  return result;
}
