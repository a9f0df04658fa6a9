// Team members by invitation (issue 14, item 3), against the emulators:
// nothing about the invited person changes until they accept with that
// e-mail; the answers never say whether an e-mail has an account; the owner
// revokes; leaving restores the member's own plan; the owner's plan caps.
import { MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS, TEAM_INVITATION_TTL_MS, credit, setMembershipRole } from '@agentflow/shared/server';
import { startBillingHarness, type BillingHarness, type TestUser } from '../../testing/harness';
import { planState, roleOf as roleIn, verifiedUser } from '../testing/teamUsers';

let h: BillingHarness;

beforeAll(async () => {
  h = await startBillingHarness('invitations');
});

afterEach(() => {
  h.clock.now = null;
});

afterAll(() => h.close());

const roleOf = (uid: string) => roleIn(h, uid);

async function invite(owner: TestUser, email: string, role = 'premium') {
  const response = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email, role } });
  expect(response.status).toBe(201);
  return response.body.invitation as { id: string; email: string; role: string };
}

async function join(owner: TestUser, member: TestUser, role = 'premium') {
  const invitation = await invite(owner, member.email, role);
  const accepted = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invitation.id), { user: member });
  expect(accepted.status).toBe(200);
  return accepted.body.membership as { id: string; role: string; roleAfterLeaving: string };
}

const ownersInvitations = async (owner: TestUser) => (await h.call('GET', MEMBERSHIP_API.teamInvitations, { user: owner })).body.invitations as { id: string; status: string; role: string }[];
const ownersMembers = async (owner: TestUser) => (await h.call('GET', MEMBERSHIP_API.teamMembers, { user: owner })).body.members as { id: string; email: string; role: string }[];

/** The JSON's structure: every key and the type of every leaf. */
const shape = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(shape) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort().map(([key, item]) => [key, shape(item)])) : value === null ? 'null' : typeof value;

test('an invitation changes nothing about the invitee (plan, tokens) until they accept', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const withPlan = await verifiedUser(h, 'withplan', 'basic');
  await credit(h.db, { uid: withPlan.uid, amount: 5, reason: 'adjustment', idempotencyKey: 'before-invite' });
  const newcomer = await verifiedUser(h, 'newcomer');
  const before = [await planState(h, withPlan.uid), await planState(h, newcomer.uid)];
  expect(before[1]?.membership).toBeNull();

  const first = await invite(owner, withPlan.email, 'enterprise');
  await invite(owner, newcomer.email, 'premium');
  expect([await planState(h, withPlan.uid), await planState(h, newcomer.uid)]).toEqual(before);
  // Nor is the invitee a member yet, and nothing on the seat side exists.
  expect(await ownersMembers(owner)).toEqual([]);
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.teamSeats).doc(withPlan.uid).get()).exists).toBe(false);

  const accepted = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(first.id), { user: withPlan });
  expect(accepted.status).toBe(200);
  expect(accepted.body.membership).toMatchObject({ role: 'enterprise', roleAfterLeaving: 'basic', ownerEmail: owner.email });
  expect(await roleOf(withPlan.uid)).toBe('enterprise');
  expect(await roleOf(newcomer.uid)).toBeUndefined();
  expect((await ownersMembers(owner)).map((member) => [member.email, member.role])).toEqual([[withPlan.email, 'enterprise']]);
});

test('inviting an e-mail with an account and one without give identical answers', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const known = await h.createUser('known');
  const unknownEmail = `nobody-${Date.now()}@example.com`;
  const answers = [
    await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: known.email, role: 'basic' } }),
    await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: unknownEmail, role: 'basic' } }),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  expect(shape(answers[0]?.body)).toEqual(shape(answers[1]?.body));
  for (const answer of answers) {
    expect(answer.body.invitation).not.toHaveProperty('userId');
    expect(answer.body.invitation).toMatchObject({ ownerId: owner.uid, role: 'basic', status: 'pending' });
    expect(JSON.stringify(answer.body)).not.toContain(known.uid);
  }
  // The owner's list and the stored invitations are alike too.
  const listed = await ownersInvitations(owner);
  expect(shape(listed[0])).toEqual(shape(listed[1]));
  expect(JSON.stringify(listed)).not.toContain(known.uid);
  const stored = await h.db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations).where('ownerId', '==', owner.uid).get();
  expect(stored.docs.map((doc) => Object.keys(doc.data()).sort())).toEqual([Object.keys(stored.docs[0]!.data()).sort(), Object.keys(stored.docs[0]!.data()).sort()]);
  expect(JSON.stringify(stored.docs.map((doc) => doc.data()))).not.toContain(known.uid);
  // Inviting the same two again: the same refusal for both.
  const again = [
    await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: known.email } }),
    await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: unknownEmail } }),
  ];
  expect(again.map((answer) => [answer.status, answer.body.code])).toEqual([
    [409, 'already_invited'],
    [409, 'already_invited'],
  ]);
});

