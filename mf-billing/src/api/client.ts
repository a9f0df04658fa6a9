// billing-api's token, team and Stripe endpoints, for the billing pages, on the
// shared API client: every call carries the signed-in user's Firebase ID token;
// a non-2xx answer rejects with an ApiError holding the status, the service's
// `{error}` text and its `code`. The Stripe calls reject with a BillingActionError
// (an ApiError) instead: the service's text when it sent one, else the action's
// fallback text, and they log the failure.
import {
  ApiError,
  BILLING_API,
  BILLING_CLIENT_FALLBACKS,
  createApiClient,
  MEMBERSHIP_API,
  type ApiClientOptions,
  type ApiRequest,
  type BillingInterval,
  type BillingStatus,
  type CheckoutSessionResponse,
  type CreateCheckoutSessionRequest,
  type InvoiceSummary,
  type MembershipDetails,
  type MembershipPackage,
  type PaymentMethodSummary,
  type PortalSessionResponse,
  type Subscription,
  type UpcomingInvoice,
  type ReceivedTeamInvitationList,
  type TeamInvitation,
  type TeamInvitationCreated,
  type TeamMember,
  type TeamMembershipResponse,
  type TeamRole,
  type TokenUsageEntry,
  type UsagePeriod,
  type UsagePoint,
} from '@agentflow/shared';

/** baseUrl is billing-api's origin (usePlatform().config.apis.billing). */
export type BillingClientOptions = ApiClientOptions;

/**
 * What the browser says when billing-api sent no error text: the issue's
 * texts word for word, plus the reads and actions it names none for.
 */
export const BILLING_ACTION_FALLBACKS = {
  ...BILLING_CLIENT_FALLBACKS,
  plans: 'Failed to fetch plans',
  subscription: 'Failed to fetch subscription',
  upcomingInvoice: 'Failed to fetch upcoming invoice',
  changePackage: 'Failed to change plan',
  cancelSubscription: 'Failed to cancel subscription',
} as const;
export type BillingAction = keyof typeof BILLING_ACTION_FALLBACKS;

/**
 * A failed Stripe call: `serverMessage` is billing-api's `{error}` when it sent one (the message is that, else the English fallback);
 * `code` is billing-api's stable code, when it sent one: the page translates by it, or acts on it.
 */
export class BillingActionError extends ApiError {
  readonly action: BillingAction;
  constructor(action: BillingAction, status: number, serverMessage: string | null, code: string | null = null) {
    super(serverMessage ?? BILLING_ACTION_FALLBACKS[action], status, code, serverMessage);
    this.name = 'BillingActionError';
    this.action = action;
  }
}

/** Logs the failure (console.error, for whoever debugs the page) and hands it back to be thrown. */
export function loggedActionError(action: BillingAction, status: number, serverMessage: string | null, cause?: unknown, code: string | null = null): BillingActionError {
  const error = new BillingActionError(action, status, serverMessage, code);
  console.error(`[billing] ${BILLING_ACTION_FALLBACKS[action]}${serverMessage ? `: ${serverMessage}` : ''}`, ...(cause === undefined ? [] : [cause]));
  return error;
}

