// "Run from here" (POST /api/workflows/:id/runs with startAt) against the
// emulators: the nodes upstream of startAt do not run and stand in with their
// pinned output (succeeded steps marked pinned, free), a pinned condition
// routes by its pin, nodes off startAt's paths are skipped, a pin larger than
// a run document's step reaches the next step whole, and an upstream node
// without a pin (or an unknown startAt) refuses the run with nothing created.
import { RUN_LIMITS, RUN_START_COST, STEP_TEST_ERROR_CODES, type WorkflowNode } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('run-from-here');
  alice = await h.createUser('alice', { tokens: 100 });
});
afterAll(() => h?.close());

const pinned = (pinnedNode: WorkflowNode, output: unknown): WorkflowNode => ({ ...pinnedNode, pinned: { output, pinnedAt: '2026-11-26T10:00:00.000Z' } });
const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;
const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).size;

/**
 * trigger → fetch → isBig ─true→ draft → out
 *                         └false→ small
 * trigger → audit (a branch off draft's paths)
 */
function graph(pins: { fetch?: unknown; isBig?: unknown } = {}) {
  const fetch = node('fetch', 'transform', { mapping: '{"amount": $number(input.amount) * 1000}' });
  const isBig = node('isBig', 'condition', { expression: 'fetch.amount > 500' });
  return h.saveWorkflow(
    alice.uid,
    [
      manual([{ key: 'amount', type: 'string' }]),
      'fetch' in pins ? pinned(fetch, pins.fetch) : fetch,
      'isBig' in pins ? pinned(isBig, pins.isBig) : isBig,
      node('draft', 'transform', { mapping: '{"text": "Deal of " & $string(fetch.amount) & " for " & input.amount}' }),
      node('small', 'output', { mapping: '"small"' }),
      node('out', 'output', { mapping: 'draft' }),
      node('audit', 'output', { mapping: '"audited"' }),
    ],
    [edge('trigger', 'fetch'), edge('fetch', 'isBig'), edge('isBig', 'draft', 'true'), edge('isBig', 'small', 'false'), edge('draft', 'out'), edge('trigger', 'audit')],
  );
}

it('runs from a node: upstream nodes give their pins (succeeded, pinned, free), the rest of the graph runs or is skipped as a branch would be', async () => {
  const wf = await graph({ fetch: { amount: 750 }, isBig: true });
  const before = await h.balance(alice.uid);
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { amount: '2' }, startAt: 'draft' } });
  expect(response.status).toBe(202);
  const run = await h.waitForRun(response.body.runId, ['succeeded', 'failed']);

  expect(run.status).toBe('succeeded');
  // The pinned output, not the transform's (2 × 1000 = 2000): fetch did not run.
  expect(stepOf(run, 'fetch')).toMatchObject({ status: 'succeeded', pinned: true, output: { amount: 750 }, tokens: 0, attempts: 0 });
  expect(stepOf(run, 'isBig')).toMatchObject({ status: 'succeeded', pinned: true, output: true, branch: 'true' });
  expect(stepOf(run, 'draft')).toMatchObject({ status: 'succeeded', output: { text: 'Deal of 750 for 2' }, attempts: 1 });
  expect(stepOf(run, 'draft').pinned).toBeUndefined();
  expect(stepOf(run, 'draft').input).toMatchObject({ fetch: { amount: 750 }, isBig: true, input: { amount: '2' } });
  expect(stepOf(run, 'small').status).toBe('skipped');
  expect(stepOf(run, 'audit').status).toBe('skipped');
  expect(stepOf(run, 'trigger')).toMatchObject({ status: 'succeeded', output: { amount: '2' } });
  expect(run.output).toEqual({ out: { text: 'Deal of 750 for 2' } });
  // Only the run's start token: pinned steps cost nothing.
  expect(run.tokensUsed).toBe(RUN_START_COST);
  expect(await h.balance(alice.uid)).toBe(before - RUN_START_COST);
});

it('routes by a pinned condition: a false pin skips the true branch', async () => {
  const wf = await graph({ fetch: { amount: 10 }, isBig: false });
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { amount: '1' }, startAt: 'small' } });
  expect(response.status).toBe(202);
  const run = await h.waitForRun(response.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(stepOf(run, 'isBig')).toMatchObject({ pinned: true, branch: 'false' });
  expect(run.output).toEqual({ small: 'small' });
  expect(['draft', 'out', 'audit'].map((id) => stepOf(run, id).status)).toEqual(['skipped', 'skipped', 'skipped']);
});

it('gives the next step a pin larger than a step of the run document, whole', async () => {
  const rows = Array.from({ length: 400 }, (_, i) => ({ id: i, note: `row ${i} of the pinned sample` }));
  expect(JSON.stringify(rows).length).toBeGreaterThan(RUN_LIMITS.maxStepOutputBytes);
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual(), pinned(node('load', 'transform', { mapping: '[]' }), rows), node('count', 'output', { mapping: '{"rows": $count(load), "last": load[-1].id}' })],
    [edge('trigger', 'load'), edge('load', 'count')],
  );
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {}, startAt: 'count' } });
  const run = await h.waitForRun(response.body.runId, ['succeeded', 'failed']);
  expect(stepOf(run, 'load')).toMatchObject({ pinned: true, outputTruncated: true });
  expect(run.output).toEqual({ count: { rows: 400, last: 399 } });
});

it('refuses a run from a node whose upstream node has no pin: 400 pin-missing naming it, nothing created or charged', async () => {
  const wf = await graph({ fetch: { amount: 750 } });
  const before = await h.balance(alice.uid);
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { amount: '2' }, startAt: 'draft' } });
  expect(response).toMatchObject({ status: 400, body: { code: STEP_TEST_ERROR_CODES.pinMissing, field: 'startAt', nodeId: 'isBig' } });
  expect(response.body.error).toContain("'isBig'");
  expect(await runsOf(wf.id)).toBe(0);
  expect(await h.balance(alice.uid)).toBe(before);
});

it('refuses an unknown startAt (400 naming the field) and a startAt that is not a string', async () => {
  const wf = await graph();
  expect(await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {}, startAt: 'nowhere' } })).toMatchObject({
    status: 400,
    body: { code: STEP_TEST_ERROR_CODES.nodeNotFound, field: 'startAt', nodeId: null },
  });
  expect(await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {}, startAt: 3 } })).toMatchObject({ status: 400, body: { error: 'startAt must be a string' } });
  expect(await runsOf(wf.id)).toBe(0);
});

it('runs the whole workflow from the trigger (nothing needs a pin)', async () => {
  const wf = await graph();
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { amount: '2' }, startAt: 'trigger' } });
  const run = await h.waitForRun(response.body.runId, ['succeeded', 'failed']);
  expect(run.output).toEqual({ out: { text: 'Deal of 2000 for 2' }, audit: 'audited' });
  expect(run.steps.some((step) => step.pinned)).toBe(false);
});
