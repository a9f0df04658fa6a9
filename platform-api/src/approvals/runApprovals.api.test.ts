// GET /api/runs/:runId/approvals on platform-api's real app (Auth and
// Firestore emulators): the run view's "may I approve?" comes from the
// service, by the decide route's own rule, so the two never disagree. Each
// verdict is checked against a real POST decide by the same user: 200 iff
// mayDecide.
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import type { RunApprovals } from '@agentflow/shared/domain';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('run-approvals', { env: { APPROVAL_LINK_SECRET: 'run-approvals-secret' } });
  alice = await h.createUser('alice', { tokens: 50, emailVerified: true });
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await h?.close();
});

async function assign(uid: string, roleId: WorkspaceRoleId, organizationId: string): Promise<() => Promise<void>> {
  const ref = h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`);
  await ref.set({ userId: uid, roleId, organizationId, assignedBy: 'system' });
  return async () => void (await ref.delete());
}

async function organization(ownerId: string): Promise<string> {
  const id = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(id).set({ name: id, description: '', ownerId, createdBy: ownerId, createdAt: new Date().toISOString() });
  await assign(ownerId, 'workspace_owner', id);
  return id;
}

const approvalWorkflow = (approvers: string[], extra: Record<string, unknown> = {}) =>
  h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers, message: 'Ship it?' }), node('done', 'output', {})], [edge('trigger', 'review'), edge('review', 'done')], { name: 'Releases', ...extra });

async function waitingRun(workflowId: string): Promise<string> {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: alice, body: { input: {} } });
  expect(started.status).toBe(202);
  await h.waitForRun(started.body.runId, ['waiting']);
  return started.body.runId as string;
}

const verdict = async (runId: string, user?: RunsUser) => h.call('GET', `/api/runs/${runId}/approvals`, user ? { user } : {});

/** The verdict, then a real decision by the same user: 200 iff the verdict said so (a refusal changes nothing). */
async function verdictAgreesWithDecide(runId: string, user: RunsUser): Promise<boolean> {
  const answer = await verdict(runId, user);
  expect(answer.status).toBe(200);
  const [review] = (answer.body as RunApprovals).approvals;
  expect(review).toBeDefined();
  const decided = await h.call('POST', `/api/runs/${runId}/decide`, { user, body: { decision: 'approve', nodeId: 'review' } });
  expect(decided.status).toBe(review!.mayDecide ? 200 : 403);
  return review!.mayDecide;
}

describe('GET /api/runs/:runId/approvals', () => {
  it('in a workspace whose approver is a role: a share as editor decides, a share as runner and a viewer see but may not; each agrees with decide', async () => {
    const org = await organization(alice.uid);
    const [ed, rick, vera] = await Promise.all([h.createUser('ed'), h.createUser('rick'), h.createUser('vera')]);
    await assign(vera.uid, 'workspace_viewer', org);
    const wf = await approvalWorkflow(['workspace_editor'], { organizationId: org, visibility: 'organization', sharedWith: { [ed.uid]: 'workspace_editor', [rick.uid]: 'workspace_runner' } });

    const first = await waitingRun(wf.id);
    const seen = await verdict(first, vera);
    expect(seen).toMatchObject({ status: 200, body: { approvals: [{ nodeId: 'review', mayDecide: false, approvers: [{ kind: 'role', id: 'workspace_editor', label: 'Workspace editor' }] }] } });
    expect(await verdictAgreesWithDecide(first, vera)).toBe(false);
    expect(await verdictAgreesWithDecide(first, rick)).toBe(false);
    // The share is what makes ed an approver (he holds no role in the workspace): the browser alone could not know.
    expect(await verdictAgreesWithDecide(first, ed)).toBe(true);
    await h.waitForRun(first, ['succeeded']);
    // Decided: nothing waits any more.
    expect(await verdict(first, ed)).toMatchObject({ status: 200, body: { approvals: [] } });
  });

  it('a member removed mid-way loses the verdict and the run (404, as for a stranger); decide refuses them', async () => {
    const org = await organization(alice.uid);
    const [mia, stranger] = await Promise.all([h.createUser('mia'), h.createUser('stranger')]);
    const remove = await assign(mia.uid, 'workspace_admin', org);
    const wf = await approvalWorkflow(['workspace_editor'], { organizationId: org, visibility: 'organization' });
    const runId = await waitingRun(wf.id);
    expect(await verdict(runId, mia)).toMatchObject({ status: 200, body: { approvals: [{ nodeId: 'review', mayDecide: true }] } });
    await remove();
    const after = await verdict(runId, mia);
    expect(after).toMatchObject({ status: 404 });
    expect(JSON.stringify(after.body)).not.toContain('review');
    expect((await h.call('POST', `/api/runs/${runId}/decide`, { user: mia, body: { decision: 'approve' } })).status).toBe(403);
    expect(await verdict(runId, stranger)).toMatchObject({ status: 404 });
    // A run that does not exist answers the same.
    expect((await verdict('no-such-run', stranger)).status).toBe(404);
    expect((await verdict(runId)).status).toBe(401);
    expect((await h.db.collection('workflowRuns').doc(runId).get()).get('status')).toBe('waiting');
  });

  it('a named e-mail: its verified owner decides (and sees the run for it); the verdict agrees with decide', async () => {
    const erin = await h.createUser('erin', { emailVerified: true });
    const unverified = await h.createUser('ulla');
    const wf = await approvalWorkflow([erin.email, unverified.email]);
    const runId = await waitingRun(wf.id);
    // An unverified address proves nothing: not an approver, so not a viewer of alice's personal run either.
    expect((await verdict(runId, unverified)).status).toBe(404);
    const shown = await verdict(runId, erin);
    expect(shown.body.approvals[0].approvers).toEqual([
      { kind: 'email', id: erin.email, label: erin.email },
      { kind: 'email', id: unverified.email, label: unverified.email },
    ]);
    expect(await verdictAgreesWithDecide(runId, erin)).toBe(true);
  });
});
