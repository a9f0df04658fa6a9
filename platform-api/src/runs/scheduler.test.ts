// Schedule triggers with two platform-api instances on one Firestore and a
// clock the test moves: cron in the workflow's time zone, one run per tick.
import { FREE_TOKENS_PER_MONTH } from '@agentflow/shared/domain';
import { RUN_SERVER_COLLECTIONS } from '@agentflow/shared/workflow';
import { decodeRun } from './store';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let clock = new Date('2026-11-23T09:00:00.000Z');
const now = () => clock;
let instances: RunsApp[] = [];

beforeAll(async () => {
  h = await startRunsHarness('scheduler');
  alice = await h.createUser('alice', { tokens: 100 });
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await h?.close();
});

const runsOf = async (workflowId: string) =>
  (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);

it('starts exactly one run per tick with two instances, evaluating the cron in the trigger time zone', async () => {
  // 09:30 on weekdays in New York: 14:30 UTC in November.
  const wf = await h.saveWorkflow(
    alice.uid,
    [node('trigger', 'trigger.schedule', { cron: '30 9 * * 1-5', timeZone: 'America/New_York' }), node('out', 'output', { mapping: '{"at": input.scheduledFor}' })],
    [edge('trigger', 'out')],
  );
  const manualOnly = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.manual', { inputSchema: [] }), node('out', 'output')], [edge('trigger', 'out')]);
  instances = [await h.startApp({ now }), await h.startApp({ now })];
  const [a, b] = instances.map((instance) => instance.runs.scheduler);
  await Promise.all([a!.refresh(), b!.refresh()]);
  expect(a!.workflowIds).toContain(wf.id);
  expect(a!.workflowIds).not.toContain(manualOnly.id);

  // 09:31 UTC: a scheduler that ignored the zone would fire now.
  clock = new Date('2026-11-23T09:31:00.000Z');
  expect(await Promise.all([a!.check(), b!.check()])).toEqual([0, 0]);
  expect(await runsOf(wf.id)).toHaveLength(0);

  // 14:30:20 UTC: both instances see the tick; one creates the run.
  clock = new Date('2026-11-23T14:30:20.000Z');
  const created = await Promise.all([a!.check(), b!.check()]);
  expect(created[0]! + created[1]!).toBe(1);
  const [run] = await runsOf(wf.id);
  expect(run).toMatchObject({ ownerId: alice.uid, trigger: { type: 'schedule', userId: null, scheduledFor: '2026-11-23T14:30:00.000Z', nodeId: 'trigger' }, input: { scheduledFor: '2026-11-23T14:30:00.000Z' } });
  const tick = await h.db.collection(RUN_SERVER_COLLECTIONS.scheduleTicks).doc(`${wf.id}_trigger_2026-11-23T14:30:00.000Z`).get();
  expect(tick.get('runId')).toBe(run!.id);
  const done = await h.waitForRun(run!.id, ['succeeded', 'failed']);
  expect(done.output).toEqual({ out: { at: '2026-11-23T14:30:00.000Z' } });

  // Later checks in the same minute start nothing more.
  clock = new Date('2026-11-23T14:35:00.000Z');
  expect(await Promise.all([a!.check(), b!.check()])).toEqual([0, 0]);
  expect(await runsOf(wf.id)).toHaveLength(1);

  // The next weekday's tick, seen by one instance late and the other on time: still one run.
  clock = new Date('2026-11-24T14:30:05.000Z');
  const first = await a!.check();
  clock = new Date('2026-11-24T14:31:00.000Z');
  const second = await b!.check();
  expect(first + second).toBe(1);
  const runs = await runsOf(wf.id);
  expect(runs.map((r) => r.trigger.scheduledFor).sort()).toEqual(['2026-11-23T14:30:00.000Z', '2026-11-24T14:30:00.000Z']);
  // One start token per run.
  expect(await h.balance(alice.uid)).toBe(FREE_TOKENS_PER_MONTH + 100 - 2);
});
