// billing-api's Stripe endpoints (BILLING_API in @agentflow/shared). The
// caller comes from the ID token; every customer, subscription and payment
// method a body names must be the caller's (403 before any Stripe call that
// changes something). Without a Stripe secret key the actions answer 503 with
// the not-configured message and the reads answer empty.
import { createHash } from 'node:crypto';
import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import Stripe from 'stripe';

const StripeErrors = Stripe.errors;
import { z } from 'zod';
import {
  BILLING_API,
  BILLING_ERROR_CODES,
  BILLING_MESSAGES,
  HttpError,
  LIVE_SUBSCRIPTION_STATUSES,
  MEMBERSHIP_COLLECTIONS,
  badRequest,
  createSerialQueue,
  forbidden,
  isDocumentId,
  notFound,
  packageFromData,
  parseOr400,
  prepareMembershipUpdate,
  readMembership,
  requireAuth,
  serviceErrors,
  subscriptionStatusIn,
  type BillingInterval,
  type CheckoutSessionResponse,
  type InvoiceList,
  type InvoiceSummary,
  type MembershipPackage,
  type PaymentMethodList,
  type PortalSessionResponse,
  type Subscription,
  type UpcomingInvoice,
} from '@agentflow/shared/server';
import { subscriptionFromData } from '../membership/router.js';
import { idOf, isStripeNotFound } from './stripeObjects.js';
import { applyStripeSubscription, packageForPrice, readPackages } from './subscriptionSync.js';

export interface BillingRouterOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  /** null: no secret key, billing is not configured. */
  stripe: Stripe | null;
  /** Where success, cancel and return URLs may point (the app's origins). */
  allowedOrigins: readonly string[];
  now?: () => Date;
}

const FORBIDDEN_CUSTOMER = 'Forbidden: this Stripe customer is not yours';
const FORBIDDEN_SUBSCRIPTION = 'Forbidden: this subscription is not yours';
const FORBIDDEN_PAYMENT_METHOD = 'Forbidden: this payment method is not yours';

const stripeId = (prefix: string) =>
  z
    .string({ error: 'must be a string' })
    .min(1, { error: 'is undefined or empty.' })
    .max(255, { error: 'is too long' })
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), { error: `must be a Stripe id (${prefix}_…)` });
const docId = z.string({ error: 'must be a string' }).min(1, { error: 'is undefined or empty.' }).max(128, { error: 'is too long' }).refine(isDocumentId, { error: 'is not a valid id' });
const url = z.string({ error: 'must be a string' }).min(1, { error: 'is undefined or empty.' }).max(2048, { error: 'is too long' });

export const checkoutSchema = z.strictObject({
  userId: docId,
  priceId: stripeId('price'),
  packageId: docId,
  successUrl: url,
  cancelUrl: url,
  stripeCustomerId: stripeId('cus').nullish(),
});
export const portalSchema = z.strictObject({ customerId: stripeId('cus'), returnUrl: url });
export const customerSchema = z.strictObject({ customerId: stripeId('cus') });
export const setDefaultSchema = z.strictObject({ customerId: stripeId('cus'), paymentMethodId: stripeId('pm') });
export const deletePaymentMethodSchema = z.strictObject({ paymentMethodId: stripeId('pm') });
// The upcoming invoice is null rather than an error whenever it can be: a page without a customer yet may send ''.
export const upcomingSchema = z.strictObject({ customerId: z.union([z.literal(''), stripeId('cus')]).nullish() });
export const changeBillingCycleSchema = z.strictObject({ subscriptionId: stripeId('sub'), newPriceId: stripeId('price'), customerId: stripeId('cus') });
export const changePackageSchema = z.strictObject({ packageId: docId });
export const cancelSchema = z.strictObject({ subscriptionId: stripeId('sub').nullish() });

const notConfigured = () => new HttpError(503, BILLING_MESSAGES.notConfigured);
const checkoutRequired = () => new HttpError(409, BILLING_MESSAGES.checkoutRequired, BILLING_ERROR_CODES.checkoutRequired);
const subscriptionExists = () => new HttpError(409, BILLING_MESSAGES.subscriptionExists, BILLING_ERROR_CODES.subscriptionExists);

