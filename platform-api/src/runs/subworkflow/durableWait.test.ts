// A sub-workflow step waits for a slow child without holding a process: the
// parent is stored 'waiting' (its step 'waiting' with the child's id), it
// survives a restart of platform-api, and when the child ends the parent
// resumes exactly once with two instances, with the child's output (or its
// failure); cancelling a waiting parent cancels its child. The tests sweep
// by hand; the child's stored end resumes its parent by itself.
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
import { decodeRun, runRef } from '../store';
import { edge, manual, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
const extra: RunsApp[] = [];
// Every wait is stored; a parent watches its child 200 ms in process, then waits durably.
const appOptions = { waits: { inProcessMs: 0, checkMs: 3_600_000 }, subworkflows: { inProcessMs: 200, checkMs: 3_600_000 } };

beforeAll(async () => {
  h = await startRunsHarness('subworkflow-durable', appOptions);
  alice = await h.createUser('alice', { tokens: 100 });
});

afterAll(async () => {
  for (const app of extra) await app.close();
  await h?.close();
});

const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as Record<string, any>;
const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);
const start = async (workflowId: string, input: Record<string, unknown> = {}) => {
  const response = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: alice, body: { input } });
  expect(response.status).toBe(202);
  return response.body.runId as string;
};

/** A child that pauses (stored) for `seconds`, then doubles its input; a parent calling it and returning the result. */
async function parentAndChild(seconds: number) {
  const child = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'n', type: 'number', required: true }]), node('pause', 'wait', { mode: 'duration', amount: seconds, unit: 'seconds' }), node('out', 'output', { mapping: '{"doubled": input.n * 2}' })],
    [edge('trigger', 'pause'), edge('pause', 'out')],
  );
  const parent = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'v', type: 'number' }]), node('call', 'subworkflow', { workflowId: child.id, input: { n: '{{ input.v }}' } }), node('out', 'output', { mapping: '{"result": call.out.doubled}' })],
    [edge('trigger', 'call'), edge('call', 'out')],
  );
  return { child, parent };
}

/** The parent stored waiting for its child; the child's id. */
async function waitingParent(parentRunId: string): Promise<string> {
  const waiting = await h.waitForRun(parentRunId, ['waiting', 'failed', 'succeeded']);
  expect(waiting.status).toBe('waiting');
  const call = stepOf(waiting, 'call');
  expect(call).toMatchObject({ status: 'waiting', childRunId: expect.any(String), output: { childRunId: call.childRunId } });
  expect(stepOf(waiting, 'out').status).toBe('pending');
  // No lease while it waits: nothing executes it; the run says it awaits a child, for the sweep's query.
  expect(waiting.lease).toBeNull();
  expect((await runRef(h.db, parentRunId).get()).get('awaitsChildRun')).toBe(true);
  return call.childRunId as string;
}

it('waits for a slow child across a restart and resumes once, with two instances, with the child’s output', async () => {
  const { child, parent } = await parentAndChild(2);
  const parentRunId = await start(parent.id, { v: 21 });
  const childRunId = await waitingParent(parentRunId);
  const waitingChild = await h.waitForRun(childRunId, ['waiting']);
  expect(waitingChild.parentRun).toMatchObject({ runId: parentRunId, stepId: 'call' });

  // platform-api restarts while both wait; a second instance starts too.
  await h.restart(appOptions);
  const second = await h.startApp(appOptions);
  extra.push(second);
  // The child is still going: nothing to resume yet.
  expect(await Promise.all([h.app.runs.childRuns.check(), second.runs.childRuns.check()])).toEqual([[], []]);

  // The child's wait ends; one instance resumes it, it finishes, and its stored end resumes the parent.
  await sleepMs(Math.max(0, Date.parse(stepOf(waitingChild, 'pause').resumeAt as string) - Date.now()) + 50);
  expect((await Promise.all([h.app.runs.waits.check(), second.runs.waits.check()])).flat()).toEqual([childRunId]);
  const done = await h.waitForRun(parentRunId, ['succeeded', 'failed', 'canceled']);
  expect(done.error).toBeNull();
  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({ out: { result: 42 } });
  expect(stepOf(done, 'call')).toMatchObject({ status: 'succeeded', childRunId, output: { out: { doubled: 42 } }, attempts: 1 });
  expect(stepOf(done, 'out')).toMatchObject({ status: 'succeeded', attempts: 1 });
  expect((await runRef(h.db, parentRunId).get()).get('awaitsChildRun')).toBe(false);
  // One child only: the step ran again after its child ended and started no other.
  expect((await runsOf(child.id)).map((run) => run.id)).toEqual([childRunId]);
  // Nothing more for either sweep.
  expect(await Promise.all([h.app.runs.childRuns.check(), second.runs.childRuns.check()])).toEqual([[], []]);
});

