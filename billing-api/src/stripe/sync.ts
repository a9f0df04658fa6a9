// `npm run stripe:sync`: makes the configured Stripe account hold a product
// and a monthly and yearly price for each paid plan (found by lookup key,
// created when missing) and stores the price ids on the packages. Safe to run
// again: a second run finds everything and creates nothing.
import type Stripe from 'stripe';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, type BillingInterval } from '@agentflow/shared/server';
import { ensureDefaultPackages } from '../membership/packages.js';
import { PLANS, packageFromPlan, type PlanDefinition } from './plans.js';

export interface SyncResult {
  createdProducts: string[];
  createdPrices: string[];
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

export async function syncStripePlans(stripe: Stripe, db: Firestore, plans: readonly PlanDefinition[] = PLANS): Promise<SyncResult> {
  await ensureDefaultPackages(db, plans.map(packageFromPlan));
  const result: SyncResult = { createdProducts: [], createdPrices: [], packages: {} };
  for (const plan of plans) {
    const wanted = (['month', 'year'] as const).flatMap((interval) => {
      const key = plan.lookupKeys[interval];
      const amount = interval === 'month' ? plan.priceMonthly : plan.priceYearly;
      return key && amount > 0 ? [{ interval, key, amount }] : [];
    });
    if (wanted.length === 0) continue;
    const found = await stripe.prices.list({ lookup_keys: wanted.map((each) => each.key), active: true, limit: 10 });
    const ids: Partial<Record<BillingInterval, string>> = {};
    for (const { interval, key, amount } of wanted) {
      const existing = found.data.find((price) => price.lookup_key === key);
      if (existing) {
        ids[interval] = existing.id;
        continue;
      }
      const product = await ensureProduct(stripe, plan, result.createdProducts);
      const price = await stripe.prices.create({ product, unit_amount: amount, currency: plan.currency, recurring: { interval }, lookup_key: key, metadata: { packageId: plan.id } });
      result.createdPrices.push(price.id);
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
  return result;
}