/**
 * A Stripe idempotency key for one intended change of one user: the same
 * change sent any number of times at once (double clicks, retries, two
 * service instances) makes one Stripe object. Stripe keeps keys for 24 hours
 * and refuses a key reused with other parameters, so the parameters are part of it.
 */
export function stripeIdempotencyKey(action: string, uid: string, intent: Record<string, unknown>): string {
  const digest = createHash('sha256').update(JSON.stringify(intent)).digest('base64url').slice(0, 32);
  return `agentflow-${action}-${uid}-${digest}`;
}
const toIso = (seconds: number | null | undefined): string | null => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);
/** A subscription Stripe still bills (LIVE_SUBSCRIPTION_STATUSES): the one a plan change updates. */
const isLive = (status: string) => subscriptionStatusIn(LIVE_SUBSCRIPTION_STATUSES, status);

export function createBillingRouter(options: BillingRouterOptions): Router {
  const { db, logger, stripe, allowedOrigins } = options;
  const clock = options.now ?? (() => new Date());
  const authed: RequestHandler = requireAuth(options.auth);
  const router = Router();
  const uidOf = (req: Request) => req.caller!.uid;
  /**
   * Creating or changing a user's subscription runs one request at a time per
   * user in this process, so concurrent requests see each other's result;
   * Stripe idempotency keys cover several instances.
   */
  const perUser = createSerialQueue();
  const oneAtATime = <T>(req: Request, work: () => Promise<T>): Promise<T> => perUser(uidOf(req), work);

  const requireStripe = (): Stripe => {
    if (!stripe) throw notConfigured();
    return stripe;
  };

  /** The field's URL must be on one of the app's origins. */
  const checkAppUrl = (field: string, value: string) => {
    let origin: string;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
      origin = parsed.origin;
    } catch {
      throw badRequest(`${field} must be an absolute http(s) URL`);
    }
    if (!allowedOrigins.includes(origin)) throw badRequest(`${field} must be on one of the app's origins`);
  };

  const ownCustomer = async (uid: string): Promise<string | null> => (await readMembership(db, uid, clock)).stripeCustomerId;

  /** The customer id in the body must be the caller's own. */
  const requireOwnCustomer = async (uid: string, customerId: string): Promise<string> => {
    const own = await ownCustomer(uid);
    if (!own || own !== customerId) throw forbidden(FORBIDDEN_CUSTOMER);
    return own;
  };

  const packageById = async (id: string): Promise<MembershipPackage | null> => {
    const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.packages).doc(id).get();
    return snapshot.exists ? packageFromData(snapshot.id, snapshot.data() ?? {}) : null;
  };

  /** The caller's stored subscriptions, newest first. */
  const storedSubscriptions = async (uid: string): Promise<Subscription[]> => {
    const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).where('userId', '==', uid).get();
    return snapshot.docs.map((doc) => subscriptionFromData(doc.id, doc.data())).sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
  };
  /** The stored subscription whose Stripe id is `stripeSubscriptionId`, when it is the caller's. */
  const ownSubscription = async (uid: string, stripeSubscriptionId: string): Promise<Subscription> => {
    const found = (await storedSubscriptions(uid)).find((each) => each.stripeSubscriptionId === stripeSubscriptionId || each.id === stripeSubscriptionId);
    if (!found) throw forbidden(FORBIDDEN_SUBSCRIPTION);
    return found;
  };
  const retrieveSubscription = async (client: Stripe, id: string): Promise<Stripe.Subscription> => {
    try {
      return await client.subscriptions.retrieve(id);
    } catch (error) {
      if (isStripeNotFound(error)) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
      throw error;
    }
  };
  /** A payment method's owner, as Stripe says: it must be the caller's customer. */
  const requireOwnPaymentMethod = async (client: Stripe, uid: string, paymentMethodId: string, customerId?: string): Promise<string> => {
    const own = customerId ?? (await ownCustomer(uid));
    if (!own) throw forbidden(FORBIDDEN_PAYMENT_METHOD);
    let pm: Stripe.PaymentMethod;
    try {
      pm = await client.paymentMethods.retrieve(paymentMethodId);
    } catch (error) {
      // Someone else's or no one's: the same answer, so ids cannot be probed.
      if (isStripeNotFound(error)) throw forbidden(FORBIDDEN_PAYMENT_METHOD);
      throw error;
    }
    if (idOf(pm.customer) !== own) throw forbidden(FORBIDDEN_PAYMENT_METHOD);
    return own;
  };

  /**
   * The caller's live subscription in Stripe (active, trialing, past due, or
   * canceled at period end but not yet ended), or null. Asks Stripe about the
   * stored ones, so a missed deleted event cannot hide that one has ended.
   */
  const liveSubscription = async (client: Stripe, uid: string, customerId: string | null): Promise<Stripe.Subscription | null> => {
    const candidates = (await storedSubscriptions(uid)).filter((each) => each.stripeSubscriptionId && (isLive(each.status) || (each.status === 'canceled' && each.cancelAtPeriodEnd)));
    for (const candidate of candidates) {
      const found = await retrieveSubscription(client, candidate.stripeSubscriptionId!).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      });
      if (!found) continue;
      if (idOf(found.customer) !== customerId) throw forbidden(FORBIDDEN_SUBSCRIPTION);
      if (isLive(found.status)) return found;
    }
    return null;
  };

  /**
   * The stored subscription's state stamp: its document's update time, which
   * every sync (ours or a webhook's) moves. Part of each change's idempotency
   * key, so requests racing on one state make one change, while the same
   * change asked again later (yearly, monthly, yearly again) is a new request
   * and not a replay of the first, which Stripe would answer without changing anything.
   */
  const stateStamp = async (subscriptionId: string): Promise<string> => {
    const time = (await db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).doc(subscriptionId).get()).updateTime;
    return time ? `${time.seconds}.${time.nanoseconds}` : 'none';
  };

  /** Applies what Stripe answered to Firestore (billing-api's own change, versioned now). */
  const store = async (uid: string, subscription: Stripe.Subscription): Promise<Subscription> => {
    const now = clock();
    // What Stripe just answered is at least as new as any event created in the same second (events carry
    // whole seconds): the half second makes a late event of an earlier change in that second stale.
    await applyStripeSubscription(db, { subscription, version: Math.floor(now.getTime() / 1000) + 0.5, uid, now });
    const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).doc(subscription.id).get();
    return subscriptionFromData(snapshot.id, snapshot.data() ?? {});
  };

  router.post(BILLING_API.createCheckoutSession, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(checkoutSchema, req.body);
    res.json(await oneAtATime(req, () => checkout(client, req, body)));
  });

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

  router.post(BILLING_API.createPortalSession, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(portalSchema, req.body);
    checkAppUrl('returnUrl', body.returnUrl);
    const customer = await requireOwnCustomer(uidOf(req), body.customerId);
    const session = await client.billingPortal.sessions.create({ customer, return_url: body.returnUrl });
    const response: PortalSessionResponse = { url: session.url };
    res.json(response);
  });

  router.post(BILLING_API.paymentMethods, authed, async (req, res) => {
    if (!stripe) {
      logger.warn('payment methods asked for but Stripe is not configured; answering an empty list');
      res.json({ data: [] } satisfies PaymentMethodList);
      return;
    }
    const body = parseOr400(customerSchema, req.body);
    const customer = await requireOwnCustomer(uidOf(req), body.customerId);
    const [methods, details] = await Promise.all([stripe.paymentMethods.list({ customer, type: 'card', limit: 100 }), stripe.customers.retrieve(customer)]);
    const defaultId = 'deleted' in details && details.deleted ? null : idOf(details.invoice_settings?.default_payment_method);
    const response: PaymentMethodList = {
      data: methods.data.map((pm) => ({
        id: pm.id,
        brand: pm.card?.brand ?? pm.type,
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
        isDefault: pm.id === defaultId,
      })),
    };
    res.json(response);
  });

  router.post(BILLING_API.setDefaultPaymentMethod, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(setDefaultSchema, req.body);
    const uid = uidOf(req);
    const customer = await requireOwnCustomer(uid, body.customerId);
    await requireOwnPaymentMethod(client, uid, body.paymentMethodId, customer);
    await client.customers.update(customer, { invoice_settings: { default_payment_method: body.paymentMethodId } });
    res.json({ success: true });
  });

  router.post(BILLING_API.deletePaymentMethod, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(deletePaymentMethodSchema, req.body);
    await requireOwnPaymentMethod(client, uidOf(req), body.paymentMethodId);
    await client.paymentMethods.detach(body.paymentMethodId);
    res.json({ success: true });
  });

  router.post(BILLING_API.invoices, authed, async (req, res) => {
    if (!stripe) {
      logger.warn('invoices asked for but Stripe is not configured; answering an empty list');
      res.json({ data: [] } satisfies InvoiceList);
      return;
    }
    const body = parseOr400(customerSchema, req.body);
    const customer = await requireOwnCustomer(uidOf(req), body.customerId);
    const invoices = await stripe.invoices.list({ customer, limit: 24 });
    const response: InvoiceList = {
      data: invoices.data.map(
        (invoice): InvoiceSummary => ({
          id: invoice.id,
          number: invoice.number,
          date: new Date(invoice.created * 1000).toISOString(),
          amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency,
          status: invoice.status,
          hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
          invoicePdf: invoice.invoice_pdf ?? null,
        }),
      ),
    };
    res.json(response);
  });

  router.post(BILLING_API.upcomingInvoice, authed, async (req, res) => {
    if (!stripe) {
      logger.warn('upcoming invoice asked for but Stripe is not configured; answering null');
      res.json(null);
      return;
    }
    const body = parseOr400(upcomingSchema, req.body);
    const uid = uidOf(req);
    const own = await ownCustomer(uid);
    if (body.customerId && body.customerId !== own) throw forbidden(FORBIDDEN_CUSTOMER);
    let upcoming: UpcomingInvoice | null = null;
    if (own) {
      try {
        const invoice = await stripe.invoices.retrieveUpcoming({ customer: own });
        const period = invoice.lines?.data?.[0]?.period;
        upcoming = {
          amountDue: invoice.amount_due,
          currency: invoice.currency,
          nextPaymentAttempt: toIso(invoice.next_payment_attempt),
          periodStart: toIso(period?.start ?? invoice.period_start),
          periodEnd: toIso(period?.end ?? invoice.period_end),
        };
      } catch (error) {
        // No upcoming invoice (none due, canceled...) or Stripe unreachable: the page shows none.
        logger.info({ err: error }, 'no upcoming invoice');
      }
    }
    res.json(upcoming);
  });

  router.post(BILLING_API.changeBillingCycle, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(changeBillingCycleSchema, req.body);
    res.json({ subscription: await oneAtATime(req, () => changeBillingCycle(client, req, body)) });
  });

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

  router.post(BILLING_API.changePackage, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(changePackageSchema, req.body);
    res.json({ subscription: await oneAtATime(req, () => changePackage(client, req, body)) });
  });

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

  router.post(BILLING_API.cancelSubscription, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(cancelSchema, req.body);
    res.json({ subscription: await oneAtATime(req, () => cancel(client, req, body)) });
  });

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

  // Stripe refused or could not be reached: not the client's fault, and not ours either. First, because a
  // Stripe error carries Stripe's own 4xx statusCode, which the kit would otherwise answer as the client's.
  router.use(((error, _req, res, next) => {
    if (error instanceof StripeErrors.StripeError) {
      logger.error({ err: error, type: error.type, code: error.code }, 'Stripe request failed');
      res.status(502).json({ error: `Stripe request failed: ${error.message}` });
      return;
    }
    next(error);
  }) as ErrorRequestHandler);
  router.use(serviceErrors({ store: { name: 'membership', logger } }));
  return router;
}
