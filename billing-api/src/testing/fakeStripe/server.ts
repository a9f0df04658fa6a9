// A stateful fake of the Stripe API for tests (never shipped: src/testing is
// excluded from the service build). A real HTTP server speaking Stripe's wire
// format, so billing-api's unchanged production code reaches it through the
// SDK's host/port/protocol options: form-encoded bracket params, list
// envelopes, `{error: {type, code, message, param}}` with Stripe's statuses,
// unknown parameters rejected. It also serves the hosted pages (Checkout,
// billing portal, invoices) and delivers webhooks signed like Stripe's.
//
// This file wires the parts: wire.ts (format), objects.ts (state and
// builders), events.ts (events, signing, delivery, lifecycle moves), api.ts
// with catalogueRoutes.ts and subscriptionRoutes.ts (/v1/...), pages.ts (hosted pages).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, type QueuedFailure } from './api.js';
import { registerCatalogueRoutes } from './catalogueRoutes.js';
import { createEvents } from './events.js';
import { createObjects, createState } from './objects.js';
import { createPages } from './pages.js';
import { registerSubscriptionRoutes } from './subscriptionRoutes.js';
import type { FakeStripe, FakeStripeOptions, FakeStripeRequest } from './types.js';
import { StripeHttpError, sendError, sendJson } from './wire.js';

export type { Delivery, DeliverOptions, FakeStripe, FakeStripeOptions, FakeStripeRequest, StripeObject } from './types.js';

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const host = options.host ?? '127.0.0.1';
  const state = createState(options.webhookUrl ?? null);
  const objects = createObjects(state);
  const events = createEvents(state, objects, options);
  const log: FakeStripeRequest[] = [];
  const failures: QueuedFailure[] = [];
  const { route, handleApi } = createApi(log, failures);
  registerCatalogueRoutes(route, { state, objects, events });
  registerSubscriptionRoutes(route, { state, objects, events });
  const handlePage = createPages(state, events);
  const { customers, products, prices, checkoutSessions, portalSessions, paymentMethods, subscriptions, invoices, webhookEndpoints } = state;
  const { createCustomer, createPrice, addPaymentMethod, createSubscription } = objects;
  const { completeCheckout, advancePeriod, failPayment, buildEvent, deliver, signatureFor } = events;

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
  state.base = `http://${host}:${port}`;

  return {
    url: state.base,
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
    events: state.events,
    deliveries: state.deliveries,
    setWebhookUrl: (url) => {
      state.webhookUrl = url;
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
