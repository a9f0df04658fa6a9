// Per-node retry and onError settings (shared nodeSettings.ts) honoured by
// every path that runs a step, on the emulators through the real API: a
// loop's body steps (the node's attempts, backoff and 'any'; 'continue' and
// 'branch' per item, the item not failing), "Run from here", and "Test step"
// (one attempt whatever the retries say; a handled failure shows the
// `{ error, input }` output its successors would get).
import { STEP_TEST_API, loopItemPath, type LoopItemPage, type RetrySettings, type StepTestResponse, type WorkflowNode } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { StepFailure, TransientStepError, type StepHandler } from './steps';

let h: RunsHarness;
let alice: RunsUser;

/** Calls of the `call` step, by item (or 'top' outside a loop), with when they happened. */
const calls = new Map<string, number[]>();
/** How many of its first calls fail for an item, and how (a StepFailure is not transient). */
let failFirst = 0;
let failWith: 'final' | 'transient' = 'final';
const flaky: StepHandler = async ({ input }) => {
  const key = input.index === undefined ? 'top' : String(input.index);
  const times = [...(calls.get(key) ?? []), Date.now()];
  calls.set(key, times);
  const brokenItem = input.item === 'broken';
  if (brokenItem || times.length <= failFirst) {
    const message = brokenItem ? 'CRM refused the broken item' : `CRM hiccup ${times.length}`;
    throw failWith === 'transient' && !brokenItem ? new TransientStepError(message) : new StepFailure(message);
  }
  return { output: { ok: key, attempt: times.length } };
};

beforeAll(async () => {
  // The engine's default retries: 3 attempts, 1 s apart, transient errors only (what a body step got before).
  h = await startRunsHarness('node-settings', { handlers: { http: flaky }, limits: { retryBaseDelayMs: 1000 } });
  alice = await h.createUser('alice', { tokens: 500 });
});
afterAll(() => h?.close());
beforeEach(() => {
  calls.clear();
  failFirst = 0;
  failWith = 'final';
});

const withSettings = (base: WorkflowNode, settings: WorkflowNode['settings']): WorkflowNode => ({ ...base, settings });
/** The CRM call (`flaky`); in a loop's body it names the item. */
const httpCall = (settings: WorkflowNode['settings'], url = 'https://crm.example.com/{{ item }}') => withSettings(node('call', 'http', { method: 'GET', url, headers: {} }), settings);
const topCall = (settings: WorkflowNode['settings']) => httpCall(settings, 'https://crm.example.com/deals');
const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as Record<string, any>;

async function run(workflowId: string, body: Record<string, unknown> = { input: {} }) {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: alice, body });
  if (started.status !== 202) throw new Error(`start refused: ${started.status} ${JSON.stringify(started.body)}`);
  return h.waitForRun(started.body.runId as string, ['succeeded', 'failed'], 30_000);
}
const item = async (runId: string, index: number) => (await h.call('GET', loopItemPath(runId, 'each', index), { user: alice })).body as LoopItemPage;

/** trigger → each (loop over items) —body→ call → label (and call —error→ fallback when asked); —done→ result. */
function loopOver(items: string, settings: WorkflowNode['settings'], errorBranch = false) {
  return h.saveWorkflow(
    alice.uid,
    [
      manual(),
      node('each', 'loop', { items, concurrency: 2, onItemError: 'stop' }),
      httpCall(settings),
      node('label', 'transform', { mapping: '{"item": item, "call": call}' }),
      ...(errorBranch ? [node('fallback', 'transform', { mapping: '{"fallback": item, "why": call.error.message}' })] : []),
      node('result', 'output', { mapping: 'each.items' }),
    ],
    [edge('trigger', 'each'), edge('each', 'call', 'body'), edge('call', 'label'), ...(errorBranch ? [edge('call', 'fallback', 'error')] : []), edge('each', 'result', 'done')],
  );
}

