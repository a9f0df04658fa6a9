// Keeps Firestore true to Stripe: one transaction applies a Stripe subscription
// (from a webhook event or from billing-api's own call) to subscriptions/{subId},
// the user's membership (customer id, role) and the ledger (the period's
// credit), and records the event id, so a redelivery changes nothing.
import type Stripe from 'stripe';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  BILLING_COLLECTIONS,
  ENDED_SUBSCRIPTION_STATUSES,
  MEMBERSHIP_COLLECTIONS,
  PLAN_GRANTING_STATUSES,
  SUBSCRIPTION_STATUSES,
  isPlanRole,
  packageFromData,
  createSerialQueue,
  prepareMembershipUpdate,
  subscriptionStatusIn,
  type BillingInterval,
  type MembershipChange,
  type MembershipPackage,
  type PlanRole,
  type SubscriptionStatusName,
} from '@agentflow/shared/server';
import { capTeamToOwnerPlan } from '../membership/teamSeats.js';
import { idOf } from './stripeObjects.js';

/**
 * The membership role a bought plan grants. The webhook text says
 * requiredRole, but requiredRole is the eligibility floor ('free' for every
 * paid plan); the lead decided on the plan's role. One line to change.
 */
export function grantedRole(pkg: MembershipPackage): PlanRole {
  return isPlanRole(pkg.role) ? pkg.role : 'free';
}

/**
 * The status stored for a Stripe subscription. One set to cancel at period end
 * is stored as 'canceled' (with cancelAtPeriodEnd true), as the cancel
 * endpoint stores it, so a later sync of the same state does not undo it.
 */
export function storedStatus(subscription: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>): SubscriptionStatusName {
  const status = subscription.status as string;
  if (subscriptionStatusIn(PLAN_GRANTING_STATUSES, status) && subscription.cancel_at_period_end) return 'canceled';
  return subscriptionStatusIn(SUBSCRIPTION_STATUSES, status) ? (status as SubscriptionStatusName) : 'incomplete';
}

export const priceIdOf = (subscription: Stripe.Subscription): string | null => subscription.items?.data?.[0]?.price?.id ?? null;
const intervalOf = (subscription: Stripe.Subscription): BillingInterval => (subscription.items?.data?.[0]?.price?.recurring?.interval === 'year' ? 'year' : 'month');

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
  now: Date;
}

/**
 * unknown_price: the subscription's price belongs to no plan (a price made in
 * the Stripe dashboard, a plan removed). Acknowledged and recorded, so Stripe
 * stops retrying; the operator sees it in the log.
 */
export type ApplyOutcome = 'applied' | 'stale' | 'duplicate' | 'unattributed' | 'unknown_price';

export interface ApplyResult {
  outcome: ApplyOutcome;
  uid: string | null;
  /** Tokens the plan's allowance added (the allowance rule: only what this month had not granted yet). */
  granted: number;
}

const secondsToTimestamp = (seconds: number | null | undefined) => (typeof seconds === 'number' ? Timestamp.fromMillis(seconds * 1000) : null);

/**
 * Deliveries about one subscription run one at a time within this process:
 * Stripe sends several at once (checkout sends three) and they would otherwise
 * spend seconds in transaction contention. The transaction still makes it
 * exact across service instances.
 */
const oneAtATime = createSerialQueue();

/**
 * Applies a Stripe subscription to Firestore in one transaction (see the file
 * comment); then, when the owner's plan may have dropped, caps their team's
 * roles to it at once (team reads and joins cap it too, so a failure here is
 * caught up on the next read and does not fail the delivery that was applied).
 */
export async function applyStripeSubscription(db: Firestore, input: ApplySubscriptionInput): Promise<ApplyResult> {
  const result = await oneAtATime(input.subscription.id, () => applyInTransaction(db, input));
  if (result.outcome === 'applied' && result.uid) {
    await capTeamToOwnerPlan({ db, now: () => input.now }, result.uid).catch(() => 0);
  }
  return result;
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
      if (eventRef && (await tx.get(eventRef)).exists) return { outcome: 'duplicate', uid: null, granted: 0 };
      let uid = input.uid ?? subscription.metadata?.userId ?? null;
      const stored = await tx.get(subscriptionRef);
      if (!uid && typeof stored.get('userId') === 'string') uid = stored.get('userId') as string;
      if (!uid && customerId) {
        const owners = await tx.get(db.collection(MEMBERSHIP_COLLECTIONS.memberships).where('stripeCustomerId', '==', customerId).limit(1));
        uid = owners.docs[0]?.id ?? null;
      }
      const recordEvent = (outcome: ApplyOutcome, extra: Record<string, unknown> = {}) => {
        if (eventRef && event) {
          tx.create(eventRef, { type: event.type, created: version, subscriptionId: subscription.id, userId: uid, outcome, ...extra, processedAt: FieldValue.serverTimestamp() });
        }
      };
      if (!uid) {
        // Nobody to attribute it to; a retry would not help.
        recordEvent('unattributed');
        return { outcome: 'unattributed', uid: null, granted: 0 };
      }
      const packages = await readPackages(db, tx);
      const metadataPackage = subscription.metadata?.packageId;
      const pkg = packageForPrice(packages, priceIdOf(subscription)) ?? packages.find((each) => each.id === metadataPackage) ?? null;
      if (!pkg) {
        // A retry would find no plan either: acknowledge, record, and leave the membership alone.
        recordEvent('unknown_price', { priceId: priceIdOf(subscription) });
        return { outcome: 'unknown_price', uid, granted: 0 };
      }

      const storedVersion = stored.get('stripeVersion');
      const storedPeriod = stored.get('stripePeriodStart');
      const periodStart = subscription.current_period_start;
      const stale =
        stored.exists &&
        typeof storedVersion === 'number' &&
        (version < storedVersion || (version === storedVersion && typeof storedPeriod === 'number' && periodStart < storedPeriod));

      const rawStatus = input.statusOverride ?? (subscription.status as string);
      const live = subscriptionStatusIn(PLAN_GRANTING_STATUSES, rawStatus);
      const membership = await prepareMembershipUpdate(db, tx, uid, now);
      const before = membership.grantedThisMonth;

      const change: MembershipChange = {};
      // A paid plan's allowance, by the one allowance rule (the ledger): this grants only what the
      // month has not granted yet, so a cycle switch, a switch back, a renewal within the month or a
      // downgrade grant nothing. A stale event's plan is history and grants nothing either.
      if (rawStatus === 'active' && !stale) change.planAllowance = Math.max(0, Math.floor(pkg.tokensPerMonth));
      if (!stale) {
        change.fields = { stripeCustomerId: customerId, subscriptionId: subscription.id };
        if (live) change.role = grantedRole(pkg);
        else if (subscriptionStatusIn(ENDED_SUBSCRIPTION_STATUSES, rawStatus) && (membership.membership.subscriptionId === subscription.id || membership.membership.subscriptionId === null)) change.role = 'free';
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
      const written = membership.commit(change);
      const granted = written.tokensRemaining - membership.membership.tokensRemaining;
      recordEvent(stale ? 'stale' : 'applied', granted > 0 ? { granted, grantedBefore: before } : {});
      return { outcome: stale ? 'stale' : 'applied', uid, granted };
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
