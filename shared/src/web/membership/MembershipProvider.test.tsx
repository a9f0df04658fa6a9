/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { fakeAuth, testUser } from '@agentflow/shared/testing/fakeAuth';
import { expectRefusedOutsideProvider } from '@agentflow/shared/testing/requiredContext';
import { AuthContext, PlatformContext, useMembership, type AuthContextValue, type MembershipContextValue } from '../federation/contexts';
import { buildAppConfig } from '../../domain/federation/runtimeConfig';
import { CATALOGS } from '../i18n/catalogs/index';
import { I18nProvider } from '../providers/I18nProvider';
import { MEMBERSHIP_API, type MembershipDetails } from '../../domain/membership/api';
import type { UserMembership } from '../../domain/membership/model';
import { MembershipProvider } from './MembershipProvider';
import { ApiError } from '../api/apiClient';
import { setOnline } from '@agentflow/shared/testing/online';

const BILLING = 'http://billing.test';
const CONFIG = buildAppConfig({ BILLING_API_URL: BILLING });

const membershipOf = (userId: string, overrides: Partial<UserMembership> = {}): UserMembership => ({
  userId,
  role: 'free',
  tokensRemaining: 10,
  tokensReset: '2024-07-01T00:00:00.000Z',
  stripeCustomerId: null,
  subscriptionId: null,
  createdAt: '2024-06-01T00:00:00.000Z',
  updatedAt: '2024-06-01T00:00:00.000Z',
  ...overrides,
});

interface Recorded {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/** A fake billing-api at the fetch level: one membership per token's uid; `fail` answers one path with an error. */
function fakeBillingApi() {
  const balances = new Map<string, UserMembership>();
  const requests: Recorded[] = [];
  const failures = new Map<string, { status: number; body: unknown }>();
  const respond = (status: number, body: unknown) =>
    ({ ok: status >= 200 && status < 300, status, json: async () => body, text: async () => JSON.stringify(body) }) as Response;
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    requests.push({ method, url, authorization: headers.Authorization ?? null, body });
    const path = url.replace(BILLING, '');
    const failure = failures.get(path);
    if (failure) {
      failures.delete(path);
      if (failure.status === 0) throw new TypeError('Failed to fetch');
      return respond(failure.status, failure.body);
    }
    const uid = headers.Authorization?.replace(/^Bearer test-id-token-/, '');
    if (!uid) return respond(401, { error: 'Missing token' });
    if (!balances.has(uid)) balances.set(uid, membershipOf(uid));
    const membership = balances.get(uid) as UserMembership;
    if (method === 'GET' && path === MEMBERSHIP_API.membership) {
      const details: MembershipDetails = { userMembership: { ...membership }, activeSubscription: null, packageDetails: null };
      return respond(200, details);
    }
    if (method === 'GET' && path === MEMBERSHIP_API.tokenSummary) return respond(200, { used: 10 - membership.tokensRemaining, total: 10, resetDate: '2024-07-31T00:00:00.000Z' });
    if (method === 'POST' && path === MEMBERSHIP_API.consume) {
      const amount = Number(body?.amount);
      if (membership.tokensRemaining < amount) return respond(402, { error: `Insufficient tokens: ${amount} needed, ${membership.tokensRemaining} remaining` });
      membership.tokensRemaining -= amount;
      return respond(200, { tokensRemaining: membership.tokensRemaining, applied: true });
    }
    return respond(404, { error: 'no route' });
  });
  return { fetch, requests, balances, fail: (path: string, status: number, body: unknown = { error: 'boom' }) => failures.set(path, { status, body }) };
}

let latest: MembershipContextValue | undefined;
function Probe() {
  const membership = useMembership();
  // Handed to the test after each commit (an effect), so rendering stays pure.
  useEffect(() => {
    latest = membership;
  });
  return (
    <output data-testid="membership">
      {membership.loading ? 'loading' : 'ready'}|{membership.error ?? ''}|{membership.membership ? `${membership.membership.userId}:${membership.membership.tokensRemaining}` : 'none'}|
      {membership.summary ? `${membership.summary.used}/${membership.summary.total}` : 'no-summary'}
    </output>
  );
}

