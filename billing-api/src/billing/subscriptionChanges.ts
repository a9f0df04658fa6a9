// The changes a user makes to their subscription, each run one at a time per
// user by the router: a Checkout session for a first plan, a billing-cycle
// switch, a plan change (an upgrade is paid first), and a cancellation at
// period end. Every Stripe call that changes something carries an
// idempotency key of the intended change.
import type { Request } from 'express';
import type Stripe from 'stripe';
import type { z } from 'zod';
import { BILLING_MESSAGES, badRequest, forbidden, notFound, prepareMembershipUpdate, type BillingInterval, type CheckoutSessionResponse, type Subscription } from '@agentflow/shared/server';
import type { BillingContext, Ownership } from './ownership.js';
import { FORBIDDEN_CUSTOMER, FORBIDDEN_SUBSCRIPTION, checkoutRequired, isLive, stripeIdempotencyKey, subscriptionExists, type cancelSchema, type changeBillingCycleSchema, type changePackageSchema, type checkoutSchema } from './requests.js';
import { idOf } from './stripeObjects.js';
import { packageForPrice, readPackages } from './subscriptionSync.js';

const uidOf = (req: Request) => req.caller!.uid;

export function createSubscriptionChanges({ db, clock }: BillingContext, ownership: Ownership) {
  const { checkAppUrl, ownCustomer, requireOwnCustomer, packageById, storedSubscriptions, ownSubscription, retrieveSubscription, liveSubscription, stateStamp, store } = ownership;

  const checkout = async (client: Stripe, req: Request, body: z.infer<typeof checkoutSchema>): Promise<CheckoutSessionResponse> => {
    const uid = uidOf(req);
    if (body.userId !== uid) throw forbidden('Forbidden: userId must be the signed-in user');
    checkAppUrl('successUrl', body.successUrl);
    checkAppUrl('cancelUrl', body.cancelUrl);
    const pkg = await packageById(body.packageId);
    if (!pkg || !pkg.active) throw badRequest(`packageId: no active package '${body.packageId}'`);
    if (![pkg.stripePriceIdMonthly, pkg.stripePriceIdYearly, pkg.stripePriceId].includes(body.priceId)) throw badRequest(`priceId is not a price of package ${pkg.id}`);
    let customerId = await ownCustomer(uid);
    if (body.stripeCustomerId && body.stripeCustomerId !== customerId) throw forbidden(FORBIDDEN_CUSTOMER);
    // One subscription per customer: a second Checkout would charge twice; a plan change updates the live one.
    if (customerId && (await liveSubscription(client, uid, customerId))) throw subscriptionExists();
    if (!customerId) {
      // The idempotency key makes two quick first purchases share one customer.
      const customer = await client.customers.create({ email: req.caller!.email ?? undefined, metadata: { userId: uid } }, { idempotencyKey: `agentflow-customer-${uid}` });
      customerId = await db.runTransaction(async (tx) => {
        const prepared = await prepareMembershipUpdate(db, tx, uid, clock());
        const existing = prepared.membership.stripeCustomerId;
        prepared.commit(existing ? {} : { fields: { stripeCustomerId: customer.id } });
        return existing ?? customer.id;
      });
    }
    const metadata = { userId: uid, packageId: pkg.id };
    // The newest subscription the user had is part of the intent: after it ends, a new Checkout is a new intent.
    const latest = (await storedSubscriptions(uid))[0]?.stripeSubscriptionId ?? 'none';
    const intent = { customerId, priceId: body.priceId, packageId: pkg.id, successUrl: body.successUrl, cancelUrl: body.cancelUrl, latest };
    const session = await client.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: body.priceId, quantity: 1 }],
        success_url: body.successUrl,
        cancel_url: body.cancelUrl,
        client_reference_id: uid,
        metadata,
        subscription_data: { metadata },
      },
      { idempotencyKey: stripeIdempotencyKey('checkout', uid, intent) },
    );
    return { id: session.id, url: session.url };
  };

  const changeBillingCycle = async (client: Stripe, req: Request, body: z.infer<typeof changeBillingCycleSchema>): Promise<Subscription> => {
    const uid = uidOf(req);
    await requireOwnCustomer(uid, body.customerId);
    const stored = await ownSubscription(uid, body.subscriptionId);
    const packages = await readPackages(db);
    const pkg = packageForPrice(packages, body.newPriceId);
    if (!pkg) throw badRequest(BILLING_MESSAGES.packageNotFoundForPrice);
    if (!stored.stripeSubscriptionId) throw badRequest(BILLING_MESSAGES.cannotUpdateBillingCycle);
    // The chosen interval is the new price's own (a read: nothing changes yet).
    const newPrice = await client.prices.retrieve(body.newPriceId);
    const interval: BillingInterval = newPrice.recurring?.interval === 'year' ? 'year' : 'month';
    const priceId = interval === 'year' ? pkg.stripePriceIdYearly : pkg.stripePriceIdMonthly;
    if (!priceId) throw badRequest(BILLING_MESSAGES.intervalPriceNotFound(interval, pkg.id));
    const current = await retrieveSubscription(client, stored.stripeSubscriptionId);
    if (idOf(current.customer) !== body.customerId) throw forbidden(FORBIDDEN_SUBSCRIPTION);
    const item = current.items.data[0];
    if (!item) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    // Already on that price: nothing to change (and nothing to grant: the allowance rule keys on the plan, not the cycle).
    const updated =
      item.price.id === priceId
        ? current
        : await client.subscriptions.update(
            current.id,
            { items: [{ id: item.id, price: priceId }], proration_behavior: 'create_prorations' },
            { idempotencyKey: stripeIdempotencyKey('cycle', uid, { subscription: current.id, from: item.price.id, to: priceId, state: await stateStamp(current.id) }) },
          );
    return store(uid, updated);
  };

  /**
   * Moves the live subscription to another plan. Without a live subscription
   * there is nothing to change: a paid plan starts with Checkout, where Stripe
   * collects the payment (a bare subscriptions.create would leave a customer
   * without a card with an unpaid, incomplete subscription).
   */
  const changePackage = async (client: Stripe, req: Request, body: z.infer<typeof changePackageSchema>): Promise<Subscription> => {
    const uid = uidOf(req);
    const [pkg, customerId] = await Promise.all([packageById(body.packageId), ownCustomer(uid)]);
    if (!pkg || !pkg.active) throw badRequest(BILLING_MESSAGES.cannotChangeSubscription);
    const priceId = pkg.stripePriceIdMonthly;
    if (!priceId) throw badRequest(BILLING_MESSAGES.monthlyPriceNotFound(pkg.id));
    // One canceled at period end is still live in Stripe until then: changing the plan resumes it
    // (a second subscription would charge twice).
    const existing = customerId ? await liveSubscription(client, uid, customerId) : null;
    if (!existing) throw checkoutRequired();
    const item = existing.items.data[0];
    if (!item) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    if (item.price.id === priceId && !existing.cancel_at_period_end) return store(uid, existing);
    const from = packageForPrice(await readPackages(db), item.price.id);
    // An upgrade is charged now and applies only once paid (its tokens are granted at once); a downgrade
    // refunds nothing (the higher plan and its tokens were paid for this period). Otherwise upgrade,
    // take the tokens, downgrade for a prorated credit, and the tokens would cost nothing.
    const upgrade = !from || pkg.tokensPerMonth > from.tokensPerMonth || pkg.priceMonthly > from.priceMonthly;
    const billing: Pick<Stripe.SubscriptionUpdateParams, 'proration_behavior' | 'payment_behavior'> = upgrade
      ? { proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' }
      : { proration_behavior: 'none' };
    const intent = { subscription: existing.id, from: item.price.id, to: priceId, resume: existing.cancel_at_period_end, state: await stateStamp(existing.id) };
    if (upgrade && existing.cancel_at_period_end) {
      // A pending (pay-first) update accepts only the items and billing fields: resume first.
      await client.subscriptions.update(existing.id, { cancel_at_period_end: false }, { idempotencyKey: stripeIdempotencyKey('resume', uid, intent) });
    }
    const result = await client.subscriptions.update(
      existing.id,
      {
        items: [{ id: item.id, price: priceId }],
        ...billing,
        // The package is known from the price; metadata is only its fallback, and a pending update cannot carry it.
        ...(upgrade ? {} : { metadata: { userId: uid, packageId: pkg.id }, ...(existing.cancel_at_period_end ? { cancel_at_period_end: false } : {}) }),
      },
      { idempotencyKey: stripeIdempotencyKey('plan', uid, intent) },
    );
    // The allowance follows the one rule in the ledger: an upgrade tops up, anything else grants nothing.
    return store(uid, result);
  };

  const cancel = async (client: Stripe, req: Request, body: z.infer<typeof cancelSchema>): Promise<Subscription> => {
    const uid = uidOf(req);
    let stored: Subscription | undefined;
    if (body.subscriptionId) stored = await ownSubscription(uid, body.subscriptionId);
    else stored = (await storedSubscriptions(uid)).find((each) => each.stripeSubscriptionId && isLive(each.status));
    if (!stored?.stripeSubscriptionId) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    const existing = await retrieveSubscription(client, stored.stripeSubscriptionId);
    const customerId = await ownCustomer(uid);
    if (idOf(existing.customer) !== customerId) throw forbidden(FORBIDDEN_SUBSCRIPTION);
    const updated = await client.subscriptions.update(existing.id, { cancel_at_period_end: true });
    return store(uid, updated);
  };

  return { checkout, changeBillingCycle, changePackage, cancel };
}
