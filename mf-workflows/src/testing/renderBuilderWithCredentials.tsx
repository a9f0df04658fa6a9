// Test code only: the builder route of `workflow`, signed in, its credentials
// served by `server` (the fake platform-api at the fetch boundary).
import { screen } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { Workflow } from '@agentflow/shared/workflow';
import { BuilderRoute } from '../builder/BuilderRoute';
import { fakeWorkflowDocs } from '../builder/testing/fakeWorkflowDocs';
import { CredentialsClientContext } from '../credentials/api';
import type { FakeCredentialsServer } from '../credentials/testing/fakeCredentialsServer';

export async function renderBuilderWithCredentials(workflow: Workflow, server: FakeCredentialsServer) {
  const docs = fakeWorkflowDocs(workflow);
  renderWithProviders(
    <CredentialsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      </Routes>
    </CredentialsClientContext.Provider>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  return { server, docs };
}
