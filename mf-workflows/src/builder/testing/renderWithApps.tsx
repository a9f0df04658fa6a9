// Test code only: the builder route or the credentials page, signed in, with
// the fake platform-api answering both the credentials and the connector
// endpoints.
import { screen } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { BuilderRoute } from '../BuilderRoute';
import { fakeWorkflowDocs } from './fakeWorkflowDocs';
import { CredentialsClientContext } from '../../credentials/api';
import { CredentialsRoute } from '../../credentials/CredentialsPage';
import type { FakeCredentialsServer } from '../../credentials/testing/fakeCredentialsServer';
import { ConnectorsClientContext } from '../../connectors/api';
import type { FakeConnectorsServer } from '../../connectors/testing/fakeConnectorsServer';

interface Servers {
  credentials: FakeCredentialsServer;
  connectors: FakeConnectorsServer;
}

function render(servers: Servers, route: string, language: SupportedLanguage, workflow?: Workflow) {
  const docs = fakeWorkflowDocs(workflow ?? null);
  renderWithProviders(
    <CredentialsClientContext.Provider value={servers.credentials.client}>
      <ConnectorsClientContext.Provider value={servers.connectors.client}>
        <Routes>
          <Route path="/workflows/credentials" element={<CredentialsRoute />} />
          <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
        </Routes>
        <LocationProbe />
      </ConnectorsClientContext.Provider>
    </CredentialsClientContext.Provider>,
    { route, user: testUser(), language },
  );
  return docs;
}

export async function renderBuilderWithApps(workflow: Workflow, servers: Servers, options: { route?: string; language?: SupportedLanguage } = {}) {
  const docs = render(servers, options.route ?? `/workflows/${workflow.id}`, options.language ?? 'en', workflow);
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  return docs;
}

export function renderCredentialsWithApps(servers: Servers, options: { route?: string; language?: SupportedLanguage } = {}) {
  render(servers, options.route ?? '/workflows/credentials', options.language ?? 'en');
}
