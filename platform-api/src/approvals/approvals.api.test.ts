// The approval inbox end to end on platform-api's real app (Auth and
// Firestore emulators) with a real SMTP server (smtp-server): an approval
// step lands in the inbox and the bell of the users who may decide, its
// e-mail carries signed one-click links, and following the approve link
// completes the run; links work once, lapse, refuse changes, and need the
// approver signed in when the workspace says so.
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { APPROVAL_COLLECTIONS, NOTIFICATIONS_COLLECTION, approvalRequestId, approvalWaitingNotificationId, runFailedNotificationId, runRefusedNotificationId, unattendedRunFailedNotificationId } from '@agentflow/shared/domain';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startFakeSmtp, type FakeSmtp } from '../connectors/email/testing/fake';
import { issueApprovalLink } from './linkToken';

const SECRET = 'approvals-test-secret';
const APP_URL = 'http://app.agentflow.test';

let h: RunsHarness;
let smtp: FakeSmtp;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const smtpUrl = `smtp://${encodeURIComponent('robot@agentflow.test')}:${encodeURIComponent('correct horse')}@127.0.0.1:${smtp.port}`;
  h = await startRunsHarness('approvals', { env: { SMTP_URL: smtpUrl, APP_URL, APPROVAL_LINK_SECRET: SECRET, MAIL_FROM: 'Agentflow <robot@agentflow.test>' } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 50, emailVerified: true }), h.createUser('bob', { tokens: 10, emailVerified: true })]);
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
}, 60_000);

afterAll(async () => {
  // Notifications go out after the step starts waiting, unawaited: let the last ones land first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await h?.close();
  await smtp?.close();
});

