// Team members, the owner's side: who may manage a team (owner, manage_team
// holder, not a stranger), validation with a code naming the problem, and the
// membership that follows a member's team role. Invitations themselves:
// invitations.test.ts.
import { MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import { startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';
import { planState, roleOf as roleIn, verifiedUser } from '../testing/teamUsers';

let h: BillingHarness;

beforeAll(async () => {
  h = await startBillingHarness('team');
});

afterAll(() => h.close());

const roleOf = (uid: string) => roleIn(h, uid);
const enterpriseOwner = (label = 'owner') => verifiedUser(h, label, 'enterprise');

async function grant(uid: string, permissions: string[]) {
  await h.db.collection(RBAC_COLLECTIONS.userAccess).doc(uid).set({ userId: uid, roleIds: ['team_manager'], permissions, organizations: {}, organizationIds: [] });
}

/** Invites `member` into `ownerId`'s team (as `by`) and accepts as the member: the member id. */
async function join(by: TestUser, member: TestUser, role: string, ownerId?: string): Promise<string> {
  const invited = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: by, body: { email: member.email, role, ...(ownerId ? { ownerId } : {}) } });
  expect(invited.status).toBe(201);
  const accepted = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invited.body.invitation.id), { user: member });
  expect(accepted.status).toBe(200);
  return accepted.body.membership.id;
}

test('adding a member invites them (default role basic); once they accept, the owner lists, changes and removes them', async () => {
  const owner = await enterpriseOwner();
  const member = await verifiedUser(h, 'member');
  const added = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email.toUpperCase() } });
  expect(added.status).toBe(201);
  expect(added.body).toEqual({
    invitation: { id: expect.stringMatching(/^[A-Za-z0-9]{20}$/), ownerId: owner.uid, email: member.email, role: 'basic', status: 'pending', createdAt: expect.any(String), expiresAt: expect.any(String) },
  });
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner })).body).toEqual({ members: [] });

  const accepted = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(added.body.invitation.id), { user: member });
  expect(await roleOf(member.uid)).toBe('basic');
  // A membership created by the team starts with 0 tokens (not free).
  expect((await planState(h, member.uid)).membership?.tokensRemaining).toBe(0);

  const list = await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner });
  expect(list.body.members).toEqual([{ id: accepted.body.membership.id, ownerId: owner.uid, email: member.email, role: 'basic', createdAt: expect.any(String) }]);
  expect(JSON.stringify(list.body)).not.toContain(member.uid);

  const changed = await h.call('PATCH', MEMBERSHIP_API.teamMember(accepted.body.membership.id), { user: owner, body: { role: 'premium' } });
  expect(changed.status).toBe(200);
  expect(changed.body).toEqual({ id: accepted.body.membership.id, ownerId: owner.uid, email: member.email, role: 'premium', createdAt: expect.any(String) });
  expect(await roleOf(member.uid)).toBe('premium');

  const removed = await h.call('DELETE', MEMBERSHIP_API.teamMember(accepted.body.membership.id), { user: owner });
  expect(removed.status).toBe(204);
  expect(await roleOf(member.uid)).toBe('free');
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner })).body.members).toEqual([]);
});

test('a stranger gets 403 team_forbidden on someone else’s team and changes nothing', async () => {
  const owner = await enterpriseOwner();
  const member = await verifiedUser(h, 'member');
  const stranger = await verifiedUser(h, 'stranger');
  await grant(stranger.uid, ['read_users']);
  const memberId = await join(owner, member, 'basic');
  const pending = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: 'pending@example.com' } });
  const attempts = [
    await h.call('GET', `${MEMBERSHIP_API.teamMembers}?ownerId=${owner.uid}`, { user: stranger }),
    await h.call('GET', `${MEMBERSHIP_API.teamInvitations}?ownerId=${owner.uid}`, { user: stranger }),
    await h.call('POST', MEMBERSHIP_API.teamMembers, { user: stranger, body: { email: 'x@example.com', ownerId: owner.uid } }),
    await h.call('PATCH', MEMBERSHIP_API.teamMember(memberId), { user: stranger, body: { role: 'enterprise' } }),
    await h.call('DELETE', MEMBERSHIP_API.teamMember(memberId), { user: stranger }),
    await h.call('DELETE', MEMBERSHIP_API.teamInvitation(pending.body.invitation.id), { user: stranger }),
  ];
  for (const attempt of attempts) {
    expect(attempt.status).toBe(403);
    expect(attempt.body).toEqual({ error: expect.stringMatching(/manage_team/), code: 'team_forbidden' });
  }
  expect(await roleOf(member.uid)).toBe('basic');
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner })).body.members).toHaveLength(1);
  expect((await h.call('GET', MEMBERSHIP_API.teamInvitations, { user: owner })).body.invitations).toHaveLength(1);
  // The stranger's own team is theirs, and empty.
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: stranger })).body).toEqual({ members: [] });
  expect((await h.call('GET', MEMBERSHIP_API.teamInvitations, { user: stranger })).body).toEqual({ invitations: [] });
});

