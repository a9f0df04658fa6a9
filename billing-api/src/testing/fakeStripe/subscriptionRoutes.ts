// API routes for paying: payment methods, subscriptions and invoices
// (changes to subscriptions also emit their events when emitApiEvents is on).
import type { Route, RouteContext } from './api.js';
import type { StripeObject } from './types.js';
import { StripeHttpError, asBool, asInt, asList, asMetadata, checkParams, clone, list, missing, nowSeconds, periodSeconds, required } from './wire.js';

export function registerSubscriptionRoutes(route: Route, { state, objects, events }: RouteContext): void {
  const { customers, paymentMethods, subscriptions, invoices } = state;
  const { createInvoice, getCustomer, getPrice, getSubscription, newSubscription, withExpand } = objects;
  const { emitLater } = events;

  route('GET', '/v1/payment_methods', (params) => {
    checkParams(params, ['customer', 'type', 'limit', 'expand', 'starting_after', 'ending_before']);
    if (params.customer !== undefined) getCustomer(params.customer);
    const limit = params.limit === undefined ? 10 : asInt(params.limit, 'limit');
    const found = [...paymentMethods.values()].filter((pm) => pm.customer === params.customer && (params.type === undefined || pm.type === params.type));
    return list(found.slice(0, limit), '/v1/payment_methods', found.length > limit);
  });
  route('GET', '/v1/payment_methods/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    const pm = paymentMethods.get(id);
    if (!pm) throw missing('PaymentMethod', id);
    return withExpand(pm, params);
  });
  route('POST', '/v1/payment_methods/:id/attach', (params, [id = '']) => {
    checkParams(params, ['customer', 'expand']);
    const pm = paymentMethods.get(id);
    if (!pm) throw missing('PaymentMethod', id);
    if (!params.customer) throw required('customer');
    getCustomer(params.customer);
    if (pm.customer && pm.customer !== params.customer) throw new StripeHttpError(400, 'The payment method you provided has already been attached to a customer.', undefined, 'payment_method_unexpected_state');
    pm.customer = params.customer;
    return pm;
  });
  route('POST', '/v1/payment_methods/:id/detach', (params, [id = '']) => {
    checkParams(params, ['expand']);
    const pm = paymentMethods.get(id);
    if (!pm) throw missing('PaymentMethod', id);
    if (!pm.customer) throw new StripeHttpError(400, 'The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state');
    const customer = customers.get(pm.customer);
    if (customer?.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
    pm.customer = null;
    return pm;
  });

  route('GET', '/v1/subscriptions', (params) => {
    checkParams(params, ['customer', 'status', 'price', 'limit', 'expand']);
    const limit = params.limit === undefined ? 10 : asInt(params.limit, 'limit');
    const found = [...subscriptions.values()].filter(
      (sub) => (params.customer === undefined || sub.customer === params.customer) && (params.status === undefined || params.status === 'all' || sub.status === params.status) && (params.status !== undefined || sub.status !== 'canceled'),
    );
    return withExpand(list(found.slice(0, limit), '/v1/subscriptions', found.length > limit), params);
  });
  route('GET', '/v1/subscriptions/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    return withExpand(getSubscription(id), params);
  });
  route('POST', '/v1/subscriptions', (params) => {
    checkParams(params, ['customer', 'items', 'metadata', 'default_payment_method', 'payment_behavior', 'proration_behavior', 'expand', 'collection_method']);
    if (!params.customer) throw required('customer');
    const customer = getCustomer(params.customer);
    const items = asList(params.items) as StripeObject[];
    if (items.length !== 1) throw new StripeHttpError(400, 'This fake supports exactly one subscription item.', 'items');
    checkParams(items[0] ?? {}, ['price', 'quantity']);
    const price = getPrice(items[0]?.price, 'items[0][price]');
    const paymentMethod = params.default_payment_method ?? customer.invoice_settings.default_payment_method;
    // Without a card to charge, Stripe leaves a new subscription incomplete.
    const status = params.payment_behavior === 'default_incomplete' || !paymentMethod ? 'incomplete' : 'active';
    const subscription = newSubscription(customer.id, price, { metadata: asMetadata(params.metadata), status, defaultPaymentMethod: paymentMethod ?? null });
    createInvoice(subscription, { status: status === 'active' ? 'paid' : 'open', billingReason: 'subscription_create' });
    emitLater('customer.subscription.created', subscription);
    return withExpand(subscription, params);
  });
  route('POST', '/v1/subscriptions/:id', (params, [id = '']) => {
    checkParams(params, ['items', 'cancel_at_period_end', 'proration_behavior', 'metadata', 'expand', 'default_payment_method', 'payment_behavior']);
    const subscription = getSubscription(id);
    if (subscription.status === 'canceled') throw new StripeHttpError(400, 'A canceled subscription can only update its cancellation_details and metadata.', undefined, 'resource_missing');
    if (params.proration_behavior !== undefined && !['create_prorations', 'none', 'always_invoice'].includes(params.proration_behavior)) {
      throw new StripeHttpError(400, 'Invalid proration_behavior', 'proration_behavior');
    }
    for (const [index, item] of (asList(params.items) as StripeObject[]).entries()) {
      checkParams(item, ['id', 'price', 'quantity', 'deleted']);
      const existing = subscription.items.data.find((each: StripeObject) => each.id === item.id);
      if (!existing) throw missing('subscription item', String(item.id), `items[${index}][id]`);
      if (item.price !== undefined) {
        const price = getPrice(item.price, `items[${index}][price]`);
        const oldInterval = existing.price.recurring?.interval;
        existing.price = clone(price);
        if (price.recurring?.interval !== oldInterval) {
          // A new interval starts a new period now (Stripe resets the billing anchor).
          subscription.current_period_start = nowSeconds();
          subscription.current_period_end = subscription.current_period_start + periodSeconds(price.recurring?.interval);
        }
      }
    }
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = asBool(params.cancel_at_period_end, 'cancel_at_period_end');
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.current_period_end : null;
      subscription.canceled_at = subscription.cancel_at_period_end ? nowSeconds() : null;
    }
    if (params.metadata !== undefined) subscription.metadata = { ...subscription.metadata, ...asMetadata(params.metadata) };
    if (params.default_payment_method !== undefined) subscription.default_payment_method = params.default_payment_method;
    emitLater('customer.subscription.updated', subscription);
    return withExpand(subscription, params);
  });
  route('DELETE', '/v1/subscriptions/:id', (params, [id = '']) => {
    checkParams(params, ['invoice_now', 'prorate', 'expand']);
    const subscription = getSubscription(id);
    Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
    emitLater('customer.subscription.deleted', subscription);
    return withExpand(subscription, params);
  });

  route('GET', '/v1/invoices', (params) => {
    checkParams(params, ['customer', 'subscription', 'status', 'limit', 'expand', 'starting_after', 'ending_before']);
    const limit = params.limit === undefined ? 10 : asInt(params.limit, 'limit');
    const found = [...invoices.values()]
      .filter((inv) => (params.customer === undefined || inv.customer === params.customer) && (params.subscription === undefined || inv.subscription === params.subscription) && (params.status === undefined || inv.status === params.status))
      .reverse();
    return withExpand(list(found.slice(0, limit), '/v1/invoices', found.length > limit), params);
  });
  route('GET', '/v1/invoices/upcoming', (params) => {
    checkParams(params, ['customer', 'subscription', 'expand']);
    if (!params.customer && !params.subscription) throw required('customer');
    if (params.customer) getCustomer(params.customer);
    const subscription = [...subscriptions.values()].find(
      (sub) => (params.subscription ? sub.id === params.subscription : sub.customer === params.customer) && ['active', 'trialing', 'past_due'].includes(sub.status) && !sub.cancel_at_period_end,
    );
    if (!subscription) throw new StripeHttpError(404, 'No upcoming invoices for customer', undefined, 'invoice_upcoming_none');
    const price = subscription.items.data[0]?.price;
    const interval = price?.recurring?.interval ?? 'month';
    const amount = price?.unit_amount ?? 0;
    return {
      object: 'invoice',
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'draft',
      amount_due: amount,
      total: amount,
      currency: price?.currency ?? 'usd',
      created: nowSeconds(),
      next_payment_attempt: subscription.current_period_end,
      period_start: subscription.current_period_end,
      period_end: subscription.current_period_end + periodSeconds(interval),
      lines: list([{ object: 'line_item', amount, period: { start: subscription.current_period_end, end: subscription.current_period_end + periodSeconds(interval) }, price: clone(price) }], '/v1/invoices/upcoming/lines'),
      livemode: false,
    };
  });
  route('GET', '/v1/invoices/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    const invoice = invoices.get(id);
    if (!invoice) throw missing('invoice', id);
    return withExpand(invoice, params);
  });

  // ---- HTTP ---------------------------------------------------------------
}
