// Team members: who may manage a team (owner, manage_team holder, not a
// stranger), validation, and the membership roles that follow the team.
import { MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS, setMembershipRole } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import { startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';

let h: BillingHarness;

beforeAll(async () => {
  h = await startBillingHarness('team');
});

afterAll(() => h.close());

const roleOf = async (uid: string) => (await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).get('role');

async function enterpriseOwner(label = 'owner'): Promise<TestUser> {
  const owner = await h.createUser(label);
  await setMembershipRole(h.db, owner.uid, 'enterprise');
  return owner;
}

async function grant(uid: string, permissions: string[]) {
  await h.db.collection(RBAC_COLLECTIONS.userAccess).doc(uid).set({ userId: uid, roleIds: ['team_manager'], permissions, organizations: {}, organizationIds: [] });
}

test('the owner adds a member (default role basic), whose membership follows; change and remove', async () => {
  const owner = await enterpriseOwner();
  const member = await h.createUser('member');
  const added = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email.toUpperCase() } });
  expect(added.status).toBe(201);
  expect(added.body).toMatchObject({ id: expect.any(String), ownerId: owner.uid, email: member.email, userId: member.uid, role: 'basic' });
  expect(await roleOf(member.uid)).toBe('basic');
  // A membership created by the team starts with 0 tokens (not free).
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(member.uid).get()).get('tokensRemaining')).toBe(0);

  const list = await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner });
  expect(list.body.members.map((each: { email: string }) => each.email)).toEqual([member.email]);

  const changed = await h.call('PATCH', MEMBERSHIP_API.teamMember(added.body.id), { user: owner, body: { role: 'premium' } });
  expect(changed.status).toBe(200);
  expect(changed.body.role).toBe('premium');
  expect(await roleOf(member.uid)).toBe('premium');

  const removed = await h.call('DELETE', MEMBERSHIP_API.teamMember(added.body.id), { user: owner });
  expect(removed.status).toBe(204);
  expect(await roleOf(member.uid)).toBe('free');
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner })).body.members).toEqual([]);
});

test('an invited e-mail without an account is listed with userId null', async () => {
  const owner = await enterpriseOwner();
  const added = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: 'nobody-yet@example.com', role: 'premium' } });
  expect(added.status).toBe(201);
  expect(added.body).toMatchObject({ userId: null, role: 'premium' });
});

test('a stranger gets 403 on someone else’s team and changes nothing', async () => {
  const owner = await enterpriseOwner();
  const member = await h.createUser('member');
  const stranger = await h.createUser('stranger');
  await grant(stranger.uid, ['read_users']);
  const added = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email } });
  const attempts = [
    await h.call('GET', `${MEMBERSHIP_API.teamMembers}?ownerId=${owner.uid}`, { user: stranger }),
    await h.call('POST', MEMBERSHIP_API.teamMembers, { user: stranger, body: { email: 'x@example.com', ownerId: owner.uid } }),
    await h.call('PATCH', MEMBERSHIP_API.teamMember(added.body.id), { user: stranger, body: { role: 'enterprise' } }),
    await h.call('DELETE', MEMBERSHIP_API.teamMember(added.body.id), { user: stranger }),
  ];
  for (const attempt of attempts) {
    expect(attempt.status).toBe(403);
    expect(attempt.body.error).toMatch(/manage_team/);
  }
  expect(await roleOf(member.uid)).toBe('basic');
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner })).body.members).toHaveLength(1);
  // The stranger's own team is theirs, and empty.
  expect((await h.call('GET', MEMBERSHIP_API.teamMembers, { user: stranger })).body).toEqual({ members: [] });
});

test.each([['manage_team'], ['manage_all']])('someone holding %s manages another owner’s team', async (permission) => {
  const owner = await enterpriseOwner();
  const member = await h.createUser('member');
  const manager = await h.createUser('manager');
  await grant(manager.uid, [permission]);
  const added = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: manager, body: { email: member.email, ownerId: owner.uid, role: 'enterprise' } });
  expect(added.status).toBe(201);
  expect(added.body.ownerId).toBe(owner.uid);
  expect((await h.call('GET', `${MEMBERSHIP_API.teamMembers}?ownerId=${owner.uid}`, { user: manager })).body.members).toHaveLength(1);
  expect((await h.call('PATCH', MEMBERSHIP_API.teamMember(added.body.id), { user: manager, body: { role: 'basic' } })).status).toBe(200);
  expect(await roleOf(member.uid)).toBe('basic');
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMember(added.body.id), { user: manager })).status).toBe(204);
  expect(await roleOf(member.uid)).toBe('free');
});

test('an owner cannot give a member a plan above their own', async () => {
  const owner = await h.createUser('freeowner');
  const member = await h.createUser('member');
  const attempt = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email } });
  expect(attempt.status).toBe(403);
  expect(attempt.body.error).toBe('Forbidden: a free plan cannot give a team member the basic role');
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
])('POST %p is 400 (%s)', async (body, message) => {
  const owner = await enterpriseOwner();
  const response = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body });
  expect(response.status).toBe(400);
  expect(response.body.error).toMatch(message);
});

test('PATCH with a bad role is 400; unknown ids are 404; duplicates 409; the owner’s own e-mail 400', async () => {
  const owner = await enterpriseOwner();
  const added = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: 'dup@example.com' } });
  for (const body of [{}, { role: 'admin' }, { role: 'basic', email: 'x@example.com' }]) {
    const response = await h.call('PATCH', MEMBERSHIP_API.teamMember(added.body.id), { user: owner, body });
    expect(response.status).toBe(400);
  }
  expect((await h.call('PATCH', MEMBERSHIP_API.teamMember('missing'), { user: owner, body: { role: 'basic' } })).status).toBe(404);
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMember('missing'), { user: owner })).status).toBe(404);
  expect((await h.call('DELETE', '/api/team/members/%E0%A4%A', { user: owner })).status).toBe(400);
  expect((await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: 'DUP@example.com' } })).status).toBe(409);
  const own = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: owner.email } });
  expect(own.status).toBe(400);
  expect(own.body.error).toMatch(/^email /);
});
