// prepareMembershipUpdate: the ledger inside a caller's transaction (Stripe
// webhooks), against the real Firestore emulator.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { emulatorHosts } from '../../testing/emulators';
import { MEMBERSHIP_COLLECTIONS } from '../membership/model';
import { LedgerValidationError, prepareMembershipUpdate, readMembership, usageEntryId } from './ledger';

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
  expect(first.membership).toMatchObject({ role: 'premium', tokensRemaining: 1010, stripeCustomerId: 'cus_1' });
  expect(await readMembership(db, uid)).toMatchObject({ role: 'premium', tokensRemaining: 1010, stripeCustomerId: 'cus_1' });
  const entry = await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, 'period:1')).get();
  expect(entry.data()).toMatchObject({ userId: uid, tokensUsed: -1000, feature: 'subscription_period', idempotencyKey: 'period:1' });
  const again = await update(uid, ['period:1'], { credit: { amount: 1000, reason: 'subscription_period', idempotencyKey: 'period:1' } });
  expect(again.applied).toEqual([true]);
  expect(await readMembership(db, uid)).toMatchObject({ tokensRemaining: 1010 });
});

test('setBalance sets the balance and writes the difference as its entry, once per key', async () => {
  const uid = newUid();
  await update(uid, ['reset:a'], { setBalance: { tokens: 100, reason: 'plan_change', idempotencyKey: 'reset:a' } });
  expect(await readMembership(db, uid)).toMatchObject({ tokensRemaining: 100 });
  const entry = await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, 'reset:a')).get();
  expect(entry.data()).toMatchObject({ tokensUsed: -90, feature: 'plan_change' });
  // Reading a key that then serves as a credit: skipped, because setBalance already used it.
  await update(uid, ['reset:a'], { credit: { amount: 5, reason: 'subscription_period', idempotencyKey: 'reset:a' } });
  expect(await readMembership(db, uid)).toMatchObject({ tokensRemaining: 100 });
});

test('bad input: a key not read up front, a bad role, a bad amount; nothing is written', async () => {
  const uid = newUid();
  await expect(update(uid, [], { credit: { amount: 5, reason: 'x', idempotencyKey: 'unread' } })).rejects.toThrow(LedgerValidationError);
  await expect(update(uid, [], { role: 'owner' as never })).rejects.toThrow('role must be one of');
  await expect(update(uid, ['k'], { credit: { amount: 0, reason: 'x', idempotencyKey: 'k' } })).rejects.toThrow('amount must be a positive integer');
  expect((await db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).exists).toBe(false);
});

test('holdRefillUntil moves tokensReset later (never earlier), so the 30-day refill waits for it', async () => {
  const uid = newUid();
  const start = new Date('2030-01-01T00:00:00Z');
  const at = (now: Date, change: Parameters<Awaited<ReturnType<typeof prepareMembershipUpdate>>['commit']>[0], keys: string[] = []) =>
    db.runTransaction(async (tx) => (await prepareMembershipUpdate(db, tx, uid, now, keys)).commit(change));
  const day = 86_400_000;
  const hold = new Date(start.getTime() + 33 * day);
  const written = await at(start, { role: 'premium', credit: { amount: 1000, reason: 'subscription_period', idempotencyKey: 'p1' }, holdRefillUntil: hold }, ['p1']);
  expect(written).toMatchObject({ tokensRemaining: 1010, tokensReset: hold.toISOString() });
  // Day 31: the refill (due at day 30 without the hold) does not fire.
  expect(await readMembership(db, uid, new Date(start.getTime() + 31 * day))).toMatchObject({ tokensRemaining: 1010, tokensReset: hold.toISOString() });
  // An earlier date (a late delivery of an older period) does not bring the refill forward.
  await at(new Date(start.getTime() + 31 * day), { holdRefillUntil: new Date(start.getTime() + 2 * day) });
  expect(await readMembership(db, uid, new Date(start.getTime() + 32 * day))).toMatchObject({ tokensRemaining: 1010, tokensReset: hold.toISOString() });
  // Past the hold, the refill resumes: the role's allowance (premium has no package here: 0).
  expect(await readMembership(db, uid, new Date(hold.getTime() + day))).toMatchObject({ tokensRemaining: 0, tokensReset: new Date(hold.getTime() + 30 * day).toISOString() });
});
