// Test code only: mounts WorkflowsApp the way the shell does ('/workflows/*')
// on a fake CatalogueSource, with a sign-in page and a location probe.
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import WorkflowsApp from '../exposes/WorkflowsApp';
import { createFakeCatalogueSource, type FakeCatalogueSource } from './fakeCatalogueSource';
import type { RunsClient } from '../api/runs';
import { RunsClientContext } from '../runs/RunsClientContext';
import { SharingClientContext, type SharingClient } from '../sharing/sharingClient';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Signed in as testUser() (user-1) unless `user: null` is passed. */
export function renderCatalogue(route = '/workflows', options: ProvidersOptions & { source?: FakeCatalogueSource; mount?: string; runs?: Partial<RunsClient>; sharing?: SharingClient } = {}) {
  const source = options.source ?? createFakeCatalogueSource();
  const queryClient = testQueryClient();
  const result = renderWithProviders(
    <RunsClientContext.Provider value={(options.runs as RunsClient | undefined) ?? null}>
      <SharingClientContext.Provider value={options.sharing ?? null}>
        <Routes>
          <Route path={options.mount ?? '/workflows/*'} element={<WorkflowsApp source={source} queryClient={queryClient} />} />
          <Route path="/signin" element={<p>Sign-in page</p>} />
        </Routes>
        <LocationProbe />
      </SharingClientContext.Provider>
    </RunsClientContext.Provider>,
    { route, user: testUser(), ...options },
  );
  return { ...result, source, queryClient };
}
