// stripe:sync against the fake Stripe: the first run creates a product and a
// monthly and yearly price per paid plan and stores the ids on the packages;
// the second finds them all by lookup key and creates nothing.
import { MEMBERSHIP_COLLECTIONS, packageFromData } from '@agentflow/shared/server';
import { startBillingHarness, type BillingHarness } from '../../testing/harness';
import { ALLOWANCE } from '../testing/allowances';
import { startFakeStripe, type FakeStripe } from '../testing/fakeStripe/index';
import { createStripeClient } from './client';
import { PLANS } from '../membership/plans';
import { DEFAULT_PACKAGES } from '../membership/packages';
import { syncStripePlans } from './sync';
import { STRIPE_WEBHOOK_API_VERSION, STRIPE_WEBHOOK_EVENTS } from './webhook';

let h: BillingHarness;
let fake: FakeStripe;

beforeAll(async () => {
  h = await startBillingHarness('sync', { packages: false });
  fake = await startFakeStripe({ webhookSecret: 'whsec_unused' });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

test('DEFAULT_PACKAGES come from the plans file', () => {
  expect(DEFAULT_PACKAGES.map((pkg) => pkg.id)).toEqual(PLANS.map((plan) => plan.id));
  expect(DEFAULT_PACKAGES.find((pkg) => pkg.id === 'premium')).toMatchObject({ role: 'premium', requiredRole: 'free', tokensPerMonth: ALLOWANCE.premium, stripePriceIdMonthly: null });
  // Each plan's allowance is the entitlements table's (the one the plans page shows and the ledger grants).
  expect(DEFAULT_PACKAGES.map((pkg) => [pkg.id, pkg.tokensPerMonth])).toEqual(Object.entries(ALLOWANCE));
});

test('creates what is missing, stores the ids, and a second run creates nothing', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_sync', webhookSecret: null, host: fake.host, port: fake.port, protocol: 'http' })!;
  const first = await syncStripePlans(stripe, h.db);
  expect(first.createdProducts).toEqual(['agentflow_basic', 'agentflow_premium', 'agentflow_enterprise']);
  expect(first.createdPrices).toHaveLength(6);
  for (const plan of PLANS.filter((each) => each.priceMonthly > 0)) {
    const ids = first.packages[plan.id]!;
    expect(fake.prices.get(ids.monthly!)).toMatchObject({ unit_amount: plan.priceMonthly, recurring: { interval: 'month' }, lookup_key: plan.lookupKeys.month, product: `agentflow_${plan.id}` });
    expect(fake.prices.get(ids.yearly!)).toMatchObject({ unit_amount: plan.priceYearly, recurring: { interval: 'year' }, lookup_key: plan.lookupKeys.year });
    const stored = packageFromData(plan.id, (await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc(plan.id).get()).data() ?? {});
    expect(stored).toMatchObject({ stripePriceId: ids.monthly, stripePriceIdMonthly: ids.monthly, stripePriceIdYearly: ids.yearly, tokensPerMonth: plan.tokensPerMonth });
  }
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('free').get()).data()).toMatchObject({ stripePriceIdMonthly: null });

  fake.clearLog();
  const second = await syncStripePlans(stripe, h.db);
  expect(second).toEqual({ createdProducts: [], createdPrices: [], transferredLookupKeys: [], webhookEndpoint: null, packages: first.packages });
  expect(fake.mutatingRequests()).toEqual([]);
  expect(fake.prices.size).toBe(6);
});

test('a plan whose price was deleted gets it back; its product is reused', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_sync', webhookSecret: null, host: fake.host, port: fake.port, protocol: 'http' })!;
  const yearly = [...fake.prices.values()].find((price) => price.lookup_key === 'agentflow_basic_yearly')!;
  fake.prices.delete(yearly.id);
  const result = await syncStripePlans(stripe, h.db);
  expect(result.createdProducts).toEqual([]);
  expect(result.createdPrices).toHaveLength(1);
  expect(fake.prices.get(result.createdPrices[0]!)).toMatchObject({ lookup_key: 'agentflow_basic_yearly', product: 'agentflow_basic' });
});

test('an archived price still holding the lookup key: a new price takes the key over (transfer_lookup_key); the next run finds it', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_sync', webhookSecret: null, host: fake.host, port: fake.port, protocol: 'http' })!;
  const monthly = [...fake.prices.values()].find((price) => price.lookup_key === 'agentflow_premium_monthly')!;
  await stripe.prices.update(monthly.id, { active: false });
  const result = await syncStripePlans(stripe, h.db);
  expect(result.transferredLookupKeys).toEqual(['agentflow_premium_monthly']);
  expect(result.createdPrices).toHaveLength(1);
  const created = fake.prices.get(result.createdPrices[0]!)!;
  expect(created).toMatchObject({ active: true, lookup_key: 'agentflow_premium_monthly', product: 'agentflow_premium' });
  expect(fake.prices.get(monthly.id)).toMatchObject({ active: false, lookup_key: null });
  const creates = fake.mutatingRequests().filter((entry) => entry.path === '/v1/prices');
  expect(creates.at(-1)?.params).toMatchObject({ transfer_lookup_key: 'true', lookup_key: 'agentflow_premium_monthly' });
  const stored = (await h.db.collection(MEMBERSHIP_COLLECTIONS.packages).doc('premium').get()).data();
  expect(stored).toMatchObject({ stripePriceIdMonthly: created.id });
  fake.clearLog();
  expect((await syncStripePlans(stripe, h.db)).createdPrices).toEqual([]);
});

test('the webhook endpoint: created pinned to 2023-10-16 with the handled events and its secret printed once; a second run changes nothing; one on another version is replaced', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_sync', webhookSecret: null, host: fake.host, port: fake.port, protocol: 'http' })!;
  const url = 'https://billing.example.com/api/webhooks/stripe';
  // An endpoint someone made in the dashboard on a newer API version.
  const stale = await stripe.webhookEndpoints.create({ url, enabled_events: ['invoice.paid'], api_version: '2024-06-20' as never });
  const first = await syncStripePlans(stripe, h.db, { webhookUrl: url });
  expect(first.webhookEndpoint).toMatchObject({ url, created: true, replaced: stale.id });
  expect(first.webhookEndpoint?.secret).toMatch(/^whsec_/);
  const endpoint = fake.webhookEndpoints.get(first.webhookEndpoint!.id)!;
  expect(endpoint).toMatchObject({ url, api_version: STRIPE_WEBHOOK_API_VERSION, status: 'enabled' });
  expect([...endpoint.enabled_events].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
  expect(fake.webhookEndpoints.get(stale.id)).toMatchObject({ status: 'disabled' });
  fake.clearLog();
  const second = await syncStripePlans(stripe, h.db, { webhookUrl: url });
  expect(second.webhookEndpoint).toEqual({ id: endpoint.id, url, created: false, secret: null, replaced: null });
  expect(fake.mutatingRequests()).toEqual([]);
});
