// Runs nobody watches (webhook, schedule) that cannot start: the owner's plan
// lacks the trigger, or the owner is out of tokens. Each is refused before
// anything is charged, recorded as a 'refused' run with the reason, and the
// owner is told with one notification per workflow and reason (issue 16
// items 4 and 5). A Free user is refused by the service, not only in the UI.
import { debit } from '@agentflow/shared/server';
import { NOTIFICATIONS_COLLECTION, runRefusedNotificationId, type RunRefusedNotification } from '@agentflow/shared/domain';
import { RUN_SERVER_COLLECTIONS } from '@agentflow/shared/workflow';
import { decodeRun } from './store';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let clock = new Date('2026-11-23T09:00:00.000Z');
const now = () => clock;
let scheduling: RunsApp | null = null;

beforeAll(async () => {
  h = await startRunsHarness('refusals');
});
afterAll(async () => {
  await scheduling?.close();
  await h?.close();
});

const runsOf = async (workflowId: string) =>
  (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);
const notificationOf = async (uid: string, workflowId: string, code: 'plan_required' | 'insufficient_tokens') =>
  (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(runRefusedNotificationId(uid, workflowId, code)).get()).data() as RunRefusedNotification | undefined;
const setPlan = (user: RunsUser, role: string) => h.db.collection('userMemberships').doc(user.uid).update({ role });
const hook = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const webhookWorkflow = (owner: string) =>
  h.saveWorkflow(owner, [node('trigger', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('out', 'output', { mapping: '{"lead": input.email}' })], [edge('trigger', 'out')], { name: 'Lead intake' });

describe('webhook triggers and the plan', () => {
  it('a Free owner gets no webhook URL: 403 plan_required naming Basic, and no secret is stored', async () => {
    const free = await h.createUser('free-owner', { plan: 'free' });
    const wf = await webhookWorkflow(free.uid);
    const expected = {
      status: 403,
      body: { code: 'plan_required', plan: 'basic', feature: 'webhookTriggers', error: 'Webhook triggers are not included in your plan; upgrade to Basic to use them' },
    };
    expect(await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: free })).toMatchObject(expected);
    expect(await h.call('POST', `/api/workflows/${wf.id}/webhook`, { user: free })).toMatchObject(expected);
    expect((await h.db.collection(RUN_SERVER_COLLECTIONS.webhookSecrets).doc(wf.id).get()).exists).toBe(false);
    // A manual run of the same workflow is not a webhook run: Free may start it.
    expect((await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: free, body: { input: { email: 'a@example.com' } } })).status).toBe(202);
  });

  it('after a downgrade to Free, a delivery is refused (403 with the run id), recorded free, and the owner is told once per workflow with a count', async () => {
    const owner = await h.createUser('downgraded');
    const wf = await webhookWorkflow(owner.uid);
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: owner })).body as { url: string };
    await setPlan(owner, 'free');
    const before = await h.balance(owner.uid);

    const first = await hook(url, { email: 'lead@example.com' });
    expect(first.status).toBe(403);
    const body = (await first.json()) as { code: string; plan: string; runId: string };
    expect(body).toMatchObject({ code: 'plan_required', plan: 'basic', feature: 'webhookTriggers' });
    const [refused] = await runsOf(wf.id);
    expect(refused).toMatchObject({ id: body.runId, status: 'refused', errorCode: 'plan_required', tokensUsed: 0, steps: [], trigger: { type: 'webhook', userId: null }, lease: null });
    expect(refused!.endedAt).not.toBeNull();
    expect(await h.balance(owner.uid)).toBe(before);

    // The history lists it with its reason.
    const history = await h.call('GET', `/api/workflows/${wf.id}/runs`, { user: owner });
    expect(history.body.runs[0]).toMatchObject({ id: body.runId, status: 'refused', errorCode: 'plan_required' });

    expect(await notificationOf(owner.uid, wf.id, 'plan_required')).toMatchObject({
      userId: owner.uid, kind: 'run_refused', workflowId: wf.id, workflowName: 'Lead intake', runId: body.runId, trigger: 'webhook', code: 'plan_required', count: 1, read: false,
    });
    const second = await hook(url, { email: 'again@example.com' });
    const secondRun = ((await second.json()) as { runId: string }).runId;
    expect(await notificationOf(owner.uid, wf.id, 'plan_required')).toMatchObject({ runId: secondRun, count: 2, read: false });
    // Read, then refused again: the count starts over.
    await h.db.collection(NOTIFICATIONS_COLLECTION).doc(runRefusedNotificationId(owner.uid, wf.id, 'plan_required')).update({ read: true });
    await hook(url, {});
    expect(await notificationOf(owner.uid, wf.id, 'plan_required')).toMatchObject({ count: 1, read: false });
    expect(await runsOf(wf.id)).toHaveLength(3);
    expect(await h.balance(owner.uid)).toBe(before);

    // Upgraded again, the same URL runs.
    await setPlan(owner, 'basic');
    const accepted = await hook(url, { email: 'paid@example.com' });
    expect(accepted.status).toBe(202);
    await h.waitForRun(((await accepted.json()) as { runId: string }).runId, ['succeeded']);
  });

  it('out of tokens: the delivery gets 402 insufficient_tokens with the run id, the run is recorded as refused and the owner is told', async () => {
    const owner = await h.createUser('broke');
    const wf = await webhookWorkflow(owner.uid);
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: owner })).body as { url: string };
    await debit(h.db, { uid: owner.uid, feature: 'workflow_run', amount: await h.balance(owner.uid), idempotencyKey: 'test:drain-broke' });

    const refused = await hook(url, { email: 'lead@example.com' });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { code: string; runId: string; error: string };
    expect(body).toMatchObject({ code: 'insufficient_tokens', error: 'Insufficient tokens: 1 needed, 0 remaining' });
    const [run] = await runsOf(wf.id);
    expect(run).toMatchObject({ id: body.runId, status: 'refused', errorCode: 'insufficient_tokens', error: 'Insufficient tokens: 1 needed, 0 remaining', tokensUsed: 0 });
    expect(await h.balance(owner.uid)).toBe(0);
    expect(await notificationOf(owner.uid, wf.id, 'insufficient_tokens')).toMatchObject({ code: 'insufficient_tokens', runId: body.runId, count: 1, trigger: 'webhook' });
  });
});

