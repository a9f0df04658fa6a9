// /v1 with API keys (issue 24): a key lists and reads its workspace's
// workflows its creator may see, page by page, and reads their runs with
// their steps; nothing of another workspace, the trash or another user is
// listed or readable (404, as a missing one). Every route's scope:
// scopes.api.test.ts.
import { API_KEYS_API, PUBLIC_API, type ApiKeyScope } from '@agentflow/shared/api-keys';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { RUNS_API, type Workflow } from '@agentflow/shared/workflow';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;
let org: string;
let mine: Workflow[];
let trashed: Workflow;
let bobs: Workflow;
let orgFlow: Workflow;
let aliceRun: string;
let bobRun: string;

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });
const flow = (owner: string, name: string, extra: Partial<Workflow> = {}) =>
  h.saveWorkflow(owner, [node('start', 'trigger.manual', {}, 'Start'), node('shape', 'transform', { mapping: '{"greeting": "hello"}' })], [edge('start', 'shape')], { name, ...extra });

beforeAll(async () => {
  h = await startRunsHarness('public-workflows');
  [alice, bob] = await Promise.all([h.createUser('alice'), h.createUser('bob')]);
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
  org = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(org).set({ name: org, description: '', ownerId: bob.uid, createdBy: bob.uid, createdAt: new Date().toISOString() });
  await Promise.all([assign(bob.uid, 'workspace_owner', org), assign(alice.uid, 'workspace_viewer', org)]);
  mine = [await flow(alice.uid, 'Lead follow-up'), await flow(alice.uid, 'Invoice check'), await flow(alice.uid, 'Weekly digest')];
  trashed = await flow(alice.uid, 'Old one', { deletedAt: new Date().toISOString() });
  bobs = await flow(bob.uid, 'Bob private');
  orgFlow = await flow(bob.uid, 'Team pipeline', { organizationId: org, visibility: 'organization' });
  const start = async (user: RunsUser, workflow: Workflow) => {
    const started = await h.call('POST', RUNS_API.workflowRuns(workflow.id), { user, body: { input: {} } });
    if (started.status !== 202) throw new Error(JSON.stringify(started.body));
    await h.waitForRun(started.body.runId as string, ['succeeded']);
    return started.body.runId as string;
  };
  [aliceRun, bobRun] = await Promise.all([start(alice, mine[0]!), start(bob, bobs)]);
}, 60_000);

afterAll(() => h?.close());

async function keyFor(user: RunsUser, scopes: ApiKeyScope[], workspaceId = 'personal'): Promise<string> {
  const created = await h.call('POST', API_KEYS_API.keys, { user, body: { name: 'Test', workspaceId, scopes } });
  expect(created.status).toBe(201);
  return created.body.secret as string;
}
const get = async (path: string, secret: string) => {
  const response = await fetch(`${h.baseUrl()}${path}`, { headers: { Authorization: `Bearer ${secret}` } });
  return { status: response.status, body: (await response.json()) as any };
};

test('a personal key lists its creator’s own workflows page by page: not the trash, not another user’s, not an organization’s', async () => {
  const secret = await keyFor(alice, ['workflows:read']);
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await get(`${PUBLIC_API.workflows}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, secret);
    expect(page.status).toBe(200);
    expect(page.body.workflows.length).toBeLessThanOrEqual(2);
    seen.push(...page.body.workflows.map((workflow: { id: string }) => workflow.id));
    cursor = page.body.nextCursor;
    pages++;
  } while (cursor && pages < 10);
  expect(seen.sort()).toEqual(mine.map((workflow) => workflow.id).sort());
  expect(seen).not.toContain(trashed.id);
  expect(seen).not.toContain(bobs.id);
  expect(seen).not.toContain(orgFlow.id);
});

test('a workflow reads with its triggers; another workspace’s, another user’s or a trashed one is the same 404 as a missing one', async () => {
  const secret = await keyFor(alice, ['workflows:read']);
  const read = await get(PUBLIC_API.workflow(mine[0]!.id), secret);
  expect(read.status).toBe(200);
  expect(read.body.workflow).toEqual({ id: mine[0]!.id, name: 'Lead follow-up', description: expect.any(String), tags: expect.any(Array), updatedAt: expect.any(String), triggers: [{ nodeId: 'start', type: 'trigger.manual', name: 'Start' }] });
  expect(JSON.stringify(read.body)).not.toContain('"mapping"');
  for (const id of [bobs.id, trashed.id, orgFlow.id, 'missing-workflow']) {
    const refused = await get(PUBLIC_API.workflow(id), secret);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not_found');
  }
});

test('an organization key lists that organization’s workflows its creator may see, and none of their own', async () => {
  const secret = await keyFor(alice, ['workflows:read'], org);
  const listed = await get(PUBLIC_API.workflows, secret);
  expect(listed.body.workflows.map((workflow: { id: string }) => workflow.id)).toEqual([orgFlow.id]);
  expect((await get(PUBLIC_API.workflow(mine[0]!.id), secret)).status).toBe(404);
  expect((await get(PUBLIC_API.workflow(orgFlow.id), secret)).status).toBe(200);
});

test('a bad page query is a 400 naming the field', async () => {
  const secret = await keyFor(alice, ['workflows:read']);
  for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['cursor=not%20a%20cursor', 'cursor'], ['cursor=Lw', 'cursor'], ['owner=bob', 'owner']]) {
    const answer = await get(`${PUBLIC_API.workflows}?${query}`, secret);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(field);
  }
});

test('a run of the key’s workspace reads with its steps; another user’s, or through an organization key, is a 404', async () => {
  const secret = await keyFor(alice, ['runs:read']);
  const read = await get(PUBLIC_API.run(aliceRun), secret);
  expect(read.status).toBe(200);
  expect(read.body.run).toMatchObject({ id: aliceRun, workflowId: mine[0]!.id, workflowName: 'Lead follow-up', status: 'succeeded', trigger: { type: 'manual' }, input: {} });
  expect(read.body.run.steps.map((step: { nodeId: string; status: string }) => [step.nodeId, step.status])).toEqual([
    ['start', 'succeeded'],
    ['shape', 'succeeded'],
  ]);
  expect(read.body.run.steps[1].output).toEqual({ greeting: 'hello' });
  // The engine's bookkeeping and the workflow's copy stay inside.
  expect(read.body.run).not.toHaveProperty('snapshot');
  expect(read.body.run).not.toHaveProperty('lease');
  for (const [runId, key] of [[bobRun, secret], ['missing-run', secret], [aliceRun, await keyFor(alice, ['runs:read'], org)]] as const) {
    const refused = await get(PUBLIC_API.run(runId), key);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not_found');
  }
});
