// The Stripe webhook against the Firestore and Auth emulators, with events
// signed (or mis-signed) by the fake Stripe: signatures, redeliveries, order,
// periods and failed payments, with the balance and role checked after each.
import { BILLING_API, BILLING_COLLECTIONS, MEMBERSHIP_COLLECTIONS, debit, readMembership } from '@agentflow/shared/server';
import { startBillingHarness } from '../../testing/harness';
import { applyInTransaction } from '../billing/subscriptionSync';
import { startFakeStripe } from '../testing/fakeStripe/index';
import { ALLOWANCE } from '../testing/allowances';
import { startStripeHarness, TEST_WEBHOOK_SECRET, type StripeHarness } from '../testing/stripeHarness';

let h: StripeHarness;

beforeAll(async () => {
  h = await startStripeHarness('webhook');
});
afterAll(async () => {
  await h.closeAll();
});

const FREE = ALLOWANCE.free;
const PREMIUM = ALLOWANCE.premium;
const BASIC = ALLOWANCE.basic;
const DAY_MS = 86_400_000;

/** A customer for the user, stored on their membership as checkout would. */
async function customerFor(uid: string): Promise<string> {
  const customer = h.fake.createCustomer({ metadata: { userId: uid } });
  await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).set({ stripeCustomerId: customer.id }, { merge: true });
  return customer.id as string;
}

async function creditEntries(uid: string): Promise<Array<Record<string, unknown>>> {
  const snapshot = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => doc.data()).filter((entry) => entry.feature === 'plan_allowance');
}

async function eventRecord(id: string) {
  return (await h.db.collection(BILLING_COLLECTIONS.stripeEvents).doc(id).get()).data();
}

describe('signature', () => {
  test('a bad signature is refused with 400 and changes nothing', async () => {
    const user = await h.createUser('badsig');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const subscription = h.fake.createSubscription(customerId, h.price('premium'), { metadata: { userId: user.uid } });
    const event = h.fake.buildEvent('customer.subscription.created', subscription);
    const delivery = await h.fake.deliver(event, { secret: 'whsec_someone_else' });
    expect(delivery.status).toBe(400);
    expect(JSON.parse(delivery.body).error).toMatch(/signature/i);
    const membership = await h.membership(user.uid);
    expect(membership).toMatchObject({ role: 'free', tokensRemaining: FREE });
    expect(await eventRecord(event.id)).toBeUndefined();
    expect(await h.subscriptionDoc(subscription.id)).toBeUndefined();
  });

  test('a stale timestamp (older than the tolerance) is refused with 400 and changes nothing', async () => {
    const user = await h.createUser('stale');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const subscription = h.fake.createSubscription(customerId, h.price('premium'), { metadata: { userId: user.uid } });
    const event = h.fake.buildEvent('customer.subscription.created', subscription);
    const delivery = await h.fake.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(delivery.status).toBe(400);
    expect(JSON.parse(delivery.body).error).toMatch(/timestamp/i);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'free', tokensRemaining: FREE });
    expect(await eventRecord(event.id)).toBeUndefined();
  });

  test('a missing signature header, and a body that is not JSON, are 400', async () => {
    const missing = await h.call('POST', BILLING_API.stripeWebhook, { rawBody: '{"id":"evt_x"}' });
    expect(missing).toEqual({ status: 400, body: { error: 'Missing Stripe-Signature header', code: 'invalid_request' } });
    const tampered = h.fake.buildEvent('customer.subscription.created', { id: 'sub_x', object: 'subscription' });
    const signature = h.fake.signatureFor(JSON.stringify(tampered));
    const changed = await h.call('POST', BILLING_API.stripeWebhook, { rawBody: JSON.stringify({ ...tampered, type: 'customer.subscription.deleted' }), headers: { 'Stripe-Signature': signature } });
    expect(changed.status).toBe(400);
  });
});

