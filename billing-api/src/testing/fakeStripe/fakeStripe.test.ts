// The fake speaks Stripe's wire format as the real SDK expects it.
import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from './index';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: 'whsec_test' });
  stripe = new Stripe('sk_test_wire', { apiVersion: '2023-10-16', host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

test('bracket params, list envelopes and expand', async () => {
  const product = await stripe.products.create({ id: 'prod_wire', name: 'Wire' });
  const price = await stripe.prices.create({ product: product.id, unit_amount: 500, currency: 'usd', recurring: { interval: 'month' }, lookup_key: 'wire_monthly' });
  const listed = await stripe.prices.list({ lookup_keys: ['wire_monthly', 'other'], expand: ['data.product'] });
  expect(listed.object).toBe('list');
  expect(listed.has_more).toBe(false);
  expect(listed.data).toHaveLength(1);
  expect(listed.data[0]).toMatchObject({ id: price.id, product: { id: 'prod_wire', name: 'Wire' } });
  expect(fake.log.at(-1)).toMatchObject({ method: 'GET', path: '/v1/prices', params: { lookup_keys: ['wire_monthly', 'other'], expand: ['data.product'] } });
});

test('errors: unknown parameters, missing objects and bad keys, as Stripe answers them', async () => {
  const unknown = await stripe.customers.create({ colour: 'blue' } as unknown as Stripe.CustomerCreateParams).catch((error: unknown) => error);
  expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour', message: 'Received unknown parameter: colour' });
  const missing = await stripe.subscriptions.retrieve('sub_nope').catch((error: unknown) => error);
  expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such subscription: 'sub_nope'" });
  const badKey = new Stripe('rk_live_nope', { apiVersion: '2023-10-16', host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  expect(await badKey.customers.list().catch((error: unknown) => error)).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
});

test('hosted checkout: the page has a Pay button; paying creates the subscription and redirects to the success URL', async () => {
  const customer = await stripe.customers.create({ email: 'buyer@example.com' });
  const price = fake.createPrice({ unitAmount: 2900, interval: 'month' });
  const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost:3000/ok?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/no', subscription_data: { metadata: { userId: 'u1' } } });
  const html = await (await fetch(session.url!)).text();
  expect(html).toContain('<button type="submit">Pay</button>');
  expect(html).toContain('4242 4242 4242 4242');
  // No webhook URL: the events are built but not delivered.
  const pay = await fetch(`${session.url!}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
  expect(pay.headers.get('location')).toBe(`http://localhost:3000/ok?session_id=${session.id}`);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: expect.stringMatching(/^sub_/) });
  const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
  expect(subscription).toMatchObject({ status: 'active', metadata: { userId: 'u1' }, customer: customer.id });
  expect(subscription.current_period_end - subscription.current_period_start).toBe(30 * 86_400);
  expect(fake.events.slice(-3).map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
  const upcoming = await stripe.invoices.retrieveUpcoming({ customer: customer.id });
  expect(upcoming).toMatchObject({ amount_due: 2900, next_payment_attempt: subscription.current_period_end });
});

test('events are signed so that stripe.webhooks.constructEvent accepts them', () => {
  const event = fake.buildEvent('customer.created', fake.createCustomer());
  const payload = JSON.stringify(event);
  const header = fake.signatureFor(payload);
  expect(stripe.webhooks.constructEvent(payload, header, 'whsec_test').id).toBe(event.id);
  expect(() => stripe.webhooks.constructEvent(payload, fake.signatureFor(payload, { secret: 'whsec_other' }), 'whsec_test')).toThrow(Stripe.errors.StripeSignatureVerificationError);
});
