import { screen, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { approversOfNode, groupApprovers } from './ApproversInfo';
import { RunView } from './RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';
import { installXyflowStubs } from '../builder/testing/xyflowStubs';

// The run view draws the run's graph (React Flow measures with ResizeObserver).
installXyflowStubs();

const STREAM = { reconnectDelayMs: 10, maxDelayMs: 40 };

const waitingFor = (approvers: string[], overrides: Partial<WorkflowRun> = {}) =>
  fakeRun({
    status: 'waiting',
    startedAt: at(0),
    snapshot: {
      nodes: [{ id: 'managerApproval', type: 'approval', name: 'Sales manager approval', position: { x: 0, y: 0 }, params: { approvers, message: 'Check the discount.' } }],
      edges: [],
    } as WorkflowRun['snapshot'],
    steps: [fakeStep({ id: 'managerApproval', name: 'Sales manager approval', type: 'approval', status: 'waiting', startedAt: at(1) })],
    ...overrides,
  });

async function renderWaiting(run: WorkflowRun, options: ProvidersOptions = {}) {
  const server = createFakeRunsServer({ runs: [run] });
  renderRuns(
    server,
    <>
      <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={STREAM} />} />
      <Route path="/workflows/:id" element={<p>builder page</p>} />
    </>,
    '/workflows/wf-1/runs/run-1',
    options,
  );
  return screen.findByTestId('run-approvers');
}

describe('groupApprovers', () => {
  test('names built-in roles, keeps people and unknown ids as written', () => {
    expect(groupApprovers(['sales_manager', 'bob@example.com', 'uid-42', 'night_shift', 'finance_manager'])).toEqual({
      roles: [
        { id: 'sales_manager', name: 'Sales manager' },
        { id: 'finance_manager', name: 'Finance manager' },
      ],
      people: ['bob@example.com', 'uid-42', 'night_shift'],
    });
  });

  test('roles read from access control name custom roles and win over the built-in names', () => {
    const roles = [
      { id: 'night_shift', name: 'Night shift', description: '', system: 'custom', permissions: [] },
      { id: 'sales_manager', name: 'Head of sales', description: '', system: 'core', permissions: [] },
    ];
    expect(groupApprovers(['night_shift', 'sales_manager'], roles)).toEqual({
      roles: [
        { id: 'night_shift', name: 'Night shift' },
        { id: 'sales_manager', name: 'Head of sales' },
      ],
      people: [],
    });
  });

  test('approversOfNode reads the snapshot; a missing node or malformed params give none', () => {
    const run = waitingFor(['broker', 'ada@example.com']);
    expect(approversOfNode(run, 'managerApproval')).toEqual(['broker', 'ada@example.com']);
    expect(approversOfNode(run, 'elsewhere')).toEqual([]);
    expect(approversOfNode(waitingFor('nope' as unknown as string[]), 'managerApproval')).toEqual([]);
  });
});

const assigned = (roleId: string, organizationId: string | null) => ({ userId: 'user-1', roleId, assignedAt: null, assignedBy: 'admin', organizationId });

/** The panel's one verdict and the form's state, read together. */
async function panelOf(run: WorkflowRun, options: ProvidersOptions = {}) {
  await renderWaiting(run, options);
  const panel = screen.getByTestId('run-approval');
  const verdict = within(panel).getByTestId('run-approval-verdict');
  return { panel, verdict, approve: within(panel).getByRole('button', { name: 'Approve' }), reject: within(panel).getByRole('button', { name: 'Reject' }) };
}

