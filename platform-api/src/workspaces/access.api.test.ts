// The service half of the one table of workspace access cases
// (shared/testing/workspaceAccessCases.ts), asked of platform-api's real
// endpoints on the emulators. The world is built through the endpoints too:
// olga creates the workspace, invites its members who accept, the shares are
// PUT, and max is removed through DELETE …/members/:uid between his two rows.
// view: GET …/shares (checks view); run: POST …/runs; share: PUT …/shares;
// approve: POST /api/runs/:id/approve on a fresh waiting run whose approval
// step names workspace_editor; useCredential: GET /api/credentials?organizationId=
// for the workspace's workflows. edit and delete (and useCredential of a
// personal or one-by-one shared workflow): no service endpoint does them (the
// browser writes workflows under the security rules, whose half of the table
// is firebase/workspaces.rules.test.ts), so those cells ask workflowAllows,
// the function the services call, on the stored assignments and workflows.
import { RBAC_COLLECTIONS, WORKSPACES_API, type WorkflowAction } from '@agentflow/shared/server';
import type { Workflow } from '@agentflow/shared/workflow';
import { ACCESS_CASES, ACCESS_COLUMNS, ACCESS_ORG, ACCESS_WORLD, APPROVAL_APPROVERS, type AccessCase, type AccessColumn } from '../../../shared/testing/workspaceAccessCases';
import { initializeRbac } from '../access/initialize';
import { workflowAllows } from '../runs/access';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
const users = new Map<string, RunsUser>();
const workflows = new Map<string, Workflow>();
let organizationId = '';
let extra: RunsUser;

const user = (label: string): RunsUser => {
  const found = users.get(label);
  if (!found) throw new Error(`no user ${label}`);
  return found;
};

beforeAll(async () => {
  h = await startRunsHarness('workspace-access');
  await initializeRbac(h.db);
  const labels = new Set(['pat', 'sam', 'out', ...ACCESS_WORLD.assignments.map((a) => a.uid)]);
  for (const label of labels) {
    // olga pays for the workspace's runs, pat for his own: enough tokens and seats for everyone.
    users.set(label, await h.createUser(label, { emailVerified: true, plan: label === 'olga' ? 'enterprise' : 'basic', tokens: 10_000 }));
  }
  extra = await h.createUser('extra', { emailVerified: true });

  const created = await h.call('POST', WORKSPACES_API.workspaces, { user: user('olga'), body: { name: 'Acme' } });
  expect(created.status).toBe(201);
  organizationId = created.body.workspace.id as string;
  for (const assignment of ACCESS_WORLD.assignments) {
    if (assignment.organizationId === null) {
      // A global administrator, as the access console assigns one.
      await h.db.collection(RBAC_COLLECTIONS.userRoles).add({ userId: user(assignment.uid).uid, roleId: assignment.roleId, organizationId: null, assignedBy: 'system' });
      continue;
    }
    expect(assignment.organizationId).toBe(ACCESS_ORG);
    if (assignment.roleId === 'workspace_owner') continue;
    const invited = await h.call('POST', WORKSPACES_API.invitations(organizationId), { user: user('olga'), body: { email: user(assignment.uid).email, roleId: assignment.roleId } });
    expect(invited.status).toBe(201);
    expect((await h.call('POST', WORKSPACES_API.acceptInvitation(invited.body.invitation.id as string), { user: user(assignment.uid) })).status).toBe(200);
  }

  for (const world of ACCESS_WORLD.workflows) {
    const saved = await h.saveWorkflow(
      user(world.ownerId).uid,
      [manual(), node('review', 'approval', { approvers: [...APPROVAL_APPROVERS], message: 'Go ahead?' }), node('done', 'output', { mapping: '{"approved": review.approved}' })],
      [edge('trigger', 'review'), edge('review', 'done')],
      { name: `Workflow ${world.id}`, organizationId: world.organizationId ? organizationId : null, visibility: world.visibility },
    );
    workflows.set(world.id, saved);
    for (const [label, roleId] of Object.entries(world.sharedWith)) {
      // Shared by someone allowed to: the personal owner, or the workspace's owner.
      const by = world.organizationId ? user('olga') : user(world.ownerId);
      const shared = await h.call('PUT', WORKSPACES_API.shares(saved.id), { user: by, body: { email: user(label).email, roleId } });
      expect(shared.status).toBe(200);
    }
  }
}, 120_000);

