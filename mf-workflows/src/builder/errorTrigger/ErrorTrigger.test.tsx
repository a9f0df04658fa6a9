// The error trigger in the builder: its note (what starts it, which workflows
// report to it), the error-workflow picker offering workflows with an error
// trigger first (and saying when the chosen one has none), its palette entry
// and card summary, and the run form's test note, in the reader's language.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { WorkflowNode } from '@agentflow/shared/workflow';
import { CatalogueSourceProvider } from '../../components/CatalogueSourceContext';
import { createFakeCatalogueSource, testWorkflow } from '../../testing/fakeCatalogueSource';
import ErrorWorkflowPicker from '../settings/ErrorWorkflowPicker';
import ErrorTriggerNote from './ErrorTriggerNote';
import { errorWorkflowGroups, reportingWorkflows } from './errorWorkflowGroups';
import { paletteEntries } from '../Palette';
import { nodeSummary } from '../canvas/nodeSummary';
import { en as canvasEn } from '../canvas/i18n/en';
import { de as builderDe } from '../i18n/de';
import { useRemoteCatalogs } from '@agentflow/shared';
import { RunForm } from '../../runs/RunForm';
import { RUNS_CATALOGS } from '../../runs/i18n';
import { createFakeRunsServer, jsonResponse } from '../../runs/testing/fakeRunsServer';

const trigger = (id: string, type: WorkflowNode['type']): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params: {} });

const workflows = [
  testWorkflow({ id: 'wf-1', name: 'Sync CRM', errorWorkflowId: 'wf-report', nodes: [trigger('start', 'trigger.manual')] }),
  testWorkflow({ id: 'wf-night', name: 'Nightly invoices', errorWorkflowId: 'wf-report', nodes: [trigger('cron', 'trigger.schedule')] }),
  testWorkflow({ id: 'wf-report', name: 'Report failures', nodes: [trigger('failed', 'trigger.error')] }),
  testWorkflow({ id: 'wf-old', name: 'Old reporter', nodes: [trigger('hook', 'trigger.webhook')] }),
];

function renderWith(ui: React.ReactElement, language: 'en' | 'de' = 'en') {
  const source = createFakeCatalogueSource({ mine: workflows, organization: [], organizationIds: [] });
  return renderWithProviders(<CatalogueSourceProvider source={source}>{ui}</CatalogueSourceProvider>, { language, user: testUser() });
}

it('groups the choices by whether they start at an error trigger, and finds who reports to a workflow', () => {
  expect(errorWorkflowGroups(workflows.slice(2))).toEqual({ withTrigger: [{ id: 'wf-report', name: 'Report failures' }], others: [{ id: 'wf-old', name: 'Old reporter' }] });
  expect(reportingWorkflows(workflows, 'wf-report')).toEqual(['Sync CRM', 'Nightly invoices']);
});

it('the picker offers workflows with an error trigger first, and says when the chosen one has none', async () => {
  const onChange = jest.fn();
  renderWith(<ErrorWorkflowPicker workflow={{ ...workflows[0]!, errorWorkflowId: 'wf-old' }} readOnly={false} onChange={onChange} />);
  const select = (await screen.findByLabelText('Error workflow')) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  const groups = [...select.querySelectorAll('optgroup')].map((group) => [group.label, [...group.querySelectorAll('option')].map((option) => option.textContent)]);
  expect(groups).toEqual([
    ['With an error trigger', ['Report failures']],
    ['Other workflows', ['Nightly invoices', 'Old reporter']],
  ]);
  expect(screen.getByText(/This workflow has no error trigger: its steps get the failed run as input\.failedRun/)).toBeInTheDocument();
  fireEvent.change(select, { target: { value: 'wf-report' } });
  expect(onChange).toHaveBeenLastCalledWith('wf-report');
});

it('the picker says nothing more when the chosen workflow has an error trigger', async () => {
  renderWith(<ErrorWorkflowPicker workflow={workflows[0]!} readOnly={false} onChange={jest.fn()} />);
  const select = (await screen.findByLabelText('Error workflow')) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  expect(select.value).toBe('wf-report');
  expect(screen.queryByText(/has no error trigger/)).not.toBeInTheDocument();
});

it('the trigger’s note says what starts it and which workflows report to it, in the reader’s language', async () => {
  renderWith(<ErrorTriggerNote workflowId="wf-report" />);
  expect(await screen.findByText('Reports failures of: Nightly invoices, Sync CRM')).toBeInTheDocument();
  expect(screen.getByText(/Starts when a workflow that names this one as its error workflow fails/)).toBeInTheDocument();
});

it('the trigger’s note says when no workflow reports to it yet (German)', async () => {
  renderWith(<ErrorTriggerNote workflowId="wf-old" />, 'de');
  expect(await screen.findByText(/Noch kein Workflow nennt diesen als seinen Fehler-Workflow/)).toBeInTheDocument();
});

it('is in the palette’s triggers, and its card reads "When another workflow fails"', () => {
  const t = (key: string) => key;
  expect(paletteEntries(t).find((entry) => entry.nodeType === 'trigger.error')).toMatchObject({ group: 'triggers', key: 'trigger.error' });
  expect(nodeSummary(t, trigger('failed', 'trigger.error'))).toBe('workflows.canvas.summary.errorTrigger');
  expect(canvasEn.workflows.canvas.summary.errorTrigger).toBe('When another workflow fails');
  expect(builderDe.workflows.builder.nodeTypes.errorTrigger).toBe('Fehler-Auslöser');
});

describe('the run form of a workflow started only by another one’s failure', () => {
  function renderForm(nodes: WorkflowNode[], language: 'en' | 'fr' = 'en') {
    const server = createFakeRunsServer();
    server.once('POST', /\/api\/workflows\/wf-report\/runs$/, () => jsonResponse(202, { runId: 'run-9' }));
    const onStarted = jest.fn();
    function Form() {
      useRemoteCatalogs(RUNS_CATALOGS);
      return <RunForm workflow={{ id: 'wf-report', name: 'Report failures', nodes }} client={server.client} onStarted={onStarted} />;
    }
    renderWithProviders(<Form />, { user: testUser(), language });
    return { server, onStarted };
  }

  it('says a run is a test with sample failed-run details and sends {}', async () => {
    const { server, onStarted } = renderForm([trigger('failed', 'trigger.error')]);
    expect(await screen.findByText('This workflow starts when another workflow fails. Start it with {} to test it with sample failed-run details.')).toBeInTheDocument();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('{}');
    fireEvent.click(screen.getByTestId('run-submit'));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('run-9'));
    expect(server.requests.find((request) => request.method === 'POST')).toMatchObject({ body: { input: {} } });
  });

  it('keeps the webhook hint when another trigger starts it too, and is translated', async () => {
    renderForm([trigger('failed', 'trigger.error'), trigger('hook', 'trigger.webhook')]);
    expect(await screen.findByText(/starts from a webhook or a schedule/)).toBeInTheDocument();
    expect(screen.queryByText(/Start it with \{\}/)).not.toBeInTheDocument();
  });

  it('in French', async () => {
    renderForm([trigger('failed', 'trigger.error')], 'fr');
    expect(await screen.findByText(/Ce workflow démarre quand un autre workflow échoue/)).toBeInTheDocument();
  });
});
