// Error branches and the error workflow on the emulators, through the runs API:
// the stored step of a branched failure, the error workflow's run started
// from Firestore with the failed run's details (paid by the same owner), and
// none for a workflow the owner may not run; the error trigger's details; and
// a run that recovery fails (interrupted, two instances sweeping) starting its
// error workflow once.
import { RUN_MESSAGES, RUN_SERVER_COLLECTIONS, RUN_START_COST, WORKFLOW_RUNS_COLLECTION, defaultParams, initialSteps, sampleFailedRunDetails } from '@agentflow/shared/workflow';
import { pino } from 'pino';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { decodeRun, encodeRun, runRef } from '../store';
import type { StoredRun } from '../runModel';
import { deleteRunWithFiles } from '../housekeeping';
import { ErrorWorkflowStarter } from './errorWorkflow';
import { firestoreErrorWorkflowPorts } from './firestoreErrorWorkflow';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('errors', { limits: { retryBaseDelayMs: 5 } });
  alice = await h.createUser('alice', { tokens: 100 });
  bob = await h.createUser('bob', { tokens: 100 });
});

afterAll(async () => {
  await h?.close();
});

/** A step that always fails: JSONata's $error. */
const boom = (settings?: Parameters<typeof withSettings>[1]) => withSettings(node('boom', 'transform', { mapping: '$error("CRM down")' }), settings);
function withSettings(n: ReturnType<typeof node>, settings?: ReturnType<typeof node>['settings']) {
  return settings ? { ...n, settings } : n;
}

async function start(workflowId: string, user: RunsUser = alice): Promise<string> {
  const response = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user, body: { input: {} } });
  expect(response.status).toBe(202);
  return response.body.runId as string;
}

async function runsOf(workflowId: string): Promise<StoredRun[]> {
  const snapshot = await h.db.collection(WORKFLOW_RUNS_COLLECTION).where('workflowId', '==', workflowId).get();
  return snapshot.docs.map((doc) => decodeRun(doc)).filter((run): run is StoredRun => run !== null);
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('stores a branched failure as failed and handled, runs the error branch only, and the run succeeds', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual(), boom({ onError: 'branch', retry: { attempts: 2, backoffMs: 10, on: 'any' } }), node('next', 'transform', { mapping: '"normal"' }), node('fallback', 'transform', { mapping: '{"told": boom.error.message}' })],
    [edge('trigger', 'boom'), edge('boom', 'next'), edge('boom', 'fallback', 'error')],
  );
  const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(run.steps.map((step) => [step.id, step.status])).toEqual([
    ['trigger', 'succeeded'],
    ['boom', 'failed'],
    ['next', 'skipped'],
    ['fallback', 'succeeded'],
  ]);
  const failed = run.steps.find((step) => step.id === 'boom')!;
  expect(failed).toMatchObject({ handled: true, branch: 'error', attempts: 2 });
  expect(failed.output).toMatchObject({ error: { message: expect.stringContaining('CRM down') } });
  expect(run.steps.find((step) => step.id === 'fallback')!.output).toEqual({ told: (failed.output as { error: { message: string } }).error.message });
});

it('starts the error workflow with the failed run’s details, on the same owner’s tokens', async () => {
  // A webhook trigger takes any input, so `input.failedRun.…` passes the reference check (a manual trigger's form would not have it).
  const hook = node('hook', 'trigger.webhook', defaultParams('trigger.webhook') as Record<string, unknown>);
  const reporter = await h.saveWorkflow(alice.uid, [hook, node('note', 'transform', { mapping: '{"run": input.failedRun.id, "step": input.failedRun.failedStep.nodeId}' })], [edge('hook', 'note')], { name: 'Report failures' });
  const wf = await h.saveWorkflow(alice.uid, [manual(), boom(), node('next', 'transform', { mapping: '"never"' })], [edge('trigger', 'boom'), edge('boom', 'next')], {
    name: 'Sync CRM',
    errorWorkflowId: reporter.id,
  });
  const before = await h.balance(alice.uid);
  const failed = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(failed.status).toBe('failed');

  const [errorRun] = await eventually(
    () => runsOf(reporter.id),
    (runs) => runs.some((run) => run.status === 'succeeded'),
  );
  expect(errorRun).toMatchObject({ ownerId: alice.uid, status: 'succeeded', trigger: { type: 'error', userId: null, failedRunId: failed.id, nodeId: 'hook' } });
  expect(errorRun!.input).toEqual({
    failedRun: { id: failed.id, workflowId: wf.id, workflowName: 'Sync CRM', error: failed.error, failedStep: { nodeId: 'boom', name: 'boom', error: failed.error } },
  });
  expect(errorRun!.steps.find((step) => step.id === 'note')!.output).toEqual({ run: failed.id, step: 'boom' });
  // Both runs were paid by Alice.
  expect(before - (await h.balance(alice.uid))).toBe(2 * RUN_START_COST);
});

it('starts nothing when the owner may not run the named workflow', async () => {
  const bobsOwn = await h.saveWorkflow(bob.uid, [manual(), node('note', 'transform', { mapping: '"seen"' })], [edge('trigger', 'note')]);
  const wf = await h.saveWorkflow(alice.uid, [manual(), boom()], [edge('trigger', 'boom')], { errorWorkflowId: bobsOwn.id });
  const failed = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(failed.status).toBe('failed');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await runsOf(bobsOwn.id)).toEqual([]);
});