describe('checkout and deliveries', () => {
  test('hosted checkout: the customer, the subscription, the premium role and the premium allowance (in all this month) land in Firestore', async () => {
    const user = await h.createUser('buyer');
    const { customerId, subscription } = await h.subscribe(user, 'premium');
    const membership = await h.membership(user.uid);
    expect(membership).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM, stripeCustomerId: customerId, subscriptionId: subscription.id });
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ userId: user.uid, packageId: 'premium', status: 'active', interval: 'month', cancelAtPeriodEnd: false, stripeCustomerId: customerId, priceId: h.price('premium') });
    // Three events were delivered (session completed, subscription created, invoice paid): one top-up to the premium allowance (the month had granted the free one).
    expect((await creditEntries(user.uid)).map((entry) => entry.tokensUsed)).toEqual([-(PREMIUM - FREE)]);
  });

  test('the same event delivered 5 times: each acknowledged, applied once', async () => {
    const user = await h.createUser('five');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const subscription = h.fake.createSubscription(customerId, h.price('premium'), { metadata: { userId: user.uid } });
    const event = h.fake.buildEvent('customer.subscription.created', subscription);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const delivery = await h.fake.deliver(event);
      expect(delivery.status).toBe(200);
      outcomes.push(JSON.parse(delivery.body).outcome);
      expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    }
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await creditEntries(user.uid)).toHaveLength(1);
    expect(await eventRecord(event.id)).toMatchObject({ type: 'customer.subscription.created', outcome: 'applied', userId: user.uid });
  });

  test('5 concurrent deliveries of one event, and two events of the same period at once, credit once', async () => {
    const user = await h.createUser('concurrent');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const subscription = h.fake.createSubscription(customerId, h.price('premium'), { metadata: { userId: user.uid } });
    const event = h.fake.buildEvent('customer.subscription.created', subscription);
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => h.fake.deliver(event)));
    expect(deliveries.map((each) => each.status)).toEqual([200, 200, 200, 200, 200]);
    expect(deliveries.filter((each) => JSON.parse(each.body).outcome === 'applied')).toHaveLength(1);
    const invoice = h.fake.invoices.get(subscription.latest_invoice)!;
    const others = await Promise.all([h.fake.deliver(h.fake.buildEvent('invoice.paid', invoice)), h.fake.deliver(h.fake.buildEvent('customer.subscription.updated', subscription))]);
    expect(others.map((each) => each.status)).toEqual([200, 200]);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    expect(await creditEntries(user.uid)).toHaveLength(1);
  });

  test('as if from several service instances: concurrent transactions for one event apply it once', async () => {
    const user = await h.createUser('instances');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const subscription = h.fake.createSubscription(customerId, h.price('premium'), { metadata: { userId: user.uid } });
    const event = h.fake.buildEvent('customer.subscription.created', subscription);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => applyInTransaction(h.db, { subscription: event.data.object, version: event.created, event: { id: event.id, type: event.type }, now: new Date() })),
    );
    expect(results.map((each) => each.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    expect(results.filter((each) => each.granted > 0)).toHaveLength(1);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    expect(await creditEntries(user.uid)).toHaveLength(1);
  });

  test('updated delivered before created: the newer state stays, the period is credited once', async () => {
    const user = await h.createUser('order');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const subscription = h.fake.createSubscription(customerId, h.price('premium'), { metadata: { userId: user.uid } });
    const t = Math.floor(Date.now() / 1000);
    const created = h.fake.buildEvent('customer.subscription.created', subscription, { created: t });
    const updated = h.fake.buildEvent('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, { created: t + 5 });
    const first = await h.fake.deliver(updated);
    expect(first.status).toBe(200);
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true, stripeVersion: t + 5 });
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    const second = await h.fake.deliver(created);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body).outcome).toBe('stale');
    // The older event did not bring back cancelAtPeriodEnd false.
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true, stripeVersion: t + 5 });
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    expect(await creditEntries(user.uid)).toHaveLength(1);
  });

  test('a renewal inside the allowance month grants nothing; the next month starts at the plan allowance; redeliveries change nothing', async () => {
    const user = await h.createUser('periods');
    const { subscription } = await h.subscribe(user, 'premium');
    expect(await h.membership(user.uid)).toMatchObject({ tokensRemaining: PREMIUM });
    const firstStart = subscription.current_period_start as number;
    const renewal = await h.fake.advancePeriod(subscription.id);
    expect(renewal.deliveries.map((each) => each.status)).toEqual([200, 200]);
    expect(renewal.subscription.current_period_start).toBeGreaterThan(firstStart);
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ status: 'active', stripePeriodStart: renewal.subscription.current_period_start });
    // The fake's new period starts now, inside the ledger's allowance month: nothing more.
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    for (const delivery of renewal.deliveries) expect((await h.fake.deliver(delivery.event)).status).toBe(200);
    expect(await h.membership(user.uid)).toMatchObject({ tokensRemaining: PREMIUM });
    expect(await creditEntries(user.uid)).toHaveLength(1);
    // The next allowance month: the balance starts at the premium allowance again.
    await debit(h.db, { uid: user.uid, feature: 'workflow_run', amount: 400, idempotencyKey: 'periods-spend' });
    const reset = new Date((await h.membership(user.uid)).tokensReset);
    expect(await readMembership(h.db, user.uid, new Date(reset.getTime() + DAY_MS))).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
  });

  test('a failed payment: past_due, no credit', async () => {
    const user = await h.createUser('failed');
    const { subscription } = await h.subscribe(user, 'premium');
    const failure = await h.fake.failPayment(subscription.id);
    expect(failure.deliveries.map((each) => [each.event.type, each.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ status: 'past_due' });
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
    expect(await creditEntries(user.uid)).toHaveLength(1);
  });

  test('customer.subscription.deleted: canceled, back to the free role, balance kept', async () => {
    const user = await h.createUser('deleted');
    const { subscription } = await h.subscribe(user, 'basic');
    expect(await h.membership(user.uid)).toMatchObject({ role: 'basic', tokensRemaining: BASIC });
    await h.stripe.subscriptions.cancel(subscription.id);
    const event = h.fake.buildEvent('customer.subscription.deleted', h.fake.subscriptions.get(subscription.id)!, { created: Math.floor(Date.now() / 1000) + 1 });
    expect((await h.fake.deliver(event)).status).toBe(200);
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await h.membership(user.uid)).toMatchObject({ role: 'free', tokensRemaining: BASIC });
  });

  test('a price no plan knows: acknowledged (200), recorded with the price, logged for the operator, the membership untouched', async () => {
    const user = await h.createUser('stray');
    await h.membership(user.uid);
    const customerId = await customerFor(user.uid);
    const stray = h.fake.createPrice({ unitAmount: 500, interval: 'month' });
    const subscription = h.fake.createSubscription(customerId, stray.id, { metadata: { userId: user.uid } });
    const event = h.fake.buildEvent('customer.subscription.created', subscription);
    const delivery = await h.fake.deliver(event);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true, outcome: 'unknown_price' });
    expect(await eventRecord(event.id)).toMatchObject({ type: 'customer.subscription.created', outcome: 'unknown_price', priceId: stray.id, userId: user.uid });
    expect(await h.membership(user.uid)).toMatchObject({ role: 'free', tokensRemaining: FREE });
    expect(await h.subscriptionDoc(subscription.id)).toBeUndefined();
    // Stripe would redeliver only on a failure; a redelivery anyway is a duplicate.
    expect(JSON.parse((await h.fake.deliver(event)).body).outcome).toBe('duplicate');
  });

  test('a handler failure (Stripe unreachable while handling) answers 500 so Stripe retries, and records nothing', async () => {
    const user = await h.createUser('broken');
    const { subscription } = await h.subscribe(user, 'premium');
    const invoice = h.fake.invoices.get(subscription.latest_invoice)!;
    const event = h.fake.buildEvent('invoice.paid', invoice);
    // The SDK retries once: both attempts fail.
    for (let i = 0; i < 2; i += 1) h.fake.failNext({ method: 'GET', path: `/v1/subscriptions/${subscription.id}` }, { status: 500, message: 'Stripe is down' });
    const delivery = await h.fake.deliver(event);
    expect(delivery.status).toBe(500);
    expect(JSON.parse(delivery.body)).toEqual({ error: 'Webhook handler failed', code: 'internal' });
    expect(await eventRecord(event.id)).toBeUndefined();
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM });
  });

  test('an event type billing-api does not act on is acknowledged and recorded once', async () => {
    const event = h.fake.buildEvent('customer.created', h.fake.createCustomer());
    const first = await h.fake.deliver(event);
    expect([first.status, JSON.parse(first.body).outcome]).toEqual([200, 'ignored']);
    const again = await h.fake.deliver(event);
    expect([again.status, JSON.parse(again.body).outcome]).toEqual([200, 'duplicate']);
  });
});

