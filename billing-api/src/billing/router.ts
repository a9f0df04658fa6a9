// billing-api's Stripe endpoints (BILLING_API in @agentflow/shared). The
// caller comes from the ID token; every customer, subscription and payment
// method a body names must be the caller's (403 before any Stripe call that
// changes something). Without a Stripe secret key the actions answer 503 with
// the not-configured message and the reads answer empty. The checks before
// each action are in ownership.ts, the subscription changes in
// subscriptionChanges.ts, the request schemas in requests.ts.
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import {
  BILLING_API,
  createSerialQueue,
  forbidden,
  parseOr400,
  requireAuth,
  serviceErrors,
  type BillingStatus,
  type InvoiceList,
  type InvoiceSummary,
  type PaymentMethodList,
  type PortalSessionResponse,
  type UpcomingInvoice,
} from '@agentflow/shared/server';
import { createOwnership } from './ownership.js';
import {
  FORBIDDEN_CUSTOMER,
  cancelSchema,
  changeBillingCycleSchema,
  changePackageSchema,
  checkoutSchema,
  customerSchema,
  deletePaymentMethodSchema,
  isoOfSeconds,
  notConfigured,
  portalSchema,
  setDefaultSchema,
  upcomingSchema,
} from './requests.js';
import { idOf } from './stripeObjects.js';
import { createSubscriptionChanges } from './subscriptionChanges.js';

const StripeErrors = Stripe.errors;

export interface BillingRouterOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  /** null: no secret key, billing is not configured. */
  stripe: Stripe | null;
  /** Where success, cancel and return URLs may point (the app's origins). */
  allowedOrigins: readonly string[];
  now?: () => Date;
}