test('accepting while signed in with another e-mail is refused 403 and changes nothing', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const invitee = await verifiedUser(h, 'invitee', 'basic');
  const intruder = await verifiedUser(h, 'intruder', 'free');
  const invitation = await invite(owner, invitee.email, 'enterprise');
  const before = [await planState(h, invitee.uid), await planState(h, intruder.uid)];

  for (const path of [MEMBERSHIP_API.acceptTeamInvitation(invitation.id), MEMBERSHIP_API.declineTeamInvitation(invitation.id)]) {
    const refused = await h.call('POST', path, { user: intruder });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.stringMatching(/another e-mail address/), code: 'invitation_email_mismatch' });
  }
  expect([await planState(h, invitee.uid), await planState(h, intruder.uid)]).toEqual(before);
  expect(await ownersInvitations(owner)).toEqual([expect.objectContaining({ id: invitation.id, status: 'pending' })]);
  expect(await ownersMembers(owner)).toEqual([]);
  // The intruder is not shown the invitation either.
  expect((await h.call('GET', MEMBERSHIP_API.receivedTeamInvitations, { user: intruder })).body).toEqual({ invitations: [], emailVerified: true });
});

test('the invited address must be verified to see or answer an invitation', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const unverified = await h.createUser('unverified');
  const invitation = await invite(owner, unverified.email, 'basic');
  expect((await h.call('GET', MEMBERSHIP_API.receivedTeamInvitations, { user: unverified })).body).toEqual({ invitations: [], emailVerified: false });
  const refused = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invitation.id), { user: unverified });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('email_not_verified');
  expect(await roleOf(unverified.uid)).toBeUndefined();
});

test('the invitee sees their invitation and declines it; the owner’s list empties', async () => {
  const owner = await verifiedUser(h, 'owner', 'premium');
  const invitee = await verifiedUser(h, 'invitee');
  const invitation = await invite(owner, invitee.email.toUpperCase(), 'basic');
  expect(invitation.email).toBe(invitee.email);
  const received = await h.call('GET', MEMBERSHIP_API.receivedTeamInvitations, { user: invitee });
  expect(received.body).toEqual({
    emailVerified: true,
    invitations: [{ id: invitation.id, ownerEmail: owner.email, role: 'basic', createdAt: expect.any(String), expiresAt: expect.any(String) }],
  });
  expect(Date.parse(received.body.invitations[0].expiresAt) - Date.parse(received.body.invitations[0].createdAt)).toBe(TEAM_INVITATION_TTL_MS);
  expect((await h.call('POST', MEMBERSHIP_API.declineTeamInvitation(invitation.id), { user: invitee })).status).toBe(204);
  expect(await ownersInvitations(owner)).toEqual([]);
  expect(await roleOf(invitee.uid)).toBeUndefined();
});

test('the owner revokes an invitation: it can no longer be accepted; a stranger cannot revoke', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const invitee = await verifiedUser(h, 'invitee', 'free');
  const stranger = await verifiedUser(h, 'stranger');
  const invitation = await invite(owner, invitee.email, 'premium');
  const before = await planState(h, invitee.uid);

  const forbidden = await h.call('DELETE', MEMBERSHIP_API.teamInvitation(invitation.id), { user: stranger });
  expect([forbidden.status, forbidden.body.code]).toEqual([403, 'team_forbidden']);
  expect(await ownersInvitations(owner)).toHaveLength(1);

  expect((await h.call('DELETE', MEMBERSHIP_API.teamInvitation(invitation.id), { user: owner })).status).toBe(204);
  expect(await ownersInvitations(owner)).toEqual([]);
  expect((await h.call('GET', MEMBERSHIP_API.receivedTeamInvitations, { user: invitee })).body.invitations).toEqual([]);
  const late = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invitation.id), { user: invitee });
  expect([late.status, late.body.code]).toEqual([404, 'invitation_not_found']);
  expect(await planState(h, invitee.uid)).toEqual(before);
  expect((await h.call('DELETE', MEMBERSHIP_API.teamInvitation(invitation.id), { user: owner })).body.code).toBe('invitation_not_found');
});

