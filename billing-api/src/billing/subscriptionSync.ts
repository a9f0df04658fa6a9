// Keeps Firestore true to Stripe: one transaction applies a Stripe subscription
// (from a webhook event or from billing-api's own call) to subscriptions/{subId},
// the user's membership (customer id, role) and the ledger (the period's
// credit), and records the event id, so a redelivery changes nothing.
import type Stripe from 'stripe';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  BILLING_COLLECTIONS,
  BILLING_MESSAGES,
  MEMBERSHIP_COLLECTIONS,
  SUBSCRIPTION_STATUSES,
  isMembershipRole,
  packageFromData,
  createSerialQueue,
  prepareMembershipUpdate,
  type BillingInterval,
  type MembershipChange,
  type MembershipPackage,
  type MembershipRole,
  type SubscriptionStatusName,
} from '@agentflow/shared/server';

/** The ledger reason of a subscription period's tokens. */
export const PERIOD_CREDIT_REASON = 'subscription_period';
/** The ledger reason of a plan change's balance reset. */
export const PLAN_CHANGE_REASON = 'plan_change';

/** One credit per (subscription, period): the idempotency key says which. */
export const periodCreditKey = (subscriptionId: string, periodStart: number) => `stripe:sub:${subscriptionId}:period:${periodStart}`;
/** One plan-change reset per (subscription, package, period): repeating a change grants nothing more. */
export const planChangeKey = (subscriptionId: string, packageId: string, periodStart: number) => `${PLAN_CHANGE_REASON}:${subscriptionId}:${packageId}:${periodStart}`;

/**
 * How long after a monthly period's end the ledger's 30-day refill stays held
 * back once Stripe has paid that period: Stripe's renewal (and its retries)
 * lands in this window, so a renewing subscriber gets one allowance per period;
 * when Stripe stops renewing, the refill resumes.
 */
export const REFILL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The membership role a bought plan grants. The webhook text says
 * requiredRole, but requiredRole is the eligibility floor ('free' for every
 * paid plan); the lead decided on the plan's role. One line to change.
 */
export function grantedRole(pkg: MembershipPackage): MembershipRole {
  return isMembershipRole(pkg.role) ? pkg.role : 'free';
}

/** Stripe statuses after which the plan no longer applies. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/**
 * The status stored for a Stripe subscription. One set to cancel at period end
 * is stored as 'canceled' (with cancelAtPeriodEnd true), as the cancel
 * endpoint stores it, so a later sync of the same state does not undo it.
 */
export function storedStatus(subscription: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>): SubscriptionStatusName {
  const status = subscription.status as string;
  if ((status === 'active' || status === 'trialing') && subscription.cancel_at_period_end) return 'canceled';
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatusName) : 'incomplete';
}

export const priceIdOf = (subscription: Stripe.Subscription): string | null => subscription.items?.data?.[0]?.price?.id ?? null;
const intervalOf = (subscription: Stripe.Subscription): BillingInterval => (subscription.items?.data?.[0]?.price?.recurring?.interval === 'year' ? 'year' : 'month');
export const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : value?.id ?? null);

/** The package one of whose prices is `priceId` (monthly, yearly or the legacy default), among `packages`. */
export function packageForPrice(packages: readonly MembershipPackage[], priceId: string | null): MembershipPackage | null {
  if (!priceId) return null;
  return packages.find((pkg) => pkg.stripePriceIdMonthly === priceId || pkg.stripePriceIdYearly === priceId || pkg.stripePriceId === priceId) ?? null;
}

export async function readPackages(db: Firestore, tx?: Transaction): Promise<MembershipPackage[]> {
  const collection = db.collection(MEMBERSHIP_COLLECTIONS.packages);
  const snapshot = tx ? await tx.get(collection) : await collection.get();
  return snapshot.docs.map((doc) => packageFromData(doc.id, doc.data()));
}

export interface ApplySubscriptionInput {
  subscription: Stripe.Subscription;
  /** Seconds: the event's `created`, or the time of billing-api's own call. Older than the stored one: state is not overwritten. */
  version: number;
  /** The webhook event, recorded in the same transaction; absent for billing-api's own calls. */
  event?: { id: string; type: string };
  /** The user when known (billing-api's own call); else from metadata or the customer id. */
  uid?: string | null;
  /** invoice.payment_failed: the subscription is past due whatever the object says. */
  statusOverride?: SubscriptionStatusName;
  /**
   * A plan change to another package: once the subscription is active or
   * trialing, the balance becomes the plan's tokensPerMonth, once per
   * (subscription, package, period). Ignored in any other status (nothing was paid).
   */
  resetBalance?: boolean;
  now: Date;
}

export type ApplyOutcome = 'applied' | 'stale' | 'duplicate' | 'unattributed';

export interface ApplyResult {
  outcome: ApplyOutcome;
  uid: string | null;
  credited: boolean;
}

const secondsToTimestamp = (seconds: number | null | undefined) => (typeof seconds === 'number' ? Timestamp.fromMillis(seconds * 1000) : null);

/**
 * Deliveries about one subscription run one at a time within this process:
 * Stripe sends several at once (checkout sends three) and they would otherwise
 * spend seconds in transaction contention. The transaction still makes it
 * exact across service instances.
 */
const oneAtATime = createSerialQueue();

/** Applies a Stripe subscription to Firestore in one transaction (see the file comment). */
export function applyStripeSubscription(db: Firestore, input: ApplySubscriptionInput): Promise<ApplyResult> {
  return oneAtATime(input.subscription.id, () => applyInTransaction(db, input));
}

