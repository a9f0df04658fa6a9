// The run view's approval panel (issue 21): its verdict is platform-api's
// (GET /api/runs/:runId/approvals, the decide route's own rule, shares
// included), never computed in the browser; one verdict for the whole panel;
// 'checking' until the service answers, and a failure said and the form kept
// off; asked again when the run changes.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { approversOfNode, groupApprovers, groupApproverViews } from './ApproversInfo';
import { RunView } from './RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';
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

/** `setUp` shapes the fake service's answer before the view mounts. */
async function renderWaiting(run: WorkflowRun, options: ProvidersOptions = {}, setUp: (server: FakeRunsServer) => void = () => undefined) {
  const server = createFakeRunsServer({ runs: [run] });
  setUp(server);
  renderRuns(
    server,
    <>
      <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={STREAM} />} />
      <Route path="/workflows/:id" element={<p>builder page</p>} />
    </>,
    '/workflows/wf-1/runs/run-1',
    options,
  );
  await screen.findByTestId('run-approvers');
  return server;
}

const askedForVerdict = (server: FakeRunsServer) => server.requests.filter((request) => request.method === 'GET' && request.path === '/api/runs/run-1/approvals').length;

describe('grouping approvers', () => {
  test('before the service answers: built-in roles by name, everything else as written', () => {
    expect(groupApprovers(['sales_manager', 'bob@example.com', 'uid-42', 'night_shift', 'workspace_editor'])).toEqual({
      roles: [
        { id: 'sales_manager', name: 'Sales manager' },
        { id: 'workspace_editor', name: 'Workspace editor' },
      ],
      people: [
        { id: 'bob@example.com', label: 'bob@example.com' },
        { id: 'uid-42', label: 'uid-42' },
        { id: 'night_shift', label: 'night_shift' },
      ],
    });
  });

  test('as the service names them: custom roles by their stored name, people by display name', () => {
    expect(
      groupApproverViews([
        { kind: 'role', id: 'night_shift', label: 'Night shift' },
        { kind: 'user', id: 'uid-42', label: 'Bob Runner' },
        { kind: 'email', id: 'ada@example.com', label: '' },
      ]),
    ).toEqual({ roles: [{ id: 'night_shift', name: 'Night shift' }], people: [{ id: 'uid-42', label: 'Bob Runner' }, { id: 'ada@example.com', label: 'ada@example.com' }] });
  });

  test('approversOfNode reads the snapshot; a missing node or malformed params give none', () => {
    const run = waitingFor(['broker', 'ada@example.com']);
    expect(approversOfNode(run, 'managerApproval')).toEqual(['broker', 'ada@example.com']);
    expect(approversOfNode(run, 'elsewhere')).toEqual([]);
    expect(approversOfNode(waitingFor('nope' as unknown as string[]), 'managerApproval')).toEqual([]);
  });
});

/** The panel's one verdict and the form's state, read together. */
async function panelOf(run: WorkflowRun, options: ProvidersOptions = {}, setUp?: (server: FakeRunsServer) => void) {
  const server = await renderWaiting(run, options, setUp);
  const panel = screen.getByTestId('run-approval');
  const verdict = within(panel).getByTestId('run-approval-verdict');
  return { server, panel, verdict, approve: within(panel).getByRole('button', { name: 'Approve' }), reject: within(panel).getByRole('button', { name: 'Reject' }) };
}

const MAY = 'You are one of the approvers of this step.';
const MAY_NOT = 'You are not an approver of this step, so you cannot approve or reject it.';
const CHECKING = 'Checking whether you may decide…';
const FAILED = 'Could not check whether you may decide, so approving and rejecting are off for now.';

/** Exactly one verdict shows. */
function saysOnly(panel: HTMLElement, text: string) {
  for (const other of [MAY, MAY_NOT, CHECKING, FAILED].filter((each) => each !== text)) expect(panel).not.toHaveTextContent(other);
  expect(within(panel).getByTestId('run-approval-verdict')).toHaveTextContent(text);
}

