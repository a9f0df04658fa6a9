// The fake's state (every object by id) and the builders that make objects
// the way Stripe shapes them: customers, prices, cards, subscriptions with
// their invoices; plus `expand` over stored ids.
import type { FakeStripe, StripeObject } from './types.js';
import { DAY, asList, clone, list, missing, newId, nowSeconds, periodSeconds } from './wire.js';

/** What the fake holds: the maps and lists the test sees (FakeStripe's), and its own counters. */
export type StripeState = Pick<
  FakeStripe,
  'customers' | 'products' | 'prices' | 'checkoutSessions' | 'portalSessions' | 'paymentMethods' | 'subscriptions' | 'invoices' | 'webhookEndpoints' | 'events' | 'deliveries'
> & {
  invoiceCounter: number;
  /** http://host:port once listening: hosted page URLs start with it. */
  base: string;
  webhookUrl: string | null;
};

export function createState(webhookUrl: string | null): StripeState {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    paymentMethods: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    webhookEndpoints: new Map(),
    events: [],
    deliveries: [],
    invoiceCounter: 0,
    base: '',
    webhookUrl,
  };
}

export function createObjects(state: StripeState) {
  const { customers, products, prices, checkoutSessions, paymentMethods, subscriptions, invoices } = state;

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
    state.invoiceCounter += 1;
    const paid = fields.status === 'paid';
    const invoice: StripeObject = {
      id,
      object: 'invoice',
      number: `AF-${String(state.invoiceCounter).padStart(4, '0')}`,
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
      hosted_invoice_url: `${state.base}/invoices/${id}`,
      invoice_pdf: `${state.base}/invoices/${id}/pdf`,
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

  function publicSession(session: StripeObject): StripeObject {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('__')));
  }


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

  return { getCustomer, getPrice, getSubscription, createCustomer, createPrice, addPaymentMethod, createInvoice, newSubscription, createSubscription, publicSession, withExpand };
}

export type StripeObjects = ReturnType<typeof createObjects>;
