// The billing endpoints against the emulators and the fake Stripe: each
// happy path, the exact messages, and ownership (another user's customer,
// subscription or payment method: 403, and no changing call reaches Stripe).
import { BILLING_API, BILLING_MESSAGES, MEMBERSHIP_COLLECTIONS, debit } from '@agentflow/shared/server';
import type { TestUser } from '../../testing/harness';
import { ALLOWANCE } from '../testing/allowances';
import { APP_ORIGIN, startStripeHarness, type StripeHarness } from '../testing/stripeHarness';

let h: StripeHarness;

beforeAll(async () => {
  h = await startStripeHarness('endpoints');
});
afterAll(async () => {
  await h.closeAll();
});

const checkoutBody = (user: TestUser, overrides: Record<string, unknown> = {}) => ({
  userId: user.uid,
  priceId: h.price('premium'),
  packageId: 'premium',
  successUrl: `${APP_ORIGIN}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${APP_ORIGIN}/billing/cancel`,
  ...overrides,
});

/** The changing calls (POST/DELETE) the fake received while `work` ran. */
async function mutationsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = h.fake.log.length;
  await work();
  return h.fake.log
    .slice(before)
    .filter((entry) => entry.method !== 'GET')
    .map((entry) => `${entry.method} ${entry.path}`);
}

describe('create-checkout-session', () => {
  test('creates the customer on first purchase, stores it, and opens a subscription session with the uid in its metadata', async () => {
    const user = await h.createUser('checkout');
    const response = await h.call('POST', BILLING_API.createCheckoutSession, { user, body: checkoutBody(user) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.stringMatching(/^cs_test_/), url: `${h.fake.url}/checkout/${response.body.id}` });
    const membership = await h.membership(user.uid);
    expect(membership.stripeCustomerId).toMatch(/^cus_/);
    const session = h.fake.checkoutSessions.get(response.body.id)!;
    expect(session).toMatchObject({ mode: 'subscription', customer: membership.stripeCustomerId, client_reference_id: user.uid, metadata: { userId: user.uid, packageId: 'premium' } });
    expect(session.__subscriptionMetadata).toEqual({ userId: user.uid, packageId: 'premium' });
    expect(h.fake.customers.get(membership.stripeCustomerId!)).toMatchObject({ email: user.email, metadata: { userId: user.uid } });

    // A second purchase reuses the customer (and may name it).
    const again = await h.call('POST', BILLING_API.createCheckoutSession, { user, body: checkoutBody(user, { priceId: h.price('premium', 'year'), stripeCustomerId: membership.stripeCustomerId }) });
    expect(again.status).toBe(200);
    expect(h.fake.checkoutSessions.get(again.body.id)!.customer).toBe(membership.stripeCustomerId);
  });

  test('validation: fields named, priceId of the package, URLs on the app origins, userId the caller', async () => {
    const user = await h.createUser('checkout-bad');
    const other = await h.createUser('checkout-other');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ priceId: undefined }, 400, 'priceId must be a string'],
      [{ priceId: '' }, 400, 'priceId is undefined or empty.'],
      [{ priceId: 'nope' }, 400, 'priceId must be a Stripe id (price_…)'],
      [{ priceId: h.price('basic') }, 400, 'priceId is not a price of package premium'],
      [{ packageId: 'platinum' }, 400, "packageId: no active package 'platinum'"],
      [{ successUrl: 'https://evil.example.com/ok' }, 400, "successUrl must be on one of the app's origins"],
      [{ cancelUrl: 'javascript:alert(1)' }, 400, 'cancelUrl must be an absolute http(s) URL'],
      [{ extra: 1 }, 400, 'Unknown field: extra'],
      [{ userId: other.uid }, 403, 'Forbidden: userId must be the signed-in user'],
    ];
    for (const [overrides, status, error] of cases) {
      const body = checkoutBody(user, overrides);
      for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete (body as Record<string, unknown>)[key];
      const response = await h.call('POST', BILLING_API.createCheckoutSession, { user, body });
      expect([response.status, response.body]).toEqual([status, { error, code: status === 403 ? 'forbidden' : 'invalid_request' }]);
    }
    expect((await h.call('POST', BILLING_API.createCheckoutSession, { body: checkoutBody(user) })).status).toBe(401);
  });

  test("another user's customer id: 403 and no Stripe call that changes anything", async () => {
    const owner = await h.createUser('owner');
    const { customerId } = await h.subscribe(owner, 'basic');
    const intruder = await h.createUser('intruder');
    const calls = await mutationsDuring(async () => {
      const response = await h.call('POST', BILLING_API.createCheckoutSession, { user: intruder, body: checkoutBody(intruder, { stripeCustomerId: customerId }) });
      expect(response).toEqual({ status: 403, body: { error: 'Forbidden: this Stripe customer is not yours', code: 'forbidden' } });
    });
    expect(calls).toEqual([]);
  });
});

