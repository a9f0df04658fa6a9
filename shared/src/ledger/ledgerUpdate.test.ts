// prepareMembershipUpdate: the ledger inside a caller's transaction (Stripe
// webhooks), against the real Firestore emulator.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { emulatorHosts } from '../../testing/emulators';
import { FREE_TOKENS_PER_MONTH, MEMBERSHIP_COLLECTIONS } from '../domain/membership/model';

// A new membership's free allowance (100 since issue 16).
const FREE = FREE_TOKENS_PER_MONTH;
import { prepareMembershipUpdate, readMembership } from './ledger';
import { LedgerValidationError, usageEntryId } from './ledgerTypes';

const PROJECT_ID = 'demo-agentflow-ledger-update';
let app: App;
let db: Firestore;
let counter = 0;
const newUid = () => `u-${Date.now().toString(36)}-${counter++}`;

beforeAll(async () => {
  const { firestore } = emulatorHosts();
  await fetch(`http://${firestore}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
  app = initializeApp({ projectId: PROJECT_ID }, `ledger-update-${Date.now()}`);
  db = getFirestore(app);
});
afterAll(() => deleteApp(app));

const update = (uid: string, keys: string[], change: Parameters<Awaited<ReturnType<typeof prepareMembershipUpdate>>['commit']>[0]) =>
  db.runTransaction(async (tx) => {
    const prepared = await prepareMembershipUpdate(db, tx, uid, new Date(), keys);
    return { applied: keys.map((key) => prepared.applied(key)), membership: prepared.commit(change) };
  });

test('a credit, the role and other fields in one write; the same key again credits nothing', async () => {
  const uid = newUid();
  const first = await update(uid, ['period:1'], { role: 'premium', credit: { amount: 1000, reason: 'subscription_period', idempotencyKey: 'period:1' }, fields: { stripeCustomerId: 'cus_1' } });
  expect(first.applied).toEqual([false]);
  expect(first.membership).toMatchObject({ role: 'premium', tokensRemaining: FREE + 1000, stripeCustomerId: 'cus_1' });
  expect(await readMembership(db, uid)).toMatchObject({ role: 'premium', tokensRemaining: FREE + 1000, stripeCustomerId: 'cus_1' });
  const entry = await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, 'period:1')).get();
  expect(entry.data()).toMatchObject({ userId: uid, tokensUsed: -1000, feature: 'subscription_period', idempotencyKey: 'period:1' });
  const again = await update(uid, ['period:1'], { credit: { amount: 1000, reason: 'subscription_period', idempotencyKey: 'period:1' } });
  expect(again.applied).toEqual([true]);
  expect(await readMembership(db, uid)).toMatchObject({ tokensRemaining: FREE + 1000 });
});

test('planAllowance tops the month up to the plan, once: the same or a lower plan grants nothing, a higher one the difference', async () => {
  const uid = newUid();
  const tokensUsed = async () => (await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get()).docs.map((doc) => doc.data()).filter((entry) => entry.feature === 'plan_allowance').map((entry) => entry.tokensUsed as number).sort((a, b) => a - b);
  // A new membership: the free allowance is this month's grant; a 1,000 plan adds the difference.
  expect((await update(uid, [], { role: 'premium', planAllowance: 1000 })).membership).toMatchObject({ role: 'premium', tokensRemaining: 1000 });
  expect((await update(uid, [], { planAllowance: 1000 })).membership).toMatchObject({ tokensRemaining: 1000 });
  expect((await update(uid, [], { role: 'basic', planAllowance: 100 })).membership).toMatchObject({ role: 'basic', tokensRemaining: 1000 });
  expect((await update(uid, [], { role: 'enterprise', planAllowance: 10000 })).membership).toMatchObject({ tokensRemaining: 10000 });
  expect(await tokensUsed()).toEqual([-9000, -(1000 - FREE)]);
  expect((await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).get('allowanceGranted')).toBe(10000);
  await expect(update(uid, [], { planAllowance: -1 })).rejects.toThrow('planAllowance must be an integer');
});

test('a membership stored before grants were recorded counts its plan as granted: nothing is minted', async () => {
  const uid = newUid();
  await db.collection('packages').doc(`legacy-${uid}`).set({ role: 'basic', active: true, tokensPerMonth: 100 });
  await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).set({ userId: uid, role: 'basic', tokensRemaining: 40, tokensReset: new Date(Date.now() + 86_400_000) });
  expect((await update(uid, [], { planAllowance: 100 })).membership).toMatchObject({ tokensRemaining: 40 });
  expect((await update(uid, [], { planAllowance: 150 })).membership).toMatchObject({ tokensRemaining: 90 });
  await db.collection('packages').doc(`legacy-${uid}`).delete();
});

test('a new allowance month starts at the plan held then, and records it as granted', async () => {
  const uid = newUid();
  const start = new Date('2030-01-01T00:00:00Z');
  const day = 86_400_000;
  const at = (now: Date, change: Parameters<Awaited<ReturnType<typeof prepareMembershipUpdate>>['commit']>[0]) =>
    db.runTransaction(async (tx) => (await prepareMembershipUpdate(db, tx, uid, now)).commit(change));
  expect(await at(start, { role: 'basic', planAllowance: 500 })).toMatchObject({ tokensRemaining: 500 });
  // Day 31: the refill. 'basic' has no package in this project: its allowance is 0, and the month's grant is 0.
  const refilled = await readMembership(db, uid, new Date(start.getTime() + 31 * day));
  expect(refilled).toMatchObject({ tokensRemaining: 0, tokensReset: new Date(start.getTime() + 60 * day).toISOString() });
  expect((await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).get('allowanceGranted')).toBe(0);
  // In the new month the same plan grants its allowance again, once.
  expect(await at(new Date(start.getTime() + 32 * day), { planAllowance: 500 })).toMatchObject({ tokensRemaining: 500 });
  expect(await at(new Date(start.getTime() + 33 * day), { planAllowance: 500 })).toMatchObject({ tokensRemaining: 500 });
});

test('bad input: a key not read up front, a bad role, a bad amount; nothing is written', async () => {
  const uid = newUid();
  await expect(update(uid, [], { credit: { amount: 5, reason: 'x', idempotencyKey: 'unread' } })).rejects.toThrow(LedgerValidationError);
  await expect(update(uid, [], { role: 'owner' as never })).rejects.toThrow('role must be one of');
  await expect(update(uid, ['k'], { credit: { amount: 0, reason: 'x', idempotencyKey: 'k' } })).rejects.toThrow('amount must be a positive integer');
  expect((await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).exists).toBe(false);
});