afterAll(async () => {
  // Notifications of the last waiting runs are written after their step's own write (best effort, not awaited by the run).
  await new Promise((resolve) => setTimeout(resolve, 500));
  await h?.close();
});

const workflowOf = (testCase: AccessCase) => workflows.get(testCase.workflow)!;
/** Who starts the waiting runs: whoever may run the workflow for sure (its personal owner, else the workspace owner). */
const starterOf = (testCase: AccessCase) => (testCase.workflow === 'P' ? user('pat') : user('olga'));

async function allowed(status: number, ok: number, what: string): Promise<boolean> {
  if (status === ok) return true;
  if (status === 403) return false;
  throw new Error(`${what} answered ${status}`);
}

async function ask(testCase: AccessCase, column: AccessColumn): Promise<boolean> {
  const who = user(testCase.who);
  const workflow = workflowOf(testCase);
  const byFunction = async (action: WorkflowAction) => workflowAllows(h.db, { uid: who.uid, email: who.email }, await storedWorkflow(workflow.id), action);
  switch (column) {
    case 'view':
      return allowed((await h.call('GET', WORKSPACES_API.shares(workflow.id), { user: who })).status, 200, 'GET shares');
    case 'run':
      return allowed((await h.call('POST', `/api/workflows/${workflow.id}/runs`, { user: who, body: { input: {} } })).status, 202, 'POST runs');
    case 'share':
      return allowed((await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: who, body: { email: extra.email, roleId: 'workspace_viewer' } })).status, 200, 'PUT shares');
    case 'useCredential':
      if (testCase.workflow === 'W') return allowed((await h.call('GET', `/api/credentials?organizationId=${organizationId}`, { user: who })).status, 200, 'GET credentials');
      return byFunction('useCredential');
    case 'approve': {
      const started = await h.call('POST', `/api/workflows/${workflow.id}/runs`, { user: starterOf(testCase), body: { input: {} } });
      expect(started.status).toBe(202);
      await h.waitForRun(started.body.runId as string, ['waiting']);
      const decided = await h.call('POST', `/api/runs/${started.body.runId as string}/approve`, { user: who, body: { stepId: 'review' } });
      // An approved run goes on: let it end here rather than after the suite.
      if (decided.status === 200) await h.waitForRun(started.body.runId as string, ['succeeded']);
      return allowed(decided.status, 200, 'POST approve');
    }
    default:
      return byFunction(column);
  }
}

async function storedWorkflow(id: string): Promise<Pick<Workflow, 'ownerId' | 'organizationId' | 'visibility' | 'sharedWith'>> {
  const data = (await h.db.collection('workflows').doc(id).get()).data() ?? {};
  return { ownerId: data.ownerId, organizationId: data.organizationId ?? null, visibility: data.visibility, sharedWith: data.sharedWith ?? {} };
}

let removed = false;

describe('the one table of workspace access cases, against platform-api’s endpoints', () => {
  test.each(ACCESS_CASES.map((c) => [`${c.who} on ${c.workflow}${c.removedFirst ? ' after removal' : ''}`, c] as const))('%s', async (_name, testCase) => {
    if (testCase.removedFirst && !removed) {
      const gone = await h.call('DELETE', WORKSPACES_API.member(organizationId, user(ACCESS_WORLD.removedUser).uid), { user: user('olga') });
      expect(gone.status).toBe(204);
      removed = true;
    }
    const got: Record<string, boolean> = {};
    for (const column of ACCESS_COLUMNS) got[column] = await ask(testCase, column);
    expect(got).toEqual(testCase.expect);
  }, 60_000);
});
