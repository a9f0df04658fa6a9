// PATCH /api/workspaces/:id/settings against the emulators: who may change a
// workspace's settings (manage_members there; the personal workspace's
// owner), what a bad body gets (400 naming the field), that GET
// /api/workspaces reports them, that changes are audited, and that the
// one-click links follow the personal workspace's own setting.
import { RBAC_COLLECTIONS, WORKSPACES_API, type WorkspaceList, type WorkspaceRoleId, type WorkspaceSummary } from '@agentflow/shared/server';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { issueApprovalLink } from '../approvals/linkToken';

const SECRET = 'workspace-settings-secret';
let h: RunsHarness;
beforeAll(async () => {
  h = await startRunsHarness('workspace-settings', { env: { APPROVAL_LINK_SECRET: SECRET } });
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await h?.close();
});

async function createWorkspace(owner: RunsUser): Promise<WorkspaceSummary> {
  const created = await h.call('POST', WORKSPACES_API.workspaces, { user: owner, body: { name: 'Acme' } });
  expect(created.status).toBe(201);
  return created.body.workspace as WorkspaceSummary;
}

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });

const listed = async (user: RunsUser, id: string) => ((await h.call('GET', WORKSPACES_API.workspaces, { user })).body as WorkspaceList).workspaces.find((w) => w.id === id);
const patch = (user: RunsUser | undefined, id: string, body: unknown) => h.call('PATCH', WORKSPACES_API.settings(id), { ...(user ? { user } : {}), body });
const auditOf = async (organizationId: string) => (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('organizationId', '==', organizationId).get()).docs.map((d) => d.data());

describe('workspace settings', () => {
  test('the owner and an admin set approvalLinksRequireSignIn; GET /api/workspaces reports it to members; audited', async () => {
    const [olga, adam, ed] = await Promise.all([h.createUser('olga', { plan: 'premium' }), h.createUser('adam'), h.createUser('ed')]);
    const workspace = await createWorkspace(olga);
    expect(workspace.settings).toEqual({ approvalLinksRequireSignIn: true });
    await Promise.all([assign(adam.uid, 'workspace_admin', workspace.id), assign(ed.uid, 'workspace_editor', workspace.id)]);

    expect(await patch(olga, workspace.id, { approvalLinksRequireSignIn: false })).toMatchObject({ status: 200, body: { workspaceId: workspace.id, settings: { approvalLinksRequireSignIn: false } } });
    expect((await h.db.collection(RBAC_COLLECTIONS.organizations).doc(workspace.id).get()).get('approvalLinksRequireSignIn')).toBe(false);
    expect((await listed(ed, workspace.id))?.settings).toEqual({ approvalLinksRequireSignIn: false });

    expect(await patch(adam, workspace.id, { approvalLinksRequireSignIn: true })).toMatchObject({ status: 200, body: { settings: { approvalLinksRequireSignIn: true } } });
    expect((await listed(olga, workspace.id))?.settings).toEqual({ approvalLinksRequireSignIn: true });
    const entries = (await auditOf(workspace.id)).filter((e) => e.action === 'UPDATE_ORGANIZATION');
    expect(entries.map((e) => [e.userId, e.status, e.details.settings])).toEqual(
      expect.arrayContaining([
        [olga.uid, 'success', { approvalLinksRequireSignIn: false }],
        [adam.uid, 'success', { approvalLinksRequireSignIn: true }],
      ]),
    );
  });

  test('an editor is refused (403 workspace_forbidden, recorded as a failure, nothing changed); outsiders and unknown workspaces 404; no token 401', async () => {
    const [olga, ed, stranger] = await Promise.all([h.createUser('olga'), h.createUser('ed'), h.createUser('stranger')]);
    const workspace = await createWorkspace(olga);
    await assign(ed.uid, 'workspace_editor', workspace.id);
    expect(await patch(ed, workspace.id, { approvalLinksRequireSignIn: false })).toMatchObject({ status: 403, body: { code: 'workspace_forbidden' } });
    expect(await patch(stranger, workspace.id, { approvalLinksRequireSignIn: false })).toMatchObject({ status: 404, body: { code: 'workspace_not_found' } });
    expect(await patch(olga, 'no-such-workspace', { approvalLinksRequireSignIn: false })).toMatchObject({ status: 404, body: { code: 'workspace_not_found' } });
    expect((await patch(undefined, workspace.id, { approvalLinksRequireSignIn: false })).status).toBe(401);
    expect((await h.db.collection(RBAC_COLLECTIONS.organizations).doc(workspace.id).get()).get('approvalLinksRequireSignIn')).toBeUndefined();
    const failures = (await auditOf(workspace.id)).filter((e) => e.action === 'UPDATE_ORGANIZATION');
    expect(failures.map((e) => [e.userId, e.status])).toEqual([[ed.uid, 'failure']]);
  });

  test('bad bodies are 400 naming the field, and change nothing', async () => {
    const olga = await h.createUser('olga');
    const workspace = await createWorkspace(olga);
    for (const body of [{ approvalLinksRequireSignIn: 'no' }, {}, { approvalLinksRequireSignIn: false, theme: 'dark' }, ['approvalLinksRequireSignIn']]) {
      const refused = await patch(olga, workspace.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/approvalLinksRequireSignIn|theme|body|expected/) });
    }
    expect((await patch(olga, workspace.id, { approvalLinksRequireSignIn: 'no' })).body.error).toContain('approvalLinksRequireSignIn');
    expect((await patch(olga, workspace.id, {})).body.error).toBe('approvalLinksRequireSignIn is required');
    expect((await h.db.collection(RBAC_COLLECTIONS.organizations).doc(workspace.id).get()).get('approvalLinksRequireSignIn')).toBeUndefined();
  });

  test("the personal workspace's owner sets theirs; its one-click links then work without signing in", async () => {
    const [paula, bob] = await Promise.all([h.createUser('paula', { tokens: 20 }), h.createUser('bob')]);
    const wf = await h.saveWorkflow(paula.uid, [manual(), node('review', 'approval', { approvers: [bob.uid], message: 'OK?' })], [edge('trigger', 'review')]);
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: paula, body: { input: {} } });
    await h.waitForRun(started.body.runId, ['waiting']);
    const { token } = await issueApprovalLink(h.db, SECRET, { runId: started.body.runId, nodeId: 'review', uid: bob.uid, decision: 'approve' }, new Date());
    expect(await h.call('GET', `/api/approval-links/${token}`)).toMatchObject({ status: 200, body: { requiresSignIn: true } });

    expect(await patch(paula, 'personal', { approvalLinksRequireSignIn: false })).toMatchObject({ status: 200, body: { workspaceId: 'personal', settings: { approvalLinksRequireSignIn: false } } });
    expect((await listed(paula, 'personal'))?.settings).toEqual({ approvalLinksRequireSignIn: false });
    // Someone else's personal workspace is not theirs to set: 'personal' always means the caller's own.
    expect((await listed(bob, 'personal'))?.settings).toEqual({ approvalLinksRequireSignIn: true });
    expect(await h.call('GET', `/api/approval-links/${token}`)).toMatchObject({ status: 200, body: { requiresSignIn: false } });
    expect(await h.call('POST', `/api/approval-links/${token}`, { body: { decision: 'approve' } })).toMatchObject({ status: 200, body: { approved: true } });
  });
});
