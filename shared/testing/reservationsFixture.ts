// What the token reservation tests share: their own emulator project, three
// Firestore clients (like three service instances), seeded memberships and
// the exact accounts of an owner (balance, usage entries, blocks).
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { emulatorHosts } from './emulators';
import { MEMBERSHIP_COLLECTIONS } from '../src/domain/membership/model';

export { eventually } from './eventually';

export interface ReservationsFixture {
  projectId: string;
  db: () => Firestore;
  instanceDb: (index: number) => Firestore;
  newUid: (label?: string) => string;
  seed: (uid: string, fields: { tokensRemaining: number; tokensReset: Date; role?: string; allowanceGranted?: number }) => Promise<void>;
  accounts: (uid: string) => Promise<Accounts>;
}

export interface Accounts {
  balance: number;
  /** Σ tokensUsed of the owner's usage entries (debits positive, credits negative). */
  used: number;
  entries: { idempotencyKey: string; tokensUsed: number; reservationId?: string }[];
  blocks: { id: string; status: string; reserved: number; spent?: number; returned?: number; settledBy?: string }[];
}

/** Registers beforeAll/afterAll for a test file's own project. */
export function reservationsFixture(projectId: string): ReservationsFixture {
  const apps: App[] = [];
  const dbs: Firestore[] = [];
  let counter = 0;
  beforeAll(async () => {
    const { firestore } = emulatorHosts();
    await fetch(`http://${firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
    for (const index of [0, 1, 2]) {
      const app = initializeApp({ projectId }, `${projectId}-${index}-${Date.now()}`);
      apps.push(app);
      dbs.push(getFirestore(app));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
  });
  const db = () => dbs[0]!;
  return {
    projectId,
    db,
    instanceDb: (index) => dbs[index % dbs.length]!,
    newUid: (label = 'u') => `${label}-${Date.now().toString(36)}-${counter++}`,
    seed: async (uid, fields) => {
      await db()
        .collection(MEMBERSHIP_COLLECTIONS.memberships)
        .doc(uid)
        .set({
          userId: uid,
          role: fields.role ?? 'free',
          tokensRemaining: fields.tokensRemaining,
          allowanceGranted: fields.allowanceGranted ?? fields.tokensRemaining,
          tokensReset: Timestamp.fromDate(fields.tokensReset),
          stripeCustomerId: null,
          subscriptionId: null,
        });
    },
    accounts: async (uid) => {
      const [membership, usage, blocks] = await Promise.all([
        db().collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get(),
        db().collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get(),
        db().collection(MEMBERSHIP_COLLECTIONS.tokenReservations).where('userId', '==', uid).get(),
      ]);
      const entries = usage.docs.map((doc) => doc.data() as Accounts['entries'][number]);
      return {
        balance: membership.get('tokensRemaining') as number,
        used: entries.reduce((sum, entry) => sum + entry.tokensUsed, 0),
        entries,
        blocks: blocks.docs.map((doc) => ({ id: doc.id, ...(doc.data() as Omit<Accounts['blocks'][number], 'id'>) })),
      };
    },
  };
}
