// Test harness for billing-api: the real Express app on a loopback port, the
// Auth emulator for accounts and tokens, and the Firestore emulator under a
// project of the suite's own (suites run in parallel and never see each
// other's data). The ledger's clock is the harness's to move. What every
// service's harness shares is in shared/testing/serviceHarness.ts.
import { deleteApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { MEMBERSHIP_COLLECTIONS, getAdminAuth, type PlanRole } from '@agentflow/shared/server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, createTestUser, firestoreFor, serveForTests, type ApiResponse, type CallOptions, type TestUser } from '@agentflow/shared/testing/serviceHarness';
import { createApp } from '../src/app';
import { ensureDefaultPackages } from '../src/membership/packages';
import type { StripeSettings } from '../src/stripe/client';

export { clearFirestore };
export type { ApiResponse, TestUser } from '@agentflow/shared/testing/serviceHarness';

export interface BillingHarness {
  projectId: string;
  db: Firestore;
  auth: Auth;
  baseUrl: string;
  /** The instant the service sees; null means the real clock. */
  clock: { now: Date | null };
  call: (method: string, path: string, options?: CallOptions) => Promise<ApiResponse>;
  createUser: (label: string, options?: { language?: string }) => Promise<TestUser>;
  close: () => Promise<void>;
}

export async function startBillingHarness(suite: string, options: { packages?: boolean; stripe?: StripeSettings } = {}): Promise<BillingHarness> {
  emulatorHosts();
  const auth = getAdminAuth();
  const projectId = `demo-agentflow-billing-${suite}`;
  await clearFirestore(projectId);
  const { app: firebaseApp, db } = firestoreFor(projectId);
  if (options.packages !== false) await ensureDefaultPackages(db);
  const clock: BillingHarness['clock'] = { now: null };
  const app = createApp({ auth, db, logger: pino({ level: 'silent' }), allowedOrigins: ['http://localhost:3000'], now: () => clock.now ?? new Date(), stripe: options.stripe });
  const service = await serveForTests(app);

  return {
    projectId,
    db,
    auth,
    baseUrl: service.baseUrl,
    clock,
    call: service.call,
    createUser: (label, { language } = {}) => createTestUser(auth, db, label, { language }),
    close: async () => {
      await service.close();
      await deleteApp(firebaseApp);
    },
  };
}

/** Stores a user's membership as the ledger would have left it: a balance, its next reset, a plan. */
export async function setBalance(db: Firestore, uid: string, tokensRemaining: number, tokensReset: Date, role: PlanRole = 'free'): Promise<void> {
  await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).set({
    userId: uid,
    role,
    tokensRemaining,
    tokensReset: Timestamp.fromDate(tokensReset),
    stripeCustomerId: null,
    subscriptionId: null,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
}
