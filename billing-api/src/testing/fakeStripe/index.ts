// The fake Stripe for billing-api's tests and the browser suite (plain TS, no build step).
export { startFakeStripe } from './server.js';
export type { Delivery, DeliverOptions, FakeStripe, FakeStripeOptions, FakeStripeRequest, StripeObject } from './types.js';