describe('with a subscribed user', () => {
  let user: TestUser;
  let customerId: string;
  let subscriptionId: string;
  let intruder: TestUser;
  let intruderCustomer: string;

  beforeAll(async () => {
    user = await h.createUser('subscriber');
    const subscribed = await h.subscribe(user, 'premium');
    customerId = subscribed.customerId;
    subscriptionId = subscribed.subscription.id;
    intruder = await h.createUser('intruder2');
    intruderCustomer = (await h.subscribe(intruder, 'basic')).customerId;
  });

  test('portal session: a URL for the own customer; the return URL must be on the app', async () => {
    const response = await h.call('POST', BILLING_API.createPortalSession, { user, body: { customerId, returnUrl: `${APP_ORIGIN}/billing` } });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(new RegExp(`^${h.fake.url}/portal/bps_`));
    const page = await fetch(response.body.url);
    expect(await page.text()).toContain(`href="${APP_ORIGIN}/billing"`);
    const offsite = await h.call('POST', BILLING_API.createPortalSession, { user, body: { customerId, returnUrl: 'http://localhost:9999/billing' } });
    expect(offsite).toEqual({ status: 400, body: { error: "returnUrl must be on one of the app's origins", code: 'invalid_request' } });
  });

  test('payment methods: listed with the default marked; set default; delete', async () => {
    const second = h.fake.addPaymentMethod(customerId, { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 });
    const listed = await h.call('POST', BILLING_API.paymentMethods, { user, body: { customerId } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true }),
        { id: second.id, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031, isDefault: false },
      ]),
    );
    const setDefault = await h.call('POST', BILLING_API.setDefaultPaymentMethod, { user, body: { customerId, paymentMethodId: second.id } });
    expect(setDefault).toEqual({ status: 200, body: { success: true } });
    expect(h.fake.customers.get(customerId)!.invoice_settings.default_payment_method).toBe(second.id);
    const first = listed.body.data.find((pm: { id: string }) => pm.id !== second.id);
    const deleted = await h.call('POST', BILLING_API.deletePaymentMethod, { user, body: { paymentMethodId: first.id } });
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    const after = await h.call('POST', BILLING_API.paymentMethods, { user, body: { customerId } });
    expect(after.body.data).toEqual([expect.objectContaining({ id: second.id, isDefault: true })]);
  });

  test('GET /api/billing/status: payments are set up here', async () => {
    expect(await h.call('GET', BILLING_API.status)).toEqual({ status: 200, body: { configured: true } });
  });

  test('invoices: number, date, amount, status and links', async () => {
    const response = await h.call('POST', BILLING_API.invoices, { user, body: { customerId } });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    const [invoice] = response.body.data;
    expect(invoice).toEqual({
      id: expect.stringMatching(/^in_/),
      number: expect.stringMatching(/^AF-\d{4}$/),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      amount: 2900,
      currency: 'usd',
      status: 'paid',
      hostedInvoiceUrl: `${h.fake.url}/invoices/${invoice.id}`,
      invoicePdf: `${h.fake.url}/invoices/${invoice.id}/pdf`,
    });
    const hosted = await fetch(invoice.hostedInvoiceUrl);
    expect(await hosted.text()).toContain(`Invoice ${invoice.number}`);
    const pdf = await fetch(invoice.invoicePdf);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  test('upcoming invoice: the next charge; null when Stripe fails', async () => {
    const response = await h.call('POST', BILLING_API.upcomingInvoice, { user, body: {} });
    expect(response.status).toBe(200);
    const sub = h.fake.subscriptions.get(subscriptionId)!;
    expect(response.body).toEqual({
      amountDue: 2900,
      currency: 'usd',
      nextPaymentAttempt: new Date(sub.current_period_end * 1000).toISOString(),
      periodStart: new Date(sub.current_period_end * 1000).toISOString(),
      periodEnd: expect.any(String),
    });
    // A 4xx: the SDK does not retry it (a 5xx it would, and the retry would succeed).
    h.fake.failNext({ path: '/v1/invoices/upcoming' }, { status: 400, message: 'boom', type: 'invalid_request_error' });
    expect(await h.call('POST', BILLING_API.upcomingInvoice, { user })).toEqual({ status: 200, body: null });
    const noCustomer = await h.createUser('nocustomer');
    expect(await h.call('POST', BILLING_API.upcomingInvoice, { user: noCustomer })).toEqual({ status: 200, body: null });
    expect(await h.call('POST', BILLING_API.upcomingInvoice, { user: noCustomer, body: { customerId: '' } })).toEqual({ status: 200, body: null });
  });

  test("ownership: another user's customer, subscription or payment method is 403 and Stripe gets no changing call", async () => {
    const theirCard = h.fake.addPaymentMethod(intruderCustomer, { last4: '1111' });
    const intruderSub = [...h.fake.subscriptions.values()].find((sub) => sub.customer === intruderCustomer)!;
    const calls = await mutationsDuring(async () => {
      const attempts: Array<[string, Record<string, unknown>, string]> = [
        [BILLING_API.createPortalSession, { customerId, returnUrl: `${APP_ORIGIN}/billing` }, 'Forbidden: this Stripe customer is not yours'],
        [BILLING_API.paymentMethods, { customerId }, 'Forbidden: this Stripe customer is not yours'],
        [BILLING_API.invoices, { customerId }, 'Forbidden: this Stripe customer is not yours'],
        [BILLING_API.upcomingInvoice, { customerId }, 'Forbidden: this Stripe customer is not yours'],
        [BILLING_API.setDefaultPaymentMethod, { customerId, paymentMethodId: theirCard.id }, 'Forbidden: this Stripe customer is not yours'],
        // Their own customer, but the victim's card.
        [BILLING_API.setDefaultPaymentMethod, { customerId: intruderCustomer, paymentMethodId: h.fake.customers.get(customerId)!.invoice_settings.default_payment_method }, 'Forbidden: this payment method is not yours'],
        [BILLING_API.deletePaymentMethod, { paymentMethodId: h.fake.customers.get(customerId)!.invoice_settings.default_payment_method }, 'Forbidden: this payment method is not yours'],
        [BILLING_API.deletePaymentMethod, { paymentMethodId: 'pm_doesnotexist' }, 'Forbidden: this payment method is not yours'],
        [BILLING_API.changeBillingCycle, { subscriptionId, newPriceId: h.price('premium', 'year'), customerId: intruderCustomer }, 'Forbidden: this subscription is not yours'],
        [BILLING_API.changeBillingCycle, { subscriptionId, newPriceId: h.price('premium', 'year'), customerId }, 'Forbidden: this Stripe customer is not yours'],
        [BILLING_API.cancelSubscription, { subscriptionId }, 'Forbidden: this subscription is not yours'],
      ];
      for (const [path, body, error] of attempts) {
        const response = await h.call('POST', path, { user: intruder, body });
        expect([path, response.status, response.body]).toEqual([path, 403, { error, code: 'forbidden' }]);
      }
    });
    expect(calls).toEqual([]);
    // Nothing changed on the victim's side.
    expect(h.fake.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    expect(intruderSub.cancel_at_period_end).toBe(false);
    expect(await h.subscriptionDoc(subscriptionId)).toMatchObject({ userId: user.uid, status: 'active', interval: 'month' });
  });

  test('change-billing-cycle: to yearly and back; the messages', async () => {
    const yearly = await h.call('POST', BILLING_API.changeBillingCycle, { user, body: { subscriptionId, newPriceId: h.price('premium', 'year'), customerId } });
    expect(yearly.status).toBe(200);
    expect(yearly.body.subscription).toMatchObject({ id: subscriptionId, interval: 'year', priceId: h.price('premium', 'year'), packageId: 'premium', status: 'active' });
    expect(h.fake.subscriptions.get(subscriptionId)!.items.data[0].price.id).toBe(h.price('premium', 'year'));
    expect(await h.subscriptionDoc(subscriptionId)).toMatchObject({ interval: 'year' });
    const unknownPrice = h.fake.createPrice({ unitAmount: 1, interval: 'month' });
    expect(await h.call('POST', BILLING_API.changeBillingCycle, { user, body: { subscriptionId, newPriceId: unknownPrice.id, customerId } })).toEqual({
      status: 400,
      body: { error: 'Package not found for the given price ID', code: 'invalid_request' },
    });
    const monthly = await h.call('POST', BILLING_API.changeBillingCycle, { user, body: { subscriptionId, newPriceId: h.price('premium'), customerId } });
    expect(monthly.body.subscription).toMatchObject({ interval: 'month' });
  });

  test('cancel-subscription: cancel at period end in Stripe; stored as canceled with cancelAtPeriodEnd', async () => {
    const response = await h.call('POST', BILLING_API.cancelSubscription, { user, body: {} });
    expect(response.status).toBe(200);
    expect(response.body.subscription).toMatchObject({ id: subscriptionId, status: 'canceled', cancelAtPeriodEnd: true });
    expect(h.fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await h.subscriptionDoc(subscriptionId)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    // The plan lasts until the period ends.
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium' });
    expect(await h.call('POST', BILLING_API.cancelSubscription, { user, body: {} })).toEqual({ status: 404, body: { error: 'Subscription not found', code: 'not_found' } });
  });
});

describe('change-package', () => {
  test('updates the existing subscription item and sets the role; an upgrade tops the month up to the new allowance', async () => {
    const user = await h.createUser('upgrade');
    const { subscription } = await h.subscribe(user, 'basic');
    expect(await h.membership(user.uid)).toMatchObject({ role: 'basic', tokensRemaining: ALLOWANCE.basic });
    const response = await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'enterprise' } });
    expect(response.status).toBe(200);
    expect(response.body.subscription).toMatchObject({ id: subscription.id, packageId: 'enterprise', status: 'active', interval: 'month', priceId: h.price('enterprise') });
    expect(h.fake.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe(h.price('enterprise'));
    expect(await h.membership(user.uid)).toMatchObject({ role: 'enterprise', tokensRemaining: ALLOWANCE.enterprise });
    // A later delivery of the same change's events grants nothing more.
    const event = h.fake.buildEvent('customer.subscription.updated', h.fake.subscriptions.get(subscription.id)!, { created: Math.floor(Date.now() / 1000) + 1 });
    expect((await h.fake.deliver(event)).status).toBe(200);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'enterprise', tokensRemaining: ALLOWANCE.enterprise });
  });

  test('without a live subscription a paid plan goes through Checkout: 409 checkout_required, and Stripe creates nothing', async () => {
    // A free user with a customer and a card (an earlier subscription ended): still no bare subscriptions.create.
    const user = await h.createUser('newsub');
    const customer = h.fake.createCustomer({ metadata: { userId: user.uid } });
    h.fake.addPaymentMethod(customer.id, { makeDefault: true });
    await h.membership(user.uid);
    await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(user.uid).update({ stripeCustomerId: customer.id });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const calls = await mutationsDuring(async () => {
        const response = await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'enterprise' } });
        expect(response).toEqual({ status: 409, body: { error: BILLING_MESSAGES.checkoutRequired, code: 'checkout_required' } });
      });
      expect(calls).toEqual([]);
      expect(await h.membership(user.uid)).toMatchObject({ role: 'free', tokensRemaining: ALLOWANCE.free });
    }
    expect([...h.fake.subscriptions.values()].filter((sub) => sub.customer === customer.id)).toHaveLength(0);
    const entries = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', user.uid).get();
    expect(entries.docs.map((doc) => doc.data().feature)).toEqual([]);
    // Checkout is the way in: it collects the payment, then the plan and its allowance arrive.
    const session = await h.call('POST', BILLING_API.createCheckoutSession, {
      user,
      body: { userId: user.uid, priceId: h.price('enterprise'), packageId: 'enterprise', successUrl: `${APP_ORIGIN}/billing/success`, cancelUrl: `${APP_ORIGIN}/billing/cancel`, stripeCustomerId: customer.id },
    });
    expect(session.status).toBe(200);
    await h.fake.completeCheckout(session.body.id as string);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'enterprise', tokensRemaining: ALLOWANCE.enterprise });
  });

  test('the same package again grants nothing; switching back and forth within the month grants only up to the highest plan', async () => {
    const user = await h.createUser('samepkg');
    const { subscription } = await h.subscribe(user, 'premium');
    const spend = (amount: number, key: string) => debit(h.db, { uid: user.uid, feature: 'workflow_run', amount, idempotencyKey: key });
    await spend(500, 'same-1');
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium - 500 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } });
      expect(again.body.subscription).toMatchObject({ id: subscription.id, packageId: 'premium', status: 'active' });
      expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium - 500 });
    }
    // An upgrade grants the difference to what the month already granted (enterprise − premium).
    expect((await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'enterprise' } })).status).toBe(200);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'enterprise', tokensRemaining: ALLOWANCE.enterprise - 500 });
    expect(h.fake.mutatingRequests().at(-1)?.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    // Down to 500, below the premium allowance: a downgrade that granted anything would show.
    await spend(ALLOWANCE.enterprise - 1000, 'same-2');
    // A downgrade grants nothing and keeps the balance (and refunds nothing: the month was paid); going back up grants nothing either.
    expect((await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } })).status).toBe(200);
    expect(h.fake.mutatingRequests().at(-1)?.params).toMatchObject({ proration_behavior: 'none', metadata: { packageId: 'premium' } });
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: 500 });
    expect((await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'enterprise' } })).status).toBe(200);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'enterprise', tokensRemaining: 500 });
  });

  test('after cancel at period end: the same subscription is resumed and changed, never a second one', async () => {
    const user = await h.createUser('resume');
    const { subscription } = await h.subscribe(user, 'basic');
    expect((await h.call('POST', BILLING_API.cancelSubscription, { user, body: {} })).status).toBe(200);
    expect(await h.subscriptionDoc(subscription.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    const calls = await mutationsDuring(async () => {
      const response = await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } });
      expect(response.status).toBe(200);
      expect(response.body.subscription).toMatchObject({ id: subscription.id, packageId: 'premium', status: 'active', cancelAtPeriodEnd: false });
    });
    // Resume, then the upgrade, which is charged at once and applies only once paid.
    expect(calls).toEqual([`POST /v1/subscriptions/${subscription.id}`, `POST /v1/subscriptions/${subscription.id}`]);
    const [resume, upgrade] = h.fake.mutatingRequests().slice(-2);
    expect(resume?.params).toEqual({ cancel_at_period_end: 'false' });
    expect(upgrade?.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    expect(upgrade?.params).not.toHaveProperty('metadata');
    expect(h.fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(h.fake.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe(h.price('premium'));
    expect([...h.fake.subscriptions.values()].filter((sub) => sub.customer === h.fake.subscriptions.get(subscription.id)!.customer)).toHaveLength(1);
    expect(await h.membership(user.uid)).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium, subscriptionId: subscription.id });
  });

  test('the messages: no customer (Checkout), unknown package, no monthly price', async () => {
    const user = await h.createUser('nochange');
    expect(await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } })).toEqual({ status: 409, body: { error: BILLING_MESSAGES.checkoutRequired, code: 'checkout_required' } });
    const { customerId } = await h.subscribe(user, 'basic');
    expect(customerId).toMatch(/^cus_/);
    expect(await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'platinum' } })).toEqual({ status: 400, body: { error: 'Cannot change subscription: Missing new package or Stripe customer ID.', code: 'invalid_request' } });
    expect(await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'free' } })).toEqual({ status: 400, body: { error: 'Monthly Stripe Price ID not found for package free', code: 'invalid_request' } });
    expect(await h.call('POST', BILLING_API.changePackage, { user, body: {} })).toEqual({ status: 400, body: { error: 'packageId must be a string', code: 'invalid_request' } });
  });

  test('a stored subscription Stripe no longer has: nothing live, so Checkout', async () => {
    const user = await h.createUser('ghost');
    const { subscription } = await h.subscribe(user, 'basic');
    h.fake.subscriptions.delete(subscription.id);
    // Nothing live to change: Checkout it is.
    expect(await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium' } })).toEqual({ status: 409, body: { error: BILLING_MESSAGES.checkoutRequired, code: 'checkout_required' } });
  });
});