/** The transaction alone, without the in-process queue: what two service instances race with (tests use it). */
export async function applyInTransaction(db: Firestore, input: ApplySubscriptionInput): Promise<ApplyResult> {
  const { subscription, version, event, now } = input;
  const eventRef = event ? db.collection(BILLING_COLLECTIONS.stripeEvents).doc(event.id) : null;
  const subscriptionRef = db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).doc(subscription.id);
  const customerId = idOf(subscription.customer);
  return db.runTransaction(
    async (tx) => {
      // Every read first (Firestore transactions read before they write).
      if (eventRef && (await tx.get(eventRef)).exists) return { outcome: 'duplicate', uid: null, credited: false };
      let uid = input.uid ?? subscription.metadata?.userId ?? null;
      const stored = await tx.get(subscriptionRef);
      if (!uid && typeof stored.get('userId') === 'string') uid = stored.get('userId') as string;
      if (!uid && customerId) {
        const owners = await tx.get(db.collection(MEMBERSHIP_COLLECTIONS.memberships).where('stripeCustomerId', '==', customerId).limit(1));
        uid = owners.docs[0]?.id ?? null;
      }
      const recordEvent = (outcome: ApplyOutcome) => {
        if (eventRef && event) {
          tx.create(eventRef, { type: event.type, created: version, subscriptionId: subscription.id, userId: uid, outcome, processedAt: FieldValue.serverTimestamp() });
        }
      };
      if (!uid) {
        // Nobody to attribute it to; a retry would not help.
        recordEvent('unattributed');
        return { outcome: 'unattributed', uid: null, credited: false };
      }
      const packages = await readPackages(db, tx);
      const metadataPackage = subscription.metadata?.packageId;
      const pkg = packageForPrice(packages, priceIdOf(subscription)) ?? packages.find((each) => each.id === metadataPackage) ?? null;
      if (!pkg) throw new Error(`${BILLING_MESSAGES.packageNotFoundForPrice}: ${priceIdOf(subscription) ?? 'none'}`);

      const storedVersion = stored.get('stripeVersion');
      const storedPeriod = stored.get('stripePeriodStart');
      const periodStart = subscription.current_period_start;
      const stale =
        stored.exists &&
        typeof storedVersion === 'number' &&
        (version < storedVersion || (version === storedVersion && typeof storedPeriod === 'number' && periodStart < storedPeriod));

      const rawStatus = input.statusOverride ?? (subscription.status as string);
      const live = rawStatus === 'active' || rawStatus === 'trialing';
      const paidPeriod = rawStatus === 'active' && pkg.tokensPerMonth > 0;
      const resetBalance = input.resetBalance === true && live;
      const creditKey = periodCreditKey(subscription.id, periodStart);
      const resetKey = planChangeKey(subscription.id, pkg.id, periodStart);
      const membership = await prepareMembershipUpdate(db, tx, uid, now, resetBalance ? [creditKey, resetKey] : paidPeriod ? [creditKey] : []);

      const change: MembershipChange = {};
      if (resetBalance) {
        // The plan change sets the balance; when it opens a period, it is that period's allowance.
        const key = membership.applied(creditKey) ? resetKey : creditKey;
        change.setBalance = { tokens: Math.max(0, pkg.tokensPerMonth), reason: PLAN_CHANGE_REASON, idempotencyKey: key };
      } else if (paidPeriod && !membership.applied(creditKey)) {
        // Credited whatever the delivery order: a period that was paid is paid.
        change.credit = { amount: pkg.tokensPerMonth, reason: PERIOD_CREDIT_REASON, idempotencyKey: creditKey };
      }
      const grantsAllowance =
        (change.setBalance !== undefined && !membership.applied(change.setBalance.idempotencyKey)) || (change.credit !== undefined && !membership.applied(change.credit.idempotencyKey));
      if (grantsAllowance && intervalOf(subscription) === 'month' && typeof subscription.current_period_end === 'number') {
        // Stripe now gives this period's allowance: the ledger's 30-day refill must not give it again (the ledger keeps the later date).
        change.holdRefillUntil = new Date(subscription.current_period_end * 1000 + REFILL_GRACE_MS);
      }
      if (!stale) {
        change.fields = { stripeCustomerId: customerId, subscriptionId: subscription.id };
        if (live) change.role = grantedRole(pkg);
        else if (ENDED_STATUSES.has(rawStatus) && (membership.membership.subscriptionId === subscription.id || membership.membership.subscriptionId === null)) change.role = 'free';
        const status = input.statusOverride ?? storedStatus(subscription);
        tx.set(
          subscriptionRef,
          {
            userId: uid,
            packageId: pkg.id,
            status,
            stripeSubscriptionId: subscription.id,
            stripeCustomerId: customerId,
            priceId: priceIdOf(subscription),
            interval: intervalOf(subscription),
            currentPeriodStart: secondsToTimestamp(subscription.current_period_start),
            currentPeriodEnd: secondsToTimestamp(subscription.current_period_end),
            cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
            stripeVersion: version,
            stripePeriodStart: periodStart,
            updatedAt: FieldValue.serverTimestamp(),
            ...(stored.exists ? {} : { createdAt: FieldValue.serverTimestamp() }),
          },
          { merge: true },
        );
      }
      const credited = change.credit !== undefined;
      membership.commit(change);
      recordEvent(stale ? 'stale' : 'applied');
      return { outcome: stale ? 'stale' : 'applied', uid, credited };
    },
    { maxAttempts: 30 },
  );
}

/** Records an event that changes nothing (a type billing-api does not act on), once. */
export async function recordIgnoredEvent(db: Firestore, event: { id: string; type: string; created: number }): Promise<boolean> {
  const ref = db.collection(BILLING_COLLECTIONS.stripeEvents).doc(event.id);
  return db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    tx.create(ref, { type: event.type, created: event.created, outcome: 'ignored', processedAt: FieldValue.serverTimestamp() });
    return true;
  });
}
