// The wait and sub-workflow steps' forms in the config panel, and the links
// between a parent run and a sub-workflow's run.
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { nodeProblems, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { CatalogueSourceProvider } from '../../components/CatalogueSourceContext';
import { createFakeCatalogueSource, testWorkflow } from '../../testing/fakeCatalogueSource';
import { FlowStepForm } from './FlowStepForms';
import { ChildRunLink, ParentRunLink } from './RunLinks';

const manualTrigger = (fields: Record<string, unknown>[]): WorkflowNode => ({ id: 'trigger', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: { inputSchema: fields } });
const editing = testWorkflow({ id: 'wf-open', name: 'Open one', nodes: [manualTrigger([])] });

/** The form on one node whose params the test reads back after each change. */
function Harness({ initial, onParams }: { initial: WorkflowNode; onParams: (params: Record<string, unknown>) => void }) {
  const [node, setNode] = useState(initial);
  return (
    <FlowStepForm
      workflow={editing}
      node={node}
      problems={nodeProblems(node, [node])}
      onParams={(params) => {
        onParams(params);
        setNode((current) => ({ ...current, params }));
      }}
    />
  );
}

function renderForm(node: WorkflowNode, { language = 'en' as SupportedLanguage, workflows = [] as Workflow[], failing = false } = {}) {
  const onParams = jest.fn();
  const source = createFakeCatalogueSource({ mine: workflows, organization: [], organizationIds: [], fail: { mine: failing } });
  renderWithProviders(
    <CatalogueSourceProvider source={source}>
      <Harness initial={node} onParams={onParams} />
    </CatalogueSourceProvider>,
    { language, user: testUser() },
  );
  const latest = () => onParams.mock.calls.at(-1)?.[0] as Record<string, unknown>;
  return { latest, source };
}

const waitNode = (params: Record<string, unknown>): WorkflowNode => ({ id: 'pause', type: 'wait', name: 'Pause', position: { x: 0, y: 0 }, params });
const subNode = (params: Record<string, unknown>): WorkflowNode => ({ id: 'call', type: 'subworkflow', name: 'Call', position: { x: 0, y: 0 }, params });

test('a wait switches between a duration and a date-time, keeping what each mode held', async () => {
  const { latest } = renderForm(waitNode({ mode: 'duration', amount: 5, unit: 'minutes' }));
  fireEvent.change(await screen.findByLabelText('How long'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'days' } });
  expect(latest()).toEqual({ mode: 'duration', amount: 2, unit: 'days' });

  fireEvent.click(screen.getByLabelText('Until a date and time'));
  expect(latest()).toEqual({ mode: 'until', at: '' });
  fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '{{ input.due }}' } });
  fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Paris' } });
  expect(latest()).toEqual({ mode: 'until', at: '{{ input.due }}', timeZone: 'Europe/Paris' });
  expect(screen.queryByLabelText('How long')).toBeNull();

  // Back to the duration: its values come back.
  fireEvent.click(screen.getByLabelText('For a while'));
  expect(latest()).toEqual({ mode: 'duration', amount: 2, unit: 'days' });
});

test('a wait shows its problems beside the field, in the reader’s language', async () => {
  renderForm(waitNode({ mode: 'duration', amount: 400, unit: 'days' }), { language: 'de' });
  const amount = await screen.findByLabelText('Wie lange');
  expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('365');
  expect(screen.getByRole('group', { name: 'Warten' })).toBeInTheDocument();
});

