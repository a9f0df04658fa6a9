// The workspace API against the emulators: creating a workspace (owner role,
// userAccess, audit), listing, members (change a role, remove, leave) and
// what nobody may do to the owner.
import { RBAC_COLLECTIONS, WORKSPACES_API, type WorkspaceList, type WorkspaceMembers, type WorkspaceSummary } from '@agentflow/shared/server';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { WORKSPACE_INVITATIONS } from './store';

let h: RunsHarness;
beforeAll(async () => {
  h = await startRunsHarness('workspaces');
});
afterAll(() => h?.close());

async function createWorkspace(owner: RunsUser, name = 'Acme'): Promise<WorkspaceSummary> {
  const created = await h.call('POST', WORKSPACES_API.workspaces, { user: owner, body: { name, description: 'The team' } });
  expect(created.status).toBe(201);
  return created.body.workspace as WorkspaceSummary;
}

/** Invites and accepts through the API (the invited user's e-mail is verified). */
async function join(owner: RunsUser, workspaceId: string, member: RunsUser, roleId: string): Promise<void> {
  const invited = await h.call('POST', WORKSPACES_API.invitations(workspaceId), { user: owner, body: { email: member.email, roleId } });
  expect(invited.status).toBe(201);
  const accepted = await h.call('POST', WORKSPACES_API.acceptInvitation(invited.body.invitation.id as string), { user: member });
  expect(accepted.status).toBe(200);
}

const userAccessOf = async (uid: string) => (await h.db.collection(RBAC_COLLECTIONS.userAccess).doc(uid).get()).data();

