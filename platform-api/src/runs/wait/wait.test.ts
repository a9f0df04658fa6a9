// Wait steps on the emulators: a long wait makes the run 'waiting' with its
// resumeAt stored; the run survives a restart of platform-api and resumes on
// time; with two instances sweeping at once it is resumed exactly once.
import { edge, manual, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { runRef } from '../store';

let h: RunsHarness;
let alice: RunsUser;
const extra: RunsApp[] = [];

beforeAll(async () => {
  // Every wait is stored (none sleeps in the step); the tests sweep by hand.
  h = await startRunsHarness('wait', { waits: { inProcessMs: 0, checkMs: 3_600_000 } });
  alice = await h.createUser('alice', { tokens: 100 });
});

afterAll(async () => {
  for (const app of extra) await app.close();
  await h?.close();
});

const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as Record<string, any>;
const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('waits across a restart and resumes on time, once, with two instances sweeping', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual(), node('pause', 'wait', { mode: 'duration', amount: 2, unit: 'seconds' }), node('out', 'output', { mapping: '{"done": true}' })],
    [edge('trigger', 'pause'), edge('pause', 'out')],
  );
  const started = Date.now();
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  expect(response.status).toBe(202);
  const runId: string = response.body.runId;

  const waiting = await h.waitForRun(runId, ['waiting']);
  const resumeAt: string = stepOf(waiting, 'pause').resumeAt;
  expect(stepOf(waiting, 'pause')).toMatchObject({ status: 'waiting', output: { resumeAt } });
  expect(Date.parse(resumeAt) - started).toBeGreaterThanOrEqual(1_900);
  expect(Date.parse(resumeAt) - started).toBeLessThan(4_000);
  expect(stepOf(waiting, 'out').status).toBe('pending');
  // The run carries its earliest wait for the sweep's indexed query; no lease while it waits.
  expect((await runRef(h.db, runId).get()).get('resumeAt')).toBe(resumeAt);
  expect(waiting.lease).toBeNull();

  // Not due yet: nothing resumes.
  expect(await h.app.runs.waits.check()).toEqual([]);

  // platform-api restarts while the run waits; a second instance starts too.
  await h.restart();
  const second = await h.startApp();
  extra.push(second);
  expect((await h.waitForRun(runId, ['waiting'])).status).toBe('waiting');

  await sleepMs(Math.max(0, Date.parse(resumeAt) - Date.now()) + 50);
  const resumed = await Promise.all([h.app.runs.waits.check(), second.runs.waits.check()]);
  // Exactly one instance resumed it.
  expect(resumed.flat()).toEqual([runId]);

  const done = await h.waitForRun(runId, ['succeeded', 'failed']);
  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({ out: { done: true } });
  const pause = stepOf(done, 'pause');
  expect(pause.status).toBe('succeeded');
  expect(Date.parse(pause.output.resumedAt)).toBeGreaterThanOrEqual(Date.parse(resumeAt));
  // On time: resumed within the sweep that first saw it due.
  expect(Date.parse(pause.output.resumedAt) - Date.parse(resumeAt)).toBeLessThan(2_000);
  expect(stepOf(done, 'out')).toMatchObject({ status: 'succeeded', attempts: 1 });
  expect((await runRef(h.db, runId).get()).get('resumeAt')).toBeNull();

  // A later sweep finds nothing more.
  expect(await Promise.all([h.app.runs.waits.check(), second.runs.waits.check()])).toEqual([[], []]);
});

it('waits until a date-time computed from the input, read in the step time zone', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'day', type: 'string' }]), node('pause', 'wait', { mode: 'until', at: '{{ input.day }}T09:30', timeZone: 'Europe/Paris' }), node('out', 'output')],
    [edge('trigger', 'pause'), edge('pause', 'out')],
  );
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { day: '2099-01-15' } } });
  const run = await h.waitForRun(response.body.runId, ['failed', 'waiting']);
  // Beyond the 365-day limit: refused with its code.
  expect(stepOf(run, 'pause').error).toMatch(/at most 365 days/);

  const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const ok = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { day: nextMonth } } });
  const waiting = await h.waitForRun(ok.body.runId, ['waiting', 'failed']);
  expect(waiting.status).toBe('waiting');
  // 09:30 in Paris is 08:30 or 07:30 UTC (winter or summer time).
  expect(stepOf(waiting, 'pause').resumeAt).toMatch(new RegExp(`^${nextMonth}T0[78]:30:00.000Z$`));
  const canceled = await h.call('POST', `/api/runs/${ok.body.runId}/cancel`, { user: alice });
  expect(canceled.status).toBe(200);
  expect((await runRef(h.db, ok.body.runId).get()).get('resumeAt')).toBeNull();
});