function Providers({ auth, api, language = 'en', children }: { auth: AuthContextValue; api: ReturnType<typeof fakeBillingApi>; language?: 'en' | 'de' | 'fr'; children: ReactNode }) {
  return (
    <PlatformContext.Provider value={{ host: 'test', config: CONFIG }}>
      <I18nProvider initialLanguage={language}>
        <AuthContext.Provider value={auth}>
          <MembershipProvider fetch={api.fetch as unknown as typeof fetch}>{children}</MembershipProvider>
        </AuthContext.Provider>
      </I18nProvider>
    </PlatformContext.Provider>
  );
}

function renderMembership(auth: AuthContextValue, options: { api?: ReturnType<typeof fakeBillingApi>; language?: 'en' | 'de' | 'fr' } = {}) {
  const api = options.api ?? fakeBillingApi();
  const ui = (next: AuthContextValue) => (
    <Providers auth={next} api={api} language={options.language}>
      <Probe />
    </Providers>
  );
  const result = render(ui(auth));
  return { ...result, api, rerenderWith: (next: AuthContextValue) => result.rerender(ui(next)) };
}

const current = (): MembershipContextValue => {
  if (!latest) throw new Error('no membership value yet');
  return latest;
};
const ready = () => waitFor(() => expect(current().loading).toBe(false));

afterEach(() => {
  latest = undefined;
  window.localStorage.clear();
});

describe('useMembership', () => {
  test('refuses to run outside the provider, with the contract message', () => {
    expectRefusedOutsideProvider(useMembership, 'useMembership must be used within a MembershipProvider');
  });
});