async function assign(uid: string, roleId: WorkspaceRoleId, organizationId: string): Promise<() => Promise<void>> {
  const ref = h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`);
  await ref.set({ userId: uid, roleId, organizationId, assignedBy: 'system' });
  return async () => void (await ref.delete());
}

async function organization(ownerId: string, settings: Record<string, unknown> = {}): Promise<string> {
  const id = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(id).set({ name: id, description: '', ownerId, createdBy: ownerId, createdAt: new Date().toISOString(), ...settings });
  await assign(ownerId, 'workspace_owner', id);
  return id;
}

const approvalWorkflow = (approvers: string[], extra: Record<string, unknown> = {}) =>
  h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'amount', type: 'number' }]), node('review', 'approval', { approvers, message: 'Approve the 12 % discount?' }), node('done', 'output', { mapping: '{"approved": review.approved, "comment": review.comment}' })],
    [edge('trigger', 'review'), edge('review', 'done')],
    { name: 'Discounts', ...extra },
  );

async function waitingRun(workflowId: string, starter: RunsUser = alice): Promise<string> {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: starter, body: { input: { amount: 1200 } } });
  expect(started.status).toBe(202);
  await h.waitForRun(started.body.runId, ['waiting']);
  // The request is recorded as the step starts waiting, beside the run's own write.
  await eventually(async () => (await h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(started.body.runId, 'review')).get()).exists);
  return started.body.runId as string;
}

async function eventually<T>(probe: () => Promise<T | false | null | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const inbox = async (user: RunsUser, query = '') => {
  const response = await h.call('GET', `/api/approvals${query}`, { user });
  expect(response.status).toBe(200);
  return response.body.approvals as { runId: string; [key: string]: unknown }[];
};

/** The token inside a one-click link of the e-mail. */
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The run a one-click link of an e-mail is for (its token's stored claims). */
const runOfMail = async (text: string | undefined): Promise<string | null> => {
  const link = /Approve: (\S+)/.exec(text ?? '')?.[1];
  if (!link) return null;
  const stored = await h.db.collection(APPROVAL_COLLECTIONS.links).doc(tokenOf(link).split('.')[0]!).get();
  return (stored.get('claims.runId') as string | undefined) ?? null;
};

/** The approval e-mail the SMTP server received for this user and run. */
const mailFor = (user: RunsUser, runId: string) =>
  eventually(async () => {
    for (const message of smtp.messages) if (message.envelope.to.includes(user.email) && (await runOfMail(message.mail.text)) === runId) return message;
    return null;
  });

describe('the approval inbox', () => {
  it('lists a waiting approval, with what it shows and who waits, to the approver only; the bell has it too', async () => {
    const wf = await approvalWorkflow([bob.email]);
    const runId = await waitingRun(wf.id);
    const [item] = await inbox(bob);
    expect(item).toMatchObject({
      runId,
      nodeId: 'review',
      stepId: 'review',
      workflowId: wf.id,
      workflowName: 'Discounts',
      workspaceId: `user:${alice.uid}`,
      message: 'Approve the 12 % discount?',
      shown: { input: { amount: 1200 } },
      requestedBy: { uid: alice.uid, displayName: 'alice' },
      approvers: [{ kind: 'email', id: bob.email, label: bob.email }],
    });
    expect(await inbox(alice)).toEqual([]);
    // In one workspace: bob's personal one holds nothing; alice's holds it.
    expect(await inbox(bob, '?workspace=personal')).toEqual([]);
    expect((await inbox(bob, `?workspace=${encodeURIComponent(`user:${alice.uid}`)}`)).map((i) => i.runId)).toEqual([runId]);
    const bell = await eventually(async () => (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(bob.uid, runId, 'review')).get()).data());
    expect(bell).toMatchObject({ userId: bob.uid, kind: 'approval_waiting', runId, workflowName: 'Discounts', message: 'Approve the 12 % discount?', requestedByName: 'alice', read: false });
    expect(await h.call('GET', '/api/approvals')).toMatchObject({ status: 401 });
  });

  it('names a workspace role: editors and above of the organization may decide, runners not; a revoked role takes the item away', async () => {
    const org = await organization(alice.uid);
    const [carol, dave] = await Promise.all([h.createUser('carol'), h.createUser('dave')]);
    const revokeCarol = await assign(carol.uid, 'workspace_admin', org);
    await assign(dave.uid, 'workspace_runner', org);
    const wf = await approvalWorkflow(['workspace_editor'], { organizationId: org, visibility: 'organization' });
    const runId = await waitingRun(wf.id);
    const request = (await h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, 'review')).get()).data()!;
    expect([...request.notifyUids].sort()).toEqual([alice.uid, carol.uid].sort());
    expect(request).toMatchObject({ workspaceId: org, organizationId: org, status: 'waiting', approvers: ['workspace_editor'] });
    expect((await inbox(carol, `?workspace=${org}`)).map((i) => i.runId)).toEqual([runId]);
    expect((await inbox(carol)).find((i) => i.runId === runId)).toMatchObject({ workspaceId: org, approvers: [{ kind: 'role', id: 'workspace_editor', label: 'Workspace editor' }] });
    expect(await inbox(dave)).toEqual([]);
    await revokeCarol();
    expect(await inbox(carol)).toEqual([]);
  });

  it('decides from the inbox with a comment and an attached file; the request closes and the bell entry is read', async () => {
    const wf = await approvalWorkflow([bob.uid]);
    const runId = await waitingRun(wf.id);
    const tooLong = await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'approve', comment: 'x'.repeat(1001) } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'comment must be at most 1000 characters', code: 'invalid_request' } });
    expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'maybe' } })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: alice, body: { decision: 'approve' } })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const upload = await h.upload(bob, [{ field: 'file', name: 'signed.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 signed') }]);
    expect(upload.status).toBe(201);
    const fileId = upload.body.files[0].file.fileId as string;
    const decided = await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'approve', nodeId: 'review', comment: 'Within policy', fileId } });
    expect(decided).toMatchObject({ status: 200, body: { runId, stepId: 'review', approved: true } });
    const run = await h.waitForRun(runId, ['succeeded']);
    expect(run.steps.find((s) => s.id === 'review')?.output).toMatchObject({ approved: true, by: bob.uid, comment: 'Within policy', attachments: [{ fileId, name: 'signed.pdf' }] });
    expect(run.output).toEqual({ done: { approved: true, comment: 'Within policy' } });
    expect((await h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, 'review')).get()).data()).toMatchObject({ status: 'approved', decidedBy: bob.uid });
    expect((await inbox(bob)).map((i) => i.runId)).not.toContain(runId);
    await eventually(async () => (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(bob.uid, runId, 'review')).get()).get('read') === true);
    expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'reject' } })).toMatchObject({ status: 409, body: { code: 'approval-not-waiting' } });
  });

  it('a rejection fails the run and tells its starter (run_failed in the bell)', async () => {
    const wf = await approvalWorkflow([bob.uid]);
    const runId = await waitingRun(wf.id);
    expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'reject', comment: 'Too much' } })).toMatchObject({ status: 200, body: { approved: false } });
    await h.waitForRun(runId, ['failed']);
    expect((await h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, 'review')).get()).get('status')).toBe('rejected');
    const failed = await eventually(async () => (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(runFailedNotificationId(alice.uid, runId)).get()).data());
    expect(failed).toMatchObject({ kind: 'run_failed', userId: alice.uid, workflowName: 'Discounts', runId, error: 'Rejected', read: false });
  });

  it('drops a canceled run from the inbox and closes its request', async () => {
    const wf = await approvalWorkflow([bob.uid]);
    const runId = await waitingRun(wf.id);
    await eventually(async () => (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(bob.uid, runId, 'review')).get()).exists);
    expect((await h.call('POST', `/api/runs/${runId}/cancel`, { user: alice })).status).toBe(200);
    // Closed by the cancel itself (the dashboard counts waiting requests), not only when an inbox is read; the bell entry is read.
    expect((await h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, 'review')).get()).get('status')).toBe('canceled');
    expect((await h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(bob.uid, runId, 'review')).get()).get('read')).toBe(true);
    expect((await inbox(bob)).map((i) => i.runId)).not.toContain(runId);
  });

  it('a rejection of one of two parallel approvals closes the other request too', async () => {
    const wf = await h.saveWorkflow(
      alice.uid,
      [manual(), node('a', 'approval', { approvers: [bob.uid], message: 'A?' }), node('b', 'approval', { approvers: [bob.uid], message: 'B?' }), node('join', 'output', {})],
      [edge('trigger', 'a'), edge('trigger', 'b'), edge('a', 'join'), edge('b', 'join')],
    );
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    const runId = started.body.runId as string;
    await h.waitForRun(runId, ['waiting']);
    const request = (nodeId: string) => h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, nodeId));
    await eventually(async () => (await request('a').get()).exists && (await request('b').get()).exists);
    expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'reject', nodeId: 'a' } })).toMatchObject({ status: 200 });
    expect((await request('a').get()).get('status')).toBe('rejected');
    expect((await request('b').get()).get('status')).toBe('canceled');
  });
});

describe('the approval e-mail and its one-click links', () => {
  it('is received by the SMTP server; its approve link, followed signed in as the approver, completes the run once', async () => {
    const wf = await approvalWorkflow([bob.email]);
    const runId = await waitingRun(wf.id);
    const received = await mailFor(bob, runId);
    expect(received.mail.text).toContain('Approve the 12 % discount?');
    expect(received.mail.subject).toBe('Approval needed: Discounts');
    const text = received.mail.text!;
    const approveLink = /Approve: (\S+)/.exec(text)![1]!;
    const rejectLink = /Reject: (\S+)/.exec(text)![1]!;
    expect(approveLink.startsWith(`${APP_URL}/workflows/approvals/decide?token=`)).toBe(true);
    const token = tokenOf(approveLink);
    // What the link decides, readable with the link alone (the data only for the approver signed in).
    const view = await h.call('GET', `/api/approval-links/${encodeURIComponent(token)}`);
    expect(view).toMatchObject({ status: 200, body: { runId, nodeId: 'review', workflowName: 'Discounts', message: 'Approve the 12 % discount?', decision: 'approve', requiresSignIn: true, recipientEmail: bob.email, shown: {} } });
    expect((await h.call('GET', `/api/approval-links/${encodeURIComponent(token)}`, { user: bob })).body.shown).toMatchObject({ input: { amount: 1200 } });
    // A personal workspace demands sign-in, as the approver the link was sent to.
    expect(await h.call('POST', `/api/approval-links/${encodeURIComponent(token)}`, { body: { decision: 'approve' } })).toMatchObject({ status: 401, body: { code: 'link-sign-in-required' } });
    expect(await h.call('POST', `/api/approval-links/${encodeURIComponent(token)}`, { user: alice, body: { decision: 'approve' } })).toMatchObject({ status: 403, body: { code: 'link-wrong-user' } });
    expect(await h.call('POST', `/api/approval-links/${encodeURIComponent(token)}`, { user: bob, body: { decision: 'reject' } })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await h.call('POST', `/api/approval-links/${encodeURIComponent(token)}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 200, body: { runId, stepId: 'review', approved: true } });
    const run = await h.waitForRun(runId, ['succeeded']);
    expect(run.steps.find((s) => s.id === 'review')?.output).toMatchObject({ approved: true, by: bob.uid, via: 'link' });
    // Replay: the same link, and the other link of the same e-mail, are used up.
    expect(await h.call('POST', `/api/approval-links/${encodeURIComponent(token)}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 409, body: { code: 'link-used' } });
    expect(await h.call('GET', `/api/approval-links/${encodeURIComponent(token)}`)).toMatchObject({ status: 409, body: { code: 'link-used' } });
    expect(await h.call('POST', `/api/approval-links/${encodeURIComponent(tokenOf(rejectLink))}`, { user: bob, body: { decision: 'reject' } })).toMatchObject({ status: 409, body: { code: 'link-used' } });
  });

  it('refuses a tampered link and an expired one, deciding nothing', async () => {
    const wf = await approvalWorkflow([bob.uid]);
    const runId = await waitingRun(wf.id);
    const { token, claims } = await issueApprovalLink(h.db, SECRET, { runId, nodeId: 'review', uid: bob.uid, decision: 'approve' }, new Date());
    const [tid, signature] = token.split('.') as [string, string];
    const flipped = `${tid}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await h.call('POST', `/api/approval-links/${flipped}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 400, body: { code: 'link-invalid' } });
    expect(await h.call('GET', `/api/approval-links/${flipped}`)).toMatchObject({ status: 400, body: { code: 'link-invalid' } });
    expect(await h.call('GET', '/api/approval-links/not-a-token')).toMatchObject({ status: 400, body: { code: 'link-invalid' } });
    // The stored claims changed (to reject): the signature no longer matches them.
    await h.db.collection(APPROVAL_COLLECTIONS.links).doc(tid).update({ 'claims.decision': 'reject' });
    expect(await h.call('POST', `/api/approval-links/${token}`, { user: bob, body: { decision: 'reject' } })).toMatchObject({ status: 400, body: { code: 'link-invalid' } });
    await h.db.collection(APPROVAL_COLLECTIONS.links).doc(tid).update({ claims });
    // Signed with another secret.
    const forged = (await issueApprovalLink(h.db, 'not the server secret', { runId, nodeId: 'review', uid: bob.uid, decision: 'approve' }, new Date())).token;
    expect(await h.call('POST', `/api/approval-links/${forged}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 400, body: { code: 'link-invalid' } });
    const expired = (await issueApprovalLink(h.db, SECRET, { runId, nodeId: 'review', uid: bob.uid, decision: 'approve' }, new Date(Date.now() - 73 * 3600_000))).token;
    expect(await h.call('POST', `/api/approval-links/${expired}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 410, body: { code: 'link-expired' } });
    expect(await h.call('GET', `/api/approval-links/${expired}`)).toMatchObject({ status: 410, body: { code: 'link-expired' } });
    // The untouched link still works after all that.
    expect(await h.call('POST', `/api/approval-links/${token}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 200, body: { approved: true } });
    await h.waitForRun(runId, ['succeeded']);
  });

  it('a refused link decides nothing: the run still waits', async () => {
    const wf = await approvalWorkflow([bob.uid]);
    const runId = await waitingRun(wf.id);
    const { token } = await issueApprovalLink(h.db, SECRET, { runId, nodeId: 'review', uid: bob.uid, decision: 'approve' }, new Date());
    // The signature's first character changed (its last one carries padding bits: A and B can decode alike).
    const dot = token.indexOf('.') + 1;
    const forged = `${token.slice(0, dot)}${token[dot] === 'A' ? 'B' : 'A'}${token.slice(dot + 1)}`;
    expect(await h.call('POST', `/api/approval-links/${forged}`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 400 });
    expect((await h.waitForRun(runId, ['waiting'])).status).toBe('waiting');
  });

  it('works without signing in when the workspace allows it, and not for a user who is no longer an approver', async () => {
    const org = await organization(alice.uid, { approvalLinksRequireSignIn: false });
    const carol = await h.createUser('carol');
    const revoke = await assign(carol.uid, 'workspace_editor', org);
    const wf = await approvalWorkflow(['workspace_editor'], { organizationId: org, visibility: 'organization' });
    const first = await waitingRun(wf.id);
    const link = async (runId: string, uid: string) => (await issueApprovalLink(h.db, SECRET, { runId, nodeId: 'review', uid, decision: null }, new Date())).token;
    const firstLink = await link(first, carol.uid);
    expect((await h.call('GET', `/api/approval-links/${firstLink}`)).body).toMatchObject({ requiresSignIn: false, decision: null, shown: { input: { amount: 1200 } } });
    expect(await h.call('POST', `/api/approval-links/${firstLink}`, { body: { decision: 'reject', comment: 'No' } })).toMatchObject({ status: 200, body: { approved: false } });
    await h.waitForRun(first, ['failed']);
    const second = await waitingRun(wf.id);
    await revoke();
    expect(await h.call('POST', `/api/approval-links/${await link(second, carol.uid)}`, { body: { decision: 'approve' } })).toMatchObject({ status: 403, body: { code: 'not-approver' } });
  });
});

