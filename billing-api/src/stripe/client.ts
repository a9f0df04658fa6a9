// The Stripe client, built from the environment. The same code path talks to
// real Stripe and to the test fake (STRIPE_API_HOST/PORT/PROTOCOL point the
// SDK elsewhere); no secret key means billing is not configured.
import Stripe from 'stripe';

/** The API version the product is written against (stripe@14). */
export const STRIPE_API_VERSION = '2023-10-16' as const;

export interface StripeSettings {
  secretKey: string | null;
  webhookSecret: string | null;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Seconds a webhook signature stays valid (Stripe's default is 300). */
  webhookTolerance?: number;
}

export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv): StripeSettings {
  const port = env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port <= 0 || port > 65535)) throw new Error(`STRIPE_API_PORT must be a port number, got '${env.STRIPE_API_PORT}'`);
  const protocol = env.STRIPE_API_PROTOCOL;
  if (protocol !== undefined && protocol !== '' && protocol !== 'http' && protocol !== 'https') throw new Error(`STRIPE_API_PROTOCOL must be http or https, got '${protocol}'`);
  return {
    secretKey: env.STRIPE_SECRET_KEY?.trim() || null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    host: env.STRIPE_API_HOST?.trim() || undefined,
    port,
    protocol: protocol ? protocol : undefined,
  };
}

/** The SDK client, or null when no secret key is set. */
export function createStripeClient(settings: StripeSettings): Stripe | null {
  if (!settings.secretKey) return null;
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // A failed call surfaces as an error (500 for actions); Stripe's retries would only slow the answer.
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
}
