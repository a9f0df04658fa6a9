// billing-api's membership and token endpoints against the real app and the
// Firebase emulators: authentication, validation, the ledger through HTTP,
// summaries, history labels, packages and subscriptions.
import { Timestamp } from 'firebase-admin/firestore';
import { MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS, TOKEN_PERIOD_MS, reserveTokens, setMembershipRole, spendFromBlock } from '@agentflow/shared/server';
import { setBalance as storeBalance, startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';
import { ALLOWANCE } from '../testing/allowances';
import { DEFAULT_PACKAGES, ensureDefaultPackages } from './packages';

let h: BillingHarness;

beforeAll(async () => {
  h = await startBillingHarness('membership');
});

afterAll(() => h.close());

afterEach(() => {
  h.clock.now = null;
});

const consume = (user: TestUser, body: unknown) => h.call('POST', MEMBERSHIP_API.consume, { user, body });
let keys = 0;
const key = () => `k-${Date.now()}-${keys++}`;

/** A free membership with this balance, resetting a period from now unless told otherwise. */
const setBalance = (uid: string, tokensRemaining: number, tokensReset = new Date(Date.now() + TOKEN_PERIOD_MS)) => storeBalance(h.db, uid, tokensRemaining, tokensReset);

const usageCount = async (uid: string) => (await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get()).size;

describe('authentication', () => {
  const routes: [string, string][] = [
    ['GET', MEMBERSHIP_API.membership],
    ['GET', MEMBERSHIP_API.subscriptionStatus],
    ['GET', MEMBERSHIP_API.subscriptionHistory],
    ['GET', MEMBERSHIP_API.tokenSummary],
    ['GET', `${MEMBERSHIP_API.tokenHistory}?period=week`],
    ['GET', MEMBERSHIP_API.tokenUsage],
    ['POST', MEMBERSHIP_API.consume],
    ['GET', MEMBERSHIP_API.eligiblePackages],
    ['GET', MEMBERSHIP_API.teamMembers],
    ['POST', MEMBERSHIP_API.teamMembers],
    ['PATCH', MEMBERSHIP_API.teamMember('m1')],
    ['DELETE', MEMBERSHIP_API.teamMember('m1')],
  ];

  test.each(routes)('%s %s without a token is 401', async (method, path) => {
    const response = await h.call(method, path, method === 'POST' || method === 'PATCH' ? { body: { feature: 'voice_command', amount: 1, idempotencyKey: 'x', email: 'a@b.co', role: 'basic' } } : {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
  });

  test.each(routes)('%s %s with a forged token is 401', async (method, path) => {
    const response = await h.call(method, path, { headers: { Authorization: 'Bearer not.a.token' } });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/membership and /api/tokens/summary', () => {
  test('a new user gets a free membership with the free allowance, and the free plan', async () => {
    const user = await h.createUser('newbie');
    const response = await h.call('GET', MEMBERSHIP_API.membership, { user });
    expect(response.status).toBe(200);
    expect(response.body.userMembership).toMatchObject({ userId: user.uid, role: 'free', tokensRemaining: ALLOWANCE.free, stripeCustomerId: null, subscriptionId: null });
    expect(response.body.activeSubscription).toBeNull();
    expect(response.body.packageDetails).toMatchObject({ id: 'free', tokensPerMonth: ALLOWANCE.free });
    const reset = Date.parse(response.body.userMembership.tokensReset);
    expect(reset - Date.now()).toBeGreaterThan(TOKEN_PERIOD_MS - 60_000);
  });

  test('the summary: used, total, resetDate = tokensReset (the next refill)', async () => {
    const user = await h.createUser('summary');
    const before = await h.call('GET', MEMBERSHIP_API.tokenSummary, { user });
    const membership = await h.call('GET', MEMBERSHIP_API.membership, { user });
    // The ledger's real next refill: tokensReset itself (it used to show a month later).
    expect(before.body).toEqual({ used: 0, total: ALLOWANCE.free, resetDate: membership.body.userMembership.tokensReset });
    await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey: key() });
    await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey: key() });
    expect((await h.call('GET', MEMBERSHIP_API.tokenSummary, { user })).body).toMatchObject({ used: 2, total: ALLOWANCE.free });
  });

  test('tokens held in a run engine’s open token block and not spent are shown as the user’s (balance and summary)', async () => {
    const user = await h.createUser('held');
    await setBalance(user.uid, 100);
    const block = await reserveTokens(h.db, { uid: user.uid, reservationId: `${user.uid}-block`, instanceId: 'platform-api', needed: 1, spendPerSecond: 10, grow: false });
    expect(block?.granted).toBe(50);
    await spendFromBlock(h.db, { uid: user.uid, reservationId: block!.id, feature: 'workflow_run', amount: 3, idempotencyKey: key(), keySpace: 'server' });
    // Stored: 50 (the block is out of the balance); shown: 97 (only the 3 spent are gone).
    const response = await h.call('GET', MEMBERSHIP_API.membership, { user });
    expect(response.body.userMembership.tokensRemaining).toBe(97);
    expect((await h.call('GET', MEMBERSHIP_API.tokenSummary, { user })).body).toMatchObject({ used: ALLOWANCE.free - 97 });
  });

  test('a premium member: total is the premium plan’s allowance', async () => {
    const user = await h.createUser('premium');
    await setMembershipRole(h.db, user.uid, 'premium');
    expect((await h.call('GET', MEMBERSHIP_API.tokenSummary, { user })).body).toMatchObject({ used: ALLOWANCE.premium, total: ALLOWANCE.premium });
  });

  test('a due refill happens on read, with the service clock', async () => {
    const user = await h.createUser('refill');
    const reset = new Date('2026-02-01T00:00:00.000Z');
    await setBalance(user.uid, 1, reset);
    h.clock.now = new Date(reset.getTime() + 1);
    const response = await h.call('GET', MEMBERSHIP_API.membership, { user });
    expect(response.body.userMembership).toMatchObject({ tokensRemaining: ALLOWANCE.free, tokensReset: new Date(reset.getTime() + TOKEN_PERIOD_MS).toISOString() });
  });
});

describe('POST /api/tokens/consume', () => {
  test('debits the feature’s cost once per idempotency key', async () => {
    const user = await h.createUser('consume');
    const idempotencyKey = key();
    expect(await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey })).toEqual({ status: 200, body: { tokensRemaining: ALLOWANCE.free - 1, applied: true } });
    expect(await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey })).toEqual({ status: 200, body: { tokensRemaining: ALLOWANCE.free - 1, applied: false } });
    expect(await usageCount(user.uid)).toBe(1);
  });

  test.each([
    [{}, /^feature /],
    [{ amount: 1, idempotencyKey: 'a' }, /^feature /],
    [{ feature: 'voice_command', idempotencyKey: 'a' }, /^amount /],
    [{ feature: 'voice_command', amount: '1', idempotencyKey: 'a' }, /^amount /],
    [{ feature: 'voice_command', amount: 1.5, idempotencyKey: 'a' }, /^amount /],
    [{ feature: 'voice_command', amount: -1, idempotencyKey: 'a' }, /^amount /],
    [{ feature: 'voice_command', amount: 2, idempotencyKey: 'a' }, /^amount must be 1 for voice_command$/],
    [{ feature: 'workflow_run', amount: 1, idempotencyKey: 'a' }, /^feature must be one of voice_command$/],
    [{ feature: 'agent', amount: 1, idempotencyKey: 'a' }, /^feature /],
    [{ feature: 'teleport', amount: 1, idempotencyKey: 'a' }, /^feature /],
    [{ feature: 'voice_command', amount: 1 }, /^idempotencyKey /],
    [{ feature: 'voice_command', amount: 1, idempotencyKey: '' }, /^idempotencyKey /],
    [{ feature: 'voice_command', amount: 1, idempotencyKey: 'a/b' }, /^idempotencyKey /],
    [{ feature: 'voice_command', amount: 1, idempotencyKey: 'x'.repeat(129) }, /^idempotencyKey /],
    [{ feature: 'voice_command', amount: 1, idempotencyKey: 'a', userId: 'someone-else' }, /^Unknown field: userId$/],
    [[1, 2], /./],
    ['just a string', /./],
  ])('%p is 400 (%s), nothing debited', async (body, message) => {
    const user = await h.createUser('bad');
    const response = await consume(user, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect(await usageCount(user.uid)).toBe(0);
  });

  test('malformed JSON is 400', async () => {
    const user = await h.createUser('json');
    const response = await h.call('POST', MEMBERSHIP_API.consume, { user, rawBody: '{"feature": ' });
    expect(response.status).toBe(400);
  });

  test('402 with the exact message leaves the membership and usage unchanged', async () => {
    const user = await h.createUser('broke');
    await setBalance(user.uid, 0);
    const before = (await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(user.uid).get()).data();
    const response = await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey: key() });
    expect(response).toEqual({ status: 402, body: { error: 'Insufficient tokens: 1 needed, 0 remaining', code: 'insufficient_tokens' } });
    expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(user.uid).get()).data()).toEqual(before);
    expect(await usageCount(user.uid)).toBe(0);
  });

  test('one user’s idempotency key does not affect another’s', async () => {
    const [a, b] = [await h.createUser('a'), await h.createUser('b')];
    const idempotencyKey = key();
    await consume(a, { feature: 'voice_command', amount: 1, idempotencyKey });
    expect((await consume(b, { feature: 'voice_command', amount: 1, idempotencyKey })).body).toEqual({ tokensRemaining: ALLOWANCE.free - 1, applied: true });
  });
});

