// Test harness for the access API: platform-api's real Express app on a
// loopback port, the Auth emulator for accounts and tokens, and the Firestore
// emulator under a project of the suite's own (so suites running in parallel,
// and the seed test, never see each other's roles, assignments or audit log).
// What every service's harness shares is in shared/testing/serviceHarness.ts.
import { deleteApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { pino, type Logger } from 'pino';
import { RBAC_COLLECTIONS, getAdminAuth, isTimestampLike, toIso, type TrustProxySetting } from '@agentflow/shared/server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, createTestUser, firestoreFor, serveForTests, signIn, type ServiceCall, type TestUser } from '@agentflow/shared/testing/serviceHarness';
import { createApp } from '../src/app';
import type { AuditWriter } from '../src/access/audit';
import { bootstrapAdmin } from '../src/access/bootstrap';
import { firestoreAuditWriter } from '../src/access/audit';
import { initializeRbac } from '../src/access/initialize';
import { createKeyRing, generateMasterKey, parseMasterKey, type CredentialTester, type KeyRing } from '../src/credentials/index';
import type { FilesModule } from '../src/files/index';
import { testFilesModule } from './files';

export { clearFirestore, firestoreFor, signIn };
export type { ApiResponse, TestUser } from '@agentflow/shared/testing/serviceHarness';

export interface AccessHarness {
  projectId: string;
  db: Firestore;
  auth: Auth;
  baseUrl: string;
  /** fetch against the service, JSON in and out, with the user's token when given. */
  call: ServiceCall;
  createUser: (label: string, options?: { emailVerified?: boolean; email?: string; profile?: boolean }) => Promise<TestUser>;
  /** A user made global admin directly (as ADMIN_EMAILS does), for setting up a scene. */
  createAdmin: (label: string) => Promise<TestUser>;
  resetFirestore: () => Promise<void>;
  /** The file storage, when the harness was started with `files`. */
  files: FilesModule | null;
  close: () => Promise<void>;
}

export async function startAccessHarness(
  suite: string,
  options: {
    adminEmails?: string[];
    auditWriter?: AuditWriter;
    initialize?: boolean;
    logger?: Logger;
    clear?: boolean;
    trustProxy?: TrustProxySetting;
    /** The vault's keys (default: a fresh random master key; null: no vault). */
    credentialsRing?: KeyRing | null;
    credentialTester?: CredentialTester;
    /** Mount the file routes on the Storage emulator (a bucket of the suite's own); `now` moves the store's clock. */
    files?: boolean | { now?: () => Date };
  } = {},
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
  const files = options.files ? testFilesModule({ app: firebaseApp, db, projectId, now: typeof options.files === 'object' ? options.files.now : undefined }) : null;
  const app = createApp({
    files,
    auth,
    db,
    logger: options.logger ?? pino({ level: 'silent' }),
    allowedOrigins: ['http://localhost:3000'],
    adminEmails: options.adminEmails,
    auditWriter: options.auditWriter,
    trustProxy: options.trustProxy,
    credentialsRing: options.credentialsRing === undefined ? createKeyRing(parseMasterKey(generateMasterKey(), 'test key')) : options.credentialsRing,
    credentialTester: options.credentialTester,
  });
  const service = await serveForTests(app, { 'User-Agent': 'access-tests/1.0' });
  const createUser: AccessHarness['createUser'] = (label, options) => createTestUser(auth, db, label, options);

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
    baseUrl: service.baseUrl,
    call: service.call,
    createUser,
    createAdmin,
    resetFirestore: () => clearFirestore(projectId),
    files,
    close: async () => {
      await service.close();
      await files?.close();
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
  if (isTimestampLike(value)) return toIso(value);
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
