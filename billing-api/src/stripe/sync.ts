// `npm run stripe:sync`: makes the configured Stripe account hold a product
// and a monthly and yearly price for each paid plan (found by lookup key,
// created when missing) and stores the price ids on the packages. Safe to run
// again: a second run finds everything and creates nothing.
import type Stripe from 'stripe';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, type BillingInterval } from '@agentflow/shared/server';
import { ensureDefaultPackages } from '../membership/packages.js';
import { PLANS, packageFromPlan, type PlanDefinition } from '../membership/plans.js';
import { STRIPE_WEBHOOK_API_VERSION, STRIPE_WEBHOOK_EVENTS } from './webhook.js';

export interface SyncResult {
  createdProducts: string[];
  createdPrices: string[];
  /** Prices created to take over a lookup key an archived price still held. */
  transferredLookupKeys: string[];
  /** The webhook endpoint, when a URL was given. `secret` is set only when it was created now (Stripe shows it once). */
  webhookEndpoint: { id: string; url: string; created: boolean; secret: string | null; replaced: string | null } | null;
  /** packageId → the price ids stored on it. */
  packages: Record<string, { monthly: string | null; yearly: string | null }>;
}

/** Products get a stable id of our own, so they too are found on a second run. */
export const productIdFor = (plan: PlanDefinition) => `agentflow_${plan.id}`;

async function ensureProduct(stripe: Stripe, plan: PlanDefinition, created: string[]): Promise<string> {
  const id = productIdFor(plan);
  try {
    return (await stripe.products.retrieve(id)).id;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  }
  const product = await stripe.products.create({ id, name: `Agentflow ${plan.name}`, description: plan.description, metadata: { packageId: plan.id } });
  created.push(product.id);
  return product.id;
}

export interface SyncOptions {
  plans?: readonly PlanDefinition[];
  /** The public URL of billing-api's webhook route (STRIPE_WEBHOOK_URL); none: the endpoint is left alone. */
  webhookUrl?: string | null;
}

/**
 * The webhook endpoint for `url`, subscribed to the handled events and pinned
 * to the API version the handler reads. Stripe cannot change an endpoint's
 * API version, so one pinned to another version is replaced (created anew,
 * the old one disabled). The signing secret exists only in the answer to the create.
 */
export async function ensureWebhookEndpoint(stripe: Stripe, url: string): Promise<NonNullable<SyncResult['webhookEndpoint']>> {
  const existing: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) if (endpoint.url === url && endpoint.status !== 'disabled') existing.push(endpoint);
  const pinned = existing.find((endpoint) => endpoint.api_version === STRIPE_WEBHOOK_API_VERSION);
  const events = [...STRIPE_WEBHOOK_EVENTS];
  if (pinned) {
    const current = [...pinned.enabled_events].sort().join(',');
    if (current !== [...events].sort().join(',')) await stripe.webhookEndpoints.update(pinned.id, { enabled_events: events });
    return { id: pinned.id, url, created: false, secret: null, replaced: null };
  }
  const created = await stripe.webhookEndpoints.create({ url, enabled_events: events, api_version: STRIPE_WEBHOOK_API_VERSION, description: 'Agentflow billing-api' });
  const replaced = existing[0] ?? null;
  // Two live endpoints for one URL would deliver every event twice (harmless, but noisy): disable the unpinned one.
  for (const old of existing) await stripe.webhookEndpoints.update(old.id, { disabled: true });
  return { id: created.id, url, created: true, secret: created.secret ?? null, replaced: replaced?.id ?? null };
}

export async function syncStripePlans(stripe: Stripe, db: Firestore, { plans = PLANS, webhookUrl = null }: SyncOptions = {}): Promise<SyncResult> {
  await ensureDefaultPackages(db, plans.map(packageFromPlan));
  const result: SyncResult = { createdProducts: [], createdPrices: [], transferredLookupKeys: [], webhookEndpoint: null, packages: {} };
  for (const plan of plans) {
    const wanted = (['month', 'year'] as const).flatMap((interval) => {
      const key = plan.lookupKeys[interval];
      const amount = interval === 'month' ? plan.priceMonthly : plan.priceYearly;
      return key && amount > 0 ? [{ interval, key, amount }] : [];
    });
    if (wanted.length === 0) continue;
    // Archived prices too: one can still hold the lookup key, and a plain create would then be refused.
    const found = await stripe.prices.list({ lookup_keys: wanted.map((each) => each.key), limit: 10 });
    const ids: Partial<Record<BillingInterval, string>> = {};
    for (const { interval, key, amount } of wanted) {
      const holder = found.data.find((price) => price.lookup_key === key);
      if (holder?.active) {
        ids[interval] = holder.id;
        continue;
      }
      const product = await ensureProduct(stripe, plan, result.createdProducts);
      const price = await stripe.prices.create({
        product,
        unit_amount: amount,
        currency: plan.currency,
        recurring: { interval },
        lookup_key: key,
        metadata: { packageId: plan.id },
        ...(holder ? { transfer_lookup_key: true } : {}),
      });
      result.createdPrices.push(price.id);
      if (holder) result.transferredLookupKeys.push(key);
      ids[interval] = price.id;
    }
    const monthly = ids.month ?? null;
    const yearly = ids.year ?? null;
    await db
      .collection(MEMBERSHIP_COLLECTIONS.packages)
      .doc(plan.id)
      .set({ stripePriceId: monthly, stripePriceIdMonthly: monthly, stripePriceIdYearly: yearly, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    result.packages[plan.id] = { monthly, yearly };
  }
  if (webhookUrl) result.webhookEndpoint = await ensureWebhookEndpoint(stripe, webhookUrl);
  return result;
}
