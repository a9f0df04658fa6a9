// App polls act for the workflow's workspace (issue 21), as its runs do: the
// workspace's owner opens the workspace's credential and pays for the runs,
// not the workflow's creator. A creator removed from the workspace changes
// nothing; a workflow moved to another workspace stops using the old
// workspace's credential (credential_not_in_workspace, in plain words on the
// poll's state), even though the owner could still open it there.
import { CREDENTIALS_API, MEMBERSHIP_COLLECTIONS } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { decodeRun } from '../../runs/store';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { startFakeHubSpot, type FakeHubSpot } from '../hubspot/testing/fakeHubSpot';
import { FirestorePollStates } from './pollState';

const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';
const MINUTE = 60_000;

let h: RunsHarness;
let fake: FakeHubSpot;
let app: RunsApp;
let clock = new Date('2026-11-23T09:00:00.000Z');
const now = () => clock;
const tick = (ms: number) => void (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  h = await startRunsHarness('workspace-polling');
  fake = await startFakeHubSpot();
  fake.grant(TOKEN);
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
  app = await h.startApp({ now, env: { CONNECTOR_HUBSPOT_BASE_URL: fake.url } });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await h?.close();
});

const assignment = (uid: string, roleId: WorkspaceRoleId, organizationId: string) => h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`);

async function organization(ownerId: string): Promise<string> {
  const id = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(id).set({ name: id, description: '', ownerId, createdBy: ownerId, createdAt: new Date().toISOString() });
  await assignment(ownerId, 'workspace_owner', id).set({ userId: ownerId, roleId: 'workspace_owner', organizationId: id, assignedBy: 'system' });
  return id;
}

const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);
const charges = async (uid: string) => (await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).where('feature', '==', 'workflow_run').get()).size;

test("a removed creator's poll keeps working with the workspace's credential, charged to the owner; moved to another workspace, it stops using it", async () => {
  const [olga, carl]: [RunsUser, RunsUser] = await Promise.all([h.createUser('olga', { tokens: 200 }), h.createUser('carl', { tokens: 200 })]);
  const [home, elsewhere] = [await organization(olga.uid), await organization(olga.uid)];
  await assignment(carl.uid, 'workspace_editor', home).set({ userId: carl.uid, roleId: 'workspace_editor', organizationId: home, assignedBy: 'system' });
  const created = await h.call('POST', CREDENTIALS_API.create, { user: olga, body: { type: 'hubspotToken', name: 'Team HubSpot', organizationId: home, secrets: { token: TOKEN } } });
  expect(created.status).toBe(201);
  const credentialId = created.body.id as string;
  const wf = await h.saveWorkflow(
    carl.uid,
    [node('trigger', 'trigger.poll', { connector: 'hubspot', trigger: 'dealChanged', credentialId, params: {}, intervalMinutes: 5 }, 'Deal changed'), node('out', 'output', { mapping: '{"deal": input.id}' })],
    [edge('trigger', 'out')],
    { organizationId: home, visibility: 'organization', name: 'Team deals' },
  );
  // carl leaves the workspace before the first poll.
  await assignment(carl.uid, 'workspace_editor', home).delete();
  const poller = app.runs.poller!;
  const states = new FirestorePollStates(h.db);
  await poller.refresh();
  expect(poller.workflowIds).toContain(wf.id);
  expect(await poller.check()).toBe(0);
  expect(await states.read(wf.id)).toMatchObject({ lastError: null, cursor: expect.any(String) });

  const deal = fake.seed('deals', { dealname: 'Acme renewal', dealstage: 'qualifiedtobuy', pipeline: 'default' });
  const [olgaCharges, carlCharges] = [await charges(olga.uid), await charges(carl.uid)];
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(1);
  const [run] = await runsOf(wf.id);
  expect(run).toMatchObject({ ownerId: olga.uid, organizationId: home, input: { id: deal.id } });
  await h.waitForRun(run!.id, ['succeeded']);
  expect(await charges(olga.uid)).toBe(olgaCharges + 1);
  expect(await charges(carl.uid)).toBe(carlCharges);
  const uses = (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('targetId', '==', credentialId).where('action', '==', 'USE_CREDENTIAL').get()).docs.map((d) => d.get('userId'));
  expect(new Set(uses)).toEqual(new Set([olga.uid]));

  // Moved to another workspace (olga owns both, so she could still open it): the old workspace's credential is not used.
  await h.db.collection('workflows').doc(wf.id).update({ organizationId: elsewhere });
  fake.seed('deals', { dealname: 'Globex expansion', dealstage: 'qualifiedtobuy', pipeline: 'default' });
  const searchesBefore = fake.requests.length;
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(0);
  expect(fake.requests.length).toBe(searchesBefore);
  expect((await states.read(wf.id))?.lastError).toContain('belongs to another workspace');
  expect(await runsOf(wf.id)).toHaveLength(1);
});
