// The loop step against the Firestore emulator, through the real API: 100
// items five at a time (order kept, one record per item, never more than five
// items at once), one failing item under stop, skip and collect, and a list
// longer than the plan allows.
import { PLAN_ENTITLEMENTS } from '@agentflow/shared/domain';
import { LOOP_ERROR_CODES, loopItemPath, type LoopItemPage } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { BUILTIN_HANDLERS, type StepHandler } from '../steps';
import { startUpstream, type Upstream } from '../../testing/upstream';

let h: RunsHarness;
let alice: RunsUser;
let freeUser: RunsUser;
let upstream: Upstream;
const closedEarly: string[] = [];
let inFlight = 0;
let maxInFlight = 0;

// The real transform, slowed down a little (so items overlap) and counting the items under way.
const realTransform = BUILTIN_HANDLERS.transform!;
const countedTransform: StepHandler = async (context) => {
  const counted = context.stepId.includes('#');
  if (counted) maxInFlight = Math.max(maxInFlight, ++inFlight);
  try {
    await new Promise((resolve) => setTimeout(resolve, 5 + (Number(context.input.index ?? 0) % 4) * 3));
    return await realTransform(context);
  } finally {
    if (counted) inFlight--;
  }
};

beforeAll(async () => {
  // A slow answer per item, to cancel a loop while its items are under way.
  upstream = await startUpstream((req, res, later) => {
    let finished = false;
    res.on('close', () => {
      if (!finished) closedEarly.push(req.url ?? '');
    });
    later(() => {
      finished = true;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    }, 3000);
  });
  h = await startRunsHarness('loop', { handlers: { transform: countedTransform } });
  alice = await h.createUser('alice', { tokens: 1000 });
  freeUser = await h.createUser('frank', { tokens: 100, plan: 'free' });
});

afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

/** trigger → each (loop over `items`) —body→ double → label; —done→ result. */
function loopWorkflow(owner: string, items: string, onItemError: 'stop' | 'skip' | 'collect', concurrency: number, doubleMapping = '{"doubled": item * 2}') {
  return h.saveWorkflow(
    owner,
    [
      manual(),
      node('each', 'loop', { items, concurrency, onItemError }),
      node('double', 'transform', { mapping: doubleMapping }),
      node('label', 'transform', { mapping: '{"n": index, "doubled": double.doubled}' }),
      node('result', 'output', { mapping: 'each' }),
    ],
    [edge('trigger', 'each'), edge('each', 'double', 'body'), edge('double', 'label'), edge('each', 'result', 'done')],
  );
}

async function run(user: RunsUser, workflowId: string) {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user, body: { input: {} } });
  expect(started.status).toBe(202);
  return h.waitForRun(started.body.runId as string, ['succeeded', 'failed'], 30_000);
}

const item = async (user: RunsUser, runId: string, index: number) => h.call('GET', loopItemPath(runId, 'each', index), { user });

it('runs 100 items five at a time, keeps their order, and records every item apart from the run document', async () => {
  inFlight = 0;
  maxInFlight = 0;
  const wf = await loopWorkflow(alice.uid, '[0..99]', 'stop', 5);
  const done = await run(alice, wf.id);
  expect(done.status).toBe('succeeded');
  const expected = Array.from({ length: 100 }, (_, n) => ({ n, doubled: n * 2 }));
  expect(done.output).toEqual({ result: { items: expected } });
  expect(maxInFlight).toBeLessThanOrEqual(5);
  expect(maxInFlight).toBeGreaterThan(1);
  // Only the loop has a top-level step; its body's steps are in the item records.
  expect(done.steps.map((s) => [s.id, s.status])).toEqual([
    ['trigger', 'succeeded'],
    ['each', 'succeeded'],
    ['result', 'succeeded'],
  ]);
  const third = await item(alice, done.id, 2);
  expect(third.status).toBe(200);
  const page = third.body as LoopItemPage;
  expect(page).toMatchObject({ index: 2, total: 100, status: 'succeeded', error: null });
  expect(page.steps.map((s) => [s.id, s.nodeId, s.parentStepId, s.item, s.status, s.output])).toEqual([
    ['each/double#2', 'double', 'each', 2, 'succeeded', { doubled: 4 }],
    ['each/label#2', 'label', 'each', 2, 'succeeded', { n: 2, doubled: 4 }],
  ]);
  expect(page.steps[0]!.input).toMatchObject({ item: 2, index: 2 });
  for (const index of [0, 57, 99]) expect((await item(alice, done.id, index)).body).toMatchObject({ index, status: 'succeeded' });
  expect((await item(alice, done.id, 100)).status).toBe(404);
  expect((await item(alice, done.id, -1 as number)).status).toBe(400);
  // Another user may not read the run's items.
  expect((await item(freeUser, done.id, 0)).status).toBe(403);
});

const failsOnThree = '{"doubled": item = 3 ? $error("item three is broken") : item * 2}';

