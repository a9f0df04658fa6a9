// The meter through HTTP under concurrency: exact counts, idempotent retries,
// and one refill when requests race across the reset (the service's clock moves).
import { Timestamp } from 'firebase-admin/firestore';
import { MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS, TOKEN_PERIOD_MS } from '@agentflow/shared/server';
import { setBalance, startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';
import { ALLOWANCE } from '../testing/allowances';

let h: BillingHarness;

beforeAll(async () => {
  h = await startBillingHarness('concurrency');
});

afterAll(() => h.close());

const consume = (user: TestUser, idempotencyKey: string) => h.call('POST', MEMBERSHIP_API.consume, { user, body: { feature: 'voice_command', amount: 1, idempotencyKey } });
const entriesOf = async (uid: string) => (await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get()).docs.map((doc) => doc.data());
const balanceOf = async (uid: string) => (await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).get('tokensRemaining');

test('50 parallel consumes on a balance of 20: exactly 20 × 200 and 30 × 402, balance 0, 20 entries', async () => {
  const user = await h.createUser('race');
  await setBalance(h.db, user.uid, 20, new Date(Date.now() + TOKEN_PERIOD_MS));
  const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => consume(user, `race-${index}`)));
  const ok = responses.filter((response) => response.status === 200);
  const refused = responses.filter((response) => response.status === 402);
  expect(ok).toHaveLength(20);
  expect(refused).toHaveLength(30);
  for (const response of refused) expect(response.body).toEqual({ error: 'Insufficient tokens: 1 needed, 0 remaining', code: 'insufficient_tokens' });
  expect(ok.map((response) => response.body.tokensRemaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  expect(await balanceOf(user.uid)).toBe(0);
  expect(await entriesOf(user.uid)).toHaveLength(20);
});

test('20 parallel retries of one idempotency key debit once', async () => {
  const user = await h.createUser('retry');
  await setBalance(h.db, user.uid, 20, new Date(Date.now() + TOKEN_PERIOD_MS));
  const responses = await Promise.all(Array.from({ length: 20 }, () => consume(user, 'the-same-voice-command')));
  expect(responses.every((response) => response.status === 200 && response.body.tokensRemaining === 19)).toBe(true);
  expect(responses.filter((response) => response.body.applied === true)).toHaveLength(1);
  expect(await balanceOf(user.uid)).toBe(19);
  expect(await entriesOf(user.uid)).toHaveLength(1);
});

test('10 consumes racing across the reset date refill exactly once', async () => {
  const user = await h.createUser('edge');
  const reset = new Date('2026-03-01T00:00:00.000Z');
  await setBalance(h.db, user.uid, 3, reset, 'basic');
  h.clock.now = new Date(reset.getTime() - 1);
  const requests = Array.from({ length: 10 }, (_, index) => consume(user, `edge-${index}`));
  // The clock passes the reset as soon as the first debit is answered, while the others are in flight.
  void Promise.race(requests).then(() => {
    h.clock.now = new Date(reset.getTime() + 1);
  });
  const responses = await Promise.all(requests);
  h.clock.now = null;
  expect(responses.every((response) => response.status === 200)).toBe(true);
  const balances = responses.map((response) => response.body.tokensRemaining as number);
  const before = balances.filter((value) => value < 3).sort((a, b) => b - a);
  const after = balances.filter((value) => value >= ALLOWANCE.basic - 10).sort((a, b) => b - a);
  // From 3 before the refill (2, 1, …); from the basic plan's allowance after it (allowance − 1, − 2, …): each value once.
  expect(before.length).toBeGreaterThanOrEqual(1);
  expect(before.length + after.length).toBe(10);
  expect(before).toEqual(Array.from({ length: before.length }, (_, index) => 2 - index));
  expect(after).toEqual(Array.from({ length: after.length }, (_, index) => ALLOWANCE.basic - 1 - index));
  expect(await balanceOf(user.uid)).toBe(ALLOWANCE.basic - after.length);
  const membership = (await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(user.uid).get()).data();
  expect((membership?.tokensReset as Timestamp).toMillis()).toBe(reset.getTime() + TOKEN_PERIOD_MS);
  expect(await entriesOf(user.uid)).toHaveLength(10);
});
