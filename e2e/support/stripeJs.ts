// Stripe.js cannot be fetched offline (and must not be: the suite talks to the
// fake Stripe). Requests for https://js.stripe.com/** get this stand-in, which
// does what the real redirectToCheckout does: it leaves the page for the
// session's hosted Checkout page, here the fake Stripe's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

const STATE_FILE = path.resolve(__dirname, '../../.agentflow/e2e-stack.json');

/** The e2e stack's Stripe settings (what billing-api and the shell were started with): the fake Stripe's port, the keys, billing-api's URL. */
export function stackStripeEnv(): { port: number; webhookSecret: string; publishableKey: string | null; billingApiUrl: string; env: Record<string, string> } {
  const { env } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { env: Record<string, string> };
  if (!env.STRIPE_API_PORT || !env.STRIPE_WEBHOOK_SECRET) throw new Error('The e2e stack was started without the test Stripe settings (STRIPE_API_PORT, STRIPE_WEBHOOK_SECRET)');
  return {
    port: Number(env.STRIPE_API_PORT),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    billingApiUrl: env.BILLING_API_URL ?? '',
    env,
  };
}

/** The stand-in's source: window.Stripe(key) → { redirectToCheckout({sessionId}) } (what @stripe/stripe-js calls). */
export function stripeJsDoubleSource(checkoutBaseUrl: string): string {
  return `(function () {
  var base = ${JSON.stringify(checkoutBaseUrl.replace(/\/+$/, ''))};
  var record = (window.__stripeJsDouble = window.__stripeJsDouble || { keys: [], redirects: [] });
  function Stripe(key) {
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('IntegrationError: Invalid API Key provided: ' + key);
    record.keys.push(key);
    return {
      redirectToCheckout: function (options) {
        if (!options || typeof options.sessionId !== 'string' || !options.sessionId) {
          return Promise.resolve({ error: { type: 'validation_error', message: 'redirectToCheckout needs a sessionId' } });
        }
        record.redirects.push(options.sessionId);
        window.location.assign(base + '/checkout/' + encodeURIComponent(options.sessionId));
        // Like Stripe.js: the promise only settles when the redirect failed.
        return new Promise(function () {});
      },
    };
  }
  Stripe.version = 'basil';
  window.Stripe = Stripe;
})();
`;
}

/** Serves the stand-in for every Stripe.js URL in this browser; `loads` lists the URLs it answered. */
export async function serveStripeJsDouble(context: BrowserContext, checkoutBaseUrl: string): Promise<{ loads: string[] }> {
  const loads: string[] = [];
  const body = stripeJsDoubleSource(checkoutBaseUrl);
  await context.route('https://js.stripe.com/**', async (route) => {
    loads.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body, headers: { 'Access-Control-Allow-Origin': '*' } });
  });
  return { loads };
}