test('a sub-workflow offers the workflows with a manual trigger and maps their input fields', async () => {
  const workflows = [
    testWorkflow({ id: 'wf-enrich', name: 'Enrich lead', nodes: [manualTrigger([{ key: 'email', label: 'E-mail', type: 'string', required: true }, { key: 'score', label: 'Score', type: 'number', required: false }])] }),
    testWorkflow({ id: 'wf-hook', name: 'Webhook only', nodes: [{ id: 'h', type: 'trigger.webhook', name: 'Hook', position: { x: 0, y: 0 }, params: { path: 'x', method: 'POST' } }] }),
    testWorkflow({ id: 'wf-trashed', name: 'Trashed', deletedAt: '2026-11-01T00:00:00.000Z', nodes: [manualTrigger([])] }),
    { ...editing },
  ];
  const { latest } = renderForm(subNode({ workflowId: '', input: {}, wait: true }), { workflows });
  const picker = await screen.findByLabelText('Workflow to run');
  // Only the callable one (not the open workflow, a webhook-only one or a trashed one).
  expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a workflow', 'Enrich lead']);

  fireEvent.change(picker, { target: { value: 'wf-enrich' } });
  expect(latest()).toEqual({ workflowId: 'wf-enrich', input: {}, wait: true });
  const inputs = screen.getByRole('group', { name: 'Input of Enrich lead' });
  const email = within(inputs).getByLabelText('E-mail (required)');
  expect(email).toHaveAttribute('aria-required', 'true');
  fireEvent.change(email, { target: { value: '{{ input.email }}' } });
  fireEvent.change(within(inputs).getByLabelText('Score'), { target: { value: '{{ qualify.score }}' } });
  expect(latest()).toEqual({ workflowId: 'wf-enrich', input: { email: '{{ input.email }}', score: '{{ qualify.score }}' }, wait: true });
  // A cleared field is left out.
  fireEvent.change(within(inputs).getByLabelText('Score'), { target: { value: '' } });
  expect(latest()).toEqual({ workflowId: 'wf-enrich', input: { email: '{{ input.email }}' }, wait: true });
});

test('a sub-workflow whose workflow is gone says so', async () => {
  renderForm(subNode({ workflowId: 'wf-gone', input: {}, wait: true }), { workflows: [] });
  expect(await screen.findByText('The chosen workflow is not in your list any more: choose another.')).toBeInTheDocument();
  expect(screen.getByText('No other workflow with a manual trigger that you may run.')).toBeInTheDocument();
});

test('a sub-workflow says when the list of workflows could not be loaded', async () => {
  renderForm(subNode({ workflowId: '', input: {}, wait: true }), { failing: true });
  expect(await screen.findByText('Your workflows could not be loaded.')).toHaveAttribute('role', 'alert');
  expect(screen.queryByLabelText('Workflow to run')).toBeNull();
});

test('the run view links a sub-workflow step to its child run, and the child run back to its parent', async () => {
  const run = { snapshot: { nodes: [subNode({ workflowId: 'wf-enrich', input: {} })], edges: [] }, parentRun: { runId: 'run-parent', stepId: 'call', workflowId: 'wf-outer' } };
  renderWithProviders(
    <Routes>
      <Route
        path="/workflows/:id/runs/:runId"
        element={
          <>
            <ParentRunLink run={run} />
            <ChildRunLink run={run} step={{ nodeId: 'call', childRunId: 'run-child' }} />
            <ChildRunLink run={run} step={{ nodeId: 'call', childRunId: null }} />
          </>
        }
      />
    </Routes>,
    { route: '/workflows/wf-middle/runs/run-middle', user: testUser(), language: 'fr' },
  );
  const child = await screen.findByRole('link', { name: 'Ouvrir l’exécution du sous-workflow →' });
  expect(child).toHaveAttribute('href', '/workflows/wf-enrich/runs/run-child');
  expect(screen.getAllByTestId('child-run-link')).toHaveLength(1);
  const parent = screen.getByTestId('parent-run-link');
  expect(parent).toHaveAttribute('href', '/workflows/wf-outer/runs/run-parent');
  fireEvent.click(parent);
  await waitFor(() => expect(screen.queryByTestId('parent-run-link')).toBeInTheDocument());
});

test('no link on a run that is not a sub-workflow’s', () => {
  renderWithProviders(<ParentRunLink run={{ parentRun: null }} />, { user: testUser() });
  expect(screen.queryByTestId('parent-run-link')).toBeNull();
});
