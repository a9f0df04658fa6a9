// Test code only: mounts BillingApp the way the shell does, on the fake
// billing-api (installed as the global fetch, and the real MembershipProvider
// running on it), signed in as user-1 unless told otherwise.
import { renderRemote } from '@agentflow/shared/testing/renderRemote';
import { testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import BillingApp from '../exposes/BillingApp';
import { createFakeBillingServer, type FakeBillingServer } from './fakeBillingServer';

export { restoreFetch, testQueryClient } from '@agentflow/shared/testing/renderRemote';

export function renderBilling(route: string, options: ProvidersOptions & { server?: FakeBillingServer; mount?: string } = {}) {
  const server = options.server ?? createFakeBillingServer();
  const rendered = renderRemote(route, {
    mount: options.mount ?? '/billing/*',
    app: (queryClient) => <BillingApp queryClient={queryClient} />,
    fetch: server.fetch as typeof fetch,
    options: { user: testUser(), membershipFetch: server.fetch as typeof fetch, ...options },
  });
  return { ...rendered, server };
}