export function createBillingRouter(options: BillingRouterOptions): Router {
  const { db, logger, stripe, allowedOrigins } = options;
  const clock = options.now ?? (() => new Date());
  const authed: RequestHandler = requireAuth(options.auth);
  const router = Router();
  const uidOf = (req: Request) => req.caller!.uid;
  /**
   * Creating or changing a user's subscription runs one request at a time per
   * user in this process, so concurrent requests see each other's result;
   * Stripe idempotency keys cover several instances.
   */
  const perUser = createSerialQueue();
  const oneAtATime = <T>(req: Request, work: () => Promise<T>): Promise<T> => perUser(uidOf(req), work);
  /** Reads that need Stripe answer as if there were nothing (an empty list, no invoice) when it is not configured, and say so in the log. */
  const answerWithoutStripe = (res: Response, what: string, nothing: { data: readonly unknown[] } | null): void => {
    logger.warn(`${what} asked for but Stripe is not configured; answering ${nothing ? 'an empty list' : 'null'}`);
    res.json(nothing);
  };

  const requireStripe = (): Stripe => {
    if (!stripe) throw notConfigured();
    return stripe;
  };
  const ctx = { db, clock, allowedOrigins };
  const ownership = createOwnership(ctx);
  const { checkAppUrl, ownCustomer, requireOwnCustomer, requireOwnPaymentMethod } = ownership;
  const { checkout, changeBillingCycle, changePackage, cancel } = createSubscriptionChanges(ctx, ownership);

  // Public: whether payments exist here, so the plans page can say so before anyone clicks Subscribe.
  router.get(BILLING_API.status, (_req, res) => {
    const body: BillingStatus = { configured: stripe !== null };
    res.json(body);
  });

  router.post(BILLING_API.createCheckoutSession, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(checkoutSchema, req.body);
    res.json(await oneAtATime(req, () => checkout(client, req, body)));
  });

  router.post(BILLING_API.createPortalSession, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(portalSchema, req.body);
    checkAppUrl('returnUrl', body.returnUrl);
    const customer = await requireOwnCustomer(uidOf(req), body.customerId);
    const session = await client.billingPortal.sessions.create({ customer, return_url: body.returnUrl });
    const response: PortalSessionResponse = { url: session.url };
    res.json(response);
  });

  router.post(BILLING_API.paymentMethods, authed, async (req, res) => {
    if (!stripe) return answerWithoutStripe(res, 'payment methods', { data: [] } satisfies PaymentMethodList);
    const body = parseOr400(customerSchema, req.body);
    const customer = await requireOwnCustomer(uidOf(req), body.customerId);
    const [methods, details] = await Promise.all([stripe.paymentMethods.list({ customer, type: 'card', limit: 100 }), stripe.customers.retrieve(customer)]);
    const defaultId = 'deleted' in details && details.deleted ? null : idOf(details.invoice_settings?.default_payment_method);
    const response: PaymentMethodList = {
      data: methods.data.map((pm) => ({
        id: pm.id,
        brand: pm.card?.brand ?? pm.type,
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
        isDefault: pm.id === defaultId,
      })),
    };
    res.json(response);
  });

  router.post(BILLING_API.setDefaultPaymentMethod, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(setDefaultSchema, req.body);
    const uid = uidOf(req);
    const customer = await requireOwnCustomer(uid, body.customerId);
    await requireOwnPaymentMethod(client, uid, body.paymentMethodId, customer);
    await client.customers.update(customer, { invoice_settings: { default_payment_method: body.paymentMethodId } });
    res.json({ success: true });
  });

  router.post(BILLING_API.deletePaymentMethod, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(deletePaymentMethodSchema, req.body);
    await requireOwnPaymentMethod(client, uidOf(req), body.paymentMethodId);
    await client.paymentMethods.detach(body.paymentMethodId);
    res.json({ success: true });
  });

  router.post(BILLING_API.invoices, authed, async (req, res) => {
    if (!stripe) return answerWithoutStripe(res, 'invoices', { data: [] } satisfies InvoiceList);
    const body = parseOr400(customerSchema, req.body);
    const customer = await requireOwnCustomer(uidOf(req), body.customerId);
    const invoices = await stripe.invoices.list({ customer, limit: 24 });
    const response: InvoiceList = {
      data: invoices.data.map(
        (invoice): InvoiceSummary => ({
          id: invoice.id,
          number: invoice.number,
          date: new Date(invoice.created * 1000).toISOString(),
          amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency,
          status: invoice.status,
          hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
          invoicePdf: invoice.invoice_pdf ?? null,
        }),
      ),
    };
    res.json(response);
  });

  router.post(BILLING_API.upcomingInvoice, authed, async (req, res) => {
    if (!stripe) return answerWithoutStripe(res, 'upcoming invoice', null);
    const body = parseOr400(upcomingSchema, req.body);
    const uid = uidOf(req);
    const own = await ownCustomer(uid);
    if (body.customerId && body.customerId !== own) throw forbidden(FORBIDDEN_CUSTOMER);
    let upcoming: UpcomingInvoice | null = null;
    if (own) {
      try {
        const invoice = await stripe.invoices.retrieveUpcoming({ customer: own });
        const period = invoice.lines?.data?.[0]?.period;
        upcoming = {
          amountDue: invoice.amount_due,
          currency: invoice.currency,
          nextPaymentAttempt: isoOfSeconds(invoice.next_payment_attempt),
          periodStart: isoOfSeconds(period?.start ?? invoice.period_start),
          periodEnd: isoOfSeconds(period?.end ?? invoice.period_end),
        };
      } catch (error) {
        // No upcoming invoice (none due, canceled...) or Stripe unreachable: the page shows none.
        logger.info({ err: error }, 'no upcoming invoice');
      }
    }
    res.json(upcoming);
  });

  router.post(BILLING_API.changeBillingCycle, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(changeBillingCycleSchema, req.body);
    res.json({ subscription: await oneAtATime(req, () => changeBillingCycle(client, req, body)) });
  });

  router.post(BILLING_API.changePackage, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(changePackageSchema, req.body);
    res.json({ subscription: await oneAtATime(req, () => changePackage(client, req, body)) });
  });

  router.post(BILLING_API.cancelSubscription, authed, async (req, res) => {
    const client = requireStripe();
    const body = parseOr400(cancelSchema, req.body);
    res.json({ subscription: await oneAtATime(req, () => cancel(client, req, body)) });
  });

  // Stripe refused or could not be reached: not the client's fault, and not ours either. First, because a
  // Stripe error carries Stripe's own 4xx statusCode, which the kit would otherwise answer as the client's.
  router.use(((error, _req, res, next) => {
    if (error instanceof StripeErrors.StripeError) {
      logger.error({ err: error, type: error.type, code: error.code }, 'Stripe request failed');
      res.status(502).json({ error: `Stripe request failed: ${error.message}` });
      return;
    }
    next(error);
  }) as ErrorRequestHandler);
  router.use(serviceErrors({ store: { name: 'membership', logger } }));
  return router;
}
