// Issue 14's money integrity, against the Firestore and Auth emulators and the
// fake Stripe: one allowance per allowance month whatever the plan and cycle
// changes, one subscription per customer under concurrency, Checkout for a
// first paid plan, and client idempotency keys that cannot pre-empt a server credit.
import { BILLING_API, BILLING_MESSAGES, MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS, allowanceGrantKey, readMembership } from '@agentflow/shared/server';
import type { TestUser } from '../../testing/harness';
import { ALLOWANCE } from '../testing/allowances';
import { APP_ORIGIN, startStripeHarness, type StripeHarness } from '../testing/stripeHarness';
import { verifiedUser } from '../testing/teamUsers';

let h: StripeHarness;

beforeAll(async () => {
  h = await startStripeHarness('integrity');
});
afterAll(async () => {
  await h.closeAll();
});

/** Tokens the ledger granted the user (allowance top-ups and credits): the negative entries. */
async function grantedTokens(uid: string): Promise<number> {
  const snapshot = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => doc.data().tokensUsed as number).filter((used) => used < 0).reduce((sum, used) => sum - used, 0);
}

const spend = (user: TestUser, amount: number, key: string) => h.call('POST', MEMBERSHIP_API.consume, { user, body: { feature: 'voice_command', amount, idempotencyKey: key } });

describe('one allowance authority', () => {
  test('billing-cycle switches (yearly ↔ monthly, ×4) grant nothing new: the month keeps the premium allowance', async () => {
    const user = await h.createUser('cycles');
    const { customerId, subscription } = await h.subscribe(user, 'premium');
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium });
    const balances: number[] = [];
    for (const interval of ['year', 'month', 'year', 'month'] as const) {
      const response = await h.call('POST', BILLING_API.changeBillingCycle, { user, body: { subscriptionId: subscription.id, newPriceId: h.price('premium', interval), customerId } });
      expect(response.status).toBe(200);
      expect(response.body.subscription).toMatchObject({ interval, packageId: 'premium' });
      // Stripe itself made the change (a repeated switch is a new request, not a replay of the first).
      expect(h.fake.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe(h.price('premium', interval));
      // Stripe delivers the change's events too: they grant nothing either.
      balances.push((await h.membership(user.uid)).tokensRemaining);
    }
    // Each interval change started a new Stripe period (the defect credited each one: the balance grew by the premium allowance at each switch).
    expect(h.fake.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
    expect(balances).toEqual([ALLOWANCE.premium, ALLOWANCE.premium, ALLOWANCE.premium, ALLOWANCE.premium]);
    // Granted this month in all: the free allowance when the membership was made, then the rest of the premium allowance.
    expect(await grantedTokens(user.uid)).toBe(ALLOWANCE.premium - ALLOWANCE.free);
  });

  test('premium → basic → premium → enterprise → premium → enterprise → premium grants exactly the highest allowance held this month', async () => {
    // The sequence is a downgrade, an upgrade, …: the plans' allowances must rise in that order.
    expect(ALLOWANCE.basic < ALLOWANCE.premium && ALLOWANCE.premium < ALLOWANCE.enterprise).toBe(true);
    const user = await h.createUser('plans');
    await h.subscribe(user, 'premium');
    expect((await spend(user, 1, 'plans-voice')).status).toBe(200);
    const after: Array<[string, number]> = [];
    for (const packageId of ['basic', 'premium', 'enterprise', 'premium', 'enterprise', 'premium'] as const) {
      const response = await h.call('POST', BILLING_API.changePackage, { user, body: { packageId } });
      expect(response.status).toBe(200);
      expect(h.fake.subscriptions.get(response.body.subscription.id)!.items.data[0].price.id).toBe(h.price(packageId));
      const membership = await h.membership(user.uid);
      after.push([membership.role, membership.tokensRemaining]);
    }
    expect(after).toEqual([
      ['basic', ALLOWANCE.premium - 1], // a downgrade grants nothing and takes nothing
      ['premium', ALLOWANCE.premium - 1], // switching back grants nothing
      ['enterprise', ALLOWANCE.enterprise - 1], // an upgrade grants the difference to what the month granted (enterprise − premium)
      ['premium', ALLOWANCE.enterprise - 1], // a downgrade keeps the paid-for balance for the rest of the month
      ['enterprise', ALLOWANCE.enterprise - 1], // the same upgrade again, asked anew (not a replay): applied in Stripe, nothing more granted
      ['premium', ALLOWANCE.enterprise - 1],
    ]);
    // The free allowance at creation + the rest to premium + the rest to enterprise = the enterprise allowance, never more.
    expect(await grantedTokens(user.uid)).toBe(ALLOWANCE.enterprise - ALLOWANCE.free);
    // The next month starts from the lower plan held then.
    const membership = await h.membership(user.uid);
    const nextMonth = new Date(new Date(membership.tokensReset).getTime() + 60_000);
    expect(await readMembership(h.db, user.uid, nextMonth)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium });
  });

  test('the usage summary shows the ledger’s real next refill (tokensReset), not a month later', async () => {
    const user = await h.createUser('summary');
    const membership = await h.membership(user.uid);
    const summary = await h.call('GET', MEMBERSHIP_API.tokenSummary, { user });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ used: 0, total: ALLOWANCE.free, resetDate: membership.tokensReset });
  });
});

