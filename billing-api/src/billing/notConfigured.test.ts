// Without a Stripe secret key: every billing action answers 503 with the
// exact not-configured message, and the reads answer empty data or null.
import { BILLING_API } from '@agentflow/shared/server';
import { startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';
import { stripeSettingsFromEnv } from '../stripe/client';

const NOT_CONFIGURED = 'Stripe is not configured. Please add your Stripe secret key to the environment variables.';

let h: BillingHarness;
let user: TestUser;

beforeAll(async () => {
  // The settings server.ts would read from an environment without Stripe variables.
  h = await startBillingHarness('not-configured', { stripe: stripeSettingsFromEnv({}) });
  user = await h.createUser('unconfigured');
});
afterAll(async () => {
  await h.close();
});

test.each([
  [BILLING_API.createCheckoutSession, { userId: 'x', priceId: 'price_1', packageId: 'premium', successUrl: 'http://localhost:3000/s', cancelUrl: 'http://localhost:3000/c' }],
  [BILLING_API.createPortalSession, { customerId: 'cus_1', returnUrl: 'http://localhost:3000/billing' }],
  [BILLING_API.setDefaultPaymentMethod, { customerId: 'cus_1', paymentMethodId: 'pm_1' }],
  [BILLING_API.deletePaymentMethod, { paymentMethodId: 'pm_1' }],
  [BILLING_API.changeBillingCycle, { subscriptionId: 'sub_1', newPriceId: 'price_1', customerId: 'cus_1' }],
  [BILLING_API.changePackage, { packageId: 'premium' }],
  [BILLING_API.cancelSubscription, {}],
])('%s answers 503 with the not-configured message and its code (the browser translates the code; the message is for operators)', async (path, body) => {
  const response = await h.call('POST', path, { user, body });
  expect(response).toEqual({ status: 503, body: { error: NOT_CONFIGURED, code: 'billing_not_configured' } });
});

test('GET /api/billing/status says payments are not set up, to anyone (the plans page disables Subscribe up front)', async () => {
  expect(await h.call('GET', BILLING_API.status)).toEqual({ status: 200, body: { configured: false } });
  expect(await h.call('GET', BILLING_API.status, { user })).toEqual({ status: 200, body: { configured: false } });
});

test('the reads answer empty: payment methods and invoices [], the upcoming invoice null', async () => {
  expect(await h.call('POST', BILLING_API.paymentMethods, { user, body: { customerId: 'cus_1' } })).toEqual({ status: 200, body: { data: [] } });
  expect(await h.call('POST', BILLING_API.invoices, { user, body: { customerId: 'cus_1' } })).toEqual({ status: 200, body: { data: [] } });
  expect(await h.call('POST', BILLING_API.upcomingInvoice, { user, body: {} })).toEqual({ status: 200, body: null });
});

test('still 401 without a token (the message is for signed-in users)', async () => {
  const response = await h.call('POST', BILLING_API.changePackage, { body: { packageId: 'premium' } });
  expect(response.status).toBe(401);
});

test('stripeSettingsFromEnv: a blank key is no key; a bad port is refused', () => {
  expect(stripeSettingsFromEnv({ STRIPE_SECRET_KEY: '  ' }).secretKey).toBeNull();
  expect(stripeSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '4310', STRIPE_API_PROTOCOL: 'http' })).toEqual({
    secretKey: 'sk_test_1',
    webhookSecret: null,
    host: '127.0.0.1',
    port: 4310,
    protocol: 'http',
  });
  expect(() => stripeSettingsFromEnv({ STRIPE_API_PORT: 'x' })).toThrow('STRIPE_API_PORT must be a port number');
  expect(() => stripeSettingsFromEnv({ STRIPE_API_PROTOCOL: 'ftp' })).toThrow('STRIPE_API_PROTOCOL must be http or https');
});
