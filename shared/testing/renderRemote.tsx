// Test code only: what the remotes' test kits share to mount their app the
// way the shell does, on a fake service installed as the global fetch.
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, type ProvidersOptions } from './renderWithProviders';

const originalFetch = globalThis.fetch;

/** Puts the real fetch (jsdom has none: undefined) back; call it in afterEach. */
export function restoreFetch(): void {
  globalThis.fetch = originalFetch;
}

/** A React Query client for tests: no retries, and nothing collected while a test runs. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * Installs `fetch` as the global fetch, then renders the app (given a fresh
 * testQueryClient, returned too) at `mount` as the shell routes a remote,
 * beside a stand-in sign-in page, with the location probe, at `route`.
 */
export function renderRemote(
  route: string,
  { mount, app, fetch, options }: { mount: string; app: (queryClient: QueryClient) => ReactElement; fetch: typeof globalThis.fetch; options: ProvidersOptions },
) {
  globalThis.fetch = fetch;
  const queryClient = testQueryClient();
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={mount} element={app(queryClient)} />
        <Route path="/signin" element={<p>Sign-in page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, ...options },
  );
  return { ...rendered, queryClient };
}