it('resumes through the sweep, exactly once with two instances, when the child ended without an executor (canceled directly): the step fails as its child did', async () => {
  const { parent } = await parentAndChild(3600);
  const parentRunId = await start(parent.id, { v: 1 });
  const childRunId = await waitingParent(parentRunId);
  await h.waitForRun(childRunId, ['waiting']);
  const second = await h.startApp(appOptions);
  extra.push(second);

  // The child is canceled on its own: the cancel route writes it, no executor stores its end.
  expect((await h.call('POST', `/api/runs/${childRunId}/cancel`, { user: alice })).status).toBe(200);
  expect((await h.waitForRun(parentRunId, ['waiting'])).status).toBe('waiting');
  const resumed = await Promise.all([h.app.runs.childRuns.check(), second.runs.childRuns.check()]);
  expect(resumed.flat()).toEqual([parentRunId]);

  const done = await h.waitForRun(parentRunId, ['succeeded', 'failed', 'canceled']);
  expect(done.status).toBe('failed');
  expect(stepOf(done, 'call')).toMatchObject({ status: 'failed', childRunId, error: `The sub-workflow run ${childRunId} canceled: ${RUN_MESSAGES.canceled}` });
  expect(stepOf(done, 'out').status).toBe('skipped');
  expect(await Promise.all([h.app.runs.childRuns.check(), second.runs.childRuns.check()])).toEqual([[], []]);
});

it('a child that fails after the wait fails the step under its on-error setting; retries give that child’s outcome and start no other', async () => {
  const child = await h.saveWorkflow(
    alice.uid,
    [manual(), node('pause', 'wait', { mode: 'duration', amount: 1, unit: 'seconds' }), node('check', 'code', { code: 'throw new Error("no stock")' })],
    [edge('trigger', 'pause'), edge('pause', 'check')],
  );
  const call = { ...node('call', 'subworkflow', { workflowId: child.id, input: {} }), settings: { retry: { attempts: 3, backoffMs: 0, on: 'any' as const }, onError: 'continue' as const } };
  const parent = await h.saveWorkflow(alice.uid, [manual(), call, node('out', 'output', { mapping: '{"why": call.error.message}' })], [edge('trigger', 'call'), edge('call', 'out')]);
  const parentRunId = await start(parent.id);
  const childRunId = await waitingParent(parentRunId);
  const waitingChild = await h.waitForRun(childRunId, ['waiting']);
  await sleepMs(Math.max(0, Date.parse(stepOf(waitingChild, 'pause').resumeAt as string) - Date.now()) + 50);
  expect(await h.app.runs.waits.check()).toEqual([childRunId]);
  expect((await h.waitForRun(childRunId, ['failed', 'succeeded'])).status).toBe('failed');

  const done = await h.waitForRun(parentRunId, ['succeeded', 'failed', 'canceled']);
  // 'continue': the run goes on with the failure as the step's output.
  expect(done.status).toBe('succeeded');
  expect(stepOf(done, 'call')).toMatchObject({ status: 'failed', handled: true, attempts: 3, childRunId, error: expect.stringMatching(new RegExp(`^The sub-workflow run ${childRunId} failed: Error: no stock`)) });
  expect(done.output).toEqual({ out: { why: expect.stringMatching(/no stock/) } });
  expect((await runsOf(child.id)).map((run) => run.id)).toEqual([childRunId]);
});

it('cancels the child of a parent that waits for it', async () => {
  const { parent } = await parentAndChild(3600);
  const parentRunId = await start(parent.id, { v: 1 });
  const childRunId = await waitingParent(parentRunId);
  await h.waitForRun(childRunId, ['waiting']);

  expect((await h.call('POST', `/api/runs/${parentRunId}/cancel`, { user: alice })).status).toBe(200);
  const child = await h.waitForRun(childRunId, ['canceled', 'succeeded', 'failed']);
  expect(child.status).toBe('canceled');
  expect(stepOf(child, 'pause').status).toBe('canceled');
  expect(stepOf(await h.waitForRun(parentRunId, ['canceled']), 'call').status).toBe('canceled');
});

it('cancels the child of a waiting step when another branch fails the run (fail-fast)', async () => {
  const { parent: template } = await parentAndChild(3600);
  // A second branch fails after a while (the code step busy-waits 1 s, then throws), once the call waits.
  const fails = node('fails', 'code', { code: 'const t = Date.now(); while (Date.now() - t < 1000) {} throw new Error("boom");', timeoutMs: 5000 });
  const parent = await h.saveWorkflow(alice.uid, [...template.nodes, fails], [...template.edges, edge('trigger', 'fails')]);
  const parentRunId = await start(parent.id, { v: 1 });
  const running = await h.waitForRun(parentRunId, (run) => stepOf(run, 'call')?.status === 'waiting');
  const childRunId: string = stepOf(running, 'call').childRunId;

  const done = await h.waitForRun(parentRunId, ['failed', 'succeeded', 'canceled']);
  expect(done.status).toBe('failed');
  expect(stepOf(done, 'call').status).toBe('canceled');
  const child = await h.waitForRun(childRunId, ['canceled', 'succeeded', 'failed']);
  expect(child.status).toBe('canceled');
});

it('keeps a quick child in process (the default 3 s watch): the parent never waits', async () => {
  await h.restart({ waits: appOptions.waits });
  const child = await h.saveWorkflow(alice.uid, [manual([{ key: 'n', type: 'number', required: true }]), node('out', 'output', { mapping: '{"doubled": input.n * 2}' })], [edge('trigger', 'out')]);
  const parent = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'v', type: 'number' }]), node('call', 'subworkflow', { workflowId: child.id, input: { n: '{{ input.v }}' } }), node('out', 'output', { mapping: '{"result": call.out.doubled}' })],
    [edge('trigger', 'call'), edge('call', 'out')],
  );
  const parentRunId = await start(parent.id, { v: 5 });
  const done = await h.waitForRun(parentRunId, (run) => run.status !== 'running' && run.status !== 'queued');
  expect(done.error).toBeNull();
  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({ out: { result: 10 } });
});
