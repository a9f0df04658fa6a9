// What the billing routes read and check before they act: the caller's own
// Stripe customer, stored subscriptions and payment methods (anything else is
// a 403 before Stripe is asked to change it), the plans, and storing what
// Stripe answered.
import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { BILLING_MESSAGES, HttpError, MEMBERSHIP_COLLECTIONS, badRequest, forbidden, notFound, packageFromData, readMembership, type MembershipPackage, type Subscription } from '@agentflow/shared/server';
import { subscriptionFromData } from '../membership/router.js';
import { FORBIDDEN_CUSTOMER, FORBIDDEN_PAYMENT_METHOD, FORBIDDEN_SUBSCRIPTION, isLive } from './requests.js';
import { idOf, isStripeNotFound } from './stripeObjects.js';
import { applyStripeSubscription } from './subscriptionSync.js';

export interface BillingContext {
  db: Firestore;
  clock: () => Date;
  /** Where success, cancel and return URLs may point (the app's origins). */
  allowedOrigins: readonly string[];
}

export function createOwnership({ db, clock, allowedOrigins }: BillingContext) {
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

  return { checkAppUrl, ownCustomer, requireOwnCustomer, packageById, storedSubscriptions, ownSubscription, retrieveSubscription, requireOwnPaymentMethod, liveSubscription, stateStamp, store };
}

export type Ownership = ReturnType<typeof createOwnership>;
