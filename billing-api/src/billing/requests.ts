// What billing-api's Stripe endpoints accept and refuse: the body schemas
// (every id a Stripe id of the right kind, or a document id), the refusals
// they share, and the idempotency key of each intended change.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BILLING_ERROR_CODES, BILLING_MESSAGES, HttpError, LIVE_SUBSCRIPTION_STATUSES, isDocumentId, subscriptionStatusIn } from '@agentflow/shared/server';

export const FORBIDDEN_CUSTOMER = 'Forbidden: this Stripe customer is not yours';
export const FORBIDDEN_SUBSCRIPTION = 'Forbidden: this subscription is not yours';
export const FORBIDDEN_PAYMENT_METHOD = 'Forbidden: this payment method is not yours';

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

export const notConfigured = () => new HttpError(503, BILLING_MESSAGES.notConfigured, BILLING_ERROR_CODES.notConfigured);
export const checkoutRequired = () => new HttpError(409, BILLING_MESSAGES.checkoutRequired, BILLING_ERROR_CODES.checkoutRequired);
export const subscriptionExists = () => new HttpError(409, BILLING_MESSAGES.subscriptionExists, BILLING_ERROR_CODES.subscriptionExists);

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
/** Stripe's Unix seconds as ISO 8601 (null when Stripe sent none). */
export const isoOfSeconds = (seconds: number | null | undefined): string | null => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);
/** A subscription Stripe still bills (LIVE_SUBSCRIPTION_STATUSES): the one a plan change updates. */
export const isLive = (status: string) => subscriptionStatusIn(LIVE_SUBSCRIPTION_STATUSES, status);
