// "Test step" in an organization workspace (issue 21): the test is paid by
// whoever pays the workflow's runs, the workspace's owner (workspacePayer),
// not the member who clicked Test; a member of a workspace whose owner is
// out of tokens gets the refusal a run gets (402 insufficient_tokens).
import { MEMBERSHIP_COLLECTIONS, debit } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { RUN_START_COST, STEP_TEST_API } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;

beforeAll(async () => {
  h = await startRunsHarness('step-test-workspace');
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
}, 60_000);
afterAll(() => h?.close());

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });

async function organization(ownerId: string): Promise<string> {
  const id = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(id).set({ name: id, description: '', ownerId, createdBy: ownerId, createdAt: new Date().toISOString() });
  await assign(ownerId, 'workspace_owner', id);
  return id;
}

/** A user's ledger entries for runs and step tests. */
const charges = async (uid: string) =>
  (await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).where('feature', '==', 'workflow_run').get()).docs.map((doc) => doc.get('tokensUsed') as number);

/** A workspace owned by a fresh owner, an editor member, and a workflow of it the member saved. */
async function workspaceWithMember(): Promise<{ owner: RunsUser; member: RunsUser; workflowId: string }> {
  const [owner, member] = await Promise.all([h.createUser('owner', { tokens: 50 }), h.createUser('member', { tokens: 50 })]);
  const org = await organization(owner.uid);
  await assign(member.uid, 'workspace_editor', org);
  const wf = await h.saveWorkflow(member.uid, [manual(), node('shape', 'transform', { mapping: '{"company": "Acme"}' })], [edge('trigger', 'shape')], { organizationId: org, visibility: 'organization' });
  return { owner, member, workflowId: wf.id };
}

const testShape = (user: RunsUser, workflowId: string) => h.call('POST', STEP_TEST_API.testStep(workflowId, 'shape'), { user, body: {} });

test("a member's step test in an organization workspace is charged to the workspace's owner, not the member", async () => {
  const { owner, member, workflowId } = await workspaceWithMember();
  const [ownerBefore, memberBefore] = [await charges(owner.uid), await charges(member.uid)];
  const [ownerBalance, memberBalance] = [await h.balance(owner.uid), await h.balance(member.uid)];
  const tested = await testShape(member, workflowId);
  expect(tested).toMatchObject({ status: 200, body: { status: 'succeeded', output: { company: 'Acme' }, tokens: RUN_START_COST } });
  expect(await charges(owner.uid)).toEqual([...ownerBefore, RUN_START_COST]);
  expect(await charges(member.uid)).toEqual(memberBefore);
  expect(await h.balance(owner.uid)).toBe(ownerBalance - RUN_START_COST);
  expect(await h.balance(member.uid)).toBe(memberBalance);
});

test("a member of a workspace whose owner is out of tokens gets the runs' refusal (402 insufficient_tokens), though the member has tokens", async () => {
  const { owner, member, workflowId } = await workspaceWithMember();
  await debit(h.db, { uid: owner.uid, feature: 'workflow_run', amount: await h.balance(owner.uid), idempotencyKey: `test:drain-${owner.uid}` });
  const memberBalance = await h.balance(member.uid);
  const run = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: member, body: { input: {} } });
  const tested = await testShape(member, workflowId);
  expect(run).toMatchObject({ status: 402, body: { code: 'insufficient_tokens' } });
  expect(tested).toMatchObject({ status: 402, body: { code: 'insufficient_tokens' } });
  expect(await h.balance(member.uid)).toBe(memberBalance);
});
