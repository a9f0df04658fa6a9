// billing-api with the fake Stripe behind it: the real app on a loopback port
// (testing/harness.ts) configured with the fake's host and port, the plans
// synced into the fake, and helpers that make a user a paying customer
// through the same hosted checkout a browser uses.
import type Stripe from 'stripe';
import { BILLING_API, MEMBERSHIP_COLLECTIONS, readMembership, type UserMembership } from '@agentflow/shared/server';
import { startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';
import { createStripeClient, type StripeSettings } from '../stripe/client';
import { syncStripePlans, type SyncResult } from '../stripe/sync';
import { startFakeStripe, type FakeStripe, type StripeObject } from './fakeStripe/index';

export const TEST_SECRET_KEY = 'sk_test_agentflow_fake';
export const TEST_WEBHOOK_SECRET = 'whsec_agentflow_fake_secret';
export const APP_ORIGIN = 'http://localhost:3000';

export interface StripeHarness extends BillingHarness {
  fake: FakeStripe;
  /** A client of the fake for the tests' own calls (not billing-api's). */
  stripe: Stripe;
  settings: StripeSettings;
  prices: SyncResult['packages'];
  /** The price id of a plan and interval. */
  price: (packageId: string, interval?: 'month' | 'year') => string;
  membership: (uid: string) => Promise<UserMembership>;
  subscriptionDoc: (subscriptionId: string) => Promise<Record<string, unknown> | undefined>;
  /** Checkout through billing-api and the fake's hosted page: the user ends up subscribed. */
  subscribe: (user: TestUser, packageId: string, interval?: 'month' | 'year') => Promise<{ customerId: string; subscription: StripeObject }>;
  closeAll: () => Promise<void>;
}

export async function startStripeHarness(suite: string, options: { webhookTolerance?: number } = {}): Promise<StripeHarness> {
  const fake = await startFakeStripe({ webhookSecret: TEST_WEBHOOK_SECRET });
  const settings: StripeSettings = {
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    host: fake.host,
    port: fake.port,
    protocol: 'http',
    webhookTolerance: options.webhookTolerance,
  };
  const harness = await startBillingHarness(suite, { stripe: settings });
  fake.setWebhookUrl(`${harness.baseUrl}${BILLING_API.stripeWebhook}`);
  const stripe = createStripeClient(settings)!;
  const synced = await syncStripePlans(stripe, harness.db);
  fake.clearLog();

  const price: StripeHarness['price'] = (packageId, interval = 'month') => {
    const id = interval === 'month' ? synced.packages[packageId]?.monthly : synced.packages[packageId]?.yearly;
    if (!id) throw new Error(`No ${interval} price for ${packageId}`);
    return id;
  };

  const subscribe: StripeHarness['subscribe'] = async (user, packageId, interval = 'month') => {
    const response = await harness.call('POST', BILLING_API.createCheckoutSession, {
      user,
      body: { userId: user.uid, priceId: price(packageId, interval), packageId, successUrl: `${APP_ORIGIN}/billing/success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${APP_ORIGIN}/billing/cancel` },
    });
    if (response.status !== 200) throw new Error(`checkout failed: ${response.status} ${JSON.stringify(response.body)}`);
    const before = fake.deliveries.length;
    const pay = await fetch(`${response.body.url as string}/pay`, { method: 'POST', redirect: 'manual' });
    if (pay.status !== 303) throw new Error(`pay failed: ${pay.status}`);
    const session = fake.checkoutSessions.get(response.body.id as string)!;
    const failed = fake.deliveries.slice(before).filter((delivery) => delivery.status !== 200);
    if (failed.length > 0) throw new Error(`webhook deliveries failed: ${JSON.stringify(failed.map((each) => [each.event.type, each.status, each.body]))}`);
    return { customerId: session.customer as string, subscription: fake.subscriptions.get(session.subscription as string)! };
  };

  return {
    ...harness,
    fake,
    stripe,
    settings,
    prices: synced.packages,
    price,
    membership: (uid) => readMembership(harness.db, uid),
    subscriptionDoc: async (id) => (await harness.db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).doc(id).get()).data(),
    subscribe,
    closeAll: async () => {
      await harness.close();
      await fake.close();
    },
  };
}
