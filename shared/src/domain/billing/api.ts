// billing-api's Stripe endpoints: paths, request and response shapes, and the
// exact messages the product shows. Pure types and constants: the zod request
// schemas live with the service (zod stays out of the first view).
import type { BillingInterval } from '../membership/model.js';

export const BILLING_API = {
  createCheckoutSession: '/api/create-checkout-session',
  createPortalSession: '/api/create-portal-session',
  paymentMethods: '/api/payment-methods',
  setDefaultPaymentMethod: '/api/set-default-payment-method',
  deletePaymentMethod: '/api/delete-payment-method',
  invoices: '/api/invoices',
  upcomingInvoice: '/api/upcoming-invoice',
  changeBillingCycle: '/api/change-billing-cycle',
  changePackage: '/api/change-package',
  cancelSubscription: '/api/cancel-subscription',
  stripeWebhook: '/api/webhooks/stripe',
  /** Whether payments are set up on this deployment: `{ configured }`, for any caller. */
  status: '/api/billing/status',
} as const;

/** GET /api/billing/status. */
export interface BillingStatus {
  configured: boolean;
}

/** Collections only billing-api touches (browsers never read or write them). */
export const BILLING_COLLECTIONS = {
  /** stripeEvents/{eventId}: each processed webhook event, written in the transaction that applied it. */
  stripeEvents: 'stripeEvents',
} as const;

/** Server messages, word for word (issue 7). */
export const BILLING_MESSAGES = {
  notConfigured: 'Stripe is not configured. Please add your Stripe secret key to the environment variables.',
  cannotChangeSubscription: 'Cannot change subscription: Missing new package or Stripe customer ID.',
  monthlyPriceNotFound: (packageId: string) => `Monthly Stripe Price ID not found for package ${packageId}`,
  subscriptionNotFound: 'Subscription not found',
  cannotUpdateBillingCycle: 'Cannot update billing cycle: Missing package or Stripe subscription ID.',
  intervalPriceNotFound: (interval: BillingInterval, packageId: string) => `Stripe Price ID for ${interval} interval not found for package ${packageId}`,
  packageNotFoundForPrice: 'Package not found for the given price ID',
  checkoutRequired: 'You have no live subscription to change: choose a plan and pay through Checkout',
  subscriptionExists: 'You already have a subscription: change its plan instead of subscribing again',
} as const;

/** Stable codes beside the English messages: the browser translates by code. */
export const BILLING_ERROR_CODES = {
  /** change-package without a live subscription: start Checkout instead. */
  checkoutRequired: 'checkout_required',
  /** Checkout while a live subscription exists: change its plan instead. */
  subscriptionExists: 'subscription_exists',
  /** This deployment has no Stripe key: nothing can be bought (the operator's instructions are in the log and the README). */
  notConfigured: 'billing_not_configured',
} as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[keyof typeof BILLING_ERROR_CODES];
export const BILLING_ERROR_CODE_LIST: readonly BillingErrorCode[] = Object.values(BILLING_ERROR_CODES);

/** What the browser shows when the server sent no error text. */
export const BILLING_CLIENT_FALLBACKS = {
  checkout: 'Failed to create checkout session',
  portal: 'Failed to create portal session',
  paymentMethods: 'Failed to fetch payment methods',
  setDefaultPaymentMethod: 'Failed to set default payment method',
  deletePaymentMethod: 'Failed to delete payment method',
  invoices: 'Failed to fetch invoices',
  changeBillingCycle: 'Failed to change billing cycle',
  loadStripe: 'Failed to load Stripe',
} as const;

export interface CreateCheckoutSessionRequest {
  userId: string;
  priceId: string;
  packageId: string;
  successUrl: string;
  cancelUrl: string;
  stripeCustomerId?: string | null;
}
export interface CheckoutSessionResponse {
  id: string;
  url: string | null;
}

export interface CreatePortalSessionRequest {
  customerId: string;
  returnUrl: string;
}
export interface PortalSessionResponse {
  url: string;
}

export interface PaymentMethodSummary {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}
export interface PaymentMethodList {
  data: PaymentMethodSummary[];
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  /** ISO 8601. */
  date: string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  status: string | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}
export interface InvoiceList {
  data: InvoiceSummary[];
}

export interface UpcomingInvoice {
  amountDue: number;
  currency: string;
  /** ISO 8601, when Stripe will next try to charge. */
  nextPaymentAttempt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface ChangeBillingCycleRequest {
  subscriptionId: string;
  newPriceId: string;
  customerId: string;
}
export interface ChangePackageRequest {
  packageId: string;
}

/** Every failing billing call answers this. */
export interface BillingErrorBody {
  error: string;
  /** A stable code for the errors the browser acts on or translates. */
  code?: string;
}
