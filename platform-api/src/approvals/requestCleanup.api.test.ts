// Closed approval requests do not pile up (issue 21): a decision, a cancel or
// a rejection stamps the request closedAt, and the housekeeping sweep deletes
// it an hour later (APPROVAL_LIMITS.closedRequestGraceMs); a request still
// waiting stays; deleting a run deletes its requests whatever their status.
import { pino } from 'pino';
import { APPROVAL_COLLECTIONS, APPROVAL_LIMITS, approvalRequestId } from '@agentflow/shared/domain';
import { Housekeeping, deleteRunWithFiles } from '../runs/housekeeping';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('approval-cleanup', { env: { APPROVAL_LINK_SECRET: 'cleanup-secret' } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 50 }), h.createUser('bob')]);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await h?.close();
});

const requestOf = (runId: string) => h.db.collection(APPROVAL_COLLECTIONS.requests).doc(approvalRequestId(runId, 'review'));

async function waitingRun(): Promise<string> {
  const wf = await h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers: [bob.uid], message: 'OK?' })], [edge('trigger', 'review')]);
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  expect(started.status).toBe(202);
  const runId = started.body.runId as string;
  await h.waitForRun(runId, ['waiting']);
  for (let tries = 0; !(await requestOf(runId).get()).exists; tries++) {
    if (tries > 200) throw new Error('the approval request was not recorded');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return runId;
}

/** A sweep as if `aheadMs` had passed. */
const sweepAfter = (aheadMs: number) => new Housekeeping({ db: h.db, files: null, logger: pino({ level: 'silent' }), instanceId: `sweeper-${aheadMs}`, now: () => new Date(Date.now() + aheadMs), pageSize: 500 }).sweep();

test('a decided, a rejected and a canceled run leave no request behind after the grace; an open one stays', async () => {
  const [approved, rejected, canceled, open] = [await waitingRun(), await waitingRun(), await waitingRun(), await waitingRun()];
  expect(await h.call('POST', `/api/runs/${approved}/decide`, { user: bob, body: { decision: 'approve' } })).toMatchObject({ status: 200 });
  expect(await h.call('POST', `/api/runs/${rejected}/decide`, { user: bob, body: { decision: 'reject' } })).toMatchObject({ status: 200 });
  expect((await h.call('POST', `/api/runs/${canceled}/cancel`, { user: alice })).status).toBe(200);
  await h.waitForRun(approved, ['succeeded']);
  for (const runId of [approved, rejected, canceled]) expect((await requestOf(runId).get()).get('closedAt')).toEqual(expect.any(String));
  expect((await requestOf(open).get()).get('closedAt')).toBeUndefined();

  // Within the grace (what follows a decision still reads them): kept.
  expect(await sweepAfter(0)).toMatchObject({ closedApprovalRequestsDeleted: 0 });
  expect((await requestOf(approved).get()).exists).toBe(true);

  const report = await sweepAfter(APPROVAL_LIMITS.closedRequestGraceMs + 60_000);
  expect(report?.closedApprovalRequestsDeleted).toBe(3);
  for (const runId of [approved, rejected, canceled]) expect((await requestOf(runId).get()).exists).toBe(false);
  expect((await requestOf(open).get()).get('status')).toBe('waiting');
  // The open one is still decidable, and the inbox still lists it.
  expect((await h.call('GET', '/api/approvals', { user: bob })).body.approvals.map((item: { runId: string }) => item.runId)).toEqual([open]);
});

test('deleting a run deletes its requests, even one still waiting', async () => {
  const runId = await waitingRun();
  await deleteRunWithFiles(h.db, null, runId);
  expect((await requestOf(runId).get()).exists).toBe(false);
});
