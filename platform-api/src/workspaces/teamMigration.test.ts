// The migration of billing teams into workspaces, on the Firestore emulator:
// members get the mapped workspace role and their own plan back, open
// invitations move, the team documents go; a second run changes nothing.
import { pino } from 'pino';
import { Timestamp } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, RBAC_COLLECTIONS, WORKSPACES_API } from '@agentflow/shared/server';
import { firestoreAuditWriter } from '../access/audit';
import { startRunsHarness, type RunsHarness } from '../testing/runsHarness';
import { WORKSPACE_INVITATIONS } from './store';
import { migrateBillingTeams, teamWorkspaceId } from './teamMigration';

let h: RunsHarness;
beforeAll(async () => {
  h = await startRunsHarness('team-migration');
});
afterAll(() => h?.close());

const logger = pino({ level: 'silent' });
const roleOf = async (uid: string) => (await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).get('role');
const allDocs = async () => {
  const names = [RBAC_COLLECTIONS.organizations, RBAC_COLLECTIONS.userRoles, RBAC_COLLECTIONS.userAccess, MEMBERSHIP_COLLECTIONS.memberships, WORKSPACE_INVITATIONS, MEMBERSHIP_COLLECTIONS.teamMembers, MEMBERSHIP_COLLECTIONS.teamSeats];
  const out: Record<string, unknown> = {};
  for (const name of names) for (const doc of (await h.db.collection(name).get()).docs) out[`${name}/${doc.id}`] = doc.data();
  return out;
};

test('a team becomes a workspace: mapped roles, own plans back, invitations moved, team documents gone; idempotent', async () => {
  const [owner, seated, legacy, invitee] = await Promise.all([
    h.createUser('owner', { plan: 'premium' }),
    h.createUser('seated', { plan: 'premium' }),
    h.createUser('legacy', { plan: 'basic' }),
    h.createUser('invitee', { emailVerified: true, plan: 'free' }),
  ]);
  await h.db.collection('users').doc(owner.uid).set({ displayName: 'Olga’s Bakery', email: owner.email });
  // seated joined on basic and the team gave premium; legacy is a member from before seats (joined from free, team role basic).
  const members = h.db.collection(MEMBERSHIP_COLLECTIONS.teamMembers);
  await members.doc('m-seated').set({ ownerId: owner.uid, email: seated.email, role: 'premium', createdAt: Timestamp.now() });
  await h.db.collection(MEMBERSHIP_COLLECTIONS.teamSeats).doc(seated.uid).set({ ownerId: owner.uid, memberId: 'm-seated', previousRole: 'basic', grantedRole: 'premium' });
  await members.doc('m-legacy').set({ ownerId: owner.uid, email: legacy.email, role: 'basic', userId: legacy.uid });
  const expiresAt = Timestamp.fromMillis(Date.now() + 3 * 24 * 3600 * 1000);
  await h.db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations).doc('inv-1').set({ ownerId: owner.uid, email: invitee.email, role: 'enterprise', createdAt: Timestamp.now(), expiresAt });

  const report = await migrateBillingTeams(h.db, { logger, audit: firestoreAuditWriter(h.db) });
  expect(report).toEqual({ owners: 1, workspacesCreated: 1, members: 2, invitations: 1, skipped: [] });

  const id = teamWorkspaceId(owner.uid);
  expect((await h.db.collection(RBAC_COLLECTIONS.organizations).doc(id).get()).data()).toMatchObject({ name: 'Olga’s Bakery', ownerId: owner.uid, migratedFrom: 'billing-team' });
  const listed = await h.call('GET', WORKSPACES_API.members(id), { user: owner });
  expect(listed.body.members.map((m: { uid: string; roleId: string }) => [m.uid, m.roleId]).sort()).toEqual(
    [[owner.uid, 'workspace_owner'], [seated.uid, 'workspace_editor'], [legacy.uid, 'workspace_runner']].sort(),
  );
  expect([await roleOf(owner.uid), await roleOf(seated.uid), await roleOf(legacy.uid)]).toEqual(['premium', 'basic', 'free']);
  expect((await h.db.collection(RBAC_COLLECTIONS.userAccess).doc(seated.uid).get()).get('organizationIds')).toEqual([id]);
  expect((await members.get()).size).toBe(0);
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.teamSeats).get()).size).toBe(0);
  expect((await h.db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations).get()).size).toBe(0);

  // The invitation waits in the workspace with the mapped role and the same expiry; the invitee accepts it.
  const received = await h.call('GET', WORKSPACES_API.receivedInvitations, { user: invitee });
  expect(received.body.invitations).toEqual([{ id: 'team-inv-1', workspaceId: id, workspaceName: 'Olga’s Bakery', roleId: 'workspace_editor', invitedByName: 'Olga’s Bakery', expiresAt: expiresAt.toDate().toISOString() }]);
  const before = await allDocs();

  const again = await migrateBillingTeams(h.db, { logger, audit: firestoreAuditWriter(h.db) });
  expect(again).toEqual({ owners: 0, workspacesCreated: 0, members: 0, invitations: 0, skipped: [] });
  expect(await allDocs()).toEqual(before);
  expect((await h.call('POST', WORKSPACES_API.acceptInvitation('team-inv-1'), { user: invitee })).status).toBe(200);
});