describe('GET /api/tokens/history and /api/tokens/usage', () => {
  test('a period other than week, month or year is 400; so is an unknown time zone', async () => {
    const user = await h.createUser('period');
    for (const query of ['period=day', 'period=', 'period=week&period=year']) {
      const response = await h.call('GET', `${MEMBERSHIP_API.tokenHistory}?${query}`, { user });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^period /);
    }
    const zone = await h.call('GET', `${MEMBERSHIP_API.tokenHistory}?period=week&timeZone=Mars/Olympus`, { user });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatch(/^timeZone /);
  });

  test.each([
    ['week', 7, 'Mon', { 'Accept-Language': 'en-US' }, undefined],
    ['week', 7, 'lun.', { 'Accept-Language': 'fr-FR,fr;q=0.9' }, undefined],
    ['week', 7, 'Mo', { 'Accept-Language': 'en-US' }, 'de'],
    ['week', 7, 'Mon', { 'Accept-Language': 'pt-BR, es;q=0' }, undefined],
    ['month', 31, 'Mar 17', {}, undefined],
    ['month', 31, '17 mar', { 'Accept-Language': 'es' }, undefined],
    ['year', 12, 'Apr', {}, undefined],
    ['year', 12, 'abr', {}, 'es'],
  ])('period=%s has %i buckets with labels like %p (headers %p, profile language %p), today’s usage last', async (period, count, label, headers, language) => {
    const user = await h.createUser('history', { language });
    h.clock.now = new Date('2026-04-16T12:00:00.000Z'); // a Thursday
    await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey: key() });
    await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey: key() });
    const response = await h.call('GET', `${MEMBERSHIP_API.tokenHistory}?period=${period}`, { user, headers });
    expect(response.status).toBe(200);
    const history = response.body.history as { label: string; tokens: number }[];
    expect(history).toHaveLength(count);
    expect(history.map((point) => point.label)).toContain(label);
    expect(history.at(-1)?.tokens).toBe(2);
    expect(history.reduce((sum, point) => sum + point.tokens, 0)).toBe(2);
  });

  test('without a period the history is the month', async () => {
    const user = await h.createUser('default');
    h.clock.now = new Date('2026-04-16T12:00:00.000Z');
    expect((await h.call('GET', MEMBERSHIP_API.tokenHistory, { user })).body.history).toHaveLength(31);
  });

  test('recent usage: newest first, only the caller’s, limit checked', async () => {
    const [user, other] = [await h.createUser('recent'), await h.createUser('other')];
    for (let minute = 0; minute < 3; minute++) {
      h.clock.now = new Date(Date.UTC(2026, 3, 16, 12, minute));
      await consume(user, { feature: 'voice_command', amount: 1, idempotencyKey: `r-${minute}` });
    }
    await consume(other, { feature: 'voice_command', amount: 1, idempotencyKey: 'r-x' });
    const response = await h.call('GET', MEMBERSHIP_API.tokenUsage, { user });
    expect(response.status).toBe(200);
    expect(response.body.entries.map((entry: { timestamp: string }) => entry.timestamp)).toEqual([
      '2026-04-16T12:02:00.000Z',
      '2026-04-16T12:01:00.000Z',
      '2026-04-16T12:00:00.000Z',
    ]);
    expect(response.body.entries[0]).toMatchObject({ userId: user.uid, tokensUsed: 1, feature: 'voice_command' });
    expect((await h.call('GET', `${MEMBERSHIP_API.tokenUsage}?limit=2`, { user })).body.entries).toHaveLength(2);
    expect((await h.call('GET', `${MEMBERSHIP_API.tokenUsage}?limit=500`, { user })).status).toBe(200);
    for (const limit of ['0', '-1', 'abc', '1.5']) {
      const response = await h.call('GET', `${MEMBERSHIP_API.tokenUsage}?limit=${limit}`, { user });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^limit /);
    }
  });
});