describe('MembershipProvider', () => {
  test('signed out: nothing is fetched and there is no membership', async () => {
    const { api } = renderMembership(fakeAuth(null));
    await act(async () => undefined);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(current()).toMatchObject({ membership: null, summary: null, loading: false, error: null });
    expect(current().hasRole('free')).toBe(false);
    expect(current().hasTokens(0)).toBe(false);
    await act(() => current().refresh());
    expect(api.fetch).not.toHaveBeenCalled();
  });

  test('while auth is loading: loading, nothing fetched', async () => {
    const { api } = renderMembership(fakeAuth(null, { loading: true }));
    await act(async () => undefined);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(current().loading).toBe(true);
  });

  test('signed in: GET membership then summary from billing-api with the ID token', async () => {
    const { api } = renderMembership(fakeAuth(testUser()));
    expect(current().loading).toBe(true);
    await ready();
    expect(api.requests.map((request) => [request.method, request.url, request.authorization])).toEqual([
      ['GET', `${BILLING}/api/membership`, 'Bearer test-id-token-user-1'],
      ['GET', `${BILLING}/api/tokens/summary`, 'Bearer test-id-token-user-1'],
    ]);
    expect(current().membership).toEqual(membershipOf('user-1'));
    expect(current().summary).toEqual({ used: 0, total: 10, resetDate: '2024-07-31T00:00:00.000Z' });
    expect(screen.getByTestId('membership')).toHaveTextContent('ready||user-1:10|0/10');
  });

  test.each([
    ['free', 'free', true],
    ['free', 'basic', false],
    ['premium', 'basic', true],
    ['premium', 'enterprise', false],
    ['admin', 'enterprise', true],
    ['basic', 'no-such-role', true],
  ])('hasRole: a %s member asked for %s -> %s', async (role, asked, expected) => {
    const api = fakeBillingApi();
    api.balances.set('user-1', membershipOf('user-1', { role: role as UserMembership['role'] }));
    renderMembership(fakeAuth(testUser()), { api });
    await ready();
    expect(current().hasRole(asked)).toBe(expected);
  });

  test('hasTokens compares with tokensRemaining', async () => {
    const api = fakeBillingApi();
    api.balances.set('user-1', membershipOf('user-1', { tokensRemaining: 3 }));
    renderMembership(fakeAuth(testUser()), { api });
    await ready();
    expect(current().hasTokens(3)).toBe(true);
    expect(current().hasTokens(4)).toBe(false);
    expect(current().hasTokens(0)).toBe(true);
  });

  test.each([
    ['the membership read fails', MEMBERSHIP_API.membership, 500],
    ['the summary read fails', MEMBERSHIP_API.tokenSummary, 503],
    ['the network fails and nothing is saved on this device', MEMBERSHIP_API.membership, 0],
  ])('%s: the translated error, and the membership is cleared', async (_label, path, status) => {
    const { api } = renderMembership(fakeAuth(testUser()));
    await ready();
    expect(current().membership).not.toBeNull();
    window.localStorage.clear();
    api.fail(path, status);
    await act(() => current().refresh());
    expect(current()).toMatchObject({ membership: null, summary: null, loading: false, error: 'Failed to load membership details.' });
    expect(current().hasTokens(0)).toBe(false);
    // A later successful load clears the error.
    await act(() => current().refresh());
    expect(current()).toMatchObject({ error: null, membership: membershipOf('user-1') });
  });

  test('the error is in the user’s language', async () => {
    const api = fakeBillingApi();
    api.fail(MEMBERSHIP_API.membership, 500);
    renderMembership(fakeAuth(testUser()), { api, language: 'de' });
    await ready();
    expect(current().error).toBe(CATALOGS.de.membership.errorLoading);
    expect(current().error).toBe('Die Mitgliedschaftsdaten konnten nicht geladen werden.');
  });

  test('reloads when the user changes, never showing the previous user’s membership, and clears on sign-out', async () => {
    const api = fakeBillingApi();
    api.balances.set('user-2', membershipOf('user-2', { tokensRemaining: 4 }));
    const { rerenderWith } = renderMembership(fakeAuth(testUser()), { api });
    await ready();
    expect(current().membership?.userId).toBe('user-1');

    rerenderWith(fakeAuth(testUser({ uid: 'user-2' })));
    expect(current().membership).toBeNull();
    await waitFor(() => expect(current().membership?.userId).toBe('user-2'));
    expect(current().membership?.tokensRemaining).toBe(4);
    expect(api.requests.filter((request) => request.url.endsWith('/api/membership')).map((request) => request.authorization)).toEqual(['Bearer test-id-token-user-1', 'Bearer test-id-token-user-2']);

    const before = api.requests.length;
    rerenderWith(fakeAuth(null));
    await waitFor(() => expect(current().membership).toBeNull());
    expect(current()).toMatchObject({ summary: null, loading: false, error: null });
    expect(api.requests.length).toBe(before);
  });

  test('refresh() reads both again', async () => {
    const { api } = renderMembership(fakeAuth(testUser()));
    await ready();
    api.balances.get('user-1')!.tokensRemaining = 7;
    await act(() => current().refresh());
    expect(current().membership?.tokensRemaining).toBe(7);
    expect(current().summary?.used).toBe(3);
    expect(api.requests).toHaveLength(4);
  });

  test('consume() POSTs the feature, its cost and an idempotency key, then reloads', async () => {
    const { api } = renderMembership(fakeAuth(testUser()));
    await ready();
    let answer: unknown;
    await act(async () => {
      answer = await current().consume('voice_command');
    });
    expect(answer).toEqual({ tokensRemaining: 9, applied: true });
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post).toMatchObject({ url: `${BILLING}/api/tokens/consume`, authorization: 'Bearer test-id-token-user-1' });
    expect(post?.body).toEqual({ feature: 'voice_command', amount: 1, idempotencyKey: expect.stringMatching(/\S{8,}/) });
    expect(api.requests.slice(-2).map((request) => request.url)).toEqual([`${BILLING}/api/membership`, `${BILLING}/api/tokens/summary`]);
    expect(current().membership?.tokensRemaining).toBe(9);
    expect(current().summary).toMatchObject({ used: 1, total: 10 });
  });

  test('consume() passes an explicit amount and idempotency key; each call gets a fresh key by default', async () => {
    const { api } = renderMembership(fakeAuth(testUser()));
    await ready();
    await act(async () => {
      await current().consume('workflow_run', 2, { idempotencyKey: 'key-1' });
      await current().consume('voice_command');
      await current().consume('voice_command');
    });
    const posts = api.requests.filter((request) => request.method === 'POST').map((request) => request.body as { feature: string; amount: number; idempotencyKey: string });
    expect(posts[0]).toEqual({ feature: 'workflow_run', amount: 2, idempotencyKey: 'key-1' });
    expect(posts[1]?.idempotencyKey).not.toBe(posts[2]?.idempotencyKey);
  });

  test('consume() with too few tokens rejects with a 402 ApiError carrying the service’s text', async () => {
    const api = fakeBillingApi();
    api.balances.set('user-1', membershipOf('user-1', { tokensRemaining: 0 }));
    renderMembership(fakeAuth(testUser()), { api });
    await ready();
    let failure: unknown;
    await act(async () => {
      failure = await current()
        .consume('voice_command')
        .catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 402, message: 'Insufficient tokens: 1 needed, 0 remaining' });
    expect(current().membership?.tokensRemaining).toBe(0);
    expect(current().error).toBeNull();
  });

  test('consume() while signed out rejects without calling the service', async () => {
    const { api } = renderMembership(fakeAuth(null));
    await act(async () => undefined);
    await expect(current().consume('voice_command')).rejects.toMatchObject({ status: 401 });
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('offline: the last answer saved on this device (issue 25)', () => {
  afterEach(() => setOnline(true));

  test('billing-api unreachable: the saved membership and summary, marked with when they were saved; back online they are read again', async () => {
    const api = fakeBillingApi();
    api.balances.set('user-1', membershipOf('user-1', { role: 'premium', tokensRemaining: 6 }));
    const first = renderMembership(fakeAuth(testUser()), { api });
    await ready();
    expect(current().savedAt).toBeNull();
    first.unmount();

    // A new start without a network: every request fails.
    setOnline(false);
    api.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderMembership(fakeAuth(testUser()), { api });
    await ready();
    expect(current()).toMatchObject({ error: null, membership: { userId: 'user-1', role: 'premium', tokensRemaining: 6 }, summary: { used: 4, total: 10 } });
    expect(Date.parse(current().savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(current().hasRole('premium')).toBe(true);

    const online = fakeBillingApi();
    online.balances.set('user-1', membershipOf('user-1', { role: 'premium', tokensRemaining: 5 }));
    api.fetch.mockImplementation(online.fetch);
    act(() => setOnline(true));
    await waitFor(() => expect(current().savedAt).toBeNull());
    expect(current().membership?.tokensRemaining).toBe(5);
  });

  test('a refusal (HTTP 500) is an error, never the saved copy', async () => {
    const { api } = renderMembership(fakeAuth(testUser()));
    await ready();
    api.fail(MEMBERSHIP_API.membership, 500);
    await act(() => current().refresh());
    expect(current()).toMatchObject({ membership: null, savedAt: null, error: 'Failed to load membership details.' });
  });

  test('another user’s saved membership is never shown', async () => {
    const api = fakeBillingApi();
    const first = renderMembership(fakeAuth(testUser({ uid: 'user-2' })), { api });
    await ready();
    first.unmount();
    api.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderMembership(fakeAuth(testUser()), { api });
    await ready();
    expect(current()).toMatchObject({ membership: null, savedAt: null, error: 'Failed to load membership details.' });
  });
});