describe('the waiting approval in the run view', () => {
  test('an approver (named by e-mail) is told so, the buttons are enabled, and nothing says otherwise', async () => {
    const { panel, verdict, approve, reject } = await panelOf(waitingFor(['ADA@example.com', 'sales_manager']));
    expect(within(panel).getByRole('heading', { name: 'Approval: Sales manager approval' })).toBeInTheDocument();
    expect(verdict).toHaveTextContent('You are one of the approvers of this step.');
    expect(panel).not.toHaveTextContent('You are not an approver');
    expect(panel).not.toHaveTextContent('Waiting for your approval');
    expect(approve).toBeEnabled();
    expect(reject).toBeEnabled();
    expect(approve).not.toHaveAttribute('aria-describedby');
    expect(within(panel).getByTestId('run-approver-people')).toHaveTextContent('People: ADA@example.com (you)');
    expect(within(panel).getByRole('link', { name: 'All approvals waiting for you' })).toHaveAttribute('href', '/workflows/approvals');
    expect(within(panel).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
  });

  test('the owner who is not an approver: told so, buttons and comment disabled with that reason, and how to change it', async () => {
    const { panel, verdict, approve, reject } = await panelOf(waitingFor(['sales_manager', 'bob@example.com', 'uid-42']));
    expect(verdict).toHaveTextContent('You are not an approver of this step, so you cannot approve or reject it.');
    expect(panel).not.toHaveTextContent('You are one of the approvers');
    for (const button of [approve, reject]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('You are not an approver of this step, so you cannot approve or reject it.');
    }
    expect(within(panel).getByLabelText('Comment (optional)')).toBeDisabled();
    expect(within(panel).getByRole('heading', { name: 'Who may decide' })).toBeInTheDocument();
    expect(within(panel).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Sales manager');
    expect(within(panel).getByTestId('run-approver-people')).toHaveTextContent('People: bob@example.com, uid-42');
    expect(panel).toHaveTextContent('Administrators may always decide.');
    const hint = within(panel).getByTestId('run-owner-hint');
    expect(hint).toHaveTextContent('An administrator can give you one of these roles in Access control, or you can change the approvers in the builder.');
    expect(within(hint).getByRole('link', { name: 'Change the approvers in the builder' })).toHaveAttribute('href', '/workflows/wf-1');
  });

  test('someone else who is not an approver: the same verdict, without the owner’s hint', async () => {
    const { panel, verdict, approve } = await panelOf(waitingFor(['finance_manager'], { ownerId: 'someone-else' }));
    expect(verdict).toHaveTextContent('You are not an approver of this step');
    expect(approve).toBeDisabled();
    expect(within(panel).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Finance manager');
    expect(within(panel).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
  });

  test('while the user’s roles load: checking, buttons disabled with that reason, neither verdict shown', async () => {
    const { panel, verdict, approve } = await panelOf(waitingFor(['sales_manager']), { rbac: { loading: true } });
    expect(verdict).toHaveTextContent('Checking whether you may decide…');
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('Checking whether you may decide…');
    expect(panel).not.toHaveTextContent('You are not an approver');
    expect(panel).not.toHaveTextContent('You are one of the approvers');
    expect(within(panel).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
  });

  test.each<[string, string[], ProvidersOptions]>([
    ['holds the role globally', ['sales_manager'], { rbac: { userRoles: [assigned('sales_manager', null)] } }],
    ['holds the role in the run’s organization (an organization-scoped Sales manager)', ['sales_manager'], { rbac: { userRoles: [assigned('sales_manager', 'org-a')] } }],
    ['is named by user id', ['user-1'], {}],
    ['is a global administrator', ['broker'], { rbac: { userPermissions: ['manage_all'] } }],
    ['holds a higher workspace role than the one named', ['workspace_editor'], { rbac: { userRoles: [assigned('workspace_admin', 'org-a')] } }],
  ])('may decide when the user %s', async (_case, approvers, options) => {
    const { verdict, approve } = await panelOf(waitingFor(approvers, { organizationId: 'org-a' }), options);
    expect(verdict).toHaveTextContent('You are one of the approvers of this step.');
    expect(approve).toBeEnabled();
  });

  test.each<[string, string[], ProvidersOptions]>([
    ['a role held in another organization', ['sales_manager'], { rbac: { userRoles: [assigned('sales_manager', 'org-b')] } }],
    ['a lower workspace role than the one named', ['workspace_admin'], { rbac: { userRoles: [assigned('workspace_editor', 'org-a')] } }],
  ])('may not decide with %s', async (_case, approvers, options) => {
    const { verdict, approve } = await panelOf(waitingFor(approvers, { organizationId: 'org-a' }), options);
    expect(verdict).toHaveTextContent('You are not an approver of this step');
    expect(approve).toBeDisabled();
  });

  test('in French, with the role names translated', async () => {
    const box = await renderWaiting(waitingFor(['customer_service_lead', 'workspace_editor'], { organizationId: 'org-a' }), { language: 'fr' });
    expect(await within(box).findByRole('heading', { name: 'Qui peut décider' })).toBeInTheDocument();
    expect(within(box).getByTestId('run-approver-roles')).toHaveTextContent('Rôles : Responsable du service client, Éditeur de l’espace');
    expect(within(box).getByTestId('run-approval-verdict')).toHaveTextContent('Vous ne faites pas partie des approbateurs de cette étape');
    expect(within(box).getByTestId('run-owner-hint')).toHaveTextContent('Un administrateur peut vous attribuer l’un de ces rôles dans Contrôle d’accès');
  });
});
