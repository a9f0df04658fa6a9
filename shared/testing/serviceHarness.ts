// What every service's test harness does the same way (test code only):
// a Firestore project of the suite's own, accounts with ID tokens from the
// Auth emulator, the real app on a loopback port, and JSON calls to it.
// billing-api/testing/harness.ts and platform-api/testing/harness.ts build on it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initializeApp, type App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Express } from 'express';
import { listen } from '../src/server/staticServer.js';
import { emulatorHosts } from './emulators.js';

/** Every account a harness creates has this password. */
export const TEST_PASSWORD = 'correct-horse-42';

let unique = 0;
/** Unique enough for e-mail addresses and app names across parallel suites. */
export const uniqueId = () => `${Date.now().toString(36)}${(unique++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Deletes every document of one emulator project. */
export async function clearFirestore(projectId: string): Promise<void> {
  const { firestore } = emulatorHosts();
  const response = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear Firestore of ${projectId}: ${response.status}`);
}

/** A Firestore client of its own for the project (several may exist at once, like service instances). */
export function firestoreFor(projectId: string): { app: App; db: Firestore } {
  const app = initializeApp({ projectId }, `${projectId}-${uniqueId()}`);
  return { app, db: getFirestore(app) };
}

/** An ID token for an existing emulator account, as a browser signing in gets one. */
export async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
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

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
  label: string;
}

export interface TestUserOptions {
  email?: string;
  emailVerified?: boolean;
  /** Write users/{uid} as sign-up does (default true). */
  profile?: boolean;
  /** The profile's preferred language. */
  language?: string;
}

/** An Auth emulator account (named after `label`), its users/{uid} profile, and a fresh ID token. */
export async function createTestUser(auth: Auth, db: Firestore, label: string, { email, emailVerified = false, profile = true, language }: TestUserOptions = {}): Promise<TestUser> {
  const address = email ?? `${label}-${uniqueId()}@example.com`;
  const record = await auth.createUser({ email: address, password: TEST_PASSWORD, emailVerified, displayName: label });
  if (profile) await db.collection('users').doc(record.uid).set({ email: address, displayName: label, roles: ['b2c_user'], preferences: language ? { language } : {} });
  return { uid: record.uid, email: address, idToken: await signIn(address), label };
}

export interface ApiResponse {
  status: number;
  /** JSON of many shapes, asserted by each test. */
  body: any;
}

export interface CallOptions {
  user?: { idToken: string } | null;
  body?: unknown;
  /** Sent verbatim instead of `body` (malformed JSON and the like). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export type ServiceCall = (method: string, path: string, options?: CallOptions) => Promise<ApiResponse>;

export interface RunningService {
  baseUrl: string;
  /** fetch against the service, JSON in and out, with the user's token when given. */
  call: ServiceCall;
  close: () => Promise<void>;
}

/** Listens on a free loopback port; `headers` go with every call (a User-Agent for audit entries). */
export async function serveForTests(app: Express, headers: Record<string, string> = {}): Promise<RunningService> {
  const server: Server = await listen(app, 0);
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const call: ServiceCall = async (method, path, { user, body, rawBody, headers: extra = {} } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined || rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}),
        ...headers,
        ...extra,
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
  return {
    baseUrl,
    call,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