describe('change-billing-cycle messages', () => {
  test('no stored Stripe subscription id; a package without the interval price', async () => {
    const user = await h.createUser('cycle');
    const { customerId, subscription } = await h.subscribe(user, 'basic');
    // A plan that has only a legacy default price: no yearly price for the year interval.
    const legacy = h.fake.createPrice({ unitAmount: 100, interval: 'year' });
    await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('legacy').set({ name: 'Legacy', role: 'basic', requiredRole: 'free', tokensPerMonth: 5, active: true, stripePriceId: null, stripePriceIdMonthly: null, stripePriceIdYearly: legacy.id });
    await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('legacy').update({ stripePriceIdYearly: null, stripePriceId: legacy.id });
    const noInterval = await h.call('POST', BILLING_API.changeBillingCycle, { user, body: { subscriptionId: subscription.id, newPriceId: legacy.id, customerId } });
    expect(noInterval).toEqual({ status: 400, body: { error: 'Stripe Price ID for year interval not found for package legacy', code: 'invalid_request' } });
    await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('legacy').delete();
    await h.db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).doc(subscription.id).update({ stripeSubscriptionId: null });
    const missing = await h.call('POST', BILLING_API.changeBillingCycle, { user, body: { subscriptionId: subscription.id, newPriceId: h.price('basic', 'year'), customerId } });
    expect(missing).toEqual({ status: 400, body: { error: 'Cannot update billing cycle: Missing package or Stripe subscription ID.', code: 'invalid_request' } });
  });
});