describe('GET /api/packages/eligible', () => {
  test.each([
    ['free', ['free', 'basic', 'premium', 'enterprise']],
    ['basic', ['basic', 'premium', 'enterprise']],
    ['premium', ['premium', 'enterprise']],
    ['enterprise', ['enterprise']],
  ] as const)('a %s member sees %p, cheapest first', async (role, ids) => {
    const user = await h.createUser(`eligible-${role}`);
    await setMembershipRole(h.db, user.uid, role);
    const response = await h.call('GET', MEMBERSHIP_API.eligiblePackages, { user });
    expect(response.status).toBe(200);
    expect(response.body.packages.map((pkg: { id: string }) => pkg.id)).toEqual(ids);
  });

  test('ensureDefaultPackages is idempotent and never overwrites a changed plan', async () => {
    await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('basic').update({ priceMonthly: 1234 });
    expect(await ensureDefaultPackages(h.db)).toEqual([]);
    expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('basic').get()).get('priceMonthly')).toBe(1234);
    await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('basic').update({ priceMonthly: DEFAULT_PACKAGES[1]!.priceMonthly });
  });
});

describe('subscriptions', () => {
  test('no subscription: inactive status, empty history', async () => {
    const user = await h.createUser('nosub');
    expect((await h.call('GET', MEMBERSHIP_API.subscriptionStatus, { user })).body).toEqual({ isActive: false, subscription: null, package: null });
    expect((await h.call('GET', MEMBERSHIP_API.subscriptionHistory, { user })).body).toEqual({ subscriptions: [] });
  });

  test.each([
    ['active', true],
    ['trialing', true],
    ['past_due', false],
    ['canceled', false],
  ])('a %s subscription is current: %p; history is newest first and only the caller’s', async (status, current) => {
    const [user, other] = [await h.createUser('sub'), await h.createUser('othersub')];
    const subscriptions = h.db.collection(MEMBERSHIP_COLLECTIONS.subscriptions);
    await subscriptions.doc(`${user.uid}-old`).set({ userId: user.uid, packageId: 'basic', status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false, createdAt: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')) });
    await subscriptions.doc(`${user.uid}-new`).set({ userId: user.uid, packageId: 'premium', status, currentPeriodEnd: Timestamp.fromDate(new Date('2026-05-01T00:00:00Z')), cancelAtPeriodEnd: false, createdAt: Timestamp.fromDate(new Date('2026-04-01T00:00:00Z')) });
    await subscriptions.doc(`${other.uid}-x`).set({ userId: other.uid, packageId: 'enterprise', status: 'active', createdAt: Timestamp.now() });
    const statusBody = (await h.call('GET', MEMBERSHIP_API.subscriptionStatus, { user })).body;
    expect(statusBody.isActive).toBe(current);
    if (current) {
      expect(statusBody.subscription).toMatchObject({ id: `${user.uid}-new`, packageId: 'premium', status, currentPeriodEnd: '2026-05-01T00:00:00.000Z' });
      expect(statusBody.package).toMatchObject({ id: 'premium' });
      const details = (await h.call('GET', MEMBERSHIP_API.membership, { user })).body;
      expect(details.activeSubscription.id).toBe(`${user.uid}-new`);
      expect(details.packageDetails.id).toBe('premium');
    }
    const history = (await h.call('GET', MEMBERSHIP_API.subscriptionHistory, { user })).body.subscriptions;
    expect(history.map((each: { id: string }) => each.id)).toEqual([`${user.uid}-new`, `${user.uid}-old`]);
  });
});
