// Sending the browser to Stripe: Checkout through Stripe.js's
// redirectToCheckout (falling back to the session's own URL), the customer
// portal by its URL. Stripe.js is imported here, on Subscribe, so the billing
// pages' first view never downloads it.
import type { CheckoutSessionResponse } from '@agentflow/shared';
import { loggedActionError } from './client';

/** Leaving the app for Stripe (an object, so tests can watch it: jsdom cannot navigate). */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Opens the hosted Checkout page of `session`. Without a publishable key the
 * session URL is opened directly. When Stripe.js cannot load, rejects with
 * the 'loadStripe' error (nothing is opened); when it loads but cannot
 * redirect, the session URL is opened instead.
 */
export async function openCheckout(session: CheckoutSessionResponse, publishableKey: string | null): Promise<void> {
  if (!publishableKey) {
    if (!session.url) throw loggedActionError('checkout', 0, null);
    browserLocation.assign(session.url);
    return;
  }
  let stripe: Awaited<ReturnType<typeof import('@stripe/stripe-js').loadStripe>>;
  try {
    const { loadStripe } = await import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js');
    stripe = await loadStripe(publishableKey);
  } catch (cause) {
    throw loggedActionError('loadStripe', 0, null, cause);
  }
  if (!stripe) throw loggedActionError('loadStripe', 0, null);
  // redirectToCheckout only returns when it could not leave the page.
  const result = await stripe.redirectToCheckout({ sessionId: session.id });
  if (session.url) {
    console.error('[billing] redirectToCheckout failed; opening the session URL', result?.error);
    browserLocation.assign(session.url);
    return;
  }
  throw loggedActionError('checkout', 0, result?.error?.message ?? null);
}

/** Opens Stripe's customer portal session. */
export function openPortal(url: string): void {
  browserLocation.assign(url);
}
