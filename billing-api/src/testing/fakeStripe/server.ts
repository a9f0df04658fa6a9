// A stateful fake of the Stripe API for tests (never shipped: src/testing is
// excluded from the service build). A real HTTP server speaking Stripe's wire
// format, so billing-api's unchanged production code reaches it through the
// SDK's host/port/protocol options: form-encoded bracket params, list
// envelopes, `{error: {type, code, message, param}}` with Stripe's statuses,
// unknown parameters rejected. It also serves the hosted pages (Checkout,
// billing portal, invoices) and delivers webhooks signed like Stripe's.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/** Stripe objects are open-ended JSON; tests read the fields they assert. */
export type StripeObject = Record<string, any>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: StripeObject;
  at: number;
}

export interface Delivery {
  event: StripeObject;
  status: number;
  body: string;
}

export interface DeliverOptions {
  /** Sign with another secret (a bad signature). */
  secret?: string;
  /** Signature timestamp in seconds (a stale signature). */
  timestamp?: number;
  /** Send this Stripe-Signature header verbatim. */
  signature?: string;
  url?: string;
}

export interface FakeStripeOptions {
  /** Fixed port (the e2e stack's); 0 or absent picks a free one. */
  port?: number;
  host?: string;
  /** Where signed events go (billing-api's /api/webhooks/stripe). */
  webhookUrl?: string;
  webhookSecret: string;
  /** Also deliver customer.subscription.updated / deleted for changes made through the API, as Stripe does (after answering). */
  emitApiEvents?: boolean;
}

export interface FakeStripe {
  /** http://host:port, the base of the hosted pages. */
  url: string;
  host: string;
  port: number;
  /** Every API request (/v1/...), oldest first. */
  log: FakeStripeRequest[];
  /** The POST and DELETE API requests: calls that change something. */
  mutatingRequests: () => FakeStripeRequest[];
  clearLog: () => void;
  /** The state, by object id. */
  customers: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  paymentMethods: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** Webhook endpoints (with their secrets, which the API shows only on creation). */
  webhookEndpoints: Map<string, StripeObject>;
  /** Events built so far (delivered or not), oldest first. */
  events: StripeObject[];
  /** Every delivery attempt and billing-api's answer. */
  deliveries: Delivery[];
  setWebhookUrl: (url: string) => void;
  createCustomer: (fields?: { email?: string; metadata?: Record<string, string> }) => StripeObject;
  createPrice: (fields: { productId?: string; unitAmount: number; interval: 'month' | 'year'; lookupKey?: string; currency?: string }) => StripeObject;
  /** A card on the customer (attached), optionally made the default. */
  addPaymentMethod: (customerId: string, card?: { brand?: string; last4?: string; expMonth?: number; expYear?: number; makeDefault?: boolean }) => StripeObject;
  /** A subscription made directly (no events): an active one on `priceId` with its first invoice paid. */
  createSubscription: (customerId: string, priceId: string, fields?: { metadata?: Record<string, string>; status?: string; periodStart?: number }) => StripeObject;
  /** What the hosted page's Pay button does; returns the deliveries it made. */
  completeCheckout: (sessionId: string) => Promise<{ session: StripeObject; subscription: StripeObject; invoice: StripeObject; deliveries: Delivery[] }>;
  /** Moves the subscription into its next period, pays the invoice, delivers customer.subscription.updated and invoice.paid. */
  advancePeriod: (subscriptionId: string, options?: { deliver?: boolean }) => Promise<{ subscription: StripeObject; invoice: StripeObject; deliveries: Delivery[] }>;
  /** A failed renewal: past_due, an open invoice; delivers invoice.payment_failed and customer.subscription.updated. */
  failPayment: (subscriptionId: string, options?: { deliver?: boolean }) => Promise<{ subscription: StripeObject; invoice: StripeObject; deliveries: Delivery[] }>;
  /** Builds (and records) an event around a copy of `object`. */
  buildEvent: (type: string, object: StripeObject, fields?: { id?: string; created?: number }) => StripeObject;
  /** Posts a signed event to the webhook URL. */
  deliver: (event: StripeObject, options?: DeliverOptions) => Promise<Delivery>;
  /** The Stripe-Signature header for a payload (Stripe's own test helper). */
  signatureFor: (payload: string, options?: { secret?: string; timestamp?: number }) => string;
  /** The next API request matching (method, path prefix) answers this error instead. */
  failNext: (match: { method?: string; path: string }, error: { status: number; message: string; type?: string; code?: string }) => void;
  close: () => Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const periodSeconds = (interval: string) => (interval === 'year' ? 365 * DAY : 30 * DAY);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`;
const clone = <T>(value: T): T => structuredClone(value);

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param = 'id') => new StripeHttpError(404, `No such ${kind}: '${id}'`, param, 'resource_missing');
const required = (param: string) => new StripeHttpError(400, `Missing required param: ${param}.`, param, 'parameter_missing');

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto}label{display:block;margin:.5rem 0}input{width:100%}</style></head>
<body>${body}</body></html>`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stripe's form values are strings; these read them as the types the API documents. */
const asInt = (value: unknown, param: string): number => {
  const number = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(number)) throw new StripeHttpError(400, `Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
  return number;
};
const asBool = (value: unknown, param: string): boolean => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new StripeHttpError(400, `Invalid boolean: ${String(value)}`, param, 'parameter_invalid_boolean');
};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : value === undefined ? [] : [value]);
const asMetadata = (value: unknown, param = 'metadata'): Record<string, string> => {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StripeHttpError(400, 'Invalid object', param, 'parameter_invalid_object');
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));
};

function checkParams(params: StripeObject, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw new StripeHttpError(400, `Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const host = options.host ?? '127.0.0.1';
  let webhookUrl = options.webhookUrl ?? null;
  const stripe = new Stripe('sk_test_fake_signing_only', { apiVersion: '2023-10-16' });
  const log: FakeStripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const events: StripeObject[] = [];
  const deliveries: Delivery[] = [];
  const idempotent = new Map<string, { status: number; body: string; params: string }>();
  const webhookEndpoints = new Map<string, StripeObject>();
  const failures: Array<{ method?: string; path: string; error: { status: number; message: string; type?: string; code?: string } }> = [];
  let invoiceCounter = 0;
  let base = '';

  const list = (data: StripeObject[], url: string, hasMore = false) => ({ object: 'list', data, has_more: hasMore, url });

  const getCustomer = (id: unknown, param = 'customer') => {
    const customer = typeof id === 'string' ? customers.get(id) : undefined;
    if (!customer || customer.deleted) throw missing('customer', String(id), param);
    return customer;
  };
  const getPrice = (id: unknown, param = 'price') => {
    const price = typeof id === 'string' ? prices.get(id) : undefined;
    if (!price) throw missing('price', String(id), param);
    return price;
  };
  const getSubscription = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  };

