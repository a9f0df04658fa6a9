// Invitations against the emulators and a real SMTP server (smtp-server,
// parsed with mailparser): the e-mail's link leads to the invitation that is
// accepted; seats come from the owner's plan, counted with pending
// invitations in the inviting transaction; only the verified addressee may
// accept, within 7 days.
import { pino } from 'pino';
import { NOTIFICATIONS_COLLECTION, RBAC_COLLECTIONS, WORKSPACES_API, invitationNotificationId, type ReceivedInvitationList, type WorkspaceMembers, type WorkspaceSummary } from '@agentflow/shared/server';
import { Timestamp } from 'firebase-admin/firestore';
import { startFakeSmtp, type FakeSmtp } from '../connectors/email/testing/fake';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { createInvitationMailer } from './mailer';
import { WORKSPACE_INVITATIONS } from './store';

let h: RunsHarness;
let smtp: FakeSmtp;
const APP_URL = 'https://app.agentflow.test';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = `smtp://${encodeURIComponent('robot@agentflow.test')}:${encodeURIComponent('correct horse')}@127.0.0.1:${smtp.port}`;
  process.env.APP_URL = `${APP_URL}/`;
  h = await startRunsHarness('invitations');
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  await h?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

async function workspaceOf(owner: RunsUser): Promise<WorkspaceSummary> {
  const created = await h.call('POST', WORKSPACES_API.workspaces, { user: owner, body: { name: 'Acme' } });
  expect(created.status).toBe(201);
  return created.body.workspace as WorkspaceSummary;
}
const invite = (owner: RunsUser, workspaceId: string, email: string, roleId = 'workspace_runner') => h.call('POST', WORKSPACES_API.invitations(workspaceId), { user: owner, body: { email, roleId } });
const invitationCount = async (workspaceId: string) => (await h.db.collection(WORKSPACE_INVITATIONS).where('workspaceId', '==', workspaceId).get()).size;

async function mailTo(address: string) {
  for (let i = 0; i < 100 && !smtp.messages.some((m) => m.envelope.to.includes(address)); i++) await new Promise((resolve) => setTimeout(resolve, 30));
  const found = smtp.messages.find((m) => m.envelope.to.includes(address));
  if (!found) throw new Error(`no e-mail to ${address}`);
  return found.mail;
}

test('the e-mail carries the accept link; following its id, the verified addressee accepts and becomes a member with that role', async () => {
  const [olga, rob] = await Promise.all([h.createUser('olga', { plan: 'premium' }), h.createUser('rob', { emailVerified: true })]);
  await h.db.collection('users').doc(rob.uid).set({ preferences: { language: 'de' } }, { merge: true });
  // The inviter is named as their profile names them (a token minted right after sign-up carries no name).
  await h.db.collection('users').doc(olga.uid).set({ displayName: 'Olga Owner' }, { merge: true });
  const { id } = await workspaceOf(olga);
  const invited = await invite(olga, id, rob.email.toUpperCase());
  expect(invited.status).toBe(201);
  expect(invited.body.invitation).toMatchObject({ email: rob.email, roleId: 'workspace_runner', status: 'pending' });

  const mail = await mailTo(rob.email);
  // In the invited person's language, with the link to the app's invitation page.
  expect(mail.subject).toContain('Arbeitsbereich „Acme“');
  expect(mail.text).toContain('Olga Owner');
  const link = /https:\/\/app\.agentflow\.test\/admin\/access\/invitations\/([A-Za-z0-9]+)/.exec(mail.text ?? '');
  expect(link).not.toBeNull();
  const invitationId = link![1]!;
  expect(invitationId).toBe(invited.body.invitation.id);
  // Someone with an account also finds it in the bell.
  expect((await h.db.collection(NOTIFICATIONS_COLLECTION).doc(invitationNotificationId(rob.uid, invitationId)).get()).get('workspaceName')).toBe('Acme');

  const received = (await h.call('GET', WORKSPACES_API.receivedInvitations, { user: rob })).body as ReceivedInvitationList;
  expect(received.invitations).toEqual([{ id: invitationId, workspaceId: id, workspaceName: 'Acme', roleId: 'workspace_runner', invitedByName: 'Olga Owner', expiresAt: expect.any(String) }]);

  const accepted = await h.call('POST', WORKSPACES_API.acceptInvitation(invitationId), { user: rob });
  expect(accepted.status).toBe(200);
  // Answered: nothing left to act on in the bell.
  expect((await h.db.collection(NOTIFICATIONS_COLLECTION).doc(invitationNotificationId(rob.uid, invitationId)).get()).exists).toBe(false);
  expect(accepted.body.workspace).toMatchObject({ id, roleId: 'workspace_runner', ownerId: olga.uid, seats: { used: 2, limit: 10 } });
  const members = (await h.call('GET', WORKSPACES_API.members(id), { user: olga })).body as WorkspaceMembers;
  expect(members.members.map((m) => [m.uid, m.roleId]).sort()).toEqual([[olga.uid, 'workspace_owner'], [rob.uid, 'workspace_runner']].sort());
  expect(members.invitations).toEqual([]);
  expect((await h.db.collection(RBAC_COLLECTIONS.userAccess).doc(rob.uid).get()).get('organizationIds')).toEqual([id]);
  expect((await h.call('POST', WORKSPACES_API.acceptInvitation(invitationId), { user: rob })).body.code).toBe('invitation_not_found');
  expect((await invite(olga, id, rob.email)).body.code).toBe('already_member');
});

