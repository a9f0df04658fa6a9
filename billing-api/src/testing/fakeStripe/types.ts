// The fake Stripe's public face: what a test starts it with and gets back.
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