describe('a loop body step', () => {
  it("is tried as its node's retry settings say (attempts, doubling backoff, 'any' error), not with the engine's defaults", async () => {
    failFirst = 2;
    const retry: RetrySettings = { attempts: 3, backoffMs: 40, on: 'any' };
    const done = await run((await loopOver('["a", "b"]', { retry })).id);
    expect(done.status).toBe('succeeded');
    expect(done.output).toEqual({ result: [0, 1].map((n) => ({ item: ['a', 'b'][n], call: { ok: String(n), attempt: 3 } })) });
    for (const key of ['0', '1']) {
      const [first, second, third] = calls.get(key)!;
      // 40 ms, then 80 ms (the engine's default would wait 1 s, and would not retry a final error at all).
      expect(second! - first!).toBeGreaterThanOrEqual(38);
      expect(third! - second!).toBeGreaterThanOrEqual(78);
      expect(third! - first!).toBeLessThan(900);
    }
    expect((await item(done.id, 1)).steps[0]).toMatchObject({ nodeId: 'call', status: 'succeeded', attempts: 3 });
  });

  it('makes one attempt when its node says so, even on a transient error the defaults would retry', async () => {
    failFirst = 1;
    failWith = 'transient';
    const done = await run((await loopOver('["a"]', { retry: { attempts: 1, backoffMs: 0, on: 'transient' } })).id);
    expect(done.status).toBe('failed');
    expect(calls.get('0')).toHaveLength(1);
    expect((await item(done.id, 0)).steps[0]).toMatchObject({ status: 'failed', attempts: 1, error: 'CRM hiccup 1' });
  });

  it("under 'continue' hands { error, input } to the next body step for that item; the item and the loop succeed", async () => {
    const done = await run((await loopOver('["a", "broken", "c"]', { onError: 'continue' })).id);
    expect(done.status).toBe('succeeded');
    const items = (done.output as { result: Record<string, any>[] }).result;
    expect(items.map((entry) => entry.item)).toEqual(['a', 'broken', 'c']);
    expect(items[1]!.call).toEqual({ error: { message: 'CRM refused the broken item' }, input: expect.objectContaining({ item: 'broken', index: 1 }) });
    const broken = await item(done.id, 1);
    expect(broken).toMatchObject({ status: 'succeeded', error: null });
    expect(broken.steps.map((s) => [s.nodeId, s.status, s.handled ?? null])).toEqual([
      ['call', 'failed', true],
      ['label', 'succeeded', null],
    ]);
  });

  it("under 'branch' runs the error branch for the failing item only, and not its normal successor", async () => {
    const done = await run((await loopOver('["a", "broken"]', { onError: 'branch' }, true)).id);
    expect(done.status).toBe('succeeded');
    expect(done.output).toEqual({
      result: [
        { item: 'a', call: { ok: '0', attempt: 1 } },
        { fallback: 'broken', why: 'CRM refused the broken item' },
      ],
    });
    expect((await item(done.id, 0)).steps.map((s) => [s.nodeId, s.status])).toEqual([
      ['call', 'succeeded'],
      ['label', 'succeeded'],
      ['fallback', 'skipped'],
    ]);
    const broken = await item(done.id, 1);
    expect(broken.status).toBe('succeeded');
    expect(broken.steps.map((s) => [s.nodeId, s.status, s.branch])).toEqual([
      ['call', 'failed', 'error'],
      ['label', 'skipped', null],
      ['fallback', 'succeeded', null],
    ]);
  });
});

