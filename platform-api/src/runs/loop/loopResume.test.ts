// A loop interrupted by a crash of its platform-api instance is resumed by
// recovery on the emulators: instance A (a runs module with a Firestore
// client of its own) runs a loop until an item is under way, then "dies"
// (its Firestore client terminated, so nothing it does afterwards reaches
// the database); a new platform-api starts (runs.start(): recovery at start)
// once A's lease lapsed. The finished items are kept, not run again; the
// item that was under way follows the loop's error setting (resume.ts says
// why it is not run again); the others run; outputs stay in order.
import { pino } from 'pino';
import { RUN_MESSAGES, loopItemPath, type LoopItemPage } from '@agentflow/shared/workflow';
import { firestoreFor } from '../../../testing/harness';
import { ALLOW_LOCAL, edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { createRunsModule, type RunsModule } from '../index';
import type { StepHandler } from '../steps';

let h: RunsHarness;
let alice: RunsUser;
let doomed: RunsModule | null = null;

/** Calls of the body's step, by item. */
const calls = new Map<number, number>();
/** The item whose call never answers on the instance that dies (it is under way at the crash). */
let hangOn: number | null = null;
const crmCall: StepHandler = async ({ input, signal }) => {
  const index = Number(input.index);
  calls.set(index, (calls.get(index) ?? 0) + 1);
  if (index === hangOn) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { output: { sent: input.item } };
};

beforeAll(async () => {
  h = await startRunsHarness('loop-resume', { handlers: { http: crmCall } });
  alice = await h.createUser('alice', { tokens: 100 });
});
afterAll(async () => {
  await doomed?.stop();
  await h?.close();
});

const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleepMs(20);
  }
}

it('resumes a loop after its instance died: finished items kept (each ran once), the interrupted item collected as failed, the rest run, outputs in order', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual(),
      node('each', 'loop', { items: '["a", "b", "c", "d", "e", "f"]', concurrency: 1, onItemError: 'collect' }),
      node('send', 'http', { method: 'POST', url: 'https://crm.example.com/{{ item }}', headers: {} }),
      node('result', 'output', { mapping: 'each.items' }),
    ],
    [edge('trigger', 'each'), edge('each', 'send', 'body'), edge('each', 'result', 'done')],
  );

  // Instance A: short lease, so its death is noticed within about a second.
  const { db: doomedDb } = firestoreFor(h.projectId);
  doomed = createRunsModule({ db: doomedDb, auth: h.auth, logger: pino({ level: 'silent' }), fetchPolicy: ALLOW_LOCAL, env: {}, instanceId: 'doomed', handlers: { http: crmCall }, limits: { leaseMs: 1_000, heartbeatMs: 300 } });
  hangOn = 3;
  const runId = await doomed.service.start({ workflow: wf, ownerId: alice.uid, trigger: { type: 'manual', userId: alice.uid }, input: {} });
  await until(() => calls.get(3) === 1);
  expect([...calls.keys()].sort()).toEqual([0, 1, 2, 3]);

  // Its token block goes back first: the meter's own death (a SIGKILLed holder) is proved in
  // shared/src/ledger/reservations.test.ts; here a terminated client must not be asked to settle it.
  await doomed.meter.stop();
  // A dies: nothing it does from now on is stored (its run, the item under way, its records).
  await doomedDb.terminate();
  doomed.executor.cancelLocal(runId);
  await doomed.stop();
  doomed = null;
  hangOn = null;
  const interrupted = await h.waitForRun(runId, (run) => run.status === 'running');
  expect(interrupted.steps.find((s) => s.id === 'each')!.status).toBe('running');

  // A new platform-api starts after A's lease lapsed: recovery at start resumes the loop here.
  await sleepMs(1_200);
  await h.restart();
  h.app.runs.start();
  const done = await h.waitForRun(runId, ['succeeded', 'failed', 'canceled'], 15_000);

  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({
    result: [{ sent: 'a' }, { sent: 'b' }, { sent: 'c' }, { error: { message: RUN_MESSAGES.interrupted }, item: 'd' }, { sent: 'e' }, { sent: 'f' }],
  });
  // Every item's call happened exactly once: the finished ones were not run again, nor was the one under way.
  expect(Object.fromEntries(calls)).toEqual({ 0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 });
  expect(done.steps.map((s) => [s.id, s.status])).toEqual([
    ['trigger', 'succeeded'],
    ['each', 'succeeded'],
    ['result', 'succeeded'],
  ]);
  const page = async (index: number) => (await h.call('GET', loopItemPath(runId, 'each', index), { user: alice })).body as LoopItemPage;
  expect(await page(3)).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted });
  expect((await page(3)).steps.map((s) => s.status)).toEqual(['skipped']);
  for (const index of [0, 2, 4, 5]) expect(await page(index)).toMatchObject({ status: 'succeeded', steps: [expect.objectContaining({ status: 'succeeded', output: { sent: 'abcdef'[index] } })] });
});
