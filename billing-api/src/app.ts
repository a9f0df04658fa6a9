// billing-api's three folders, and the one way their imports point:
//   stripe/  →  billing/  →  membership/
// membership/ is what a user has: their plan (packages, plans.ts), allowance
// and team seats, in Firestore. billing/ is how they pay for it: checkout,
// portal, invoices, and applying a Stripe subscription to the membership.
// stripe/ is the Stripe-side plumbing: the SDK client, the webhook receiver,
// and the catalogue sync. A folder never imports from one to its left; this
// file (and server.ts) wires all three.
import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { createFirestoreProbe, createMeRouter, createServiceApp } from '@agentflow/shared/server';
import { createBillingRouter } from './billing/router.js';
import { createMembershipRouter } from './membership/router.js';
import { createStripeClient, type StripeSettings } from './stripe/client.js';
import { createStripeWebhookRouter } from './stripe/webhook.js';

export const SERVICE_NAME = 'billing-api';

export interface AppDependencies {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  allowedOrigins: readonly string[];
  /** The ledger's clock (tests move it); the system clock by default. */
  now?: () => Date;
  /** Stripe keys and endpoint; absent or without a secret key, billing is not configured. */
  stripe?: StripeSettings;
}

/** Builds the billing-api Express app; listening is server.ts's job, so tests mount it on any port. */
export function createApp({ auth, db, logger, allowedOrigins, now, stripe: settings }: AppDependencies): Express {
  const stripe = settings ? createStripeClient(settings) : null;
  if (!stripe) logger.warn('STRIPE_SECRET_KEY is not set: billing actions answer that Stripe is not configured');
  const clock = now ?? (() => new Date());
  return createServiceApp({
    name: SERVICE_NAME,
    allowedOrigins,
    logger,
    checkReadiness: createFirestoreProbe(db),
    // The webhook verifies the signature of the raw bytes, so it comes before the JSON parser.
    beforeBodyParsers: (app) => {
      app.use(createStripeWebhookRouter({ db, stripe, webhookSecret: settings?.webhookSecret ?? null, logger, now: clock, toleranceSeconds: settings?.webhookTolerance }));
    },
    routes: (app) => {
      app.use(createMeRouter(auth, db, SERVICE_NAME));
      app.use(createMembershipRouter({ auth, db, logger, now }));
      app.use(createBillingRouter({ auth, db, logger, stripe, allowedOrigins, now }));
    },
  });
}
