// Events: building them, signing them like Stripe, posting them to the
// webhook URL, and the moves of a subscription's life that make them (a paid
// Checkout, a renewal, a failed renewal).
import Stripe from 'stripe';
import type { StripeObjects, StripeState } from './objects.js';
import type { Delivery, FakeStripe, FakeStripeOptions, StripeObject } from './types.js';
import { API_VERSION, StripeHttpError, clone, missing, newId, nowSeconds, periodSeconds } from './wire.js';

export function createEvents(state: StripeState, objects: StripeObjects, options: FakeStripeOptions) {
  const { checkoutSessions, invoices, events, deliveries } = state;
  const { addPaymentMethod, createCustomer, createInvoice, getPrice, getSubscription, newSubscription, publicSession } = objects;
  const stripe = new Stripe('sk_test_fake_signing_only', { apiVersion: API_VERSION });

  const buildEvent: FakeStripe['buildEvent'] = (type, object, fields = {}) => {
    const event: StripeObject = {
      id: fields.id ?? newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: fields.created ?? nowSeconds(),
      type,
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    return event;
  };

  const signatureFor: FakeStripe['signatureFor'] = (payload, { secret = options.webhookSecret, timestamp } = {}) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });

  const deliver: FakeStripe['deliver'] = async (event, deliverOptions = {}) => {
    const url = deliverOptions.url ?? state.webhookUrl;
    if (!url) throw new Error('The fake Stripe has no webhook URL: pass webhookUrl or call setWebhookUrl');
    const payload = JSON.stringify(event, null, 2);
    const signature = deliverOptions.signature ?? signatureFor(payload, { secret: deliverOptions.secret, timestamp: deliverOptions.timestamp });
    let delivery: Delivery;
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
      delivery = { event, status: response.status, body: await response.text() };
    } catch (error) {
      delivery = { event, status: 0, body: error instanceof Error ? error.message : String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  };

  const deliverAll = async (built: StripeObject[]): Promise<Delivery[]> => {
    const results: Delivery[] = [];
    // One after the other, as Stripe's retries make no ordering promise but tests want a known order.
    for (const event of built) results.push(await deliver(event));
    return results;
  };

  const completeCheckout: FakeStripe['completeCheckout'] = async (sessionId) => {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status === 'complete') {
      const subscription = getSubscription(session.subscription);
      return { session, subscription, invoice: invoices.get(subscription.latest_invoice) ?? {}, deliveries: [] };
    }
    if (session.status !== 'open') throw new StripeHttpError(400, 'This Checkout Session is no longer active.', undefined, 'checkout_session_inactive');
    const customerId: string = session.customer ?? createCustomer({ email: session.customer_email ?? undefined }).id;
    session.customer = customerId;
    const pm = addPaymentMethod(customerId, { makeDefault: true });
    const lineItem = session.__lineItems[0];
    const price = getPrice(lineItem?.price);
    const subscription = newSubscription(customerId, price, { metadata: session.__subscriptionMetadata ?? {}, defaultPaymentMethod: pm.id });
    const invoice = createInvoice(subscription, { status: 'paid', billingReason: 'subscription_create' });
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    const created = nowSeconds();
    const built = [
      buildEvent('checkout.session.completed', publicSession(session), { created }),
      buildEvent('customer.subscription.created', subscription, { created }),
      buildEvent('invoice.paid', invoice, { created }),
    ];
    return { session, subscription, invoice, deliveries: state.webhookUrl ? await deliverAll(built) : [] };
  };

  /**
   * The subscription's next period begins: `paid` renews it (active, a paid
   * invoice), otherwise the charge failed (past_due, an open invoice). The
   * renewal happens "now" in Stripe's eyes: its events are newer than anything before.
   */
  const renew = async (subscriptionId: string, paid: boolean, send: boolean) => {
    const subscription = getSubscription(subscriptionId);
    const interval = subscription.items.data[0]?.price?.recurring?.interval ?? 'month';
    subscription.current_period_start = subscription.current_period_end;
    subscription.current_period_end = subscription.current_period_start + periodSeconds(interval);
    subscription.status = paid ? 'active' : 'past_due';
    const invoice = createInvoice(subscription, { status: paid ? 'paid' : 'open', billingReason: 'subscription_cycle' });
    const created = Math.max(nowSeconds(), ...events.map((event) => event.created as number)) + 1;
    const built = paid
      ? [buildEvent('customer.subscription.updated', subscription, { created }), buildEvent('invoice.paid', invoice, { created })]
      : [buildEvent('invoice.payment_failed', invoice, { created }), buildEvent('customer.subscription.updated', subscription, { created })];
    return { subscription, invoice, deliveries: send ? await deliverAll(built) : [] };
  };
  const advancePeriod: FakeStripe['advancePeriod'] = (subscriptionId, { deliver: send = true } = {}) => renew(subscriptionId, true, send);
  const failPayment: FakeStripe['failPayment'] = (subscriptionId, { deliver: send = true } = {}) => renew(subscriptionId, false, send);

  const emitLater = (type: string, object: StripeObject) => {
    if (!options.emitApiEvents || !state.webhookUrl) return;
    const event = buildEvent(type, object);
    setImmediate(() => void deliver(event));
  };

  return { buildEvent, signatureFor, deliver, completeCheckout, advancePeriod, failPayment, emitLater };
}

export type StripeEvents = ReturnType<typeof createEvents>;
