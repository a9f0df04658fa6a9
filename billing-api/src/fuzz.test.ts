// Property-based fuzzing of every billing-api route (issue 14), with the
// fake Stripe behind it: the routes are read from the app's router, so a
// new route is fuzzed without being listed here, and the suite fails if one
// is never reached. Properties (shared/testing/fuzz.ts): no 5xx, an answer
// within 10 s, and no Firestore change on a 4xx.
import { pino } from 'pino';
import { getAdminAuth, listRoutes } from '@agentflow/shared/server';
import { describeFuzzReport, fuzzRoutes } from '@agentflow/shared/testing/fuzz';
import { createApp } from './app';
import { APP_ORIGIN, startStripeHarness, type StripeHarness } from './testing/stripeHarness';

let h: StripeHarness;

beforeAll(async () => {
  // A thousand requests a minute from two users is the point here, not abuse.
  process.env.USER_RATE_LIMIT = '1000000';
  h = await startStripeHarness('fuzz');
});

afterAll(() => h?.closeAll());

test('every route: no 5xx, no hang, no Firestore change on a 4xx', async () => {
  const [subscriber, free] = await Promise.all([h.createUser('fuzz-subscriber'), h.createUser('fuzz-free')]);
  const { customerId, subscription } = await h.subscribe(subscriber, 'premium');
  const subscriptionId = subscription.id as string;
  // The same factory as the harness's app: its router is what gets listed.
  const routes = listRoutes(createApp({ auth: getAdminAuth(), db: h.db, logger: pino({ level: 'silent' }), allowedOrigins: [APP_ORIGIN], stripe: h.settings }));
  const urls = { successUrl: `${APP_ORIGIN}/billing/success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${APP_ORIGIN}/billing/cancel` };

  const report = await fuzzRoutes({
    service: 'billing-api',
    baseUrl: h.baseUrl,
    routes,
    projectId: h.projectId,
    params: { id: [free.uid, subscriber.uid] },
    authorizations: { subscriber: `Bearer ${subscriber.idToken}`, free: `Bearer ${free.idToken}` },
    fields: ['userId', 'priceId', 'packageId', 'successUrl', 'cancelUrl', 'stripeCustomerId', 'customerId', 'returnUrl', 'paymentMethodId', 'subscriptionId', 'newPriceId', 'feature', 'amount', 'idempotencyKey', 'email', 'role', 'ownerId'],
    values: [free.uid, subscriber.uid, customerId, subscriptionId, h.price('basic'), h.price('premium', 'year'), 'free', 'basic', 'premium', 'enterprise', 'voice_command', free.email, urls.successUrl, 'pm_missing', 1, 1000],
    queryKeys: ['period', 'timeZone', 'limit', 'ownerId'],
    examples: {
      'POST /api/create-checkout-session': { as: 'free', bodies: [{ userId: free.uid, priceId: h.price('basic'), packageId: 'basic', ...urls }] },
      'POST /api/create-portal-session': { as: 'subscriber', bodies: [{ customerId, returnUrl: `${APP_ORIGIN}/billing` }] },
      'POST /api/payment-methods': { as: 'subscriber', bodies: [{ customerId }] },
      'POST /api/invoices': { as: 'subscriber', bodies: [{ customerId }] },
      'POST /api/upcoming-invoice': { as: 'subscriber', bodies: [{ customerId }] },
      'POST /api/change-billing-cycle': { as: 'subscriber', bodies: [{ subscriptionId, newPriceId: h.price('premium', 'year'), customerId }] },
      'POST /api/change-package': { as: 'subscriber', bodies: [{ packageId: 'basic' }] },
      'POST /api/cancel-subscription': { as: 'subscriber', bodies: [{ subscriptionId }] },
      'POST /api/tokens/consume': { as: 'free', bodies: [{ feature: 'voice_command', amount: 1, idempotencyKey: 'fuzz-consume-1' }] },
      'POST /api/team/members': { as: 'subscriber', bodies: [{ email: free.email, role: 'basic' }] },
    },
    casesPerRoute: 20,
  });
  console.log(describeFuzzReport('billing-api', report));
  expect(report.unsupported).toEqual([]);
  expect(report.unreached).toEqual([]);
  expect(report.routes).toBe(routes.length);
  expect(routes.length).toBeGreaterThanOrEqual(20);
}, 180_000);
