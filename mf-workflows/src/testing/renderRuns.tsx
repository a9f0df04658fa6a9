// Test code only: mounts run views the way WorkflowsApp does (React Query,
// the runs client from context) on a fake platform-api, with a location probe.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { testQueryClient } from './renderCatalogue';
import { RunsClientContext } from '../runs/RunsClientContext';
import type { FakeRunsServer } from '../runs/testing/fakeRunsServer';

/**
 * Renders the given <Route> elements (plus a sign-in page) at `route`,
 * signed in as testUser() unless `user: null` is passed.
 */
export function renderRuns(server: FakeRunsServer, routes: ReactNode, route: string, options: ProvidersOptions = {}) {
  const queryClient = testQueryClient();
  const result = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <RunsClientContext.Provider value={server.client}>
        <Routes>
          {routes}
          <Route path="/signin" element={<p>sign in page</p>} />
        </Routes>
        <LocationProbe />
      </RunsClientContext.Provider>
    </QueryClientProvider>,
    { route, user: testUser(), ...options },
  );
  return { ...result, queryClient };
}
