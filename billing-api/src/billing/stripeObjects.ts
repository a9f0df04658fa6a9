// Reading what the Stripe SDK hands back: ids of possibly expanded fields and
// Stripe's 404s. billing/ owns these (stripe/webhook reads them through here),
// so billing never imports from stripe/.
import Stripe from 'stripe';

/** The id of a field Stripe sends as an id or, when expanded, as the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : value?.id ?? null);

/** True for an error Stripe answered with a 404 (no such customer, subscription...). */
export function isStripeNotFound(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}