describe("a renewing subscriber and the ledger's 30-day refill", () => {
  afterEach(() => {
    h.clock.now = null;
  });
  const orders: Array<[string, string]> = [
    ['customer.subscription.updated', 'invoice.paid'],
    ['invoice.paid', 'customer.subscription.updated'],
  ];
  test.each(orders)('one allowance per allowance month: the refill and a renewal never both grant (%s, then %s)', async (firstType, secondType) => {
    const user = await h.createUser('renewing');
    const { subscription } = await h.subscribe(user, 'premium');
    const read = () => readMembership(h.db, user.uid, h.clock.now ?? new Date());
    const spend = (amount: number, key: string) => debit(h.db, { uid: user.uid, feature: 'workflow_run', amount, idempotencyKey: key, now: h.clock.now ?? undefined });
    await spend(PREMIUM - 10, 'renew-1');
    expect(await read()).toMatchObject({ role: 'premium', tokensRemaining: 10 });
    // A day after the period's end: the ledger's new allowance month has started (the same rule: the plan's allowance).
    const end = subscription.current_period_end as number;
    h.clock.now = new Date((end + 86_400) * 1000);
    expect(await read()).toMatchObject({ tokensRemaining: PREMIUM });
    await spend(5, 'renew-2');
    const renewal = await h.fake.advancePeriod(subscription.id, { deliver: false });
    const created = Math.floor(Date.now() / 1000) + 5;
    const events = [firstType, secondType].map((type) => h.fake.buildEvent(type, type === 'invoice.paid' ? renewal.invoice : renewal.subscription, { created }));
    for (const event of events) {
      expect((await h.fake.deliver(event)).status).toBe(200);
      // Stripe's renewal is the month the ledger already granted: nothing more.
      expect(await read()).toMatchObject({ role: 'premium', tokensRemaining: PREMIUM - 5 });
    }
    expect(await creditEntries(user.uid)).toHaveLength(1);
  });
});

test('without Stripe keys the webhook answers 503 with the not-configured message', async () => {
  const plain = await startBillingHarness('webhook-unconfigured');
  const fake = await startFakeStripe({ webhookSecret: TEST_WEBHOOK_SECRET, webhookUrl: `${plain.baseUrl}${BILLING_API.stripeWebhook}` });
  try {
    const delivery = await fake.deliver(fake.buildEvent('customer.created', fake.createCustomer()));
    expect(delivery.status).toBe(503);
    expect(JSON.parse(delivery.body)).toEqual({ error: 'Stripe is not configured. Please add your Stripe secret key to the environment variables.', code: 'billing_not_configured' });
  } finally {
    await fake.close();
    await plain.close();
  }
});