  // ---- builders ------------------------------------------------------------

  const createCustomer: FakeStripe['createCustomer'] = (fields = {}) => {
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      email: fields.email ?? null,
      name: null,
      description: null,
      metadata: fields.metadata ?? {},
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
      created: nowSeconds(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  };

  const createPrice: FakeStripe['createPrice'] = ({ productId, unitAmount, interval, lookupKey, currency = 'usd' }) => {
    let product = productId;
    if (!product) {
      const created = { id: newId('prod'), object: 'product', name: 'Test product', description: null, active: true, metadata: {}, created: nowSeconds(), livemode: false };
      products.set(created.id, created);
      product = created.id;
    }
    const price: StripeObject = {
      id: newId('price'),
      object: 'price',
      active: true,
      product,
      unit_amount: unitAmount,
      currency,
      type: 'recurring',
      recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      lookup_key: lookupKey ?? null,
      nickname: null,
      metadata: {},
      created: nowSeconds(),
      livemode: false,
    };
    prices.set(price.id, price);
    return price;
  };

  const addPaymentMethod: FakeStripe['addPaymentMethod'] = (customerId, card = {}) => {
    const customer = getCustomer(customerId);
    const pm: StripeObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand ?? 'visa', last4: card.last4 ?? '4242', exp_month: card.expMonth ?? 12, exp_year: card.expYear ?? 2034, funding: 'credit', country: 'US' },
      billing_details: { name: null, email: customer.email, address: null, phone: null },
      customer: customerId,
      metadata: {},
      created: nowSeconds(),
      livemode: false,
    };
    paymentMethods.set(pm.id, pm);
    if (card.makeDefault) customer.invoice_settings.default_payment_method = pm.id;
    return pm;
  };

  const createInvoice = (subscription: StripeObject, fields: { status: 'paid' | 'open'; billingReason: string }): StripeObject => {
    const item = subscription.items.data[0];
    const amount: number = item?.price?.unit_amount ?? 0;
    const id = newId('in');
    invoiceCounter += 1;
    const paid = fields.status === 'paid';
    const invoice: StripeObject = {
      id,
      object: 'invoice',
      number: `AF-${String(invoiceCounter).padStart(4, '0')}`,
      customer: subscription.customer,
      subscription: subscription.id,
      status: fields.status,
      paid,
      billing_reason: fields.billingReason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      total: amount,
      subtotal: amount,
      currency: item?.price?.currency ?? 'usd',
      created: nowSeconds(),
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
      next_payment_attempt: paid ? null : nowSeconds() + 3 * DAY,
      attempt_count: 1,
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      lines: list(
        [{ id: newId('il'), object: 'line_item', amount, currency: item?.price?.currency ?? 'usd', description: '1 × subscription', period: { start: subscription.current_period_start, end: subscription.current_period_end }, price: clone(item?.price ?? null), quantity: 1 }],
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  };

  const newSubscription = (customerId: string, price: StripeObject, fields: { metadata?: Record<string, string>; status?: string; periodStart?: number; defaultPaymentMethod?: string | null }): StripeObject => {
    const id = newId('sub');
    const start = fields.periodStart ?? nowSeconds();
    const subscription: StripeObject = {
      id,
      object: 'subscription',
      customer: customerId,
      status: fields.status ?? 'active',
      items: list([{ id: newId('si'), object: 'subscription_item', price: clone(price), quantity: 1, subscription: id, created: start }], `/v1/subscription_items?subscription=${id}`),
      current_period_start: start,
      current_period_end: start + periodSeconds(price.recurring?.interval ?? 'month'),
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      default_payment_method: fields.defaultPaymentMethod ?? null,
      latest_invoice: null,
      metadata: fields.metadata ?? {},
      created: nowSeconds(),
      start_date: start,
      livemode: false,
    };
    subscriptions.set(id, subscription);
    return subscription;
  };

  const createSubscription: FakeStripe['createSubscription'] = (customerId, priceId, fields = {}) => {
    getCustomer(customerId);
    const subscription = newSubscription(customerId, getPrice(priceId), fields);
    createInvoice(subscription, { status: subscription.status === 'active' ? 'paid' : 'open', billingReason: 'subscription_create' });
    return subscription;
  };

  const buildEvent: FakeStripe['buildEvent'] = (type, object, fields = {}) => {
    const event: StripeObject = {
      id: fields.id ?? newId('evt'),
      object: 'event',
      api_version: '2023-10-16',
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
    const url = deliverOptions.url ?? webhookUrl;
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
    return { session, subscription, invoice, deliveries: webhookUrl ? await deliverAll(built) : [] };
  };

  const advancePeriod: FakeStripe['advancePeriod'] = async (subscriptionId, { deliver: send = true } = {}) => {
    const subscription = getSubscription(subscriptionId);
    const interval = subscription.items.data[0]?.price?.recurring?.interval ?? 'month';
    subscription.current_period_start = subscription.current_period_end;
    subscription.current_period_end = subscription.current_period_start + periodSeconds(interval);
    subscription.status = 'active';
    const invoice = createInvoice(subscription, { status: 'paid', billingReason: 'subscription_cycle' });
    // The renewal happens "now" in Stripe's eyes: newer than anything before.
    const created = Math.max(nowSeconds(), ...events.map((event) => event.created as number)) + 1;
    const built = [buildEvent('customer.subscription.updated', subscription, { created }), buildEvent('invoice.paid', invoice, { created })];
    return { subscription, invoice, deliveries: send ? await deliverAll(built) : [] };
  };

  const failPayment: FakeStripe['failPayment'] = async (subscriptionId, { deliver: send = true } = {}) => {
    const subscription = getSubscription(subscriptionId);
    const interval = subscription.items.data[0]?.price?.recurring?.interval ?? 'month';
    subscription.current_period_start = subscription.current_period_end;
    subscription.current_period_end = subscription.current_period_start + periodSeconds(interval);
    subscription.status = 'past_due';
    const invoice = createInvoice(subscription, { status: 'open', billingReason: 'subscription_cycle' });
    const created = Math.max(nowSeconds(), ...events.map((event) => event.created as number)) + 1;
    const built = [buildEvent('invoice.payment_failed', invoice, { created }), buildEvent('customer.subscription.updated', subscription, { created })];
    return { subscription, invoice, deliveries: send ? await deliverAll(built) : [] };
  };

  /** A session as the API shows it (internal fields hidden). */
  function publicSession(session: StripeObject): StripeObject {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('__')));
  }

  const emitLater = (type: string, object: StripeObject) => {
    if (!options.emitApiEvents || !webhookUrl) return;
    const event = buildEvent(type, object);
    setImmediate(() => void deliver(event));
  };

  // ---- expansion -------------------------------------------------------------

  const lookup = (id: string): StripeObject | undefined => {
    for (const store of [customers, products, prices, subscriptions, invoices, paymentMethods, checkoutSessions]) {
      const found = store.get(id);
      if (found) return store === checkoutSessions ? publicSession(found) : found;
    }
    return undefined;
  };
  const expandPath = (target: unknown, path: string[]): unknown => {
    if (!target || typeof target !== 'object' || path.length === 0) return target;
    const [head, ...rest] = path as [string, ...string[]];
    const object = target as StripeObject;
    if (head === 'data' && Array.isArray(object.data)) {
      object.data = object.data.map((item: unknown) => expandPath(item, rest));
      return object;
    }
    let value = object[head];
    if (typeof value === 'string') value = clone(lookup(value) ?? value);
    object[head] = rest.length > 0 ? expandPath(value, rest) : value;
    return object;
  };
  const withExpand = (object: StripeObject, params: StripeObject): StripeObject => {
    const paths = asList(params.expand).map(String);
    if (paths.length === 0) return object;
    const copy = clone(object);
    for (const path of paths) expandPath(copy, path.split('.'));
    return copy;
  };

  // ---- API routes -------------------------------------------------------------

  type Handler = (params: StripeObject, match: string[]) => StripeObject;
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const route = (method: string, path: string, handler: Handler) => {
    routes.push({ method, pattern: new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}$`), handler });
  };

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
      url: `${base}/checkout/${id}`,
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
    const session = { id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url ?? null, url: `${base}/portal/${id}`, created: nowSeconds(), livemode: false };
    portalSessions.set(id, session);
    return session;
  });

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

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), 'Stripe-Version': '2023-10-16' });
    res.end(text);
  };
  const sendError = (res: ServerResponse, error: StripeHttpError) => {
    sendJson(res, error.status, { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } });
  };
  const sendHtml = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const params = qs.parse(raw, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as StripeObject;
    log.push({ method, path: url.pathname, params, at: Date.now() });
    const authorization = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(authorization)) {
      sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided. This fake accepts test secret keys (sk_test_...).' } });
      return;
    }
    const failureIndex = failures.findIndex((failure) => (!failure.method || failure.method === method) && url.pathname.startsWith(failure.path));
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      const error = failure!.error;
      sendError(res, new StripeHttpError(error.status, error.message, undefined, error.code, error.type ?? 'api_error'));
      return;
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const cacheKey = typeof key === 'string' ? `${url.pathname} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached && cached.params !== raw) {
      // Stripe's own answer to a key reused with other parameters.
      sendError(
        res,
        new StripeHttpError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
          undefined,
          undefined,
          'idempotency_error',
        ),
      );
      return;
    }
    if (cached) {
      res.writeHead(cached.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
      res.end(cached.body);
      return;
    }
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(url.pathname);
      if (!match) continue;
      try {
        const body = candidate.handler(params, match.slice(1).map(decodeURIComponent));
        if (cacheKey) idempotent.set(cacheKey, { status: 200, body: JSON.stringify(body), params: raw });
        sendJson(res, 200, body);
      } catch (error) {
        if (error instanceof StripeHttpError) sendError(res, error);
        else sendJson(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
      }
      return;
    }
    sendError(res, new StripeHttpError(404, `Unrecognized request URL (${method}: ${url.pathname}).`));
  };

  const handlePage = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const session = checkoutSessions.get(decodeURIComponent(checkout[1] ?? ''));
      if (!session) return sendHtml(res, 404, page('Not found', '<h1>This checkout session does not exist</h1>'));
      if (method === 'POST' && checkout[2]) {
        await readBody(req);
        await completeCheckout(session.id);
        res.writeHead(303, { Location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
        res.end();
        return;
      }
      if (method !== 'GET' || checkout[2]) return sendHtml(res, 405, page('Method not allowed', '<h1>Method not allowed</h1>'));
      const price = prices.get(session.__lineItems[0]?.price);
      const product = price ? products.get(price.product) : undefined;
      const amount = `${((price?.unit_amount ?? 0) / 100).toFixed(2)} ${String(price?.currency ?? 'usd').toUpperCase()} / ${price?.recurring?.interval ?? 'month'}`;
      const done = session.status === 'complete';
      return sendHtml(
        res,
        200,
        page(
          'Test checkout',
          `<h1>Test checkout</h1>
<p data-testid="checkout-product">${escapeHtml(product?.name ?? 'Subscription')}</p>
<p data-testid="checkout-amount">${escapeHtml(amount)}</p>
${done ? '<p>This session is already paid.</p>' : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
<label>Card number <input name="cardNumber" value="4242 4242 4242 4242" autocomplete="cc-number"></label>
<label>Expiry <input name="cardExpiry" value="12 / 34" autocomplete="cc-exp"></label>
<label>CVC <input name="cardCvc" value="123" autocomplete="cc-csc"></label>
<label>Name on card <input name="cardName" value="Test Buyer" autocomplete="cc-name"></label>
<button type="submit">Pay</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`,
        ),
      );
    }
    const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
    if (portal && method === 'GET') {
      const session = portalSessions.get(decodeURIComponent(portal[1] ?? ''));
      if (!session) return sendHtml(res, 404, page('Not found', '<h1>This portal session does not exist</h1>'));
      return sendHtml(res, 200, page('Test billing portal', `<h1>Test billing portal</h1><p>Customer ${escapeHtml(session.customer)}</p>${session.return_url ? `<a href="${escapeHtml(session.return_url)}">Return to Agentflow</a>` : ''}`));
    }
    const invoicePage = /^\/invoices\/([^/]+)(\/pdf)?$/.exec(url.pathname);
    if (invoicePage && method === 'GET') {
      const invoice = invoices.get(decodeURIComponent(invoicePage[1] ?? ''));
      if (!invoice) return sendHtml(res, 404, page('Not found', '<h1>This invoice does not exist</h1>'));
      const summary = `Invoice ${invoice.number}: ${(invoice.total / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}, ${invoice.status}`;
      if (invoicePage[2]) {
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${invoice.number}.pdf"` });
        res.end(`%PDF-1.4\n% ${summary}\n%%EOF\n`);
        return;
      }
      return sendHtml(res, 200, page(`Invoice ${invoice.number}`, `<h1>Invoice ${escapeHtml(invoice.number)}</h1><p data-testid="invoice-summary">${escapeHtml(summary)}</p><a href="${escapeHtml(invoice.invoice_pdf)}">Download PDF</a>`));
    }
    sendHtml(res, 404, page('Not found', '<h1>Not found</h1>'));
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe.invalid');
    const work = url.pathname.startsWith('/v1/') ? handleApi(req, res, url) : handlePage(req, res, url);
    work.catch((error: unknown) => {
      if (error instanceof StripeHttpError) return sendError(res, error);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;

  return {
    url: base,
    host,
    port,
    log,
    mutatingRequests: () => log.filter((entry) => entry.method === 'POST' || entry.method === 'DELETE'),
    clearLog: () => {
      log.length = 0;
    },
    customers,
    products,
    prices,
    checkoutSessions,
    portalSessions,
    paymentMethods,
    subscriptions,
    invoices,
    webhookEndpoints,
    events,
    deliveries,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    createCustomer,
    createPrice,
    addPaymentMethod,
    createSubscription,
    completeCheckout,
    advancePeriod,
    failPayment,
    buildEvent,
    deliver,
    signatureFor,
    failNext: (match, error) => {
      failures.push({ ...match, error });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
