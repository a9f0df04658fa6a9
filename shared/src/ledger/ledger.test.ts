// The token ledger against the real Firestore emulator: creation, refill,
// debits and credits, idempotency, and exactness under concurrency.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { emulatorHosts } from '../../testing/emulators';
import { FREE_TOKENS_PER_MONTH, MEMBERSHIP_COLLECTIONS, TOKEN_PERIOD_MS } from '../domain/membership/model';

// The free plan's allowance (100 since issue 16): what a new membership starts with and refills to.
const FREE = FREE_TOKENS_PER_MONTH;
import { credit, debit, readMembership, setMembershipRole } from './ledger';
import { IdempotencyConflictError, InsufficientTokensError, LedgerValidationError, usageEntryId } from './ledgerTypes';

const PROJECT_ID = 'demo-agentflow-ledger';
let app: App;
let db: Firestore;
/** Three clients of their own, like three instances of a service: their transactions really collide. */
let instances: { app: App; db: Firestore }[] = [];
const instanceDb = (index: number) => instances[index % instances.length]!.db;
let counter = 0;
const newUid = (label = 'u') => `${label}-${Date.now().toString(36)}-${counter++}`;

beforeAll(async () => {
  const { firestore } = emulatorHosts();
  await fetch(`http://${firestore}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
  app = initializeApp({ projectId: PROJECT_ID }, `ledger-test-${Date.now()}`);
  db = getFirestore(app);
  instances = [0, 1, 2].map((index) => {
    const instance = initializeApp({ projectId: PROJECT_ID }, `ledger-instance-${index}-${Date.now()}`);
    return { app: instance, db: getFirestore(instance) };
  });
  await db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('basic').set({ name: 'Basic', role: 'basic', requiredRole: 'free', tokensPerMonth: 100, priceMonthly: 900, currency: 'usd', stripePriceId: null, features: [], active: true });
  await db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('premium-old').set({ name: 'Old premium', role: 'premium', requiredRole: 'free', tokensPerMonth: 5, priceMonthly: 100, currency: 'usd', stripePriceId: null, features: [], active: false });
});

afterAll(async () => {
  await Promise.all([app, ...instances.map((instance) => instance.app)].map((each) => deleteApp(each)));
});

const T0 = new Date('2026-01-01T00:00:00.000Z');
const membershipDoc = (uid: string) => db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid);

async function seedMembership(uid: string, fields: { role?: string; tokensRemaining: number; tokensReset: Date }) {
  await membershipDoc(uid).set({
    userId: uid,
    role: fields.role ?? 'free',
    tokensRemaining: fields.tokensRemaining,
    tokensReset: Timestamp.fromDate(fields.tokensReset),
    stripeCustomerId: null,
    subscriptionId: null,
    createdAt: Timestamp.fromDate(T0),
    updatedAt: Timestamp.fromDate(T0),
  });
}

async function usageOf(uid: string) {
  const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => doc.data());
}

describe('readMembership', () => {
  test.each([
    ['free', FREE],
    ['basic', 0],
    ['premium', 0],
  ])('a missing membership is created on first read (set to %s: %i tokens), reset 30 days ahead', async (role, tokens) => {
    const uid = newUid();
    if (role === 'free') {
      const membership = await readMembership(db, uid, T0);
      expect(membership).toMatchObject({ userId: uid, role: 'free', tokensRemaining: FREE, tokensReset: new Date(T0.getTime() + TOKEN_PERIOD_MS).toISOString(), stripeCustomerId: null, subscriptionId: null });
    } else {
      const created = await setMembershipRole(db, uid, role as 'basic', T0);
      expect(created).toMatchObject({ role, tokensRemaining: tokens, tokensReset: new Date(T0.getTime() + TOKEN_PERIOD_MS).toISOString() });
    }
    const stored = (await membershipDoc(uid).get()).data();
    expect(stored?.tokensRemaining).toBe(tokens);
    expect((stored?.tokensReset as Timestamp).toMillis()).toBe(T0.getTime() + TOKEN_PERIOD_MS);
    expect(stored?.createdAt).toBeInstanceOf(Timestamp);
  });

  test('concurrent first reads create one membership', async () => {
    const uid = newUid();
    const results = await Promise.all(Array.from({ length: 10 }, () => readMembership(db, uid, T0)));
    expect(new Set(results.map((m) => m.tokensRemaining))).toEqual(new Set([FREE]));
    expect((await membershipDoc(uid).get()).get('tokensRemaining')).toBe(FREE);
  });

  test.each([
    // role, stored balance, how far past the reset, expected balance, periods moved
    ['free', 3, 1, FREE, 1],
    ['free', 0, 3 * TOKEN_PERIOD_MS + 5, FREE, 4],
    ['basic', 7, 0, 100, 1],
    ['premium', 2, 1000, 0, 1], // its only package is inactive: 0
    ['admin', 2, 1000, 0, 1],
  ])('a %s membership holding %i, %i ms past its reset, refills to %i, moved by %i periods', async (role, stored, pastBy, expected, periods) => {
    const uid = newUid();
    const reset = new Date(T0.getTime() + TOKEN_PERIOD_MS);
    await seedMembership(uid, { role, tokensRemaining: stored, tokensReset: reset });
    const now = new Date(reset.getTime() + pastBy);
    const membership = await readMembership(db, uid, now);
    expect(membership.tokensRemaining).toBe(expected);
    expect(membership.tokensReset).toBe(new Date(reset.getTime() + periods * TOKEN_PERIOD_MS).toISOString());
    expect((await membershipDoc(uid).get()).get('tokensRemaining')).toBe(expected);
  });

  test('a membership whose reset has not come is left alone', async () => {
    const uid = newUid();
    const reset = new Date(T0.getTime() + TOKEN_PERIOD_MS);
    await seedMembership(uid, { tokensRemaining: 4, tokensReset: reset });
    expect((await readMembership(db, uid, new Date(reset.getTime() - 1))).tokensRemaining).toBe(4);
  });
});

describe('debit and credit', () => {
  test('a debit lowers the balance and writes its entry in the same transaction', async () => {
    const uid = newUid();
    const result = await debit(db, { uid, feature: 'voice_command', amount: 1, idempotencyKey: 'voice-1', now: T0 });
    expect(result).toEqual({ applied: true, tokensRemaining: FREE - 1 });
    const entry = (await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, 'voice-1')).get()).data();
    expect(entry).toMatchObject({ userId: uid, tokensUsed: 1, feature: 'voice_command', idempotencyKey: 'voice-1' });
    expect((entry?.timestamp as Timestamp).toMillis()).toBe(T0.getTime());
    expect(entry?.createdAt).toBeInstanceOf(Timestamp);
  });

  test('a retried key is applied once and answers applied: false', async () => {
    const uid = newUid();
    await debit(db, { uid, feature: 'workflow_run', amount: 2, idempotencyKey: 'run:abc', now: T0 });
    expect(await debit(db, { uid, feature: 'workflow_run', amount: 2, idempotencyKey: 'run:abc', now: T0 })).toEqual({ applied: false, tokensRemaining: FREE - 2 });
    expect(await usageOf(uid)).toHaveLength(1);
  });

  test('the same key reused for another amount is a conflict, nothing changes', async () => {
    const uid = newUid();
    await debit(db, { uid, feature: 'workflow_run', amount: 2, idempotencyKey: 'k1', now: T0 });
    await expect(debit(db, { uid, feature: 'workflow_run', amount: 3, idempotencyKey: 'k1', now: T0 })).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await readMembership(db, uid, T0)).tokensRemaining).toBe(FREE - 2);
  });

  test('two users with the same key do not collide', async () => {
    const [a, b] = [newUid('a'), newUid('b')];
    await debit(db, { uid: a, feature: 'voice_command', amount: 1, idempotencyKey: 'same', now: T0 });
    expect(await debit(db, { uid: b, feature: 'voice_command', amount: 1, idempotencyKey: 'same', now: T0 })).toEqual({ applied: true, tokensRemaining: FREE - 1 });
  });

  test('too few tokens: InsufficientTokensError with the exact message, nothing written', async () => {
    const uid = newUid();
    await seedMembership(uid, { tokensRemaining: 2, tokensReset: new Date(T0.getTime() + TOKEN_PERIOD_MS) });
    const before = (await membershipDoc(uid).get()).data();
    const attempt = debit(db, { uid, feature: 'agent', amount: 5, idempotencyKey: 'big', now: T0 });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientTokensError);
    await expect(debit(db, { uid, feature: 'agent', amount: 5, idempotencyKey: 'big', now: T0 })).rejects.toThrow(/^Insufficient tokens: 5 needed, 2 remaining$/);
    expect((await membershipDoc(uid).get()).data()).toEqual(before);
    expect(await usageOf(uid)).toHaveLength(0);
  });

  test('a credit adds tokens with a negative entry, once per key', async () => {
    const uid = newUid();
    await debit(db, { uid, feature: 'agent', amount: 4, idempotencyKey: 'step-1', now: T0 });
    expect(await credit(db, { uid, amount: 4, reason: 'refund', idempotencyKey: 'refund-step-1', now: T0 })).toEqual({ applied: true, tokensRemaining: FREE });
    expect(await credit(db, { uid, amount: 4, reason: 'refund', idempotencyKey: 'refund-step-1', now: T0 })).toEqual({ applied: false, tokensRemaining: FREE });
    const entries = await usageOf(uid);
    expect(entries.map((entry) => entry.tokensUsed).sort()).toEqual([-4, 4]);
  });

  test.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: -1 }, 'amount'],
    [{ amount: 1.5 }, 'amount'],
    [{ amount: Number.NaN }, 'amount'],
    [{ amount: '1' }, 'amount'],
    [{ feature: 'teleport' }, 'feature'],
    [{ feature: 'toString' }, 'feature'],
    [{ idempotencyKey: '' }, 'idempotencyKey'],
    [{ idempotencyKey: 'a/b' }, 'idempotencyKey'],
    [{ idempotencyKey: 'x'.repeat(129) }, 'idempotencyKey'],
    [{ uid: '' }, 'uid'],
  ])('debit rejects %p naming %s', async (override, field) => {
    const request = { uid: newUid(), feature: 'voice_command', amount: 1, idempotencyKey: 'ok', now: T0, ...override } as Parameters<typeof debit>[1];
    const attempt = debit(db, request);
    await expect(attempt).rejects.toBeInstanceOf(LedgerValidationError);
    await expect(attempt).rejects.toMatchObject({ field });
  });

  test('setMembershipRole changes the role and keeps the balance', async () => {
    const uid = newUid();
    await readMembership(db, uid, T0);
    const updated = await setMembershipRole(db, uid, 'premium', T0);
    expect(updated).toMatchObject({ role: 'premium', tokensRemaining: FREE });
    await expect(setMembershipRole(db, uid, 'owner' as 'free', T0)).rejects.toMatchObject({ field: 'role' });
  });
});

describe('concurrency', () => {
  test('50 parallel debits of 1 on a balance of 20 (three instances): exactly 20 succeed, 30 are refused, 20 entries', async () => {
    const uid = newUid('race');
    await seedMembership(uid, { tokensRemaining: 20, tokensReset: new Date(Date.now() + TOKEN_PERIOD_MS) });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => debit(instanceDb(index), { uid, feature: 'voice_command', amount: 1, idempotencyKey: `race-${index}` })),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof InsufficientTokensError);
    expect(succeeded).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect((await membershipDoc(uid).get()).get('tokensRemaining')).toBe(0);
    expect(await usageOf(uid)).toHaveLength(20);
    // Each success saw a distinct balance: 19, 18, … 0.
    const balances = succeeded.map((outcome) => (outcome as PromiseFulfilledResult<{ tokensRemaining: number }>).value.tokensRemaining).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  test('20 parallel retries of one idempotency key debit once', async () => {
    const uid = newUid('retry');
    await seedMembership(uid, { tokensRemaining: 20, tokensReset: new Date(Date.now() + TOKEN_PERIOD_MS) });
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => debit(instanceDb(index), { uid, feature: 'workflow_run', amount: 3, idempotencyKey: 'the-one' })));
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(new Set(results.map((result) => result.tokensRemaining))).toEqual(new Set([17]));
    expect((await membershipDoc(uid).get()).get('tokensRemaining')).toBe(17);
    expect(await usageOf(uid)).toHaveLength(1);
  });

  test('refill with a controllable clock: 10 debits racing across the reset refill exactly once', async () => {
    const uid = newUid('refill');
    const reset = new Date(T0.getTime() + TOKEN_PERIOD_MS);
    await seedMembership(uid, { role: 'basic', tokensRemaining: 5, tokensReset: reset });
    // The first four readings of the clock fall 1 ms before the reset, every later one after it:
    // the debits start on both sides of the boundary, and retried attempts land after it.
    let readings = 0;
    const clock = () => new Date(readings++ < 4 ? reset.getTime() - 1 : reset.getTime() + 1000);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => debit(instanceDb(index), { uid, feature: 'voice_command', amount: 1, idempotencyKey: `edge-${index}`, now: clock })),
    );
    expect(results.every((result) => result.applied)).toBe(true);
    // Before the refill the balances run 4, 3, …; after it 99, 98, …: each value once, so one refill.
    const before = results.map((result) => result.tokensRemaining).filter((value) => value < 5).sort((a, b) => b - a);
    const after = results.map((result) => result.tokensRemaining).filter((value) => value >= 90).sort((a, b) => b - a);
    expect(before.length + after.length).toBe(10);
    expect(before).toEqual(Array.from({ length: before.length }, (_, index) => 4 - index));
    expect(after).toEqual(Array.from({ length: after.length }, (_, index) => 99 - index));
    const membership = (await membershipDoc(uid).get()).data();
    expect(membership?.tokensRemaining).toBe(100 - after.length);
    expect((membership?.tokensReset as Timestamp).toMillis()).toBe(reset.getTime() + TOKEN_PERIOD_MS);
    expect(await usageOf(uid)).toHaveLength(10);
    // Reading again later in the period does not refill a second time.
    expect((await readMembership(db, uid, new Date(reset.getTime() + 5000))).tokensRemaining).toBe(100 - after.length);
  });

  test('refill happens once when many reads and debits arrive after the reset at once', async () => {
    const uid = newUid('refill2');
    const reset = new Date(T0.getTime() + TOKEN_PERIOD_MS);
    await seedMembership(uid, { role: 'free', tokensRemaining: 0, tokensReset: reset });
    const now = new Date(reset.getTime() + 10);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, index) => readMembership(instanceDb(index), uid, now)),
      ...Array.from({ length: 5 }, (_, index) => debit(instanceDb(index + 1), { uid, feature: 'voice_command', amount: 1, idempotencyKey: `after-${index}`, now })),
    ]);
    expect((await membershipDoc(uid).get()).get('tokensRemaining')).toBe(FREE - 5);
  });
});
