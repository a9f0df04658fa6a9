// Sub-workflow steps on the emulators: two levels deep with input mapped and
// output returned, links both ways, every run charged to the parent's
// owner; a workflow calling itself refused at the depth limit; a workflow
// the owner may not run refused; cancelling the parent cancels the child.
import { FREE_TOKENS_PER_MONTH } from '@agentflow/shared/domain';
import { RUN_START_COST, SUBWORKFLOW_LIMITS } from '@agentflow/shared/workflow';
import { decodeRun } from '../store';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('subworkflow', { waits: { inProcessMs: 0, checkMs: 3_600_000 } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 100 }), h.createUser('bob', { tokens: 100 })]);
});

afterAll(async () => {
  await h?.close();
});

const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as Record<string, any>;
const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);
const start = async (user: RunsUser, workflowId: string, input: Record<string, unknown> = {}) => {
  const response = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user, body: { input } });
  expect(response.status).toBe(202);
  return response.body.runId as string;
};

it('runs a sub-workflow two levels deep, linked both ways and charged to the parent run owner', async () => {
  const inner = await h.saveWorkflow(alice.uid, [manual([{ key: 'n', type: 'number', required: true }]), node('out', 'output', { mapping: '{"doubled": input.n * 2}' })], [edge('trigger', 'out')]);
  const middle = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'x', type: 'number' }]), node('call', 'subworkflow', { workflowId: inner.id, input: { n: '{{ input.x + 1 }}' } }), node('out', 'output', { mapping: '{"inner": call.out.doubled}' })],
    [edge('trigger', 'call'), edge('call', 'out')],
  );
  const outer = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'v', type: 'number' }]), node('call', 'subworkflow', { workflowId: middle.id, input: { x: '{{ input.v }}' } }), node('out', 'output', { mapping: '{"result": call.out.inner}' })],
    [edge('trigger', 'call'), edge('call', 'out')],
  );
  const before = await h.balance(alice.uid);
  const runId = await start(alice, outer.id, { v: 4 });
  const top = await h.waitForRun(runId, ['succeeded', 'failed']);
  expect(top.error).toBeNull();
  // (4 + 1) * 2, through two children.
  expect(top.output).toEqual({ out: { result: 10 } });

  const [child] = await runsOf(middle.id);
  const [grandchild] = await runsOf(inner.id);
  expect(stepOf(top, 'call')).toMatchObject({ status: 'succeeded', childRunId: child!.id, output: { out: { inner: 10 } } });
  expect(child).toMatchObject({ status: 'succeeded', ownerId: alice.uid, depth: 1, trigger: { type: 'subworkflow', userId: null, nodeId: 'trigger' }, parentRun: { runId, stepId: 'call', workflowId: outer.id }, input: { x: 4 } });
  expect(stepOf(child!, 'call').childRunId).toBe(grandchild!.id);
  expect(grandchild).toMatchObject({ status: 'succeeded', ownerId: alice.uid, depth: 2, parentRun: { runId: child!.id, stepId: 'call', workflowId: middle.id }, input: { n: 5 } });
  // Three runs, each its own start token, all paid by the parent's owner (no token counted twice).
  expect(await h.balance(alice.uid)).toBe(before - 3 * RUN_START_COST);
  expect([top, child!, grandchild!].map((run) => run.tokensUsed)).toEqual([RUN_START_COST, RUN_START_COST, RUN_START_COST]);
});

it('refuses a workflow that calls itself at the depth limit, with the subworkflow-depth reason', async () => {
  const id = `wf-recursive-${Date.now().toString(36)}`;
  await h.saveWorkflow(alice.uid, [manual(), node('again', 'subworkflow', { workflowId: id, input: {} }), node('out', 'output')], [edge('trigger', 'again'), edge('again', 'out')], { id });
  const runId = await start(alice, id);
  const top = await h.waitForRun(runId, ['succeeded', 'failed'], 30_000);
  expect(top.status).toBe('failed');
  const runs = await runsOf(id);
  // The top-level run and one run per level down to the limit; none deeper.
  expect(runs.map((run) => run.depth ?? 0).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  const deepest = runs.find((run) => run.depth === SUBWORKFLOW_LIMITS.maxDepth)!;
  expect(stepOf(deepest, 'again').status).toBe('failed');
  expect(stepOf(deepest, 'again').childRunId).toBeUndefined();
  expect(stepOf(deepest, 'again').error).toMatch(/nest at most 5 deep/);
  // Each level above fails with its child, saying why.
  expect(top.error).toMatch(/nest at most 5 deep/);
  for (const run of runs) expect(run.status).toBe('failed');
});

it('refuses a workflow the run owner may not run, starting and charging nothing for it', async () => {
  const bobs = await h.saveWorkflow(bob.uid, [manual(), node('out', 'output')], [edge('trigger', 'out')]);
  const caller = await h.saveWorkflow(alice.uid, [manual(), node('call', 'subworkflow', { workflowId: bobs.id, input: {} })], [edge('trigger', 'call')]);
  const before = await h.balance(alice.uid);
  const run = await h.waitForRun(await start(alice, caller.id), ['succeeded', 'failed']);
  expect(stepOf(run, 'call').error).toMatch(/may not run the workflow/);
  expect(await runsOf(bobs.id)).toHaveLength(0);
  expect(await h.balance(alice.uid)).toBe(before - RUN_START_COST);
  expect(await h.balance(bob.uid)).toBe(FREE_TOKENS_PER_MONTH + 100);
});

it('refuses child input that does not fit its input fields, naming the field', async () => {
  const inner = await h.saveWorkflow(alice.uid, [manual([{ key: 'n', type: 'number', required: true }]), node('out', 'output')], [edge('trigger', 'out')]);
  const caller = await h.saveWorkflow(alice.uid, [manual(), node('call', 'subworkflow', { workflowId: inner.id, input: { n: 'lots' } })], [edge('trigger', 'call')]);
  const run = await h.waitForRun(await start(alice, caller.id), ['succeeded', 'failed']);
  expect(stepOf(run, 'call').error).toBe('Input of the sub-workflow: input.n must be a number');
  expect(await runsOf(inner.id)).toHaveLength(0);
});

it('cancels the child run when the parent run is canceled', async () => {
  const slow = await h.saveWorkflow(alice.uid, [manual(), node('pause', 'wait', { mode: 'duration', amount: 1, unit: 'hours' }), node('out', 'output')], [edge('trigger', 'pause'), edge('pause', 'out')]);
  const parent = await h.saveWorkflow(alice.uid, [manual(), node('call', 'subworkflow', { workflowId: slow.id, input: {} }), node('out', 'output')], [edge('trigger', 'call'), edge('call', 'out')]);
  const runId = await start(alice, parent.id);
  const running = await h.waitForRun(runId, (run) => typeof stepOf(run, 'call')?.childRunId === 'string');
  const childId: string = stepOf(running, 'call').childRunId;
  await h.waitForRun(childId, ['waiting']);

  const canceled = await h.call('POST', `/api/runs/${runId}/cancel`, { user: alice });
  expect(canceled.status).toBe(200);
  const child = await h.waitForRun(childId, ['canceled', 'succeeded', 'failed']);
  expect(child.status).toBe('canceled');
  expect(stepOf(child, 'pause').status).toBe('canceled');
  expect((await h.waitForRun(runId, ['canceled'])).status).toBe('canceled');
});
