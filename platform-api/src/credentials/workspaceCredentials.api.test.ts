// Defence in depth in the vault (issue 21): a run opens a credential only if
// it belongs to the run's workflow's workspace, not merely one its payer may
// use. A workflow of workspace A whose document names workspace B's (or the
// payer's personal) credential fails that step with the stable code
// credential_not_in_workspace, sending and recording no secret; A's own
// credential works. (The run preflight already refuses such a workflow at
// start; the vault's check holds when a stored run names one anyway.)
import { CREDENTIALS_API } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { runRef } from '../runs/store';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startRecordingServer, type RecordingServer } from '../testing/upstream';

const CANARY = 'tok-canary-71c2-other-workspace';
let h: RunsHarness;
let upstream: RecordingServer;
let olga: RunsUser;

beforeAll(async () => {
  upstream = await startRecordingServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  h = await startRunsHarness('workspace-credentials');
  olga = await h.createUser('olga', { tokens: 100, plan: 'premium' });
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
}, 60_000);
afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });

async function organization(ownerId: string): Promise<string> {
  const id = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(id).set({ name: id, description: '', ownerId, createdBy: ownerId, createdAt: new Date().toISOString() });
  await assign(ownerId, 'workspace_owner', id);
  return id;
}

async function credential(user: RunsUser, organizationId: string | null, name: string): Promise<string> {
  const response = await h.call('POST', CREDENTIALS_API.create, { user, body: { type: 'httpBearer', name, organizationId, secrets: { token: `${CANARY}-${name}` } } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

/**
 * A workflow of `organizationId` whose HTTP step names A's own credential,
 * behind an approval. The run preflight refuses a workflow naming another
 * workspace's credential up front, so the step-level check is reached the way
 * a defence in depth is: the stored run is changed while it waits (its step
 * now names `swapTo`), then approved. olga owns, and pays for, every workspace.
 */
async function runWith(organizationId: string, ownCredentialId: string, swapTo?: string) {
  const wf = await h.saveWorkflow(
    olga.uid,
    [node('trigger', 'trigger.manual'), node('ok', 'approval', { approvers: [olga.uid], message: 'Go?' }), node('call', 'http', { method: 'GET', url: `${upstream.url}/deals`, headers: {}, credentialId: ownCredentialId }, 'Fetch deals')],
    [edge('trigger', 'ok'), edge('ok', 'call')],
    { organizationId, visibility: 'organization' },
  );
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: olga, body: { input: {} } });
  expect(started).toMatchObject({ status: 202 });
  const runId = started.body.runId as string;
  const waiting = await h.waitForRun(runId, ['waiting']);
  if (swapTo) {
    const nodes = waiting.snapshot.nodes.map((n) => (n.id === 'call' ? { ...n, params: { ...n.params, credentialId: swapTo } } : n));
    await runRef(h.db, runId).update({ 'snapshot.nodes': nodes });
  }
  expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: olga, body: { decision: 'approve' } })).toMatchObject({ status: 200 });
  return h.waitForRun(runId, ['succeeded', 'failed']);
}

test("a run of workspace A whose step names workspace B's credential fails that step with credential_not_in_workspace; nothing is sent or kept", async () => {
  const [a, b] = [await organization(olga.uid), await organization(olga.uid)];
  const [ofA, ofB] = [await credential(olga, a, 'a'), await credential(olga, b, 'b')];
  upstream.seen.length = 0;
  const run = await runWith(a, ofA, ofB);
  expect(run.status).toBe('failed');
  const step = run.steps.find((s) => s.id === 'call')!;
  expect(step).toMatchObject({ status: 'failed', errorCode: 'credential_not_in_workspace' });
  expect(step.error).toContain('belongs to another workspace');
  expect(upstream.seen).toEqual([]);
  expect(JSON.stringify(run)).not.toContain(CANARY);
  // Not opened, so no use is audited.
  const uses = await h.db.collection(RBAC_COLLECTIONS.auditLog).where('targetId', '==', ofB).where('action', '==', 'USE_CREDENTIAL').get();
  expect(uses.empty).toBe(true);
});

test("the payer's personal credential is not workspace A's either; A's own credential works", async () => {
  const a = await organization(olga.uid);
  const personal = await credential(olga, null, 'mine');
  const ofA = await credential(olga, a, 'a');
  const refused = await runWith(a, ofA, personal);
  expect(refused.steps.find((s) => s.id === 'call')).toMatchObject({ status: 'failed', errorCode: 'credential_not_in_workspace' });
  upstream.seen.length = 0;
  const ran = await runWith(a, ofA);
  expect(ran.status).toBe('succeeded');
  expect(upstream.seen.map((request) => request.headers.authorization)).toEqual([`Bearer ${CANARY}-a`]);
  expect(JSON.stringify(ran)).not.toContain(CANARY);
});
