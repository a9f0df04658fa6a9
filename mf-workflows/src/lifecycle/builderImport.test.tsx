// The builder's "Import JSON" makes a NEW workflow and opens it; the open one is left alone.
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useRemoteCatalogs } from '@agentflow/shared';
import { BUILDER_CATALOGS } from '../builder/i18n';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow } from '@agentflow/shared/workflow';
import { ImportExport } from '../builder/ImportExport';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';

/** The builder's own texts, as the builder registers them. */
function BuilderTexts({ children }: { children: ReactNode }) {
  useRemoteCatalogs(BUILDER_CATALOGS);
  return children;
}

test('a pasted workflow is created as a new workflow (pins dropped) and opened; the open one is not dispatched to', async () => {
  const source = createFakeCatalogueSource({ createdId: 'wf-imported' });
  const dispatch = jest.fn();
  const open = { ...emptyWorkflow('user-1', 'Open one', { id: 'wf-1' }), version: 3 };
  renderWithProviders(
    <BuilderTexts>
    <CatalogueSourceProvider source={source}>
      <Routes>
        <Route path="/workflows/:id" element={<ImportExport workflow={open} dispatch={dispatch} readOnly={false} />} />
      </Routes>
      <LocationProbe />
    </CatalogueSourceProvider>
    </BuilderTexts>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  const pasted = {
    name: 'From a colleague',
    nodes: [{ id: 'start', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {}, pinned: { output: { a: 1 }, pinnedAt: '2026-01-01T00:00:00.000Z' } }],
    edges: [],
  };
  fireEvent.change(screen.getByLabelText('Workflow JSON'), { target: { value: JSON.stringify(pasted) } });
  fireEvent.click(screen.getByTestId('import-json'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workflows/wf-imported'));
  const [created, user] = source.createWorkflow.mock.calls[0]!;
  expect(created).toMatchObject({ name: 'From a colleague', nodes: [{ id: 'start', type: 'trigger.manual' }] });
  expect(created.nodes[0]).not.toHaveProperty('pinned');
  expect(user.uid).toBe('user-1');
  expect(dispatch).not.toHaveBeenCalled();
});

test('a failed create says so', async () => {
  const source = createFakeCatalogueSource({ fail: { create: true } });
  renderWithProviders(
    <BuilderTexts>
      <CatalogueSourceProvider source={source}>
        <ImportExport workflow={emptyWorkflow('user-1', 'Open one', { id: 'wf-1' })} readOnly={false} />
      </CatalogueSourceProvider>
    </BuilderTexts>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  fireEvent.change(screen.getByLabelText('Workflow JSON'), { target: { value: JSON.stringify({ nodes: [], edges: [] }) } });
  fireEvent.click(screen.getByTestId('import-json'));
  expect(await screen.findByTestId('import-report')).toHaveTextContent('The workflow could not be created');
});
