// Firestore round trips of a webhook run (issue 22 item 2): a two-node
// webhook → transform run, counted on the app's own Firestore client from
// the request until the run is stored as succeeded. The figure is pinned:
// a change that adds a round trip to the short-run path fails here. And a
// run kept in memory (engine.ts quietMs) is recovered as any other when its
// process dies.
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
import { decodeRun, runRef } from './store';
import { recoverInterruptedRuns } from './recovery';
import { countRoundTrips, type RoundTripCounter } from './roundTrips';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

/**
 * Round trips of one short webhook run once the hook's secret and workflow
 * are cached and the owner's token block is taken: the plan gate's and the
 * payer's membership reads (one batch), the start's usage entry from the
 * block, the run's create and its one final write. Before issue 22: 12.
 */
const SHORT_RUN_ROUND_TRIPS = 4;

let h: RunsHarness;
let alice: RunsUser;
let counter: RoundTripCounter;

beforeAll(async () => {
  h = await startRunsHarness('webhook-round-trips');
  alice = await h.createUser('alice', { tokens: 100 });
  counter = countRoundTrips(h.db);
});

afterAll(async () => {
  counter?.detach();
  await h?.close();
});

/** Until the app's queue and executor are idle, without a Firestore read (it would be counted). */
async function settled(): Promise<void> {
  const queue = h.app.runs.queue as unknown as { size: number };
  for (let i = 0; i < 500; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (queue.size === 0 && h.app.runs.executor.activeRunIds().length === 0) return;
  }
  throw new Error('the run did not settle');
}

const hook = (workflowId: string, secret: string, body: unknown) =>
  fetch(`${h.baseUrl()}/api/hooks/${workflowId}/${secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

it(`runs a two-node webhook run in at most ${SHORT_RUN_ROUND_TRIPS} Firestore round trips, stored whole`, async () => {
  const wf = await h.saveWorkflow(alice.uid, [node('hook', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('shape', 'transform', { mapping: '{"doubled": input.n * 2}' })], [edge('hook', 'shape')]);
  const secret = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body.secret as string;
  // The first delivery fills what is cached; the second is the steady state.
  const first = await hook(wf.id, secret, { n: 1 });
  expect({ status: first.status, body: await first.json() }).toEqual({ status: 202, body: { runId: expect.any(String) } });
  await settled();

  counter.reset();
  const delivered = await hook(wf.id, secret, { n: 21 });
  expect(delivered.status).toBe(202);
  const { runId } = (await delivered.json()) as { runId: string };
  await settled();
  const counted = counter.total();
  const methods = Object.fromEntries(counter.byMethod);

  const run = decodeRun(await runRef(h.db, runId).get());
  expect(run).toMatchObject({ status: 'succeeded', lease: null });
  expect(run?.steps.map((step) => [step.nodeId, step.status])).toEqual([
    ['hook', 'succeeded'],
    ['shape', 'succeeded'],
  ]);
  expect(run?.steps[1]?.output).toEqual({ doubled: 42 });
  // Printed for the report (and the bench's figure to agree with).
  console.log(`webhook run round trips: ${counted} ${JSON.stringify(methods)}`);
  expect(counted).toBeLessThanOrEqual(SHORT_RUN_ROUND_TRIPS);
});

it('a run that dies while it is only in memory is failed by recovery as interrupted, as one stored halfway was', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // This instance's transforms hang until released: the run is in memory, stored only as created (queued, leased).
  const dying = await h.startApp({ limits: { quietMs: 60_000 }, handlers: { transform: async () => held.then(() => ({ output: 'late' })) } });
  const wf = await h.saveWorkflow(alice.uid, [node('hook', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('shape', 'transform', { mapping: '{"n": input.n}' })], [edge('hook', 'shape')]);
  const secret = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body.secret as string;
  const delivered = await fetch(`${dying.baseUrl}/api/hooks/${wf.id}/${secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ n: 1 }) });
  expect(delivered.status).toBe(202);
  const { runId } = (await delivered.json()) as { runId: string };
  const stored = decodeRun(await runRef(h.db, runId).get());
  expect(stored).toMatchObject({ status: 'queued', lease: { instanceId: dying.runs.instanceId } });

  // Its process is gone: once the lease lapses, another instance's recovery fails it, as any interrupted run.
  const afterLease = new Date(stored!.lease!.expiresAt + 1);
  expect(await recoverInterruptedRuns(h.db, { now: () => afterLease, instanceId: 'another-instance' })).toContain(runId);
  expect(decodeRun(await runRef(h.db, runId).get())).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted, lease: null });

  // Were it alive after all, its one write would conflict and leave recovery's verdict standing.
  release();
  await dying.close();
  expect(decodeRun(await runRef(h.db, runId).get())).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted });
});
