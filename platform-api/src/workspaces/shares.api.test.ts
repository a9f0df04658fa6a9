// Sharing one workflow with single users and moving it between workspaces,
// against the emulators.
import { MAX_WORKFLOW_SHARES, WORKSPACES_API, type WorkflowShares } from '@agentflow/shared/server';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
beforeAll(async () => {
  h = await startRunsHarness('workspace-shares');
});
afterAll(() => h?.close());

const simple = (owner: RunsUser, extra: Record<string, unknown> = {}) => h.saveWorkflow(owner.uid, [manual(), node('done', 'output', { mapping: '{"a": 1}' })], [edge('trigger', 'done')], extra);
const stored = async (id: string) => (await h.db.collection('workflows').doc(id).get()).data() ?? {};

async function workspaceOf(owner: RunsUser, members: [RunsUser, string][] = []): Promise<string> {
  const id = (await h.call('POST', WORKSPACES_API.workspaces, { user: owner, body: { name: 'Team' } })).body.workspace.id as string;
  for (const [member, roleId] of members) {
    const invited = await h.call('POST', WORKSPACES_API.invitations(id), { user: owner, body: { email: member.email, roleId } });
    expect((await h.call('POST', WORKSPACES_API.acceptInvitation(invited.body.invitation.id as string), { user: member })).status).toBe(200);
  }
  return id;
}

describe('shares', () => {
  test('the owner shares by e-mail, changes the role, lists and removes; the shared user may give it back', async () => {
    const [pat, sam, kim] = await Promise.all([h.createUser('pat'), h.createUser('sam'), h.createUser('kim')]);
    const workflow = await simple(pat);
    const shared = await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: pat, body: { email: sam.email.toUpperCase(), roleId: 'workspace_runner' } });
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ shares: [{ uid: sam.uid, email: sam.email, displayName: 'sam', roleId: 'workspace_runner' }] });
    expect((await stored(workflow.id)).sharedWith).toEqual({ [sam.uid]: 'workspace_runner' });

    await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: pat, body: { email: sam.email, roleId: 'workspace_editor' } });
    await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: pat, body: { email: kim.email, roleId: 'workspace_viewer' } });
    const listed = (await h.call('GET', WORKSPACES_API.shares(workflow.id), { user: sam })).body as WorkflowShares;
    expect(listed.shares.map((s) => [s.uid, s.roleId]).sort()).toEqual([[kim.uid, 'workspace_viewer'], [sam.uid, 'workspace_editor']].sort());

    // An editor by share may not share further; a viewer may give back their own share.
    expect((await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: sam, body: { email: kim.email, roleId: 'workspace_editor' } })).body.code).toBe('workspace_forbidden');
    expect((await h.call('DELETE', WORKSPACES_API.share(workflow.id, sam.uid), { user: kim })).status).toBe(403);
    const gaveBack = await h.call('DELETE', WORKSPACES_API.share(workflow.id, kim.uid), { user: kim });
    expect(gaveBack.body).toEqual({ shares: [expect.objectContaining({ uid: sam.uid })] });
    const removed = await h.call('DELETE', WORKSPACES_API.share(workflow.id, sam.uid), { user: pat });
    expect(removed.body).toEqual({ shares: [] });
    expect((await stored(workflow.id)).sharedWith).toEqual({});
    expect((await h.call('GET', WORKSPACES_API.shares(workflow.id), { user: sam })).status).toBe(403);
  });

  test('refusals: unknown e-mail 404 user_not_found, the owner, a role no share gives, the limit; nothing written', async () => {
    const pat = await h.createUser('pat2');
    const workflow = await simple(pat);
    const unknown = await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: pat, body: { email: 'nobody-here@example.com', roleId: 'workspace_viewer' } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'user_not_found']);
    expect((await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: pat, body: { email: pat.email, roleId: 'workspace_viewer' } })).body.code).toBe('share_with_owner');
    expect((await h.call('PUT', WORKSPACES_API.shares(workflow.id), { user: pat, body: { email: pat.email, roleId: 'workspace_admin' } })).body.code).toBe('invalid_request');
    expect((await stored(workflow.id)).sharedWith).toBeUndefined();

    const full = await simple(pat, { sharedWith: Object.fromEntries(Array.from({ length: MAX_WORKFLOW_SHARES }, (_, i) => [`user${i}`, 'workspace_viewer'])) });
    const one = await h.createUser('one-more');
    const over = await h.call('PUT', WORKSPACES_API.shares(full.id), { user: pat, body: { email: one.email, roleId: 'workspace_viewer' } });
    expect([over.status, over.body.code]).toEqual([409, 'share_limit_reached']);
    expect(Object.keys((await stored(full.id)).sharedWith)).toHaveLength(MAX_WORKFLOW_SHARES);
  });
});

