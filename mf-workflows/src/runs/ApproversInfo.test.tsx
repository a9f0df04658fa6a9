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

describe('the waiting approval in the run view', () => {
  test('shows role names and people; the owner who is not an approver is told how to get the role or change the approvers', async () => {
    const box = await renderWaiting(waitingFor(['sales_manager', 'bob@example.com', 'uid-42']));
    expect(within(box).getByRole('heading', { name: 'Who may approve' })).toBeInTheDocument();
    expect(within(box).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Sales manager');
    expect(within(box).getByTestId('run-approver-people')).toHaveTextContent('People: bob@example.com, uid-42');
    expect(box).toHaveTextContent('Administrators may always approve.');
    const hint = within(box).getByTestId('run-owner-hint');
    expect(hint).toHaveTextContent(
      'You are not an approver of this step. An administrator can give you the role in Access control, or you can change the approvers in the builder.',
    );
    expect(within(hint).getByRole('link', { name: 'Change the approvers in the builder' })).toHaveAttribute('href', '/workflows/wf-1');
  });

  test('no people line when only roles are named, and no roles line when only people are', async () => {
    const box = await renderWaiting(waitingFor(['dispatcher']));
    expect(within(box).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Dispatcher');
    expect(within(box).queryByTestId('run-approver-people')).not.toBeInTheDocument();
  });

  test.each([
    ['holds the role globally', ['sales_manager'], { rbac: { userRoles: [{ userId: 'user-1', roleId: 'sales_manager', assignedAt: null, assignedBy: 'admin', organizationId: null }] } }],
    ['holds the role in the run’s organization', ['sales_manager'], { rbac: { userRoles: [{ userId: 'user-1', roleId: 'sales_manager', assignedAt: null, assignedBy: 'admin', organizationId: 'org-a' }] } }],
    ['is named by e-mail (any case)', ['ADA@example.com'], {}],
    ['is named by user id', ['user-1'], {}],
    ['is a global administrator', ['broker'], { rbac: { userPermissions: ['manage_all'] } }],
  ] as const)('no hint for an owner who %s', async (_case, approvers, options) => {
    const box = await renderWaiting(waitingFor([...approvers], { organizationId: 'org-a' }), options as ProvidersOptions);
    expect(within(box).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
  });

  test('a role held in another organization does not count: the hint is shown', async () => {
    const box = await renderWaiting(waitingFor(['sales_manager'], { organizationId: 'org-a' }), {
      rbac: { userRoles: [{ userId: 'user-1', roleId: 'sales_manager', assignedAt: null, assignedBy: 'admin', organizationId: 'org-b' }] },
    });
    expect(within(box).getByTestId('run-owner-hint')).toBeInTheDocument();
  });

  test('an approver who does not own the run sees who may approve, without the owner’s hint', async () => {
    const box = await renderWaiting(waitingFor(['finance_manager'], { ownerId: 'someone-else' }));
    expect(within(box).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Finance manager');
    expect(within(box).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
  });

  test('in French', async () => {
    const box = await renderWaiting(waitingFor(['customer_service_lead']), { language: 'fr' });
    expect(within(box).getByRole('heading', { name: 'Qui peut approuver' })).toBeInTheDocument();
    expect(within(box).getByTestId('run-owner-hint')).toHaveTextContent('Un administrateur peut vous attribuer le rôle dans Contrôle d’accès');
  });
});