describe('one subscription per customer', () => {
  /** A user whose subscription ended in Stripe (deleted), with a customer and a card. */
  async function endedSubscriber(name: string) {
    const user = await h.createUser(name);
    const { customerId, subscription } = await h.subscribe(user, 'basic');
    await h.stripe.subscriptions.cancel(subscription.id);
    const deleted = h.fake.buildEvent('customer.subscription.deleted', h.fake.subscriptions.get(subscription.id)!, { created: Math.floor(Date.now() / 1000) + 1 });
    expect((await h.fake.deliver(deleted)).status).toBe(200);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'free' });
    return { user, customerId };
  }
  const liveFor = (customerId: string) => [...h.fake.subscriptions.values()].filter((sub) => sub.customer === customerId && sub.status !== 'canceled');

  test.each([5, 20])('%i concurrent change-package calls after the subscription ended: none creates a subscription; they all point to Checkout', async (count) => {
    const { user, customerId } = await endedSubscriber(`parallel${count}`);
    const before = h.fake.mutatingRequests().length;
    const answers = await Promise.all(Array.from({ length: count }, () => h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: count }, () => 409));
    expect(answers.every((answer) => answer.body.code === 'checkout_required' && answer.body.error === BILLING_MESSAGES.checkoutRequired)).toBe(true);
    expect(h.fake.mutatingRequests().slice(before)).toEqual([]);
    expect(liveFor(customerId)).toHaveLength(0);
  });

  test.each([5, 20])('%i concurrent Checkout requests make one session, and paying it one subscription; a second Checkout is refused', async (count) => {
    const { user, customerId } = await endedSubscriber(`checkout${count}`);
    const body = { userId: user.uid, priceId: h.price('premium'), packageId: 'premium', successUrl: `${APP_ORIGIN}/billing/success`, cancelUrl: `${APP_ORIGIN}/billing/cancel` };
    const answers = await Promise.all(Array.from({ length: count }, () => h.call('POST', BILLING_API.createCheckoutSession, { user, body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: count }, () => 200));
    const sessionIds = new Set(answers.map((answer) => answer.body.id as string));
    expect(sessionIds.size).toBe(1);
    await h.fake.completeCheckout([...sessionIds][0]!);
    expect(liveFor(customerId)).toHaveLength(1);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium' });
    const again = await h.call('POST', BILLING_API.createCheckoutSession, { user, body });
    expect(again).toEqual({ status: 409, body: { error: BILLING_MESSAGES.subscriptionExists, code: 'subscription_exists' } });
    expect(liveFor(customerId)).toHaveLength(1);
  });

  test('20 concurrent change-package calls on a live subscription change that one subscription and grant the allowance once', async () => {
    const user = await h.createUser('liveparallel');
    const { customerId, subscription } = await h.subscribe(user, 'basic');
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body.subscription.id))).toEqual(new Set([subscription.id]));
    expect(liveFor(customerId)).toHaveLength(1);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium });
    expect(await grantedTokens(user.uid)).toBe(ALLOWANCE.premium - ALLOWANCE.free);
  });
});

describe('server-owned key namespaces', () => {
  /** A user with a customer and a premium subscription Stripe has made but not yet told billing-api about. */
  async function pendingSubscriber(name: string) {
    const user = await h.createUser(name);
    const membership = await h.membership(user.uid);
    const customer = h.fake.createCustomer({ metadata: { userId: user.uid } });
    await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(user.uid).update({ stripeCustomerId: customer.id });
    const subscription = h.fake.createSubscription(customer.id, h.price('premium'), { metadata: { userId: user.uid } });
    return { user, membership, subscription };
  }

  test('a client key equal to the Stripe period key, sent before the webhook, does not block the server’s grant', async () => {
    const { user, subscription } = await pendingSubscriber('prekey');
    const periodKey = `stripe:sub:${subscription.id}:period:${subscription.current_period_start}`;
    const consumed = await spend(user, 1, periodKey);
    expect(consumed.status).toBe(200);
    expect(consumed.body).toMatchObject({ applied: true, tokensRemaining: ALLOWANCE.free - 1 });
    expect((await h.fake.deliver(h.fake.buildEvent('customer.subscription.created', subscription))).status).toBe(200);
    // The free allowance less 1, plus the top-up to premium: the server's grant went through.
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium - 1 });
    // The client's key still works as the client's own: a retry is not applied twice.
    expect((await spend(user, 1, periodKey)).body).toMatchObject({ applied: false, tokensRemaining: ALLOWANCE.premium - 1 });
  });

  test('a client key equal to the ledger’s allowance key for this month does not block the grant either', async () => {
    const { user, membership, subscription } = await pendingSubscriber('prekey2');
    const allowanceKey = allowanceGrantKey(membership.tokensReset, ALLOWANCE.premium);
    expect((await spend(user, 1, allowanceKey)).body).toMatchObject({ applied: true, tokensRemaining: ALLOWANCE.free - 1 });
    expect((await h.fake.deliver(h.fake.buildEvent('customer.subscription.created', subscription))).status).toBe(200);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium - 1 });
    expect((await spend(user, 1, allowanceKey)).body).toMatchObject({ applied: false, tokensRemaining: ALLOWANCE.premium - 1 });
  });
});

describe('teams follow the owner’s paid plan', () => {
  test('an owner who downgrades through change-package caps their team at once', async () => {
    const owner = await verifiedUser(h, 'capowner');
    await h.subscribe(owner, 'enterprise');
    const member = await verifiedUser(h, 'capmember');
    const invited = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email, role: 'premium' } });
    expect(invited.status).toBe(201);
    expect((await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invited.body.invitation.id), { user: member })).status).toBe(200);
    expect(await h.membership(member.uid)).toMatchObject({ role: 'premium' });
    expect((await h.call('POST', BILLING_API.changePackage, { user: owner, body: { packageId: 'basic' } })).status).toBe(200);
    // No team read in between: the plan change itself capped the member.
    expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(member.uid).get()).get('role')).toBe('basic');
  });
});