test('an invitation lapses after 14 days: not shown, not accepted, and the owner may invite again', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const invitee = await verifiedUser(h, 'invitee');
  const invitation = await invite(owner, invitee.email, 'basic');
  h.clock.now = new Date(Date.now() + TEAM_INVITATION_TTL_MS + 60_000);
  expect((await h.call('GET', MEMBERSHIP_API.receivedTeamInvitations, { user: invitee })).body.invitations).toEqual([]);
  expect(await ownersInvitations(owner)).toEqual([expect.objectContaining({ id: invitation.id, status: 'expired' })]);
  const late = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invitation.id), { user: invitee });
  expect([late.status, late.body.code]).toEqual([410, 'invitation_expired']);
  expect(await roleOf(invitee.uid)).toBeUndefined();
  const renewed = await invite(owner, invitee.email, 'premium');
  expect(renewed).toMatchObject({ id: invitation.id, role: 'premium', status: 'pending' });
  expect((await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(renewed.id), { user: invitee })).status).toBe(200);
  expect(await roleOf(invitee.uid)).toBe('premium');
});

test('removing a member restores the plan they had before joining; so does leaving', async () => {
  const owner = await verifiedUser(h, 'owner', 'enterprise');
  const removed = await verifiedUser(h, 'removed', 'basic');
  const leaver = await verifiedUser(h, 'leaver', 'premium');
  const newcomer = await verifiedUser(h, 'newcomer');
  const joinedRemoved = await join(owner, removed, 'enterprise');
  await join(owner, leaver, 'enterprise');
  const joinedNewcomer = await join(owner, newcomer, 'premium');
  expect([await roleOf(removed.uid), await roleOf(leaver.uid), await roleOf(newcomer.uid)]).toEqual(['enterprise', 'enterprise', 'premium']);

  // A role change keeps what they had before joining.
  expect((await h.call('PATCH', MEMBERSHIP_API.teamMember(joinedRemoved.id), { user: owner, body: { role: 'premium' } })).status).toBe(200);
  expect(await roleOf(removed.uid)).toBe('premium');

  expect((await h.call('DELETE', MEMBERSHIP_API.teamMember(joinedRemoved.id), { user: owner })).status).toBe(204);
  expect(await roleOf(removed.uid)).toBe('basic');

  const mine = await h.call('GET', MEMBERSHIP_API.teamMembership, { user: leaver });
  expect(mine.body.membership).toMatchObject({ ownerEmail: owner.email, role: 'enterprise', roleAfterLeaving: 'premium' });
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMembership, { user: leaver })).status).toBe(204);
  expect(await roleOf(leaver.uid)).toBe('premium');
  expect((await h.call('GET', MEMBERSHIP_API.teamMembership, { user: leaver })).body).toEqual({ membership: null });
  const again = await h.call('DELETE', MEMBERSHIP_API.teamMembership, { user: leaver });
  expect([again.status, again.body.code]).toEqual([404, 'not_in_team']);

  // Someone who had no membership before joining goes back to free.
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMember(joinedNewcomer.id), { user: owner })).status).toBe(204);
  expect(await roleOf(newcomer.uid)).toBe('free');
  expect(await ownersMembers(owner)).toEqual([]);
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.teamSeats).where('ownerId', '==', owner.uid).get()).size).toBe(0);
});

test('the issue’s attack: a free stranger invites a premium subscriber as free; nothing changes, and accepting would not lower the plan', async () => {
  const attacker = await verifiedUser(h, 'attacker');
  const victim = await verifiedUser(h, 'victim', 'premium');
  const before = await planState(h, victim.uid);
  const invitation = await invite(attacker, victim.email, 'free');
  expect(await planState(h, victim.uid)).toEqual(before);
  expect(invitation).not.toHaveProperty('userId');
  // Even if the victim accepts, joining never lowers a plan, and leaving keeps it.
  const accepted = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invitation.id), { user: victim });
  expect(accepted.body.membership).toMatchObject({ role: 'free', roleAfterLeaving: 'premium' });
  expect(await roleOf(victim.uid)).toBe('premium');
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMember(accepted.body.membership.id), { user: attacker })).status).toBe(204);
  expect(await planState(h, victim.uid)).toEqual(before);
});

test('one team at a time: a member of one team cannot accept another’s invitation until they leave', async () => {
  const first = await verifiedUser(h, 'first', 'enterprise');
  const second = await verifiedUser(h, 'second', 'enterprise');
  const member = await verifiedUser(h, 'member');
  await join(first, member, 'basic');
  const other = await invite(second, member.email, 'enterprise');
  const refused = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(other.id), { user: member });
  expect([refused.status, refused.body.code]).toEqual([409, 'in_another_team']);
  expect(await roleOf(member.uid)).toBe('basic');
  expect((await h.call('DELETE', MEMBERSHIP_API.teamMembership, { user: member })).status).toBe(204);
  expect((await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(other.id), { user: member })).status).toBe(200);
  expect(await roleOf(member.uid)).toBe('enterprise');
});

