// billing-api's token and team endpoints, for the billing pages. Every call
// carries the signed-in user's Firebase ID token; a non-2xx answer rejects with
// a BillingApiError holding the status and the service's `{error}` text.
import {
  BillingApiError,
  billingApiErrorFrom,
  MEMBERSHIP_API,
  type MembershipRole,
  type TeamMember,
  type TokenUsageEntry,
  type UsagePeriod,
  type UsagePoint,
} from '@agentflow/shared';

export interface BillingClientOptions {
  /** billing-api's origin (usePlatform().config.apis.billing). */
  baseUrl: string;
  getIdToken: () => Promise<string | null>;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | undefined>;

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

export function createBillingClient({ baseUrl, getIdToken, fetch: fetchImpl }: BillingClientOptions) {
  async function request<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const token = await getIdToken();
    if (!token) throw new BillingApiError('Not signed in', 401);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') search.set(key, String(value));
    const queryString = search.toString();
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, Authorization: `Bearer ${token}` };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const send = fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}${queryString ? `?${queryString}` : ''}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
    } catch (cause) {
      throw new BillingApiError(cause instanceof Error ? cause.message : String(cause), 0);
    }
    if (!response.ok) throw await billingApiErrorFrom(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
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

    listTeamMembers: async (): Promise<TeamMember[]> => listFrom<TeamMember>(await request('GET', MEMBERSHIP_API.teamMembers), 'members'),
    inviteTeamMember: (input: { email: string; role: MembershipRole }) => request('POST', MEMBERSHIP_API.teamMembers, { body: input }),
    updateTeamMember: (id: string, input: { role: MembershipRole }) => request('PATCH', MEMBERSHIP_API.teamMember(id), { body: input }),
    removeTeamMember: (id: string) => request('DELETE', MEMBERSHIP_API.teamMember(id)),
  };
}

export type BillingClient = ReturnType<typeof createBillingClient>;
