// POST /api/webhooks/stripe: the raw body (mounted before the JSON parser),
// the signature checked against the endpoint secret, then the event applied
// to Firestore in one transaction that also records its id. A redelivery is
// acknowledged and changes nothing; a handler failure answers 500 so Stripe retries.
import express, { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { BILLING_API, BILLING_COLLECTIONS, BILLING_ERROR_CODES, BILLING_MESSAGES } from '@agentflow/shared/server';
import { messageOf } from '@agentflow/shared/domain';
import { idOf } from '../billing/stripeObjects.js';
import { applyStripeSubscription, recordIgnoredEvent, type ApplyOutcome } from '../billing/subscriptionSync.js';

/** The events the handler acts on; stripe:sync subscribes the webhook endpoint to exactly these. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

/** The API version the handler reads (later versions moved fields such as current_period_start); the endpoint must be pinned to it. */
export const STRIPE_WEBHOOK_API_VERSION = '2023-10-16';

/** Seconds a signature stays valid: Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_BODY_LIMIT = '1mb';

export interface WebhookOptions {
  db: Firestore;
  stripe: Stripe | null;
  webhookSecret: string | null;
  logger: Logger;
  now: () => Date;
  toleranceSeconds?: number;
}

export function createStripeWebhookRouter({ db, stripe, webhookSecret, logger, now, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS }: WebhookOptions): Router {
  const router = Router();

  const handle = async (client: Stripe, event: Stripe.Event): Promise<ApplyOutcome | 'ignored'> => {
    // A redelivery needs no Stripe call; the transaction checks again.
    if ((await db.collection(BILLING_COLLECTIONS.stripeEvents).doc(event.id).get()).exists) return 'duplicate';
    const record = { id: event.id, type: event.type };
    const apply = async (subscription: Stripe.Subscription, extra: { uid?: string | null; statusOverride?: 'past_due' } = {}) =>
      (await applyStripeSubscription(db, { subscription, version: event.created, event: record, now: now(), ...extra })).outcome;
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return apply(event.data.object);
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId) break;
        const uid = session.metadata?.userId ?? session.client_reference_id ?? null;
        return apply(await client.subscriptions.retrieve(subscriptionId), { uid });
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.subscription);
        if (!subscriptionId) break;
        // The subscription as Stripe has it now: the invoice alone does not carry its status.
        const subscription = await client.subscriptions.retrieve(subscriptionId);
        return apply(subscription, event.type === 'invoice.payment_failed' ? { statusOverride: 'past_due' } : {});
      }
      default:
        break;
    }
    return (await recordIgnoredEvent(db, { id: event.id, type: event.type, created: event.created })) ? 'ignored' : 'duplicate';
  };

  router.post(BILLING_API.stripeWebhook, express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    if (!stripe) {
      logger.warn('Stripe webhook received but STRIPE_SECRET_KEY is not set');
      res.status(503).json({ error: BILLING_MESSAGES.notConfigured, code: BILLING_ERROR_CODES.notConfigured });
      return;
    }
    if (!webhookSecret) {
      logger.warn('Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set');
      res.status(503).json({ error: 'Stripe webhooks are not configured. Please add your Stripe webhook signing secret to the environment variables.' });
      return;
    }
    const signature = req.get('stripe-signature');
    if (!signature) {
      res.status(400).json({ error: 'Missing Stripe-Signature header' });
      return;
    }
    if (!Buffer.isBuffer(req.body)) {
      res.status(400).json({ error: 'The webhook body must be application/json' });
      return;
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, webhookSecret, toleranceSeconds);
    } catch (error) {
      res.status(400).json({ error: `Webhook signature verification failed: ${messageOf(error)}` });
      return;
    }
    try {
      const outcome = await handle(stripe, event);
      if (outcome === 'unknown_price') {
        // Acknowledged so Stripe stops retrying; the operator must map the price to a plan (npm run stripe:sync) or remove it.
        logger.error({ eventId: event.id, type: event.type, outcome }, 'stripe webhook: the subscription\'s price matches no plan; recorded in stripeEvents and not applied');
      } else logger.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      res.json({ received: true, outcome });
    } catch (error) {
      logger.error({ err: error, eventId: event.id, type: event.type }, 'stripe webhook handler failed');
      res.status(500).json({ error: 'Webhook handler failed' });
    }
  });

  // Body-parser errors of this route (too large) as JSON, before they reach the generic handler.
  router.use(BILLING_API.stripeWebhook, ((error, _req, res, next) => {
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.too.large') {
      res.status(413).json({ error: `Webhook body exceeds the ${WEBHOOK_BODY_LIMIT} limit` });
      return;
    }
    next(error);
  }) as express.ErrorRequestHandler);
  return router;
}
