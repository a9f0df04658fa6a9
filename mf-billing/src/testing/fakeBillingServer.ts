// Test code only (src/testing is outside the app's tsconfig and never imported
// by the pages): a stateful stand-in for billing-api's membership, token and
// team endpoints at the HTTP level. Tests install its `fetch` as the global
// fetch (and hand it to the MembershipProvider), then assert on `requests`
// (method, path, query, body, Authorization header) and on `state`. `fail()`
// makes a route answer an error once.
import type { MembershipRole, TeamMember, TokenUsageEntry, UsagePoint, UserMembership } from '@agentflow/shared';

export const TEST_BILLING_API = 'http://127.0.0.1:4001';

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  acceptLanguage: string | null;
}

interface Failure {
  method: string;
  path: string | RegExp;
  status: number;
  body: unknown;
}

export interface FakeBillingState {
  membership: UserMembership;
  total: number;
  resetDate: string;
  /** What GET /api/tokens/history answers, per period. */
  history: Record<string, UsagePoint[]>;
  entries: TokenUsageEntry[];
  members: TeamMember[];
}

export function initialBillingState(): FakeBillingState {
  return {
    membership: {
      userId: 'user-1',
      role: 'free',
      tokensRemaining: 7,
      tokensReset: '2024-07-01T00:00:00.000Z',
      stripeCustomerId: null,
      subscriptionId: null,
      createdAt: '2024-06-01T00:00:00.000Z',
      updatedAt: '2024-06-01T00:00:00.000Z',
    },
    total: 10,
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
      { id: 'm-1', ownerId: 'user-1', email: 'bob@example.com', userId: 'bob-uid', role: 'basic', createdAt: '2024-06-02T00:00:00.000Z' },
      { id: 'm-2', ownerId: 'user-1', email: 'bea@example.com', userId: null, role: 'premium', createdAt: '2024-06-03T00:00:00.000Z' },
    ],
  };
}

/** What the pages read of a Response (jsdom has none). */
export function fakeResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown, text: async () => text } as Response;
}

export function createFakeBillingServer(base = TEST_BILLING_API) {
  const state = initialBillingState();
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  let nextId = 100;
  const json = fakeResponse;

  function route(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): Response {
    if (method === 'GET' && path === '/api/membership') return json(200, { userMembership: { ...state.membership }, activeSubscription: null, packageDetails: null });
    if (method === 'GET' && path === '/api/tokens/summary') return json(200, { used: state.total - state.membership.tokensRemaining, total: state.total, resetDate: state.resetDate });
    if (method === 'GET' && path === '/api/tokens/history') return json(200, { history: state.history[query.period ?? 'month'] ?? [] });
    if (method === 'GET' && path === '/api/tokens/usage') return json(200, { entries: state.entries });
    if (method === 'POST' && path === '/api/tokens/consume') {
      const amount = Number(body.amount);
      if (state.membership.tokensRemaining < amount) return json(402, { error: `Insufficient tokens: ${amount} needed, ${state.membership.tokensRemaining} remaining` });
      state.membership.tokensRemaining -= amount;
      return json(200, { tokensRemaining: state.membership.tokensRemaining, applied: true });
    }
    if (path === '/api/team/members') {
      if (method === 'GET') return json(200, { members: state.members });
      if (method === 'POST') {
        if (state.members.some((member) => member.email === body.email)) return json(409, { error: `${String(body.email)} is already a member` });
        const member: TeamMember = { id: `m-${nextId++}`, ownerId: 'user-1', email: String(body.email), userId: null, role: (body.role as MembershipRole | undefined) ?? 'basic', createdAt: '2024-06-05T00:00:00.000Z' };
        state.members.push(member);
        return json(201, { member });
      }
    }
    const memberMatch = /^\/api\/team\/members\/([^/]+)$/.exec(path);
    if (memberMatch) {
      const id = decodeURIComponent(memberMatch[1] ?? '');
      const member = state.members.find((candidate) => candidate.id === id);
      if (!member) return json(404, { error: `Team member ${id} not found` });
      if (method === 'PATCH') {
        member.role = body.role as MembershipRole;
        return json(200, { member });
      }
      if (method === 'DELETE') {
        state.members = state.members.filter((candidate) => candidate.id !== id);
        return json(204);
      }
    }
    return json(404, { error: `No route ${method} ${path}` });
  }

  async function fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({ method, path: url.pathname, query, body: typeof init.body === 'string' ? body : undefined, authorization: headers.Authorization ?? null, acceptLanguage: headers['Accept-Language'] ?? null });
    if (`${url.protocol}//${url.host}` !== base) return json(404, { error: `Unknown origin ${url.origin}` });
    const failure = failures.findIndex((candidate) => candidate.method === method && (typeof candidate.path === 'string' ? candidate.path === url.pathname : candidate.path.test(url.pathname)));
    if (failure >= 0) {
      const [{ status, body: errorBody }] = failures.splice(failure, 1) as [Failure];
      if (status === 0) throw new TypeError('Failed to fetch');
      return json(status, errorBody);
    }
    if (!headers.Authorization?.startsWith('Bearer ')) return json(401, { error: 'Missing or malformed Authorization header' });
    return route(method, url.pathname, query, body);
  }

  return {
    state,
    requests,
    fetch,
    /** The next `method path` call answers `status` with `{error}` (status 0: the network fails). */
    fail(method: string, path: string | RegExp, status: number, error = 'Something broke') {
      failures.push({ method, path, status, body: { error } });
    },
    /** Requests other than the provider's own membership and summary reads. */
    pageRequests: () => requests.filter((request) => request.path !== '/api/membership' && request.path !== '/api/tokens/summary'),
  };
}

export type FakeBillingServer = ReturnType<typeof createFakeBillingServer>;