it("'stop': the first failing item fails the loop and the run, naming the item", async () => {
  const wf = await loopWorkflow(alice.uid, '[1..5]', 'stop', 1, failsOnThree);
  const done = await run(alice, wf.id);
  expect(done.status).toBe('failed');
  const loopStep = done.steps.find((s) => s.id === 'each')!;
  expect(loopStep.status).toBe('failed');
  expect(loopStep.error).toMatch(/^Item 3 of 5 failed: .*item three is broken/);
  expect(done.steps.find((s) => s.id === 'result')!.status).toBe('skipped');
  const failed = (await item(alice, done.id, 2)).body as LoopItemPage;
  expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('item three is broken') });
  expect(failed.steps.map((s) => [s.nodeId, s.status])).toEqual([
    ['double', 'failed'],
    ['label', 'skipped'],
  ]);
  // Items after it never started (one at a time).
  expect((await item(alice, done.id, 3)).status).toBe(404);
});

it("'skip': the failing item is left out and listed; the run goes on", async () => {
  const wf = await loopWorkflow(alice.uid, '[1..5]', 'skip', 2, failsOnThree);
  const done = await run(alice, wf.id);
  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({
    result: {
      items: [
        { n: 0, doubled: 2 },
        { n: 1, doubled: 4 },
        { n: 3, doubled: 8 },
        { n: 4, doubled: 10 },
      ],
      skipped: [2],
    },
  });
  expect((await item(alice, done.id, 2)).body).toMatchObject({ status: 'skipped', error: expect.stringContaining('item three is broken') });
});

it("'collect': the failing item's error takes its place in the output", async () => {
  const wf = await loopWorkflow(alice.uid, '[1..5]', 'collect', 3, failsOnThree);
  const done = await run(alice, wf.id);
  expect(done.status).toBe('succeeded');
  const items = (done.output as { result: { items: unknown[] } }).result.items;
  expect(items).toHaveLength(5);
  expect(items[1]).toEqual({ n: 1, doubled: 4 });
  expect(items[2]).toEqual({ error: { message: expect.stringContaining('item three is broken') }, item: 3 });
  expect(items[3]).toEqual({ n: 3, doubled: 8 });
  expect((await item(alice, done.id, 2)).body).toMatchObject({ status: 'failed' });
});

it('refuses a list longer than the plan allows, with loop-too-many-items, before any item runs', async () => {
  const max = PLAN_ENTITLEMENTS.free.maxLoopItems;
  const wf = await loopWorkflow(freeUser.uid, `[1..${max + 1}]`, 'stop', 5);
  const done = await run(freeUser, wf.id);
  expect(done.status).toBe('failed');
  const loopStep = done.steps.find((s) => s.id === 'each')!;
  expect(loopStep.error).toContain(LOOP_ERROR_CODES.tooManyItems);
  expect(loopStep.error).toContain(`${max + 1} items`);
  expect((await item(freeUser, done.id, 0)).status).toBe(404);
  // Exactly the limit is fine.
  const atLimit = await loopWorkflow(freeUser.uid, `[1..${max}]`, 'stop', 20);
  expect((await run(freeUser, atLimit.id)).status).toBe('succeeded');
});

it("a code step in the body runs per item, and its console lines are on that item's step, not on the loop's", async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual(),
      node('each', 'loop', { items: '["a", "b"]', concurrency: 2, onItemError: 'stop' }),
      node('shout', 'code', { code: 'console.log("item", input.index);\nreturn input.item.toUpperCase();' }),
      node('result', 'output', { mapping: 'each.items' }),
    ],
    [edge('trigger', 'each'), edge('each', 'shout', 'body'), edge('each', 'result', 'done')],
  );
  const done = await run(alice, wf.id);
  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({ result: ['A', 'B'] });
  expect(done.steps.find((s) => s.id === 'each')!.logs).toBeUndefined();
  const second = (await item(alice, done.id, 1)).body as LoopItemPage;
  expect(second.steps[0]).toMatchObject({ nodeId: 'shout', status: 'succeeded', output: 'B', logs: ['item 1'] });
});

it('a cancel of the run stops the loop: the items under way are aborted and recorded canceled, no later item starts', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual(),
      node('each', 'loop', { items: '[0..9]', concurrency: 2, onItemError: 'collect' }),
      node('call', 'http', { method: 'GET', url: `${upstream.url}/slow?item={{ index }}`, headers: {}, timeoutMs: 10_000 }),
      node('result', 'output', {}),
    ],
    [edge('trigger', 'each'), edge('each', 'call', 'body'), edge('each', 'result', 'done')],
  );
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  const runId = started.body.runId as string;
  await h.waitForRun(runId, (r) => r.steps.find((s) => s.id === 'each')?.status === 'running');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await h.call('POST', `/api/runs/${runId}/cancel`, { user: alice })).status).toBe(200);
  const done = await h.waitForRun(runId, ['canceled'], 5000);
  expect(done.steps.find((s) => s.id === 'each')!.status).toBe('canceled');
  for (let i = 0; i < 50 && closedEarly.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(closedEarly.sort()).toEqual(['/slow?item=0', '/slow?item=1']);
  // The two items under way are recorded canceled (not collected as errors); none after them started.
  for (let i = 0; i < 50 && (await item(alice, runId, 1)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await item(alice, runId, 0)).body).toMatchObject({ status: 'canceled' });
  expect((await item(alice, runId, 1)).body).toMatchObject({ status: 'canceled' });
  expect((await item(alice, runId, 2)).status).toBe(404);
});
