import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MembershipContext, useAuth, useI18n, usePlatform, type ConsumeOptions, type MembershipContextValue } from '../federation/contexts.js';
import { MEMBERSHIP_API, type ConsumeResponse, type MembershipDetails, type TokenSummaryResponse } from '../../domain/membership/api.js';
import { FEATURE_COSTS, type MeteredFeature } from '../../domain/membership/features.js';
import type { TokenSummary, UserMembership } from '../../domain/membership/model.js';
import { hasMembershipRole, hasTokens as membershipHasTokens } from '../../domain/membership/rules.js';
import { readDeviceCopy, saveDeviceCopy } from '../offline/deviceCopy.js';
import { isUnreachable } from '../offline/networkFailure.js';
import { ApiError, createApiClient } from '../api/apiClient.js';

export interface MembershipProviderProps {
  children: ReactNode;
  /** The fetch used for billing-api (default: the global fetch, looked up at call time). */
  fetch?: typeof fetch;
}

interface LoadedState {
  membership: UserMembership | null;
  summary: TokenSummary | null;
  loading: boolean;
  /** A load failed (the message is translated at render, so it follows the language). */
  failed: boolean;
  /** Whose membership this is: another user's is never shown, even while theirs loads. */
  owner: string | null;
  /** The membership is the copy saved on this device (billing-api unreachable): when it was saved. */
  savedAt: string | null;
}

const SIGNED_OUT: LoadedState = { membership: null, summary: null, loading: false, failed: false, owner: null, savedAt: null };

/** The last membership and summary billing-api gave, kept on the device for offline starts. */
const DEVICE_COPY_KIND = 'membership';
interface SavedMembership {
  membership: UserMembership;
  summary: TokenSummary;
}
const isSavedMembership = (value: unknown): value is SavedMembership => {
  const saved = value as Partial<SavedMembership> | null;
  return Boolean(saved && typeof saved.membership?.role === 'string' && typeof saved.membership.tokensRemaining === 'number' && typeof saved.summary?.total === 'number');
};

const newIdempotencyKey = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function' ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The signed-in user's membership and token summary, for the header and every
 * remote (useMembership()). It is in the first view of every page, so it is
 * small (fetch only: no zod, no charts) and reads nothing for a signed-out
 * visitor.
 *
 * - while auth is loading it waits (loading true, nothing fetched);
 * - signed out: membership and summary are null, nothing is fetched;
 * - signed in: GET /api/membership (whose first call creates the membership
 *   server-side), then GET /api/tokens/summary, with the user's ID token;
 * - a failed load sets the translated 'membership.errorLoading' message and
 *   clears the membership and the summary; loading ends in every case;
 * - it reloads when the user changes, on refresh(), and after consume().
 *   Only the newest load may change the state.
 */
export function MembershipProvider({ children, fetch: fetchImpl }: MembershipProviderProps) {
  const { user, loading: authLoading, getIdToken } = useAuth();
  const { t } = useI18n();
  const { config } = usePlatform();
  const baseUrl = config.apis.billing;
  const uid = user?.uid ?? null;

  const [state, setState] = useState<LoadedState>(() => (authLoading || uid ? { ...SIGNED_OUT, loading: true } : SIGNED_OUT));
  const mounted = useRef(true);
  const generation = useRef(0);
  const latest = useRef({ uid, authLoading, getIdToken });
  // Kept current after each commit, before any effect reads it (a ref is not written while rendering).
  useLayoutEffect(() => {
    latest.current = { uid, authLoading, getIdToken };
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The token is read at call time (latest.current), so the request only follows the fetch and the URL.
  const request = useCallback(
    <T,>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> =>
      createApiClient({ baseUrl, getIdToken: latest.current.getIdToken, fetch: fetchImpl })<T>(method, path, { body }),
    [fetchImpl, baseUrl],
  );

  const load = useCallback(async (): Promise<void> => {
    const run = ++generation.current;
    const current = () => mounted.current && run === generation.current;
    const { uid: account, authLoading: waiting } = latest.current;
    if (waiting) {
      setState((previous) => ({ ...previous, loading: true }));
      return;
    }
    if (!account) {
      setState(SIGNED_OUT);
      return;
    }
    setState((previous) =>
      previous.owner !== account
        ? { membership: null, summary: null, loading: true, failed: false, owner: account, savedAt: null }
        : previous.loading && !previous.failed
          ? previous
          : { ...previous, loading: true, failed: false },
    );
    try {
      // The membership first: its first read creates it, and the summary is computed from it.
      const details = await request<MembershipDetails>('GET', MEMBERSHIP_API.membership);
      const summary = await request<TokenSummaryResponse>('GET', MEMBERSHIP_API.tokenSummary);
      if (!details?.userMembership) throw new ApiError('No membership in the answer', 500);
      saveDeviceCopy(DEVICE_COPY_KIND, account, { membership: details.userMembership, summary } satisfies SavedMembership);
      if (current()) setState({ membership: details.userMembership, summary, loading: false, failed: false, owner: account, savedAt: null });
    } catch (error) {
      // Unreachable (offline): the last answer saved on this device, marked as such; a refusal stays an error.
      const saved = isUnreachable(error) ? readDeviceCopy(DEVICE_COPY_KIND, account, isSavedMembership) : null;
      if (!current()) return;
      if (saved) setState({ ...saved.value, loading: false, failed: false, owner: account, savedAt: saved.savedAt });
      else setState({ membership: null, summary: null, loading: false, failed: true, owner: account, savedAt: null });
    }
  }, [request]);

  // (Re)load whenever who is signed in changes.
  useEffect(() => {
    void load();
  }, [load, uid, authLoading]);

  // Back online: a membership read from this device (or a failed read) is read again from billing-api.
  const stale = state.savedAt !== null || state.failed;
  useEffect(() => {
    if (!stale || typeof window === 'undefined') return undefined;
    const reload = () => void load();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [stale, load]);

  const consume = useCallback(
    async (feature: MeteredFeature, amount?: number, options: ConsumeOptions = {}): Promise<ConsumeResponse> => {
      const cost = amount ?? FEATURE_COSTS[feature] ?? 1;
      const result = await request<ConsumeResponse>('POST', MEMBERSHIP_API.consume, {
        feature,
        amount: cost,
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      });
      // Show the new balance at once; the reload brings the summary.
      if (mounted.current && typeof result?.tokensRemaining === 'number') {
        setState((previous) => (previous.membership ? { ...previous, membership: { ...previous.membership, tokensRemaining: result.tokensRemaining } } : previous));
      }
      await load();
      return result;
    },
    [request, load],
  );

  const value = useMemo<MembershipContextValue>(
    () => ({
      membership: state.membership,
      summary: state.summary,
      loading: state.loading,
      error: state.failed ? t('membership.errorLoading') : null,
      savedAt: state.savedAt,
      hasRole: (role) => hasMembershipRole(state.membership, role),
      hasTokens: (amount) => membershipHasTokens(state.membership, amount),
      refresh: load,
      consume,
    }),
    [state, t, load, consume],
  );

  return <MembershipContext.Provider value={value}>{children}</MembershipContext.Provider>;
}
