// Test code only (src/testing is outside the app's tsconfig and never imported
// by the pages): a stateful stand-in for billing-api's membership, token,
// team and Stripe endpoints at the HTTP level (Stripe itself is not involved:
// the fake answers what billing-api would after talking to it). Tests install its `fetch` as the global
// fetch (and hand it to the MembershipProvider), then assert on `requests`
// (method, path, query, body, Authorization header) and on `state`. `fail()`
// makes a route answer an error once; `failBare()` the same without error text.
import { createFakeApi, fakeResponse, type RecordedRequest as BaseRecordedRequest } from '@agentflow/shared/testing/fakeApi';
import { BILLING_ERROR_CODES, BILLING_MESSAGES, defaultErrorCode, type BillingInterval, type InvoiceSummary, type MembershipPackage, type MembershipRole, type PaymentMethodSummary, type ReceivedTeamInvitation, type Subscription, type TeamErrorCode, type TeamInvitation, type TeamMember, type TeamMembershipView, type TeamRole, type TokenUsageEntry, type UpcomingInvoice, type UsagePoint, type UserMembership } from '@agentflow/shared';
import { PLAN_ERROR_CODES } from '@agentflow/shared/entitlements';

export const TEST_BILLING_API = 'http://127.0.0.1:4001';

export type RecordedRequest = BaseRecordedRequest & { acceptLanguage: string | null };

const ACTIVE: ReadonlySet<string> = new Set(['active', 'trialing']);

export interface FakeBillingState {
  membership: UserMembership;
  total: number;
  resetDate: string;
  /** What GET /api/tokens/history answers, per period. */
  history: Record<string, UsagePoint[]>;
  entries: TokenUsageEntry[];
  /** The signed-in user's own team: members, and the invitations they sent. */
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** Invitations addressed to the signed-in user, and whether their e-mail is verified. */
  received: ReceivedTeamInvitation[];
  emailVerified: boolean;
  /** The team the signed-in user belongs to. */
  myTeam: TeamMembershipView | null;
  packages: MembershipPackage[];
  subscriptions: Subscription[];
  paymentMethods: PaymentMethodSummary[];
  invoices: InvoiceSummary[];
  upcoming: UpcomingInvoice | null;
  /** billing-api without a Stripe secret key: actions answer BILLING_MESSAGES.notConfigured (code billing_not_configured), reads empty data, the status says so. */
  stripeConfigured: boolean;
}

const plan = (id: string, role: MembershipRole, tokensPerMonth: number, priceMonthly: number, priceYearly: number, features: string[]): MembershipPackage => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  description: `${id} plan`,
  role,
  requiredRole: 'free',
  tokensPerMonth,
  priceMonthly,
  priceYearly,
  currency: 'usd',
  stripePriceId: priceMonthly > 0 ? `price_${id}_month` : null,
  stripePriceIdMonthly: priceMonthly > 0 ? `price_${id}_month` : null,
  stripePriceIdYearly: priceYearly > 0 ? `price_${id}_year` : null,
  interval: 'month',
  features,
  active: true,
});

/** billing-api's default plans (billing-api/src/membership/plans.ts): the allowances of PLAN_ENTITLEMENTS, every plan metering the same features. */
export function testPackages(): MembershipPackage[] {
  const metered = () => ['voice_command', 'workflow_run', 'template_copy'];
  return [
    plan('free', 'free', 100, 0, 0, metered()),
    plan('basic', 'basic', 2000, 900, 9000, metered()),
    plan('premium', 'premium', 10000, 2900, 29000, metered()),
    plan('enterprise', 'enterprise', 50000, 9900, 99000, metered()),
  ];
}