test('seats come from the owner’s plan and count pending invitations: past them 403 seat_limit_reached naming the next plan, nothing written', async () => {
  const basic = await h.createUser('basic-owner', { plan: 'basic' });
  const { id, seats } = await workspaceOf(basic);
  expect(seats).toEqual({ used: 1, limit: 3 });
  expect((await invite(basic, id, 'one@example.com')).status).toBe(201);
  expect((await invite(basic, id, 'two@example.com')).status).toBe(201);
  const third = await invite(basic, id, 'three@example.com');
  expect(third.status).toBe(403);
  expect(third.body).toMatchObject({ code: 'seat_limit_reached', plan: 'premium' });
  expect(await invitationCount(id)).toBe(2);
  expect((await invite(basic, id, 'two@example.com')).body.code).toBe('already_invited');

  // An expired invitation takes no seat (and may be renewed).
  const two = (await h.db.collection(WORKSPACE_INVITATIONS).where('email', '==', 'two@example.com').get()).docs[0]!;
  await two.ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
  expect((await invite(basic, id, 'three@example.com')).status).toBe(201);

  const free = await h.createUser('free-owner', { plan: 'free' });
  const solo = await workspaceOf(free);
  const refused = await invite(free, solo.id, 'friend@example.com');
  expect(refused.body).toMatchObject({ code: 'seat_limit_reached', plan: 'basic' });
  expect(await invitationCount(solo.id)).toBe(0);
});

// The emulator makes the loser wait for the winner's lock (seconds on a busy machine).
test('two invitations at once for the last seat: one is written, the other refused', async () => {
  const owner = await h.createUser('race-owner', { plan: 'basic' });
  const { id } = await workspaceOf(owner);
  expect((await invite(owner, id, 'first@example.com')).status).toBe(201);
  const answers = await Promise.all([invite(owner, id, 'a@example.com'), invite(owner, id, 'b@example.com')]);
  expect(answers.map((a) => [a.status, a.body.code ?? null]).sort()).toEqual([[201, null], [403, 'seat_limit_reached']]);
  expect(await invitationCount(id)).toBe(2);
}, 30_000);

test('only the verified addressee accepts, within 7 days; declining and withdrawing delete it', async () => {
  const [olga, unverified, stranger, vic] = await Promise.all([
    h.createUser('olga-b', { plan: 'premium' }),
    h.createUser('unverified'),
    h.createUser('stranger', { emailVerified: true }),
    h.createUser('vic', { emailVerified: true }),
  ]);
  const { id } = await workspaceOf(olga);
  const toUnverified = (await invite(olga, id, unverified.email)).body.invitation.id as string;
  expect((await h.call('POST', WORKSPACES_API.acceptInvitation(toUnverified), { user: unverified })).body.code).toBe('email_not_verified');
  expect((await h.call('GET', WORKSPACES_API.receivedInvitations, { user: unverified })).body).toEqual({ invitations: [] });
  expect((await h.call('POST', WORKSPACES_API.acceptInvitation(toUnverified), { user: stranger })).body.code).toBe('invitation_email_mismatch');
  expect((await h.call('POST', WORKSPACES_API.declineInvitation(toUnverified), { user: stranger })).status).toBe(403);
  expect((await h.db.collection(RBAC_COLLECTIONS.userRoles).where('organizationId', '==', id).get()).size).toBe(1);

  const toVic = (await invite(olga, id, vic.email, 'workspace_editor')).body.invitation.id as string;
  await h.db.collection(WORKSPACE_INVITATIONS).doc(toVic).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1) });
  const late = await h.call('POST', WORKSPACES_API.acceptInvitation(toVic), { user: vic });
  expect([late.status, late.body.code]).toEqual([410, 'invitation_expired']);
  const listed = (await h.call('GET', WORKSPACES_API.members(id), { user: olga })).body as WorkspaceMembers;
  expect(listed.invitations.find((i) => i.id === toVic)?.status).toBe('expired');
  expect((await h.call('POST', WORKSPACES_API.declineInvitation(toVic), { user: vic })).status).toBe(204);
  expect((await h.db.collection(WORKSPACE_INVITATIONS).doc(toVic).get()).exists).toBe(false);

  expect((await h.call('DELETE', WORKSPACES_API.invitation(id, toUnverified), { user: vic })).status).toBe(404);
  expect((await h.call('DELETE', WORKSPACES_API.invitation(id, toUnverified), { user: olga })).status).toBe(204);
  expect(await invitationCount(id)).toBe(0);
});

test('an invitation gives at most admin, and only what the inviter holds', async () => {
  const [olga, erin] = await Promise.all([h.createUser('olga-c', { plan: 'premium' }), h.createUser('erin', { emailVerified: true })]);
  const { id } = await workspaceOf(olga);
  expect((await invite(olga, id, 'boss@example.com', 'workspace_owner')).body.code).toBe('owner_role_not_assignable');
  await h.call('POST', WORKSPACES_API.acceptInvitation((await invite(olga, id, erin.email, 'workspace_editor')).body.invitation.id as string), { user: erin });
  expect((await invite(erin, id, 'x@example.com', 'workspace_viewer')).body.code).toBe('workspace_forbidden');
  expect((await invite(olga, id, 'not-an-address', 'workspace_viewer')).body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('email') });
});

test('without SMTP_URL nothing is sent and the operator reads one line', async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const mailer = createInvitationMailer({ smtpUrl: undefined, logger });
  const mail = { to: 'a@example.com', language: 'en' as const, workspaceName: 'Acme', inviterName: 'Olga', roleId: 'workspace_viewer' as const, link: `${APP_URL}/x`, expiresOn: '2026-12-01' };
  expect(await mailer.send(mail)).toBe(false);
  expect(await mailer.send(mail)).toBe(false);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('SMTP_URL is not set');
});
