// Several triggers and the on/off switch with two platform-api instances on
// one Firestore and a clock the test moves (issue 20: "switching a workflow
// off stops its schedule and makes its webhook answer 404 within one
// scheduler tick on two instances").
import { decodeRun } from './store';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let clock = new Date('2026-11-23T09:59:30.000Z');
const now = () => clock;
let instances: RunsApp[] = [];

beforeAll(async () => {
  h = await startRunsHarness('triggers-on-off');
  alice = await h.createUser('alice', { tokens: 100 });
  instances = [await h.startApp({ now }), await h.startApp({ now })];
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await h?.close();
});

const runsOf = async (workflowId: string) =>
  (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);
const schedulers = () => instances.map((instance) => instance.runs.scheduler);
const checkBoth = () => Promise.all(schedulers().map((s) => s.check()));
/** The schedule runs of the workflow for one tick (other suites' workflows on the emulator may tick too). */
const tickRuns = async (workflowId: string, tick: string) => (await runsOf(workflowId)).filter((run) => run.trigger.type === 'schedule' && run.trigger.scheduledFor === tick);
const hook = (instance: RunsApp, workflowId: string, secret: string) =>
  fetch(`${instance.baseUrl}/api/hooks/${workflowId}/${secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'lead@example.com' }) });

it('ticks every schedule trigger of a workflow, each run naming its node; switched off, the next tick starts nothing and the webhook answers 404 on both instances', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      node('hook', 'trigger.webhook', { path: 'incoming', method: 'POST' }),
      node('hourly', 'trigger.schedule', { cron: '0 * * * *', timeZone: 'UTC' }),
      node('quarter', 'trigger.schedule', { cron: '*/15 * * * *', timeZone: 'UTC' }),
      node('out', 'output', { mapping: '{"at": input.scheduledFor}' }),
    ],
    [edge('hook', 'out'), edge('hourly', 'out'), edge('quarter', 'out')],
  );
  await Promise.all(schedulers().map((s) => s.refresh()));
  expect(schedulers()[0]!.workflowIds.filter((id) => id === wf.id)).toHaveLength(1);

  // 10:00 is a tick of both schedules: one run each (not one for the workflow), whichever instance claims it.
  clock = new Date('2026-11-23T10:00:10.000Z');
  await checkBoth();
  expect(await runsOf(wf.id)).toHaveLength(2);
  expect((await tickRuns(wf.id, '2026-11-23T10:00:00.000Z')).map((run) => run.trigger.nodeId).sort()).toEqual(['hourly', 'quarter']);

  const secret = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body.secret as string;
  const delivered = await hook(instances[0]!, wf.id, secret);
  expect(delivered.status).toBe(202);
  const { runId } = (await delivered.json()) as { runId: string };
  expect((await h.waitForRun(runId, ['succeeded', 'failed'])).trigger).toMatchObject({ type: 'webhook', nodeId: 'hook' });

  // Switched off between two checks (no refresh in between): the next tick starts nothing on either instance.
  await h.db.collection('workflows').doc(wf.id).update({ active: false });
  clock = new Date('2026-11-23T10:15:10.000Z');
  await checkBoth();
  expect(await tickRuns(wf.id, '2026-11-23T10:15:00.000Z')).toHaveLength(0);
  for (const instance of instances) {
    const refused = await hook(instance, wf.id, secret);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'workflow-inactive' });
  }
  expect(await runsOf(wf.id)).toHaveLength(3);

  // Still off after a refresh; on again, the next tick runs.
  await Promise.all(schedulers().map((s) => s.refresh()));
  clock = new Date('2026-11-23T10:30:10.000Z');
  await checkBoth();
  expect(await tickRuns(wf.id, '2026-11-23T10:30:00.000Z')).toHaveLength(0);
  await h.db.collection('workflows').doc(wf.id).update({ active: true });
  clock = new Date('2026-11-23T10:45:10.000Z');
  await checkBoth();
  expect((await hook(instances[1]!, wf.id, secret)).status).toBe(202);
  expect((await tickRuns(wf.id, '2026-11-23T10:45:00.000Z')).map((run) => run.trigger.nodeId)).toEqual(['quarter']);
  expect(await runsOf(wf.id)).toHaveLength(5);
});

it('a person’s run (manual, voice, re-run) fires the manual trigger, also while the workflow is switched off', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      node('nightly', 'trigger.schedule', { cron: '0 3 * * *', timeZone: 'UTC' }),
      node('hand', 'trigger.manual', { inputSchema: [{ key: 'name', label: 'Name', type: 'text', required: false }] }),
      node('out', 'output', { mapping: '{"name": input.name}' }),
    ],
    [edge('nightly', 'out'), edge('hand', 'out')],
    { active: false },
  );
  const start = (body: unknown) => h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body });
  const manual = await start({ input: { name: 'Ada' } });
  expect(manual.status).toBe(202);
  expect((await h.waitForRun(manual.body.runId, ['succeeded', 'failed'])).trigger).toEqual({ type: 'manual', userId: alice.uid, nodeId: 'hand' });
  const voice = await start({ input: {}, via: 'voice' });
  expect(voice.status).toBe(202);
  expect((await h.waitForRun(voice.body.runId, ['succeeded', 'failed'])).trigger).toEqual({ type: 'voice', userId: alice.uid, nodeId: 'hand' });
  const rerun = await start({ input: {}, rerunOf: manual.body.runId });
  expect((await h.waitForRun(rerun.body.runId, ['succeeded', 'failed'])).trigger).toEqual({ type: 'rerun', userId: alice.uid, rerunOf: manual.body.runId, nodeId: 'hand' });

  const bad = await start({ input: {}, via: 'telepathy' });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatch(/via/);
});
