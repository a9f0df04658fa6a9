// Test code only: mounts BillingApp the way the shell does, on the fake
// billing-api (installed as the global fetch, and the real MembershipProvider
// running on it), signed in as user-1 unless told otherwise.
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import BillingApp from '../exposes/BillingApp';
import { createFakeBillingServer, type FakeBillingServer } from './fakeBillingServer';

const originalFetch = globalThis.fetch;

/** Puts the real fetch (jsdom has none: undefined) back; call it in afterEach. */
export function restoreFetch(): void {
  globalThis.fetch = originalFetch;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export function renderBilling(route: string, options: ProvidersOptions & { server?: FakeBillingServer; mount?: string } = {}) {
  const server = options.server ?? createFakeBillingServer();
  globalThis.fetch = server.fetch as typeof fetch;
  const queryClient = testQueryClient();
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path={options.mount ?? '/billing/*'} element={<BillingApp queryClient={queryClient} />} />
        <Route path="/signin" element={<p>Sign-in page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, user: testUser(), membershipFetch: server.fetch as typeof fetch, ...options },
  );
  return { ...result, server, queryClient };
}