/** `{key: [...]}` or a bare array: the service's list shape, either way. */
function listFrom<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The browser's IANA time zone, when it knows one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function createBillingClient(options: BillingClientOptions) {
  const call = createApiClient(options);
  /** A call; with an `action` (the Stripe and plan calls), its failure becomes a logged BillingActionError. */
  async function request<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    { action, ...sent }: ApiRequest & { action?: BillingAction } = {},
  ): Promise<T> {
    try {
      return await call<T>(method, path, sent);
    } catch (error) {
      if (!action || !(error instanceof ApiError)) throw error;
      // A network failure is logged with what the network said; a refusal with the service's text.
      throw loggedActionError(action, error.status, error.serverMessage, error.status === 0 ? error : undefined, error.code);
    }
  }

  return {
    /**
     * Tokens per label over the period, ascending. The labels come in
     * `language` (sent as Accept-Language; billing-api prefers the profile's
     * saved language) and the days are the browser's (`timeZone`), so today's
     * debits fall on today's label.
     */
    tokenHistory: async (period: UsagePeriod, language?: string, timeZone: string | undefined = browserTimeZone()): Promise<UsagePoint[]> =>
      listFrom<UsagePoint>(
        await request('GET', MEMBERSHIP_API.tokenHistory, { query: { period, timeZone }, headers: language ? { 'Accept-Language': language } : {} }),
        'history',
      ),
    recentUsage: async (): Promise<TokenUsageEntry[]> => listFrom<TokenUsageEntry>(await request('GET', MEMBERSHIP_API.tokenUsage), 'entries'),

    // The owner's team: members, and the invitations that adding a member creates.
    listTeamMembers: async (): Promise<TeamMember[]> => listFrom<TeamMember>(await request('GET', MEMBERSHIP_API.teamMembers), 'members'),
    inviteTeamMember: (input: { email: string; role: TeamRole }) => request<TeamInvitationCreated>('POST', MEMBERSHIP_API.teamMembers, { body: input }),
    updateTeamMember: (id: string, input: { role: TeamRole }) => request('PATCH', MEMBERSHIP_API.teamMember(id), { body: input }),
    removeTeamMember: (id: string) => request('DELETE', MEMBERSHIP_API.teamMember(id)),
    listTeamInvitations: async (): Promise<TeamInvitation[]> => listFrom<TeamInvitation>(await request('GET', MEMBERSHIP_API.teamInvitations), 'invitations'),
    revokeTeamInvitation: (id: string) => request('DELETE', MEMBERSHIP_API.teamInvitation(id)),
    // The invited person's side, and the member's own team.
    receivedTeamInvitations: (): Promise<ReceivedTeamInvitationList> => request<ReceivedTeamInvitationList>('GET', MEMBERSHIP_API.receivedTeamInvitations),
    acceptTeamInvitation: (id: string): Promise<TeamMembershipResponse> => request<TeamMembershipResponse>('POST', MEMBERSHIP_API.acceptTeamInvitation(id)),
    declineTeamInvitation: (id: string) => request('POST', MEMBERSHIP_API.declineTeamInvitation(id)),
    teamMembership: (): Promise<TeamMembershipResponse> => request<TeamMembershipResponse>('GET', MEMBERSHIP_API.teamMembership),
    leaveTeam: () => request('DELETE', MEMBERSHIP_API.teamMembership),

    /** Whether payments are set up on this deployment. */
    status: (): Promise<BillingStatus> => request<BillingStatus>('GET', BILLING_API.status),

    // Plans and the subscription as billing-api last synced it from Stripe.
    eligiblePackages: async (): Promise<MembershipPackage[]> =>
      listFrom<MembershipPackage>(await request('GET', MEMBERSHIP_API.eligiblePackages, { action: 'plans' }), 'packages'),
    membershipDetails: (): Promise<MembershipDetails> => request<MembershipDetails>('GET', MEMBERSHIP_API.membership, { action: 'subscription' }),
    /** Every subscription of the user, newest first (a canceled one is not "active" but still shows until its period ends). */
    subscriptionHistory: async (): Promise<Subscription[]> =>
      listFrom<Subscription>(await request('GET', MEMBERSHIP_API.subscriptionHistory, { action: 'subscription' }), 'subscriptions'),

    // Stripe (POST, JSON).
    createCheckoutSession: (input: CreateCheckoutSessionRequest): Promise<CheckoutSessionResponse> =>
      request<CheckoutSessionResponse>('POST', BILLING_API.createCheckoutSession, { body: input, action: 'checkout' }),
    createPortalSession: (input: { customerId: string; returnUrl: string }): Promise<PortalSessionResponse> =>
      request<PortalSessionResponse>('POST', BILLING_API.createPortalSession, { body: input, action: 'portal' }),
    paymentMethods: async (customerId: string): Promise<PaymentMethodSummary[]> =>
      listFrom<PaymentMethodSummary>(await request('POST', BILLING_API.paymentMethods, { body: { customerId }, action: 'paymentMethods' }), 'data'),
    setDefaultPaymentMethod: (input: { customerId: string; paymentMethodId: string }) =>
      request('POST', BILLING_API.setDefaultPaymentMethod, { body: input, action: 'setDefaultPaymentMethod' }),
    deletePaymentMethod: (input: { paymentMethodId: string }) => request('POST', BILLING_API.deletePaymentMethod, { body: input, action: 'deletePaymentMethod' }),
    invoices: async (customerId: string): Promise<InvoiceSummary[]> =>
      listFrom<InvoiceSummary>(await request('POST', BILLING_API.invoices, { body: { customerId }, action: 'invoices' }), 'data'),
    /** null when there is none (billing-api also answers null when Stripe fails). */
    upcomingInvoice: async (customerId: string): Promise<UpcomingInvoice | null> =>
      (await request<UpcomingInvoice | null | undefined>('POST', BILLING_API.upcomingInvoice, { body: { customerId }, action: 'upcomingInvoice' })) ?? null,
    changeBillingCycle: (input: { subscriptionId: string; newPriceId: string; customerId: string }) =>
      request('POST', BILLING_API.changeBillingCycle, { body: input, action: 'changeBillingCycle' }),
    changePackage: (input: { packageId: string }) => request('POST', BILLING_API.changePackage, { body: input, action: 'changePackage' }),
    /** Cancels at the period's end; names the Stripe subscription when the page knows it (billing-api checks it is the caller's). */
    cancelSubscription: (stripeSubscriptionId?: string | null) =>
      request('POST', BILLING_API.cancelSubscription, { body: stripeSubscriptionId ? { subscriptionId: stripeSubscriptionId } : {}, action: 'cancelSubscription' }),
  };
}

export type BillingClient = ReturnType<typeof createBillingClient>;

/** The Stripe price of a plan for a billing interval (the monthly one falls back to the plan's default price). */
export function priceIdFor(pkg: Pick<MembershipPackage, 'stripePriceId' | 'stripePriceIdMonthly' | 'stripePriceIdYearly'>, interval: BillingInterval): string | null {
  return interval === 'year' ? pkg.stripePriceIdYearly : (pkg.stripePriceIdMonthly ?? pkg.stripePriceId);
}

/** What a plan costs per interval, in cents. */
export function amountFor(pkg: Pick<MembershipPackage, 'priceMonthly' | 'priceYearly'>, interval: BillingInterval): number {
  return interval === 'year' ? pkg.priceYearly : pkg.priceMonthly;
}
