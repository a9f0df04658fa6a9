// The error trigger in the builder: its note (what starts it, which workflows
// report to it), the error-workflow picker offering workflows with an error
// trigger first (and saying when the chosen one has none), and its palette
// entry and card summary in the reader's language.
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