describe('schedule triggers and the plan', () => {
  it('a Free owner’s schedule tick is recorded as refused (plan_required), free, and notified; on Basic the next tick runs', async () => {
    const owner = await h.createUser('scheduler-owner', { plan: 'free' });
    const wf = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.schedule', { cron: '0 * * * *', timeZone: 'UTC' }), node('out', 'output')], [edge('trigger', 'out')], { name: 'Hourly sync' });
    scheduling = await h.startApp({ now });
    const scheduler = scheduling.runs.scheduler;
    await scheduler.refresh();
    const before = await h.balance(owner.uid);

    clock = new Date('2026-11-23T10:00:10.000Z');
    expect(await scheduler.check()).toBe(1);
    const [refused] = await runsOf(wf.id);
    expect(refused).toMatchObject({ status: 'refused', errorCode: 'plan_required', tokensUsed: 0, trigger: { type: 'schedule' } });
    expect(refused!.error).toBe('Schedule triggers are not included in your plan; upgrade to Basic to use them');
    expect(await h.balance(owner.uid)).toBe(before);
    expect(await notificationOf(owner.uid, wf.id, 'plan_required')).toMatchObject({ trigger: 'schedule', workflowName: 'Hourly sync', runId: refused!.id, count: 1 });

    await setPlan(owner, 'basic');
    clock = new Date('2026-11-23T11:00:10.000Z');
    expect(await scheduler.check()).toBe(1);
    const ran = (await runsOf(wf.id)).find((run) => run.id !== refused!.id)!;
    expect((await h.waitForRun(ran.id, ['succeeded'])).tokensUsed).toBe(1);
    expect(await h.balance(owner.uid)).toBe(before - 1);
  });
});