it('starts an error workflow at its error trigger, whose steps read the failed run’s details', async () => {
  const reporter = await h.saveWorkflow(
    alice.uid,
    [node('failed', 'trigger.error', {}), node('note', 'transform', { mapping: '{"run": input.run.id, "step": input.failedStep.type, "path": input.run.path, "why": input.error.message}' })],
    [edge('failed', 'note')],
    { name: 'Report failures' },
  );
  const wf = await h.saveWorkflow(alice.uid, [manual(), boom()], [edge('trigger', 'boom')], { name: 'Sync CRM', errorWorkflowId: reporter.id });
  const failed = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  const [errorRun] = await eventually(
    () => runsOf(reporter.id),
    (runs) => runs.some((run) => run.status === 'succeeded'),
  );
  expect(errorRun).toMatchObject({ status: 'succeeded', trigger: { type: 'error', failedRunId: failed.id, nodeId: 'failed' } });
  expect(errorRun!.steps.find((step) => step.id === 'note')!.output).toEqual({ run: failed.id, step: 'transform', path: `/workflows/${wf.id}/runs/${failed.id}`, why: failed.error });
  // The start is claimed for the failed run: another report of it (another instance's starter) starts nothing.
  const claim = h.db.collection(RUN_SERVER_COLLECTIONS.errorWorkflowStarts).doc(failed.id);
  expect((await claim.get()).get('errorWorkflowId')).toBe(reporter.id);
  const another = new ErrorWorkflowStarter(firestoreErrorWorkflowPorts(h.db, () => h.app.runs.service), pino({ level: 'silent' }));
  expect(await another.start(failed)).toBeNull();
  expect(await runsOf(reporter.id)).toHaveLength(1);
  // The claim goes with the failed run.
  await deleteRunWithFiles(h.db, null, failed.id);
  expect((await claim.get()).exists).toBe(false);
});

it('a run failed by recovery (interrupted, not resumable) starts its error workflow once, with two instances sweeping', async () => {
  const reporter = await h.saveWorkflow(alice.uid, [node('failed', 'trigger.error', {}), node('note', 'transform', { mapping: 'input.error.message' })], [edge('failed', 'note')], { name: 'Report failures' });
  const nodes = [manual(), node('slow', 'http', { method: 'GET', url: 'https://example.com', headers: {}, timeoutMs: 1000 })];
  const edges = [edge('trigger', 'slow')];
  const wf = await h.saveWorkflow(alice.uid, nodes, edges, { name: 'Nightly sync', errorWorkflowId: reporter.id });
  const steps = initialSteps(nodes, edges);
  const at = '2026-01-01T00:00:00.000Z';
  Object.assign(steps[0]!, { status: 'succeeded', startedAt: at, endedAt: at, attempts: 1 });
  Object.assign(steps[1]!, { status: 'running', startedAt: at, attempts: 1 });
  const interrupted: StoredRun = {
    id: `interrupted-${wf.id}`,
    workflowId: wf.id,
    workflowVersion: wf.version,
    workflowName: 'Nightly sync',
    organizationId: null,
    snapshot: { nodes, edges, errorWorkflowId: reporter.id },
    ownerId: alice.uid,
    status: 'running',
    trigger: { type: 'schedule', userId: null },
    input: {},
    output: null,
    error: null,
    tokensUsed: 1,
    steps,
    createdAt: at,
    startedAt: at,
    endedAt: null,
    updatedAt: at,
    // Its instance died: the lease ran out.
    lease: { instanceId: 'dead-instance', expiresAt: Date.now() - 1000 },
  };
  await runRef(h.db, interrupted.id).set(encodeRun(interrupted));

  // Two instances start (recovery sweeps at once on each), wired as in production.
  const instances = await Promise.all([h.startApp({ instanceId: 'sweeper-a' }), h.startApp({ instanceId: 'sweeper-b' })]);
  try {
    for (const instance of instances) instance.runs.start();
    const runs = await eventually(
      () => runsOf(reporter.id),
      (found) => found.some((run) => run.status === 'succeeded'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const errorRuns = await runsOf(reporter.id);
    expect(errorRuns).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ownerId: alice.uid, trigger: { type: 'error', failedRunId: interrupted.id, nodeId: 'failed' } });
    expect(errorRuns[0]!.input).toMatchObject({
      workflow: { id: wf.id, name: 'Nightly sync' },
      run: { id: interrupted.id, trigger: 'schedule' },
      failedStep: { id: 'slow', type: 'http' },
      error: { message: RUN_MESSAGES.interrupted },
    });
    expect(errorRuns[0]!.steps.find((step) => step.id === 'note')!.output).toBe(RUN_MESSAGES.interrupted);
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
  }
});

it('a person’s run of a workflow that starts only at its error trigger is a test with sample details, or with details of that shape', async () => {
  const reporter = await h.saveWorkflow(alice.uid, [node('failed', 'trigger.error', {}), node('note', 'transform', { mapping: 'input.workflow.name' })], [edge('failed', 'note')], { name: 'Report failures' });
  const sample = await h.waitForRun(await start(reporter.id), ['succeeded', 'failed']);
  expect(sample).toMatchObject({ status: 'succeeded', trigger: { type: 'manual', nodeId: 'failed' }, input: sampleFailedRunDetails() });
  expect(sample.steps.find((step) => step.id === 'note')!.output).toBe(sampleFailedRunDetails().workflow.name);

  const own = { ...sampleFailedRunDetails(), workflow: { id: 'wf-x', name: 'Invoices' } };
  const typed = await h.call('POST', `/api/workflows/${reporter.id}/runs`, { user: alice, body: { input: own } });
  expect(typed.status).toBe(202);
  expect((await h.waitForRun(typed.body.runId as string, ['succeeded', 'failed'])).steps.find((step) => step.id === 'note')!.output).toBe('Invoices');

  const bad = await h.call('POST', `/api/workflows/${reporter.id}/runs`, { user: alice, body: { input: { workflow: 'Invoices' } } });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toContain('input.workflow');
});