export function initialBillingState(): FakeBillingState {
  return {
    membership: {
      userId: 'user-1',
      role: 'free',
      tokensRemaining: 97,
      tokensReset: '2024-07-01T00:00:00.000Z',
      stripeCustomerId: null,
      subscriptionId: null,
      createdAt: '2024-06-01T00:00:00.000Z',
      updatedAt: '2024-06-01T00:00:00.000Z',
    },
    total: 100,
    resetDate: '2024-07-31T00:00:00.000Z',
    history: {
      week: [
        { label: 'Mon', tokens: 1 },
        { label: 'Tue', tokens: 2 },
      ],
      month: [
        { label: 'Jun 3', tokens: 2 },
        { label: 'Jun 4', tokens: 1 },
      ],
      year: [{ label: 'Jun', tokens: 3 }],
    },
    entries: [
      { id: 'u-2', userId: 'user-1', tokensUsed: 1, feature: 'workflow_run', timestamp: '2024-06-04T10:00:00.000Z', createdAt: '2024-06-04T10:00:00.000Z' },
      { id: 'u-1', userId: 'user-1', tokensUsed: 2, feature: 'voice_command', timestamp: '2024-06-03T09:00:00.000Z', createdAt: '2024-06-03T09:00:00.000Z' },
    ],
    members: [
      { id: 'm-1', ownerId: 'user-1', email: 'bob@example.com', role: 'basic', createdAt: '2024-06-02T00:00:00.000Z' },
      { id: 'm-2', ownerId: 'user-1', email: 'bea@example.com', role: 'premium', createdAt: '2024-06-03T00:00:00.000Z' },
    ],
    invitations: [
      { id: 'i-1', ownerId: 'user-1', email: 'cleo@example.com', role: 'basic', status: 'pending', createdAt: '2024-06-04T00:00:00.000Z', expiresAt: '2024-06-18T00:00:00.000Z' },
      { id: 'i-2', ownerId: 'user-1', email: 'dan@example.com', role: 'premium', status: 'expired', createdAt: '2024-05-01T00:00:00.000Z', expiresAt: '2024-05-15T00:00:00.000Z' },
    ],
    received: [],
    emailVerified: true,
    myTeam: null,
    packages: testPackages(),
    subscriptions: [],
    paymentMethods: [],
    invoices: [],
    upcoming: null,
    stripeConfigured: true,
  };
}

/** Puts user-1 on a paid plan, as a completed checkout and its webhook would: customer, subscription, role, allowance, two cards, an invoice. */
export function subscribed(state: FakeBillingState, packageId = 'premium', interval: BillingInterval = 'month'): FakeBillingState {
  const pkg = state.packages.find((candidate) => candidate.id === packageId);
  if (!pkg) throw new Error(`No package ${packageId}`);
  state.membership = { ...state.membership, role: pkg.role as MembershipRole, tokensRemaining: pkg.tokensPerMonth, stripeCustomerId: 'cus_test_1', subscriptionId: 'sub-doc-1' };
  state.total = pkg.tokensPerMonth;
  state.subscriptions = [
    {
      id: 'sub-doc-1',
      userId: 'user-1',
      packageId,
      status: 'active',
      stripeSubscriptionId: 'sub_test_1',
      stripeCustomerId: 'cus_test_1',
      priceId: interval === 'year' ? pkg.stripePriceIdYearly : pkg.stripePriceIdMonthly,
      interval,
      currentPeriodStart: '2024-06-01T00:00:00.000Z',
      currentPeriodEnd: '2999-07-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      createdAt: '2024-06-01T00:00:00.000Z',
      updatedAt: '2024-06-01T00:00:00.000Z',
    },
  ];
  state.paymentMethods = [
    { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: true },
    { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2031, isDefault: false },
  ];
  state.invoices = [
    {
      id: 'in_1',
      number: 'AF-0001',
      date: '2024-06-01T00:00:00.000Z',
      amount: pkg.priceMonthly,
      currency: 'usd',
      status: 'paid',
      hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1',
      invoicePdf: 'https://invoice.stripe.test/i/in_1/pdf',
    },
  ];
  state.upcoming = { amountDue: pkg.priceMonthly, currency: 'usd', nextPaymentAttempt: '2999-07-01T00:00:00.000Z', periodStart: '2999-07-01T00:00:00.000Z', periodEnd: '2999-08-01T00:00:00.000Z' };
  return state;
}

