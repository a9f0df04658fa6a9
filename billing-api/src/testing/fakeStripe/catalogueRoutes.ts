// API routes for what is bought and who buys it: customers, products,
// prices, webhook endpoints, Checkout and billing portal sessions.
import { randomBytes } from 'node:crypto';
import type { Route, RouteContext } from './api.js';
import type { StripeObject } from './types.js';
import { DAY, StripeHttpError, asBool, asInt, asList, asMetadata, checkParams, clone, list, missing, newId, nowSeconds, required } from './wire.js';

export function registerCatalogueRoutes(route: Route, { state, objects }: RouteContext): void {
  const { products, prices, checkoutSessions, portalSessions, paymentMethods, webhookEndpoints } = state;
  const { createCustomer, createPrice, getCustomer, getPrice, publicSession, withExpand } = objects;

  route('POST', '/v1/customers', (params) => {
    checkParams(params, ['email', 'name', 'description', 'metadata', 'expand', 'invoice_settings', 'payment_method']);
    const customer = createCustomer({ email: params.email, metadata: asMetadata(params.metadata) });
    if (params.name) customer.name = String(params.name);
    if (params.description) customer.description = String(params.description);
    return withExpand(customer, params);
  });
  route('GET', '/v1/customers/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    return withExpand(getCustomer(id, 'id'), params);
  });
  route('POST', '/v1/customers/:id', (params, [id = '']) => {
    checkParams(params, ['email', 'name', 'description', 'metadata', 'expand', 'invoice_settings']);
    const customer = getCustomer(id, 'id');
    if (params.invoice_settings !== undefined) {
      checkParams(params.invoice_settings, ['default_payment_method']);
      const pmId = params.invoice_settings.default_payment_method;
      if (pmId !== undefined && pmId !== '') {
        const pm = paymentMethods.get(String(pmId));
        if (!pm) throw missing('PaymentMethod', String(pmId), 'invoice_settings[default_payment_method]');
        if (pm.customer !== id) throw new StripeHttpError(400, `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, 'invoice_settings[default_payment_method]', 'resource_missing');
      }
      customer.invoice_settings.default_payment_method = pmId === '' ? null : pmId ?? customer.invoice_settings.default_payment_method;
    }
    if (params.email !== undefined) customer.email = params.email;
    if (params.name !== undefined) customer.name = params.name;
    if (params.metadata !== undefined) customer.metadata = { ...customer.metadata, ...asMetadata(params.metadata) };
    return withExpand(customer, params);
  });

  route('POST', '/v1/products', (params) => {
    checkParams(params, ['id', 'name', 'description', 'metadata', 'active', 'expand']);
    if (!params.name) throw required('name');
    const id = params.id ? String(params.id) : newId('prod');
    if (products.has(id)) throw new StripeHttpError(400, `Product already exists.`, 'id', 'resource_already_exists');
    const product = { id, object: 'product', name: String(params.name), description: params.description ?? null, active: params.active === undefined ? true : asBool(params.active, 'active'), metadata: asMetadata(params.metadata), created: nowSeconds(), livemode: false };
    products.set(id, product);
    return product;
  });
  route('GET', '/v1/products/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    const product = products.get(id);
    if (!product) throw missing('product', id);
    return product;
  });

  route('GET', '/v1/prices', (params) => {
    checkParams(params, ['lookup_keys', 'active', 'product', 'limit', 'expand', 'type', 'currency']);
    const keys = asList(params.lookup_keys).map(String);
    const limit = params.limit === undefined ? 10 : asInt(params.limit, 'limit');
    const found = [...prices.values()].filter(
      (price) =>
        (keys.length === 0 || keys.includes(price.lookup_key)) &&
        (params.active === undefined || price.active === asBool(params.active, 'active')) &&
        (params.product === undefined || price.product === params.product),
    );
    return withExpand(list(found.slice(0, limit), '/v1/prices', found.length > limit), params);
  });
  route('GET', '/v1/prices/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    return withExpand(getPrice(id, 'id'), params);
  });
  route('POST', '/v1/prices', (params) => {
    checkParams(params, ['product', 'unit_amount', 'currency', 'recurring', 'lookup_key', 'metadata', 'nickname', 'active', 'transfer_lookup_key', 'expand']);
    if (!params.product) throw required('product');
    if (!products.has(params.product)) throw missing('product', params.product, 'product');
    if (params.unit_amount === undefined) throw required('unit_amount');
    if (!params.currency) throw required('currency');
    const interval = params.recurring?.interval;
    if (interval !== 'month' && interval !== 'year') throw new StripeHttpError(400, 'Invalid recurring[interval]: must be one of day, week, month, or year', 'recurring[interval]');
    const lookupKey = params.lookup_key ? String(params.lookup_key) : undefined;
    const holder = lookupKey ? [...prices.values()].find((price) => price.lookup_key === lookupKey) : undefined;
    if (holder) {
      if (params.transfer_lookup_key !== 'true') throw new StripeHttpError(400, `A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      holder.lookup_key = null;
    }
    const price = createPrice({ productId: params.product, unitAmount: asInt(params.unit_amount, 'unit_amount'), interval, lookupKey, currency: String(params.currency) });
    price.metadata = asMetadata(params.metadata);
    if (params.nickname) price.nickname = String(params.nickname);
    return withExpand(price, params);
  });

  route('POST', '/v1/prices/:id', (params, [id = '']) => {
    checkParams(params, ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname', 'expand']);
    const price = getPrice(id, 'id');
    if (params.active !== undefined) price.active = asBool(params.active, 'active');
    if (params.metadata !== undefined) price.metadata = { ...price.metadata, ...asMetadata(params.metadata) };
    if (params.nickname !== undefined) price.nickname = String(params.nickname);
    return withExpand(price, params);
  });

  // Webhook endpoints: the secret is returned only when the endpoint is created, as in Stripe.
  route('GET', '/v1/webhook_endpoints', (params) => {
    checkParams(params, ['limit', 'expand']);
    const limit = params.limit === undefined ? 10 : asInt(params.limit, 'limit');
    const all = [...webhookEndpoints.values()].map(({ secret: _secret, ...rest }) => rest);
    return list(all.slice(0, limit), '/v1/webhook_endpoints', all.length > limit);
  });
  route('POST', '/v1/webhook_endpoints', (params) => {
    checkParams(params, ['url', 'enabled_events', 'api_version', 'description', 'metadata', 'expand']);
    if (!params.url) throw required('url');
    const events = asList(params.enabled_events).map(String);
    if (events.length === 0) throw required('enabled_events');
    const endpoint: StripeObject = {
      id: newId('we'),
      object: 'webhook_endpoint',
      url: String(params.url),
      enabled_events: events,
      api_version: params.api_version ? String(params.api_version) : null,
      description: params.description ? String(params.description) : null,
      metadata: asMetadata(params.metadata),
      status: 'enabled',
      created: nowSeconds(),
      livemode: false,
      secret: `whsec_${randomBytes(24).toString('hex')}`,
    };
    webhookEndpoints.set(endpoint.id, endpoint);
    return clone(endpoint);
  });
  route('POST', '/v1/webhook_endpoints/:id', (params, [id = '']) => {
    checkParams(params, ['url', 'enabled_events', 'disabled', 'description', 'metadata', 'expand']);
    const endpoint = webhookEndpoints.get(id);
    if (!endpoint) throw missing('webhook_endpoint', id, 'id');
    if (params.url !== undefined) endpoint.url = String(params.url);
    if (params.enabled_events !== undefined) endpoint.enabled_events = asList(params.enabled_events).map(String);
    if (params.disabled !== undefined) endpoint.status = asBool(params.disabled, 'disabled') ? 'disabled' : 'enabled';
    if (params.description !== undefined) endpoint.description = String(params.description);
    const { secret: _secret, ...rest } = endpoint;
    return clone(rest);
  });

  route('POST', '/v1/checkout/sessions', (params) => {
    checkParams(params, ['mode', 'customer', 'customer_email', 'line_items', 'success_url', 'cancel_url', 'client_reference_id', 'metadata', 'subscription_data', 'payment_method_types', 'allow_promotion_codes', 'billing_address_collection', 'expand']);
    if (!params.mode) throw required('mode');
    if (params.mode !== 'subscription') throw new StripeHttpError(400, 'This fake only supports mode=subscription.', 'mode');
    if (!params.success_url) throw required('success_url');
    if (params.customer !== undefined) getCustomer(params.customer);
    const lineItems = asList(params.line_items) as StripeObject[];
    if (lineItems.length === 0) throw required('line_items');
    lineItems.forEach((item, index) => {
      checkParams(item, ['price', 'quantity']);
      getPrice(item.price, `line_items[${index}][price]`);
    });
    if (params.subscription_data !== undefined) checkParams(params.subscription_data, ['metadata']);
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: asMetadata(params.metadata),
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      subscription: null,
      url: `${state.base}/checkout/${id}`,
      amount_total: lineItems.reduce((sum, item) => sum + (prices.get(item.price)?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0),
      currency: prices.get(lineItems[0]?.price)?.currency ?? 'usd',
      created: nowSeconds(),
      expires_at: nowSeconds() + DAY,
      livemode: false,
      __lineItems: lineItems.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
      __subscriptionMetadata: asMetadata(params.subscription_data?.metadata, 'subscription_data[metadata]'),
    };
    checkoutSessions.set(id, session);
    return withExpand(publicSession(session), params);
  });
  route('GET', '/v1/checkout/sessions/:id', (params, [id = '']) => {
    checkParams(params, ['expand']);
    const session = checkoutSessions.get(id);
    if (!session) throw missing('checkout.session', id);
    return withExpand(publicSession(session), params);
  });

  route('POST', '/v1/billing_portal/sessions', (params) => {
    checkParams(params, ['customer', 'return_url', 'configuration', 'locale', 'expand']);
    if (!params.customer) throw required('customer');
    getCustomer(params.customer);
    const id = newId('bps');
    const session = { id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url ?? null, url: `${state.base}/portal/${id}`, created: nowSeconds(), livemode: false };
    portalSessions.set(id, session);
    return session;
  });
}
