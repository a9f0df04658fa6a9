// Test code only: the API reference page in a browser on the description
// platform-api's generator makes from the route table (no services), for the
// screenshots of e2e/screenshots/apiReference.mjs. ?lang=de picks the language.
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { TestProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import '@agentflow/shared/styles/base.css';
import { buildOpenApiDescription } from '../../../platform-api/src/publicApi/openApi';
import { ApiReferenceClientContext, type ApiReferenceClient } from '../apiReference/referenceClient';
import { ApiReferenceRoute } from '../apiReference/ApiReferenceRoute';
import type { OpenApiDescription } from '../apiReference/referenceModel';

const params = new URLSearchParams(window.location.search);
const baseUrl = 'https://api.agentflow.example';
const client: ApiReferenceClient = { baseUrl, load: async () => JSON.parse(JSON.stringify(buildOpenApiDescription({ serverUrl: baseUrl }))) as OpenApiDescription };

createRoot(document.getElementById('root')!).render(
  <TestProviders
    options={{
      route: '/workflows/api-reference',
      language: (params.get('lang') ?? 'en') as SupportedLanguage,
      user: testUser(),
      workspace: { currentId: 'personal', workspaces: [personalWorkspace()] },
    }}
  >
    <QueryClientProvider client={new QueryClient()}>
      <ApiReferenceClientContext.Provider value={client}>
        <main className="app-main">
          <Routes>
            <Route path="/workflows/api-reference" element={<ApiReferenceRoute />} />
          </Routes>
        </main>
      </ApiReferenceClientContext.Provider>
    </QueryClientProvider>
  </TestProviders>,
);
