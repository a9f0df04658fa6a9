// WorkflowsApp mounts the Knowledge pages at their own paths (not as a
// workflow id for the builder), and the catalogue links to them.
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import WorkflowsApp from '../../exposes/WorkflowsApp';
import { testQueryClient } from '../../testing/renderCatalogue';
import { createFakeCatalogueSource } from '../../testing/fakeCatalogueSource';
import { KnowledgeClientContext } from '../../api/knowledge';
import { CredentialsClientContext } from '../../credentials/api';
import { createFakeCredentialsServer } from '../../credentials/testing/fakeCredentialsServer';
import { createFakeKnowledgeServer, fakeKnowledgeBase } from '../../components/knowledge/testing/fakeKnowledgeServer';

function renderApp(route: string) {
  const knowledge = createFakeKnowledgeServer({ bases: [fakeKnowledgeBase({ id: 'kb-terms', name: 'Shipping terms' })] });
  renderWithProviders(
    <CredentialsClientContext.Provider value={createFakeCredentialsServer().client}>
      <KnowledgeClientContext.Provider value={knowledge.client}>
        <Routes>
          <Route path="/workflows/*" element={<WorkflowsApp source={createFakeCatalogueSource()} queryClient={testQueryClient()} />} />
        </Routes>
      </KnowledgeClientContext.Provider>
    </CredentialsClientContext.Provider>,
    { route, user: testUser() },
  );
}

test('the catalogue links to /workflows/knowledge, the list of knowledge bases', async () => {
  renderApp('/workflows');
  fireEvent.click(await screen.findByTestId('knowledge-link'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge' })).toBeInTheDocument();
  expect(await screen.findByRole('listitem', { name: 'Shipping terms' })).toBeInTheDocument();
});

test('/workflows/knowledge/:id is the knowledge base’s page', async () => {
  renderApp('/workflows/knowledge/kb-terms');
  expect(await screen.findByRole('heading', { level: 1, name: 'Shipping terms' })).toBeInTheDocument();
  expect(screen.getByTestId('knowledge-search')).toBeInTheDocument();
});