describe('creating and listing workspaces', () => {
  test('the creator owns the new workspace: organization with ownerId, workspace_owner assigned, userAccess rebuilt, audited', async () => {
    const olga = await h.createUser('olga', { plan: 'premium' });
    const workspace = await createWorkspace(olga);
    expect(workspace).toMatchObject({ kind: 'organization', name: 'Acme', roleId: 'workspace_owner', ownerId: olga.uid, plan: 'premium', seats: { used: 1, limit: 10 } });
    const organization = await h.db.collection(RBAC_COLLECTIONS.organizations).doc(workspace.id).get();
    expect(organization.data()).toMatchObject({ name: 'Acme', description: 'The team', ownerId: olga.uid, createdBy: olga.uid });
    expect((await userAccessOf(olga.uid))?.organizations?.[workspace.id]).toEqual(expect.arrayContaining(['manage_members', 'share_workflows', 'manage_organizations']));
    const audit = await h.db.collection(RBAC_COLLECTIONS.auditLog).where('organizationId', '==', workspace.id).get();
    expect(audit.docs.map((d) => d.get('action')).sort()).toEqual(['ASSIGN_ROLE', 'CREATE_ORGANIZATION']);

    const list = await h.call('GET', WORKSPACES_API.workspaces, { user: olga });
    expect(list.status).toBe(200);
    const { workspaces } = list.body as WorkspaceList;
    expect(workspaces[0]).toEqual({ id: 'personal', kind: 'personal', name: '', roleId: 'workspace_owner', ownerId: olga.uid, plan: 'premium', seats: { used: 1, limit: 1 }, settings: { approvalLinksRequireSignIn: true } });
    expect(workspaces.slice(1).map((w) => [w.id, w.roleId])).toEqual([[workspace.id, 'workspace_owner']]);
  });

  test('a name is required (400 naming the field, nothing written); no token is 401', async () => {
    const ann = await h.createUser('ann');
    const before = (await h.db.collection(RBAC_COLLECTIONS.organizations).get()).size;
    const refused = await h.call('POST', WORKSPACES_API.workspaces, { user: ann, body: { name: '  ' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('name') });
    expect((await h.call('GET', WORKSPACES_API.workspaces)).status).toBe(401);
    expect((await h.db.collection(RBAC_COLLECTIONS.organizations).get()).size).toBe(before);
  });
});

describe('members', () => {
  test('members list their roles; an admin changes a role; nobody changes the owner or makes an owner', async () => {
    const [olga, adam, erin] = await Promise.all([h.createUser('olga2', { plan: 'premium' }), h.createUser('adam', { emailVerified: true }), h.createUser('erin', { emailVerified: true })]);
    const { id } = await createWorkspace(olga);
    await join(olga, id, adam, 'workspace_admin');
    await join(olga, id, erin, 'workspace_runner');

    const listed = await h.call('GET', WORKSPACES_API.members(id), { user: erin });
    expect(listed.status).toBe(200);
    const body = listed.body as WorkspaceMembers;
    expect(body.members.map((m) => [m.uid, m.roleId]).sort()).toEqual([[adam.uid, 'workspace_admin'], [erin.uid, 'workspace_runner'], [olga.uid, 'workspace_owner']].sort());
    // Every member sees who is invited (none pending here).
    expect(body.invitations).toEqual([]);
    const pending = await h.call('POST', WORKSPACES_API.invitations(id), { user: olga, body: { email: 'later@example.com', roleId: 'workspace_viewer' } });
    expect(((await h.call('GET', WORKSPACES_API.members(id), { user: erin })).body as WorkspaceMembers).invitations).toEqual([pending.body.invitation]);

    const raised = await h.call('PATCH', WORKSPACES_API.member(id, erin.uid), { user: adam, body: { roleId: 'workspace_editor' } });
    expect(raised.status).toBe(200);
    expect(raised.body.member).toMatchObject({ uid: erin.uid, roleId: 'workspace_editor' });
    expect((await userAccessOf(erin.uid))?.organizations?.[id]).toEqual(expect.arrayContaining(['edit_workflows']));
    const erinRoles = await h.db.collection(RBAC_COLLECTIONS.userRoles).where('userId', '==', erin.uid).get();
    expect(erinRoles.docs.map((d) => d.get('roleId'))).toEqual(['workspace_editor']);

    const makeOwner = await h.call('PATCH', WORKSPACES_API.member(id, erin.uid), { user: adam, body: { roleId: 'workspace_owner' } });
    expect([makeOwner.status, makeOwner.body.code]).toEqual([403, 'owner_role_not_assignable']);
    const demoteOwner = await h.call('PATCH', WORKSPACES_API.member(id, olga.uid), { user: adam, body: { roleId: 'workspace_viewer' } });
    expect([demoteOwner.status, demoteOwner.body.code]).toEqual([403, 'owner_immutable']);
    const removeOwner = await h.call('DELETE', WORKSPACES_API.member(id, olga.uid), { user: adam });
    expect([removeOwner.status, removeOwner.body.code]).toEqual([403, 'owner_immutable']);
    const ownerLeaves = await h.call('DELETE', WORKSPACES_API.member(id, olga.uid), { user: olga });
    expect([ownerLeaves.status, ownerLeaves.body.code]).toEqual([403, 'owner_immutable']);
    const byEditor = await h.call('PATCH', WORKSPACES_API.member(id, adam.uid), { user: erin, body: { roleId: 'workspace_viewer' } });
    expect([byEditor.status, byEditor.body.code]).toEqual([403, 'workspace_forbidden']);
    expect((await h.call('PATCH', WORKSPACES_API.member(id, adam.uid), { user: olga, body: { roleId: 'boss' } })).body.code).toBe('invalid_request');
    // The refusals changed nothing.
    const after = (await h.call('GET', WORKSPACES_API.members(id), { user: olga })).body as WorkspaceMembers;
    expect(after.members.map((m) => [m.uid, m.roleId]).sort()).toEqual([[adam.uid, 'workspace_admin'], [erin.uid, 'workspace_editor'], [olga.uid, 'workspace_owner']].sort());
  });

  test('removing a member revokes every assignment there and rebuilds userAccess at once; a member may leave', async () => {
    const [olga, max, vic, out] = await Promise.all([h.createUser('olga3', { plan: 'premium' }), h.createUser('max', { emailVerified: true }), h.createUser('vic', { emailVerified: true }), h.createUser('out')]);
    const { id } = await createWorkspace(olga);
    await join(olga, id, max, 'workspace_editor');
    await join(olga, id, vic, 'workspace_viewer');
    // A custom role in the same organization goes too.
    await h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${max.uid}:viewer:${id}`).set({ userId: max.uid, roleId: 'viewer', organizationId: id, assignedBy: olga.uid });

    expect((await h.call('GET', WORKSPACES_API.members(id), { user: out })).body.code).toBe('workspace_not_found');
    expect((await h.call('DELETE', WORKSPACES_API.member(id, max.uid), { user: vic })).status).toBe(403);
    const removed = await h.call('DELETE', WORKSPACES_API.member(id, max.uid), { user: olga });
    expect(removed.status).toBe(204);
    expect((await h.db.collection(RBAC_COLLECTIONS.userRoles).where('userId', '==', max.uid).get()).size).toBe(0);
    expect((await userAccessOf(max.uid))?.organizationIds).toEqual([]);
    expect((await h.call('GET', WORKSPACES_API.members(id), { user: max })).status).toBe(404);
    expect((await h.call('DELETE', WORKSPACES_API.member(id, max.uid), { user: olga })).body.code).toBe('member_not_found');

    const left = await h.call('DELETE', WORKSPACES_API.member(id, vic.uid), { user: vic });
    expect(left.status).toBe(204);
    const workspaces = (await h.call('GET', WORKSPACES_API.workspaces, { user: vic })).body as WorkspaceList;
    expect(workspaces.workspaces.map((w) => w.id)).toEqual(['personal']);
  });

  test('the personal workspace has its owner alone and takes no invitations', async () => {
    const pat = await h.createUser('pat');
    const mine = await h.call('GET', WORKSPACES_API.members('personal'), { user: pat });
    expect(mine.body).toEqual({ members: [{ uid: pat.uid, email: pat.email, displayName: 'pat', roleId: 'workspace_owner' }], invitations: [] });
    const invite = await h.call('POST', WORKSPACES_API.invitations('personal'), { user: pat, body: { email: 'x@example.com', roleId: 'workspace_viewer' } });
    expect([invite.status, invite.body.code]).toEqual([404, 'workspace_not_found']);
    expect((await h.db.collection(WORKSPACE_INVITATIONS).where('email', '==', 'x@example.com').get()).size).toBe(0);
  });
});