describe('the owner’s plan caps team roles', () => {
  test('at invitation and at role change: 403 role_above_owner_plan, nothing changes', async () => {
    const owner = await verifiedUser(h, 'owner', 'premium');
    const member = await verifiedUser(h, 'member');
    const refused = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: owner, body: { email: member.email, role: 'enterprise' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Forbidden: a premium plan cannot give a team member the enterprise role', code: 'role_above_owner_plan' });
    expect(await ownersInvitations(owner)).toEqual([]);
    const joined = await join(owner, member, 'premium');
    const raise = await h.call('PATCH', MEMBERSHIP_API.teamMember(joined.id), { user: owner, body: { role: 'enterprise' } });
    expect([raise.status, raise.body.code]).toEqual([403, 'role_above_owner_plan']);
    expect(await roleOf(member.uid)).toBe('premium');
    expect((await ownersMembers(owner)).map((each) => each.role)).toEqual(['premium']);
  });

  test('a manage_team holder is bound by the owner’s plan too', async () => {
    const owner = await verifiedUser(h, 'owner', 'basic');
    const manager = await verifiedUser(h, 'manager', 'enterprise');
    await h.db.collection('userAccess').doc(manager.uid).set({ userId: manager.uid, roleIds: ['team_manager'], permissions: ['manage_team'], organizations: {}, organizationIds: [] });
    const refused = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: manager, body: { email: 'x@example.com', role: 'premium', ownerId: owner.uid } });
    expect([refused.status, refused.body.code]).toEqual([403, 'role_above_owner_plan']);
  });

  test('a role a team grants is not a plan to pass on: a member’s own team is capped by their own plan', async () => {
    const payer = await verifiedUser(h, 'payer', 'enterprise');
    const member = await verifiedUser(h, 'member', 'basic');
    const friend = await verifiedUser(h, 'friend');
    await join(payer, member, 'enterprise');
    expect(await roleOf(member.uid)).toBe('enterprise');
    const passedOn = await h.call('POST', MEMBERSHIP_API.teamMembers, { user: member, body: { email: friend.email, role: 'premium' } });
    expect(passedOn.status).toBe(403);
    expect(passedOn.body).toEqual({ error: 'Forbidden: a basic plan cannot give a team member the premium role', code: 'role_above_owner_plan' });
    const invitation = await invite(member, friend.email, 'basic');
    expect((await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(invitation.id), { user: friend })).body.membership.role).toBe('basic');
    expect(await roleOf(friend.uid)).toBe('basic');
  });

  test('at acceptance, and when the owner’s plan drops later: members and invitations are capped to it', async () => {
    const owner = await verifiedUser(h, 'owner', 'enterprise');
    const early = await verifiedUser(h, 'early', 'free');
    const late = await verifiedUser(h, 'late', 'free');
    const own = await verifiedUser(h, 'own', 'premium');
    await join(owner, early, 'enterprise');
    await join(owner, own, 'enterprise');
    const pending = await invite(owner, late.email, 'enterprise');

    await setMembershipRole(h.db, owner.uid, 'basic');
    // What the invitee is offered and what accepting gives follow the owner's plan now.
    expect((await h.call('GET', MEMBERSHIP_API.receivedTeamInvitations, { user: late })).body.invitations[0].role).toBe('basic');
    const accepted = await h.call('POST', MEMBERSHIP_API.acceptTeamInvitation(pending.id), { user: late });
    expect(accepted.body.membership.role).toBe('basic');
    expect(await roleOf(late.uid)).toBe('basic');
    // The members who joined before the drop are capped when the team is next read.
    expect(await roleOf(early.uid)).toBe('enterprise');
    expect((await h.call('GET', MEMBERSHIP_API.teamMembership, { user: early })).body.membership).toMatchObject({ role: 'basic', roleAfterLeaving: 'free' });
    expect(await roleOf(early.uid)).toBe('basic');
    expect(await roleOf(own.uid)).toBe('premium');
    expect((await ownersMembers(owner)).map((member) => member.role)).toEqual(['basic', 'basic', 'basic']);
    // Leaving after the cap still restores the plan from before joining.
    expect((await h.call('DELETE', MEMBERSHIP_API.teamMembership, { user: early })).status).toBe(204);
    expect(await roleOf(early.uid)).toBe('free');
  });
});