describe('notification preferences', () => {
  it('answer the defaults, take a partial change naming bad fields, and the dispatcher honours them', async () => {
    const erin = await h.createUser('erin', { emailVerified: true });
    const initial = await h.call('GET', '/api/notification-preferences', { user: erin });
    expect(initial).toMatchObject({ status: 200, body: { preferences: { approval_waiting: { inApp: true, email: true, slack: false, teams: false } }, available: { inApp: true, email: true, slack: false, teams: false } } });
    expect(await h.call('PUT', '/api/notification-preferences', { user: erin, body: { approval_waiting: { email: 'no' } } })).toMatchObject({ status: 400, body: { error: expect.stringContaining('approval_waiting.email'), code: 'invalid_request' } });
    expect(await h.call('PUT', '/api/notification-preferences', { user: erin, body: { newsletter: { email: true } } })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const changed = await h.call('PUT', '/api/notification-preferences', { user: erin, body: { approval_waiting: { email: false, inApp: false } } });
    expect(changed).toMatchObject({ status: 200, body: { preferences: { approval_waiting: { inApp: false, email: false }, run_failed: { inApp: true, email: true } } } });
    expect((await h.call('GET', '/api/notification-preferences', { user: erin })).body.preferences.approval_waiting).toEqual({ inApp: false, email: false, slack: false, teams: false });
    const wf = await approvalWorkflow([erin.uid, bob.uid]);
    const runId = await waitingRun(wf.id);
    // Bob (defaults) is told; erin, who turned both off, is not, and still finds it in her inbox.
    await mailFor(bob, runId);
    await eventually(async () => (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(bob.uid, runId, 'review')).get()).exists);
    expect(smtp.messages.some((m) => m.envelope.to.includes(erin.email))).toBe(false);
    expect((await h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(erin.uid, runId, 'review')).get()).exists).toBe(false);
    expect((await inbox(erin)).map((i) => i.runId)).toEqual([runId]);
    expect(await h.call('PUT', '/api/notification-preferences', { body: {} })).toMatchObject({ status: 401 });
  });

  it('a refused webhook run: the bell line only when kept, the e-mail only when chosen', async () => {
    const owner = await h.createUser('hooked', { emailVerified: true });
    const wf = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('out', 'output', { mapping: '{"lead": input.email}' })], [edge('trigger', 'out')], { name: 'Lead intake' });
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: owner })).body as { url: string };
    await h.db.collection('userMemberships').doc(owner.uid).update({ role: 'free' });
    const deliver = async () => ((await (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { runId: string }).runId;
    const bell = () => h.db.collection(NOTIFICATIONS_COLLECTION).doc(runRefusedNotificationId(owner.uid, wf.id, 'plan_required'));
    // Defaults: the bell, no e-mail.
    await deliver();
    expect((await bell().get()).get('count')).toBe(1);
    // E-mail on, bell off.
    await h.call('PUT', '/api/notification-preferences', { user: owner, body: { run_refused: { inApp: false, email: true } } });
    const runId = await deliver();
    const mail = await eventually(async () => smtp.messages.find((m) => m.envelope.to.includes(owner.email)));
    expect(mail.mail.subject).toBe('Run refused: Lead intake');
    expect(mail.mail.text).toContain(`${APP_URL}/workflows/${wf.id}/runs/${runId}`);
    expect((await bell().get()).get('count')).toBe(1);
    expect(smtp.messages.filter((m) => m.envelope.to.includes(owner.email))).toHaveLength(1);
  });

  it('failing webhook runs are one counted bell line per workflow, and one e-mail until the line is read', async () => {
    const owner = await h.createUser('failing', { emailVerified: true });
    const wf = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.webhook', { path: 'in', method: 'POST' }), node('boom', 'transform', { mapping: '$error("CRM down")' })], [edge('trigger', 'boom')], { name: 'CRM sync' });
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: owner })).body as { url: string };
    const line = () => h.db.collection(NOTIFICATIONS_COLLECTION).doc(unattendedRunFailedNotificationId(owner.uid, wf.id));
    const mails = () => smtp.messages.filter((m) => m.envelope.to.includes(owner.email));
    const fail = async () => {
      const { runId } = (await (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { runId: string };
      await h.waitForRun(runId, ['failed']);
      return runId;
    };
    const first = await fail();
    await eventually(async () => (await line().get()).get('runId') === first);
    await fail();
    const last = await fail();
    const counted = await eventually(async () => {
      const data = (await line().get()).data();
      return data?.runId === last ? data : null;
    });
    expect(counted).toMatchObject({ kind: 'run_failed', workflowName: 'CRM sync', count: 3, read: false, error: expect.stringContaining('CRM down') });
    await eventually(async () => mails().length === 1);
    expect(mails()[0]!.mail.subject).toBe('Run failed: CRM sync');
    // Read in the bell: the next failure starts a new count and is told again.
    await line().update({ read: true });
    const again = await fail();
    await eventually(async () => (await line().get()).get('runId') === again);
    expect((await line().get()).data()).toMatchObject({ count: 1, read: false });
    await eventually(async () => mails().length === 2);
  });
});