export function createFakeBillingServer(base = TEST_BILLING_API) {
  const state = initialBillingState();
  let nextId = 100;
  const json = fakeResponse;

  const packageOf = (id: string | undefined) => state.packages.find((pkg) => pkg.id === id) ?? null;

  function stripeRoute(path: string, body: Record<string, unknown>): Response | null {
    const notConfigured = () => json(503, { error: BILLING_MESSAGES.notConfigured, code: BILLING_ERROR_CODES.notConfigured });
    const subscription = state.subscriptions[0];
    switch (path) {
      case '/api/create-checkout-session': {
        if (!state.stripeConfigured) return notConfigured();
        const id = `cs_test_${nextId++}`;
        return json(200, { id, url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      case '/api/create-portal-session':
        if (!state.stripeConfigured) return notConfigured();
        return json(200, { url: 'https://billing.stripe.test/p/session/bps_1' });
      case '/api/payment-methods':
        return json(200, { data: state.stripeConfigured ? state.paymentMethods : [] });
      case '/api/set-default-payment-method':
        if (!state.stripeConfigured) return notConfigured();
        state.paymentMethods = state.paymentMethods.map((card) => ({ ...card, isDefault: card.id === body.paymentMethodId }));
        return json(200, { success: true });
      case '/api/delete-payment-method':
        if (!state.stripeConfigured) return notConfigured();
        state.paymentMethods = state.paymentMethods.filter((card) => card.id !== body.paymentMethodId);
        return json(200, { success: true });
      case '/api/invoices':
        return json(200, { data: state.stripeConfigured ? state.invoices : [] });
      case '/api/upcoming-invoice':
        return json(200, state.stripeConfigured ? state.upcoming : null);
      case '/api/change-billing-cycle': {
        if (!state.stripeConfigured) return notConfigured();
        if (!subscription) return json(404, { error: BILLING_MESSAGES.subscriptionNotFound });
        const pkg = state.packages.find((candidate) => candidate.stripePriceIdMonthly === body.newPriceId || candidate.stripePriceIdYearly === body.newPriceId);
        if (!pkg) return json(400, { error: BILLING_MESSAGES.packageNotFoundForPrice });
        subscription.interval = pkg.stripePriceIdYearly === body.newPriceId ? 'year' : 'month';
        subscription.priceId = String(body.newPriceId);
        return json(200, { success: true, interval: subscription.interval });
      }
      case '/api/change-package': {
        if (!state.stripeConfigured) return notConfigured();
        const pkg = packageOf(String(body.packageId));
        if (!pkg) return json(400, { error: BILLING_MESSAGES.cannotChangeSubscription });
        // As billing-api: nothing live to change means Checkout.
        if (!subscription || !state.membership.stripeCustomerId) return json(409, { error: BILLING_MESSAGES.checkoutRequired, code: BILLING_ERROR_CODES.checkoutRequired });
        subscription.packageId = pkg.id;
        state.membership.role = pkg.role as MembershipRole;
        // The allowance rule: a bigger plan tops the month up; a smaller one keeps the balance.
        state.membership.tokensRemaining += Math.max(0, pkg.tokensPerMonth - state.total);
        state.total = pkg.tokensPerMonth;
        return json(200, { success: true });
      }
      case '/api/cancel-subscription':
        if (!state.stripeConfigured) return notConfigured();
        if (!subscription) return json(404, { error: BILLING_MESSAGES.subscriptionNotFound });
        subscription.status = 'canceled';
        subscription.cancelAtPeriodEnd = true;
        return json(200, { success: true });
      default:
        return null;
    }
  }

  const refuse = (status: number, code: TeamErrorCode, error: string) => json(status, { error, code });

  /** billing-api's team endpoints, as the Team page sees them (the e-mail, role and plan checks are billing-api's; see its tests). */
  function teamRoute(method: string, path: string, body: Record<string, unknown>): Response | null {
    if (path === '/api/team/members') {
      if (method === 'GET') return json(200, { members: state.members });
      if (method === 'POST') {
        const email = String(body.email).toLowerCase();
        if (state.members.some((member) => member.email === email)) return refuse(409, 'already_member', `${email} is already a member of this team`);
        if (state.invitations.some((invitation) => invitation.email === email && invitation.status === 'pending')) {
          return refuse(409, 'already_invited', `${email} has already been invited to this team`);
        }
        const invitation: TeamInvitation = {
          id: `i-${nextId++}`,
          ownerId: 'user-1',
          email,
          role: (body.role as TeamRole | undefined) ?? 'basic',
          status: 'pending',
          createdAt: '2024-06-05T00:00:00.000Z',
          expiresAt: '2024-06-19T00:00:00.000Z',
        };
        state.invitations = [...state.invitations.filter((each) => each.email !== email), invitation];
        return json(201, { invitation });
      }
    }
    const memberMatch = /^\/api\/team\/members\/([^/]+)$/.exec(path);
    if (memberMatch) {
      const id = decodeURIComponent(memberMatch[1] ?? '');
      const member = state.members.find((candidate) => candidate.id === id);
      if (!member) return refuse(404, 'member_not_found', `Team member '${id}' not found`);
      if (method === 'PATCH') {
        member.role = body.role as TeamRole;
        return json(200, member);
      }
      if (method === 'DELETE') {
        state.members = state.members.filter((candidate) => candidate.id !== id);
        return json(204);
      }
    }
    if (path === '/api/team/invitations' && method === 'GET') return json(200, { invitations: state.invitations });
    if (path === '/api/team/invitations/received' && method === 'GET') return json(200, { invitations: state.received, emailVerified: state.emailVerified });
    const invitationMatch = /^\/api\/team\/invitations\/([^/]+)(\/accept|\/decline)?$/.exec(path);
    if (invitationMatch) {
      const id = decodeURIComponent(invitationMatch[1] ?? '');
      const action = invitationMatch[2];
      if (method === 'DELETE' && !action) {
        if (!state.invitations.some((invitation) => invitation.id === id)) return refuse(404, 'invitation_not_found', `Invitation '${id}' not found`);
        state.invitations = state.invitations.filter((invitation) => invitation.id !== id);
        return json(204);
      }
      const invitation = state.received.find((candidate) => candidate.id === id);
      if (method === 'POST' && action) {
        if (!invitation) return refuse(404, 'invitation_not_found', `Invitation '${id}' not found`);
        state.received = state.received.filter((candidate) => candidate.id !== id);
        if (action === '/decline') return json(204);
        const roleAfterLeaving = state.membership.role;
        state.myTeam = { id: `m-${nextId++}`, ownerEmail: invitation.ownerEmail, role: invitation.role, joinedAt: '2024-06-05T00:00:00.000Z', roleAfterLeaving };
        // Joining never lowers a plan.
        const ranks: Record<string, number> = { free: 0, basic: 1, premium: 2, enterprise: 3, admin: 4 };
        if ((ranks[invitation.role] ?? 0) > (ranks[state.membership.role] ?? 0)) state.membership = { ...state.membership, role: invitation.role };
        return json(200, { membership: state.myTeam });
      }
    }
    if (path === '/api/team/membership') {
      if (method === 'GET') return json(200, { membership: state.myTeam });
      if (method === 'DELETE') {
        if (!state.myTeam) return refuse(404, 'not_in_team', 'You are not a member of a team');
        state.membership = { ...state.membership, role: state.myTeam.roleAfterLeaving };
        state.myTeam = null;
        return json(204);
      }
    }
    return null;
  }

  function route(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): Response {
    if (method === 'GET' && path === '/api/membership') {
      const active = state.subscriptions.find((subscription) => ACTIVE.has(subscription.status)) ?? null;
      const packageDetails = active ? packageOf(active.packageId) : (state.packages.find((pkg) => pkg.role === state.membership.role) ?? null);
      return json(200, { userMembership: { ...state.membership }, activeSubscription: active ? { ...active } : null, packageDetails });
    }
    if (method === 'GET' && path === '/api/subscription/history') return json(200, { subscriptions: state.subscriptions.map((subscription) => ({ ...subscription })) });
    if (method === 'GET' && path === '/api/packages/eligible') return json(200, { packages: state.packages });
    if (method === 'GET' && path === '/api/billing/status') return json(200, { configured: state.stripeConfigured });
    if (method === 'POST') {
      const answer = stripeRoute(path, body);
      if (answer) return answer;
    }
    if (method === 'GET' && path === '/api/tokens/summary') return json(200, { used: state.total - state.membership.tokensRemaining, total: state.total, resetDate: state.resetDate });
    if (method === 'GET' && path === '/api/tokens/history') return json(200, { history: state.history[query.period ?? 'month'] ?? [] });
    if (method === 'GET' && path === '/api/tokens/usage') return json(200, { entries: state.entries });
    if (method === 'POST' && path === '/api/tokens/consume') {
      const amount = Number(body.amount);
      if (state.membership.tokensRemaining < amount) return json(402, { error: `Insufficient tokens: ${amount} needed, ${state.membership.tokensRemaining} remaining`, code: PLAN_ERROR_CODES.insufficientTokens });
      state.membership.tokensRemaining -= amount;
      return json(200, { tokensRemaining: state.membership.tokensRemaining, applied: true });
    }
    const team = teamRoute(method, path, body);
    if (team) return team;
    return json(404, { error: `No route ${method} ${path}` });
  }

  const api = createFakeApi(base, route, (headers): Pick<RecordedRequest, 'acceptLanguage'> => ({ acceptLanguage: headers['Accept-Language'] ?? null }));
  const { requests, fetch } = api;

  return {
    state,
    requests,
    fetch,
    /** The next `method path` call answers `status` with `{error, code}` and the status's default code, as billing-api does for a refusal without its own code (status 0: the network fails). */
    fail(method: string, path: string | RegExp, status: number, error = 'Something broke') {
      api.failOnce(method, path, status, { error, code: defaultErrorCode(status) });
    },
    /** The next `method path` call answers `status` with this exact body (billing-api's `{error, code}`). */
    failWith(method: string, path: string | RegExp, status: number, body: Record<string, unknown>) {
      api.failOnce(method, path, status, body);
    },
    /** The next `method path` call fails with `status` and a body without error text (status 0: the network fails). */
    failBare(method: string, path: string | RegExp, status: number) {
      api.failOnce(method, path, status, {});
    },
    /** Requests other than the provider's own membership and summary reads. */
    pageRequests: () => requests.filter((request) => request.path !== '/api/membership' && request.path !== '/api/tokens/summary'),
  };
}

export type FakeBillingServer = ReturnType<typeof createFakeBillingServer>;