test.each([['manage_team'], ['manage_all']])('someone holding %s manages another owner’s team', async (permission) => {
  const owner = await enterpriseOwner();
  const member = await verifiedUser(h, 'member');
  const manager = await verifiedUser(h, 'manager');
  await grant(manager.uid, [permission]);
  const memberId = await join(manager, member, 'enterprise', owner.uid);
  expect((await h.call('GET', `${MEMBERSHIP_API.teamMembers}?ownerId=${owner.uid}`, { user: manager })).body.members).toEqual([expect.objectContaining({ ownerId: owner.uid, role: 'enterprise' })]);
  // The invitation named the owner, not the manager.
  expect((await h.call('GET', MEMBERSHIP_API.teamMembership, { user: member })).body.membership.ownerEmail).toBe(owner.email);
  expect((await h.call('PATCH', MEMBERSHIP_API.teamMember(memberId), { user: manager, body: { role: 'basic' } })).status).toBe(200);
  expect(await roleOf(member.uid)).toBe('basic');
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMember(memberId), { user: manager })).status).toBe(204);
  expect(await roleOf(member.uid)).toBe('free');
});

test('a free owner may invite only at free', async () => {
  const owner = await verifiedUser(h, 'freeowner');
  const member = await h.createUser('member');
  const attempt = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email } });
  expect(attempt.status).toBe(403);
  expect(attempt.body).toEqual({ error: 'Forbidden: a free plan cannot give a team member the basic role', code: 'role_above_owner_plan' });
  expect(await roleOf(member.uid)).toBeUndefined();
  expect((await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email, role: 'free' } })).status).toBe(201);
});

test.each([
  [{}, /^email /],
  [{ email: 'not-an-email' }, /^email /],
  [{ email: 42 }, /^email /],
  [{ email: 'a@example.com', role: 'admin' }, /^role /],
  [{ email: 'a@example.com', role: 'owner' }, /^role /],
  [{ email: 'a@example.com', userId: 'x' }, /^Unknown field: userId$/],
  [{ email: 'a@example.com', ownerId: 'a/b' }, /^ownerId /],
  [{ email: 'a@example.com', ownerId: 'x'.repeat(129) }, /^ownerId /],
])('POST %p is 400 invalid_request (%s) and stores nothing', async (body, message) => {
  const owner = await enterpriseOwner();
  const response = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body });
  expect(response.status).toBe(400);
  expect(response.body).toEqual({ error: expect.stringMatching(message), code: 'invalid_request' });
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations).where('ownerId', '==', owner.uid).get()).size).toBe(0);
});

test('PATCH with a bad role is 400; unknown ids 404; bad ids 400; duplicates 409; the owner’s own e-mail 400', async () => {
  const owner = await enterpriseOwner();
  const member = await verifiedUser(h, 'member');
  const memberId = await join(owner, member, 'basic');
  for (const body of [{}, { role: 'admin' }, { role: 'basic', email: 'x@example.com' }]) {
    const response = await h.call('PATCH', MEMBERSHIP_API.teamMember(memberId), { user: owner, body });
    expect([response.status, response.body.code]).toEqual([400, 'invalid_request']);
  }
  expect(await roleOf(member.uid)).toBe('basic');
  for (const [method, path] of [
    ['PATCH', MEMBERSHIP_API.teamMember('missing')],
    ['DELETE', MEMBERSHIP_API.teamMember('missing')],
  ] as const) {
    const response = await h.call(method, path, { user: owner, body: { role: 'basic' } });
    expect([response.status, response.body.code]).toEqual([404, 'member_not_found']);
  }
  for (const [method, path] of [
    ['DELETE', MEMBERSHIP_API.teamMember('a.b')],
    ['DELETE', MEMBERSHIP_API.teamInvitation('x y')],
    ['POST', MEMBERSHIP_API.acceptTeamInvitation('a.b')],
  ] as const) {
    const response = await h.call(method, path, { user: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^id is not an? (member|invitation) id$/);
  }
  expect((await h.call('DELETE', '/api/team/members/%E0%A4%A', { user: owner })).status).toBe(400);
  const duplicate = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email.toUpperCase() } });
  expect([duplicate.status, duplicate.body.code]).toEqual([409, 'already_member']);
  const own = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: owner.email } });
  expect(own.status).toBe(400);
  expect(own.body).toEqual({ error: expect.stringMatching(/^email /), code: 'own_email' });
});

test('concurrent invitations of one address make one invitation; a full team refuses 409 team_full', async () => {
  const owner = await enterpriseOwner();
  const answers = await Promise.all(Array.from({ length: 5 }, () => h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: 'race@example.com' } })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
  expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'already_invited')).toBe(true);
  expect((await h.call('GET', MEMBERSHIP_API.teamInvitations, { user: owner })).body.invitations).toHaveLength(1);

  // 98 more invitations (written directly) fill the team to TEAM_SIZE_LIMIT = 100 with one member.
  const member = await verifiedUser(h, 'member');
  await join(owner, member, 'basic');
  const batch = h.db.batch();
  for (let index = 0; index < 98; index += 1) {
    batch.set(h.db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations).doc(), { ownerId: owner.uid, email: `filler-${index}@example.com`, role: 'free', createdAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) });
  }
  await batch.commit();
  const full = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: 'one-too-many@example.com' } });
  expect([full.status, full.body.code]).toEqual([409, 'team_full']);
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations).where('email', '==', 'one-too-many@example.com').get()).size).toBe(0);
});
