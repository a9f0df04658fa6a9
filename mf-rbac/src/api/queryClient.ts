// The console's React Query client and its retry rule. Apart from queries.ts
// (the access client and the query keys) so that the console's first view,
// which only makes the client, does not load platform-api's endpoints: only
// the sections call them.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@agentflow/shared';

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