describe('Run from here', () => {
  /** trigger → prep (pinned) → call → done, call —error→ fallback. */
  const fromHere = (settings: WorkflowNode['settings']) =>
    h.saveWorkflow(
      alice.uid,
      [
        manual(),
        { ...node('prep', 'transform', { mapping: '{"id": 1}' }), pinned: { output: { id: 7 }, pinnedAt: '2026-11-26T10:00:00.000Z' } },
        topCall(settings),
        node('done', 'output', { mapping: 'call' }),
        node('fallback', 'output', { mapping: '{"fallback": call.error.message}' }),
      ],
      [edge('trigger', 'prep'), edge('prep', 'call'), edge('call', 'done'), edge('call', 'fallback', 'error')],
    );

  it("retries the node it starts at as its settings say, and takes its error branch when it fails", async () => {
    failFirst = 1;
    const retried = await run((await fromHere({ retry: { attempts: 2, backoffMs: 10, on: 'any' }, onError: 'branch' })).id, { input: {}, startAt: 'call' });
    expect(retried.status).toBe('succeeded');
    expect(stepOf(retried, 'call')).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(retried.output).toEqual({ done: { ok: 'top', attempt: 2 } });

    calls.clear();
    failFirst = 5;
    const branched = await run((await fromHere({ retry: { attempts: 2, backoffMs: 10, on: 'any' }, onError: 'branch' })).id, { input: {}, startAt: 'call' });
    expect(branched.status).toBe('succeeded');
    expect(calls.get('top')).toHaveLength(2);
    expect(stepOf(branched, 'call')).toMatchObject({ status: 'failed', handled: true, branch: 'error', attempts: 2 });
    expect(branched.output).toEqual({ fallback: { fallback: 'CRM hiccup 2' } });
  });

  it('from the error branch: a pinned { error, input } of a node whose failures branch stands in as that handled failure, so the branch runs', async () => {
    const wf = await h.saveWorkflow(
      alice.uid,
      [
        manual(),
        { ...topCall({ onError: 'branch' }), pinned: { output: { error: { message: 'CRM was down' }, input: {} }, pinnedAt: '2026-11-26T10:00:00.000Z' } },
        node('done', 'output', { mapping: 'call' }),
        node('fallback', 'output', { mapping: '{"fallback": call.error.message}' }),
      ],
      [edge('trigger', 'call'), edge('call', 'done'), edge('call', 'fallback', 'error')],
    );
    const done = await run(wf.id, { input: {}, startAt: 'fallback' });
    expect(done.status).toBe('succeeded');
    expect(calls.size).toBe(0);
    expect(stepOf(done, 'call')).toMatchObject({ status: 'failed', handled: true, pinned: true, branch: 'error' });
    expect(stepOf(done, 'fallback').status).toBe('succeeded');
    expect(done.output).toEqual({ fallback: { fallback: 'CRM was down' } });
  });
});

describe('Test step', () => {
  const testStep = async (workflowId: string) => {
    const response = await h.call('POST', STEP_TEST_API.testStep(workflowId, 'call'), { user: alice, body: { input: { input: { lead: 'Ada' } } } });
    expect(response.status).toBe(200);
    return response.body as StepTestResponse;
  };
  const single = (settings: WorkflowNode['settings']) => h.saveWorkflow(alice.uid, [manual(), topCall(settings), node('done', 'output')], [edge('trigger', 'call'), edge('call', 'done')]);

  it("makes one attempt whatever the node's retries say (no backoff holding the request)", async () => {
    failFirst = 1;
    const started = Date.now();
    const answer = await testStep((await single({ retry: { attempts: 5, backoffMs: 60_000, on: 'any' } })).id);
    expect(answer).toMatchObject({ status: 'failed', error: { message: 'CRM hiccup 1' } });
    expect(answer.handled).toBeUndefined();
    expect(calls.get('top')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("under 'continue' or 'branch' shows the failure and the { error, input } output its successors would get", async () => {
    failFirst = 1;
    for (const onError of ['continue', 'branch'] as const) {
      calls.clear();
      const answer = await testStep((await single({ onError })).id);
      expect(answer).toMatchObject({ status: 'failed', handled: onError, error: { code: 'step-failed', message: 'CRM hiccup 1' } });
      expect(answer.output).toEqual({ error: { message: 'CRM hiccup 1' }, input: expect.objectContaining({ input: { lead: 'Ada' } }) });
    }
  });
});
