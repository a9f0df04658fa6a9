// Server state of the billing pages (@tanstack/react-query): the client bound
// to the signed-in user, and the query keys the pages share.
import { useMemo } from 'react';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError, isOnline, useAuth, usePlatform, type UsagePeriod } from '@agentflow/shared';
import { createBillingClient, type BillingClient } from './client';

export function useBillingClient(): BillingClient {
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  return useMemo(() => createBillingClient({ baseUrl: config.apis.billing, getIdToken }), [config.apis.billing, getIdToken]);
}

export const billingKeys = {
  all: ['billing'] as const,
  /** Everything that changes when tokens are debited. */
  usage: () => ['billing', 'usage'] as const,
  history: (period: UsagePeriod, language: string) => ['billing', 'usage', 'history', period, language] as const,
  recent: () => ['billing', 'usage', 'recent'] as const,
  team: () => ['billing', 'team'] as const,
  /** Everything a Stripe change (checkout, plan, cycle, card, cancel) may change. */
  account: () => ['billing', 'account'] as const,
  plans: () => ['billing', 'account', 'plans'] as const,
  status: () => ['billing', 'status'] as const,
  details: () => ['billing', 'account', 'details'] as const,
  subscriptions: () => ['billing', 'account', 'subscriptions'] as const,
  paymentMethods: (customerId: string) => ['billing', 'account', 'payment-methods', customerId] as const,
  invoices: (customerId: string) => ['billing', 'account', 'invoices', customerId] as const,
  upcoming: (customerId: string) => ['billing', 'account', 'upcoming', customerId] as const,
};

/** A refusal (4xx) will not change on retry; a network failure or a 5xx is tried once more. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * React Query assumes the page starts online and only listens for changes, so
 * an app started without a network (the installed app in a basement) would
 * never see the connection "return" and never read again. Telling it the
 * browser's state when the app mounts lets its own reconnect refetch run.
 */
export function syncOnlineManager(): void {
  onlineManager.setOnline(isOnline());
}
