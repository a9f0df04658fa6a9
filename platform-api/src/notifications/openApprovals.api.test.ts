// The header's approvals count reads approval_waiting notifications that are
// still open (read or not). On platform-api's real app (Auth and Firestore
// emulators): the notification is written open; the approver reading it (as
// the bell's Mark all read does) leaves it open; a decision closes it for
// every approver; a canceled run closes it too.
import { APPROVAL_COLLECTIONS, NOTIFICATIONS_COLLECTION, approvalRequestId, approvalWaitingNotificationId } from '@agentflow/shared/domain';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;
let carol: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('open-approvals');
  [alice, bob, carol] = await Promise.all([h.createUser('alice', { tokens: 50 }), h.createUser('bob'), h.createUser('carol')]);
}, 60_000);

afterAll(async () => {
  // Notifications go out after the step starts waiting, unawaited: let the last ones land first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await h?.close();
});

async function eventually<T>(probe: () => Promise<T | false | null | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A run of a workflow whose approval step names bob and carol, waiting for them, with both bell entries written. */
async function waitingRun(): Promise<string> {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual([]), node('review', 'approval', { approvers: [bob.uid, carol.uid], message: 'Ship it?' }), node('done', 'output', { mapping: '{"approved": review.approved}' })],
    [edge('trigger', 'review'), edge('review', 'done')],
    { name: 'Release' },
  );
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  expect(started.status).toBe(202);
  const runId = started.body.runId as string;
  await h.waitForRun(runId, ['waiting']);
  await eventually(async () => (await bell(bob, runId).get()).exists && (await bell(carol, runId).get()).exists);
  return runId;
}

const bell = (user: RunsUser, runId: string) => h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(user.uid, runId, 'review'));

/** The header's query (shell/src/notifications/firestoreNotifications.ts): the user's open approvals, read or not. */
const openCount = async (user: RunsUser) =>
  (await h.db.collection(NOTIFICATIONS_COLLECTION).where('userId', '==', user.uid).where('kind', '==', 'approval_waiting').where('open', '==', true).get()).size;

it('an approval is written open; reading it leaves it open; a decision closes it for every approver', async () => {
  const before = await openCount(bob);
  const runId = await waitingRun();
  expect((await bell(bob, runId).get()).data()).toMatchObject({ kind: 'approval_waiting', read: false, open: true });
  expect(await openCount(bob)).toBe(before + 1);
  // The bell's Mark all read: the one write the rules allow a browser.
  await bell(bob, runId).update({ read: true });
  expect(await openCount(bob)).toBe(before + 1);

  expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: carol, body: { decision: 'approve' } })).toMatchObject({ status: 200 });
  await eventually(async () => (await bell(bob, runId).get()).get('open') === false);
  expect((await bell(carol, runId).get()).data()).toMatchObject({ read: true, open: false });
  expect(await openCount(bob)).toBe(before);
});

it('a canceled run closes its approvals', async () => {
  const runId = await waitingRun();
  expect((await h.call('POST', `/api/runs/${runId}/cancel`, { user: alice })).status).toBe(200);
  expect((await h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, 'review')).get()).get('status')).toBe('canceled');
  expect((await bell(bob, runId).get()).data()).toMatchObject({ read: true, open: false });
  expect((await bell(carol, runId).get()).get('open')).toBe(false);
});

it('a rejection of one of two parallel approvals closes both steps’ entries (the other step was canceled with the run)', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual([]), node('a', 'approval', { approvers: [bob.uid], message: 'A?' }), node('b', 'approval', { approvers: [bob.uid], message: 'B?' }), node('join', 'output', {})],
    [edge('trigger', 'a'), edge('trigger', 'b'), edge('a', 'join'), edge('b', 'join')],
    { name: 'Two approvals' },
  );
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  const runId = started.body.runId as string;
  await h.waitForRun(runId, ['waiting']);
  const entry = (nodeId: string) => h.db.collection(NOTIFICATIONS_COLLECTION).doc(approvalWaitingNotificationId(bob.uid, runId, nodeId));
  await eventually(async () => (await entry('a').get()).get('open') === true && (await entry('b').get()).get('open') === true);
  expect(await h.call('POST', `/api/runs/${runId}/decide`, { user: bob, body: { decision: 'reject', nodeId: 'a' } })).toMatchObject({ status: 200 });
  await eventually(async () => (await entry('a').get()).get('open') === false && (await entry('b').get()).get('open') === false);
  expect((await entry('b').get()).get('read')).toBe(true);
});
