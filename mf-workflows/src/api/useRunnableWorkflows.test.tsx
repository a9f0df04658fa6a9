// The one list of "workflows I may run" behind the error-workflow picker and
// the sub-workflow step: the user's and their organizations', each once, by
// name, without templates, trashed ones or the workflow being edited.
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { createFakeCatalogueSource, testWorkflow } from '../testing/fakeCatalogueSource';
import { runnableWorkflows, useRunnableWorkflows } from './useRunnableWorkflows';

function Probe({ exceptId }: { exceptId: string }) {
  const load = useRunnableWorkflows(exceptId);
  return <p data-testid="probe">{load.state === 'ready' ? load.workflows.map((w) => w.id).join(',') : load.state}</p>;
}

const mine = [
  testWorkflow({ id: 'wf-self', name: 'Being edited' }),
  testWorkflow({ id: 'wf-zeta', name: 'Zeta report' }),
  testWorkflow({ id: 'wf-trash', name: 'Old', deletedAt: '2026-01-01T00:00:00.000Z' }),
  testWorkflow({ id: 'wf-shared', name: 'Enrich lead', organizationId: 'org-1' }),
];
const organization = [
  testWorkflow({ id: 'wf-shared', name: 'Enrich lead', organizationId: 'org-1' }),
  testWorkflow({ id: 'wf-team', name: 'Alpha intake', ownerId: 'user-2', organizationId: 'org-1' }),
  testWorkflow({ id: 'wf-tpl', name: 'A template', ownerId: 'user-2', organizationId: 'org-1', visibility: 'template' }),
];

function renderProbe(source = createFakeCatalogueSource({ mine, organization, organizationIds: ['org-1'] })) {
  renderWithProviders(
    <CatalogueSourceProvider source={source}>
      <Probe exceptId="wf-self" />
    </CatalogueSourceProvider>,
    { language: 'en', user: testUser() },
  );
  return source;
}

test('the user’s and their organizations’ workflows, each once, by name; not this one, a template or the trash', async () => {
  expect(runnableWorkflows([...mine, ...organization], 'wf-self').map((w) => w.id)).toEqual(['wf-team', 'wf-shared', 'wf-zeta']);
  const source = renderProbe();
  expect(screen.getByTestId('probe')).toHaveTextContent('loading');
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('wf-team,wf-shared,wf-zeta'));
  expect(source.listMine).toHaveBeenCalledWith('user-1');
  expect(source.listOrganization).toHaveBeenCalledWith(['org-1']);
});

test('with no organization, none is read', async () => {
  const none = renderProbe(createFakeCatalogueSource({ mine, organization, organizationIds: [] }));
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('wf-shared,wf-zeta'));
  expect(none.listOrganization).not.toHaveBeenCalled();
});

test('a failed read says so', async () => {
  renderProbe(createFakeCatalogueSource({ mine, organization, organizationIds: ['org-1'], fail: { organization: true } }));
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('failed'));
});