describe('the waiting approval in the run view', () => {
  // A share the browser cannot see (sharedWith is not on the run): only the service knows.
  test('a user the workflow is shared with as editor, approvers naming the workspace role: the service says they may; buttons enabled', async () => {
    const { server, panel, approve, reject } = await panelOf(waitingFor(['workspace_editor'], { organizationId: 'org-a', ownerId: 'someone-else' }), {}, (fake) => {
      fake.approverLabels = { workspace_editor: 'Workspace editor' };
    });
    await waitFor(() => expect(approve).toBeEnabled());
    saysOnly(panel, MAY);
    expect(reject).toBeEnabled();
    expect(approve).not.toHaveAttribute('aria-describedby');
    expect(within(panel).getByLabelText('Comment (optional)')).toBeEnabled();
    expect(within(panel).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Workspace editor');
    expect(within(panel).getByRole('link', { name: 'All approvals waiting for you' })).toHaveAttribute('href', '/workflows/approvals');
    expect(askedForVerdict(server)).toBe(1);
    expect(server.requests.find((request) => request.path === '/api/runs/run-1/approvals')?.authorization).toBe('Bearer id-token-1');
  });

  test('a viewer: told who may decide and that they may not; buttons and comment disabled with that reason', async () => {
    const { panel, approve, reject } = await panelOf(waitingFor(['workspace_admin', 'uid-42'], { organizationId: 'org-a', ownerId: 'someone-else' }), {}, (fake) => {
      fake.mayDecide = () => false;
      fake.approverLabels = { workspace_admin: 'Workspace admin', 'uid-42': 'Bob Runner' };
    });
    await waitFor(() => expect(within(panel).getByTestId('run-approval-verdict')).toHaveTextContent(MAY_NOT));
    saysOnly(panel, MAY_NOT);
    for (const button of [approve, reject]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(MAY_NOT);
    }
    expect(within(panel).getByLabelText('Comment (optional)')).toBeDisabled();
    expect(within(panel).getByRole('heading', { name: 'Who may decide' })).toBeInTheDocument();
    expect(within(panel).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Workspace admin');
    expect(within(panel).getByTestId('run-approver-people')).toHaveTextContent('People: Bob Runner');
    expect(panel).toHaveTextContent('Administrators may always decide.');
    expect(within(panel).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
  });

  // Nothing in the browser grants it: the user holds no role here, the service alone decides.
  test('the verdict is the service’s even where the browser knows nothing of the user’s roles', async () => {
    const { panel, approve } = await panelOf(waitingFor(['finance_manager'], { organizationId: 'org-a' }), { rbac: { loading: true } });
    await waitFor(() => expect(approve).toBeEnabled());
    saysOnly(panel, MAY);
  });

  test('the owner who may not decide: the same verdict, and how to change it', async () => {
    const { panel, approve } = await panelOf(waitingFor(['sales_manager', 'bob@example.com']), {}, (fake) => {
      fake.mayDecide = () => false;
    });
    await waitFor(() => expect(within(panel).getByTestId('run-approval-verdict')).toHaveTextContent(MAY_NOT));
    expect(approve).toBeDisabled();
    const hint = within(panel).getByTestId('run-owner-hint');
    expect(hint).toHaveTextContent('An administrator can give you one of these roles in Access control, or you can change the approvers in the builder.');
    expect(within(hint).getByRole('link', { name: 'Change the approvers in the builder' })).toHaveAttribute('href', '/workflows/wf-1');
  });

  test('a person named by e-mail reads themselves marked as such', async () => {
    const { panel } = await panelOf(waitingFor(['ADA@example.com']));
    await waitFor(() => expect(within(panel).getByTestId('run-approval-verdict')).toHaveTextContent(MAY));
    expect(within(panel).getByTestId('run-approver-people')).toHaveTextContent('People: ADA@example.com (you)');
  });

  test('while the service has not answered: checking, buttons disabled with that reason, neither verdict shown; then its answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { panel, approve, server } = await panelOf(waitingFor(['sales_manager']), {}, (fake) => {
      fake.once('GET', /\/approvals$/, () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    });
    saysOnly(panel, CHECKING);
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(CHECKING);
    expect(within(panel).queryByTestId('run-owner-hint')).not.toBeInTheDocument();
    // Until then, who may decide comes from the run's own snapshot.
    expect(within(panel).getByTestId('run-approver-roles')).toHaveTextContent('Roles: Sales manager');
    await act(async () => answer(jsonResponse(200, { approvals: [{ nodeId: 'managerApproval', mayDecide: true, approvers: [{ kind: 'role', id: 'sales_manager', label: 'Sales manager' }] }] })));
    await waitFor(() => expect(approve).toBeEnabled());
    saysOnly(panel, MAY);
    expect(askedForVerdict(server)).toBe(1);
  });

  test('when the service cannot answer: it says so, the form stays disabled (never enabled on a guess), and Check again asks again', async () => {
    const { panel, approve, reject, server } = await panelOf(waitingFor(['user-1']), {}, (fake) => {
      // The first try and React Query's one retry.
      fake.once('GET', /\/approvals$/, () => jsonResponse(503, { error: 'Unavailable' }));
      fake.once('GET', /\/approvals$/, () => jsonResponse(503, { error: 'Unavailable' }));
    });
    await waitFor(() => expect(within(panel).getByTestId('run-approval-verdict')).toHaveTextContent(FAILED), { timeout: 4000 });
    saysOnly(panel, FAILED);
    expect(within(panel).getByTestId('run-approval-verdict')).toHaveAttribute('role', 'alert');
    for (const button of [approve, reject]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(FAILED);
    }
    fireEvent.click(within(panel).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(approve).toBeEnabled());
    saysOnly(panel, MAY);
    expect(askedForVerdict(server)).toBe(3);
  });

  test('asked again when the run changes: a second approval step waiting gets its own verdict', async () => {
    const run = waitingFor(['user-1']);
    const { server, panel } = await panelOf(run, {}, (fake) => {
      fake.mayDecide = (_run, nodeId) => nodeId === 'managerApproval';
    });
    await waitFor(() => expect(within(panel).getByTestId('run-approval-verdict')).toHaveTextContent(MAY));
    const second: WorkflowRun = {
      ...run,
      snapshot: { nodes: [...run.snapshot!.nodes, { id: 'financeApproval', type: 'approval', name: 'Finance approval', position: { x: 0, y: 0 }, params: { approvers: ['finance_manager'] } }], edges: [] } as WorkflowRun['snapshot'],
      steps: [{ ...run.steps[0]!, status: 'succeeded', endedAt: at(2) }, fakeStep({ id: 'financeApproval', name: 'Finance approval', type: 'approval', status: 'waiting', startedAt: at(3) })],
      updatedAt: at(3),
    };
    act(() => server.latestSource().open());
    act(() => server.update(second));
    await screen.findByRole('heading', { name: 'Approval: Finance approval' });
    const panelNow = screen.getByTestId('run-approval');
    await waitFor(() => expect(within(panelNow).getByTestId('run-approval-verdict')).toHaveTextContent(MAY_NOT));
    expect(within(panelNow).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(askedForVerdict(server)).toBe(2);
  });

  test('in French, with the role names translated', async () => {
    await renderWaiting(waitingFor(['customer_service_lead', 'workspace_editor'], { organizationId: 'org-a' }), { language: 'fr' }, (fake) => {
      fake.mayDecide = () => false;
    });
    const box = screen.getByTestId('run-approvers');
    expect(await within(box).findByRole('heading', { name: 'Qui peut décider' })).toBeInTheDocument();
    await waitFor(() => expect(within(box).getByTestId('run-approval-verdict')).toHaveTextContent('Vous ne faites pas partie des approbateurs de cette étape'));
    expect(within(box).getByTestId('run-approver-roles')).toHaveTextContent('Rôles : Responsable du service client, Éditeur de l’espace');
    expect(within(box).getByTestId('run-owner-hint')).toHaveTextContent('Un administrateur peut vous attribuer l’un de ces rôles dans Contrôle d’accès');
  });
});