describe('moving', () => {
  test('a personal workflow moves into a workspace where its owner edits, and back; its runs stay with it', async () => {
    const [pat, olga] = await Promise.all([h.createUser('pat3', { emailVerified: true, tokens: 100 }), h.createUser('olga', { plan: 'premium' })]);
    const organizationId = await workspaceOf(olga, [[pat, 'workspace_admin']]);
    const workflow = await simple(pat);
    const run = await h.call('POST', `/api/workflows/${workflow.id}/runs`, { user: pat, body: { input: {} } });
    await h.waitForRun(run.body.runId as string, ['succeeded']);

    const moved = await h.call('POST', WORKSPACES_API.move(workflow.id), { user: pat, body: { workspaceId: organizationId } });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ workflow: { id: workflow.id, organizationId } });
    expect(await stored(workflow.id)).toMatchObject({ organizationId, visibility: 'organization', ownerId: pat.uid });
    expect((await h.db.collection('workflowRuns').doc(run.body.runId as string).get()).get('workflowId')).toBe(workflow.id);
    // Now the workspace's: its owner sees it.
    expect((await h.call('GET', WORKSPACES_API.shares(workflow.id), { user: olga })).status).toBe(200);
    expect((await h.call('POST', WORKSPACES_API.move(workflow.id), { user: pat, body: { workspaceId: organizationId } })).body.code).toBe('same_workspace');

    const back = await h.call('POST', WORKSPACES_API.move(workflow.id), { user: olga, body: { workspaceId: 'personal' } });
    expect(back.body).toEqual({ workflow: { id: workflow.id, organizationId: null } });
    expect(await stored(workflow.id)).toMatchObject({ organizationId: null, visibility: 'private', ownerId: olga.uid });
  });

  test('needs share on the workflow and edit_workflows in the target', async () => {
    const [olga, rob, erin, out] = await Promise.all([h.createUser('olga2', { plan: 'premium' }), h.createUser('rob', { emailVerified: true }), h.createUser('erin', { emailVerified: true }), h.createUser('out')]);
    const organizationId = await workspaceOf(olga, [[rob, 'workspace_viewer'], [erin, 'workspace_editor']]);
    const robs = await simple(rob);
    const refused = await h.call('POST', WORKSPACES_API.move(robs.id), { user: rob, body: { workspaceId: organizationId } });
    expect([refused.status, refused.body.code]).toEqual([403, 'workspace_forbidden']);
    expect((await h.call('POST', WORKSPACES_API.move(robs.id), { user: rob, body: { workspaceId: 'no-such-workspace' } })).body.code).toBe('workspace_not_found');
    const teams = await simple(erin, { organizationId, visibility: 'organization' });
    // An editor may not move the workspace's workflow out (moving needs share).
    expect((await h.call('POST', WORKSPACES_API.move(teams.id), { user: erin, body: { workspaceId: 'personal' } })).body.code).toBe('workspace_forbidden');
    expect((await h.call('POST', WORKSPACES_API.move(teams.id), { user: out, body: { workspaceId: 'personal' } })).status).toBe(403);
    expect((await h.call('POST', WORKSPACES_API.move(teams.id), { user: olga, body: { workspaceId: '../x' } })).body.code).toBe('invalid_request');
    expect(await stored(robs.id)).toMatchObject({ organizationId: null });
    expect(await stored(teams.id)).toMatchObject({ organizationId });
  });
});
