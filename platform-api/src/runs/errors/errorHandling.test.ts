// The engine's per-node error handling through its ports (in-memory store,
// free meter): each onError setting, the error branch, per-node retries and
// their backoff, several triggers, and the error workflow.
import type { StepInput, Workflow } from '@agentflow/shared/workflow';
import { StepFailure, TransientStepError, type StepHandler } from '../steps';
import type { StoredRun } from '../runModel';
import { ErrorWorkflowStarter, type ErrorWorkflowPorts } from './errorWorkflow';
import { edge, node, setUpEngine, workflowOf } from './testing/memoryEngine';

/** A step that fails with a code (like FlowStepFailure), every time. */
class CodedFailure extends StepFailure {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const failing: StepHandler = async () => {
  throw new CodedFailure('CRM said no', 'crm-refused');
};
/** Hands on what it was given, so a test sees each step's input. */
const echo: StepHandler = async ({ input }) => ({ output: { saw: input } });

const stepOf = (run: StoredRun, id: string) => run.steps.find((step) => step.id === id)!;
const statuses = (run: StoredRun) => Object.fromEntries(run.steps.map((step) => [step.id, step.status]));

/** trigger → call → next, and call's error branch → fallback. */
const errorFlow = (settings: Parameters<typeof node>[3], errorEdge = true): Workflow =>
  workflowOf(
    [node('trigger', 'trigger.manual'), node('call', 'http', {}, settings), node('next', 'transform'), node('fallback', 'transform')],
    [edge('trigger', 'call'), edge('call', 'next'), errorEdge ? edge('call', 'fallback', 'error') : edge('trigger', 'fallback')],
  );

describe('on error', () => {
  it("'stop' (and no setting) fails the run at the failed step; nothing after it runs", async () => {
    const { run, queue } = setUpEngine({ http: failing, transform: echo });
    for (const settings of [undefined, { onError: 'stop' as const }]) {
      const done = await run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http', {}, settings), node('next', 'transform')], [edge('trigger', 'call'), edge('call', 'next')]));
      expect(done.status).toBe('failed');
      expect(done.error).toBe('CRM said no');
      expect(statuses(done)).toEqual({ trigger: 'succeeded', call: 'failed', next: 'skipped' });
      expect(stepOf(done, 'call').handled).toBeUndefined();
    }
    await queue.stop();
  });

  it("'continue' records the step failed and handled, and hands { error, input } to the normal successors; the run succeeds", async () => {
    const { run, queue } = setUpEngine({ http: failing, transform: echo });
    const done = await run(
      workflowOf([node('trigger', 'trigger.manual'), node('call', 'http', {}, { onError: 'continue' }), node('next', 'transform')], [edge('trigger', 'call'), edge('call', 'next')]),
      { lead: 'Ada' },
    );
    expect(done.status).toBe('succeeded');
    expect(done.error).toBeNull();
    expect(statuses(done)).toEqual({ trigger: 'succeeded', call: 'failed', next: 'succeeded' });
    const call = stepOf(done, 'call');
    expect(call).toMatchObject({ handled: true, error: 'CRM said no', branch: null });
    expect(call.output).toEqual({ error: { message: 'CRM said no', code: 'crm-refused' }, input: expect.objectContaining({ input: { lead: 'Ada' } }) });
    const seen = (stepOf(done, 'next').output as { saw: StepInput }).saw;
    expect(seen.call).toEqual(call.output);
    await queue.stop();
  });

  it("'branch' takes the error branch and skips the normal successors; the run succeeds", async () => {
    const { run, queue } = setUpEngine({ http: failing, transform: echo });
    const done = await run(errorFlow({ onError: 'branch' }));
    expect(done.status).toBe('succeeded');
    expect(statuses(done)).toEqual({ trigger: 'succeeded', call: 'failed', next: 'skipped', fallback: 'succeeded' });
    expect(stepOf(done, 'call')).toMatchObject({ handled: true, branch: 'error' });
    expect((stepOf(done, 'fallback').output as { saw: StepInput }).saw.call).toMatchObject({ error: { message: 'CRM said no', code: 'crm-refused' } });
    await queue.stop();
  });

  it("'branch' on a step that succeeds runs the normal successors and skips the error branch", async () => {
    const { run, queue } = setUpEngine({ http: echo, transform: echo });
    const done = await run(errorFlow({ onError: 'branch' }));
    expect(done.status).toBe('succeeded');
    expect(statuses(done)).toEqual({ trigger: 'succeeded', call: 'succeeded', next: 'succeeded', fallback: 'skipped' });
    await queue.stop();
  });

  it('a join after an error branch runs once either side finished, with the handled output', async () => {
    const { run, queue } = setUpEngine({ http: failing, transform: echo });
    const done = await run(
      workflowOf(
        [node('trigger', 'trigger.manual'), node('call', 'http', {}, { onError: 'branch' }), node('next', 'transform'), node('fallback', 'transform'), node('join', 'transform')],
        [edge('trigger', 'call'), edge('call', 'next'), edge('call', 'fallback', 'error'), edge('next', 'join'), edge('fallback', 'join')],
      ),
    );
    expect(done.status).toBe('succeeded');
    expect(statuses(done)).toEqual({ trigger: 'succeeded', call: 'failed', next: 'skipped', fallback: 'succeeded', join: 'succeeded' });
    await queue.stop();
  });
});

describe('retries per node', () => {
  it('tries as often as the node says, waiting backoffMs, then twice that, then four times', async () => {
    const at: number[] = [];
    const flaky: StepHandler = async () => {
      at.push(performance.now());
      throw new StepFailure('still down');
    };
    const { run, queue } = setUpEngine({ http: flaky });
    const done = await run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http', {}, { retry: { attempts: 4, backoffMs: 40, on: 'any' } })], [edge('trigger', 'call')]));
    expect(done.status).toBe('failed');
    expect(stepOf(done, 'call').attempts).toBe(4);
    expect(at).toHaveLength(4);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // Timers never fire early (a millisecond of rounding aside).
    [40, 80, 160].forEach((delay, i) => expect(gaps[i]).toBeGreaterThanOrEqual(delay - 1));
    await queue.stop();
  });

  it("'transient' retries only what may pass; 'any' retries the rest but never a refusal; 1 attempt is no retry", async () => {
    const counts = new Map<string, number>();
    const handler: StepHandler = async ({ node: current }) => {
      counts.set(current.id, (counts.get(current.id) ?? 0) + 1);
      const kind = (current.params as { kind: string }).kind;
      if (kind === 'transient') throw new TransientStepError('busy');
      if (kind === 'refusal') throw new CodedFailure('Upgrade to run this', 'plan_required');
      throw new StepFailure('bad request');
    };
    const { run, queue } = setUpEngine({ http: handler });
    const cases: [string, Parameters<typeof node>[3], number][] = [
      ['final', { retry: { attempts: 3, backoffMs: 1, on: 'transient' } }, 1],
      ['transient', { retry: { attempts: 3, backoffMs: 1, on: 'transient' } }, 3],
      ['final', { retry: { attempts: 3, backoffMs: 1, on: 'any' } }, 3],
      ['refusal', { retry: { attempts: 3, backoffMs: 1, on: 'any' } }, 1],
      ['transient', { retry: { attempts: 1, backoffMs: 1, on: 'any' } }, 1],
      // No settings: today's 3 attempts on transient errors.
      ['transient', undefined, 3],
    ];
    for (const [kind, settings, attempts] of cases) {
      counts.clear();
      const done = await run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http', { kind }, settings)], [edge('trigger', 'call')]));
      expect([kind, settings?.retry?.on, stepOf(done, 'call').attempts, counts.get('call')]).toEqual([kind, settings?.retry?.on, attempts, attempts]);
    }
    await queue.stop();
  });
});

describe('several triggers', () => {
  const twoTriggers = () =>
    workflowOf(
      [node('manual', 'trigger.manual'), node('hook', 'trigger.webhook'), node('fromManual', 'transform'), node('fromHook', 'transform'), node('both', 'transform')],
      [edge('manual', 'fromManual'), edge('hook', 'fromHook'), edge('fromManual', 'both'), edge('fromHook', 'both')],
    );

  it('runs only the trigger that fired and what it leads to; the others are skipped', async () => {
    const { run, queue } = setUpEngine({ transform: echo });
    const hooked = await run(twoTriggers(), { body: 1 }, { type: 'webhook', userId: null, nodeId: 'hook' });
    expect(hooked.status).toBe('succeeded');
    expect(statuses(hooked)).toEqual({ manual: 'skipped', hook: 'succeeded', fromManual: 'skipped', fromHook: 'succeeded', both: 'succeeded' });
    const manual = await run(twoTriggers(), {}, { type: 'manual', userId: 'ada', nodeId: 'manual' });
    expect(statuses(manual)).toEqual({ manual: 'succeeded', hook: 'skipped', fromManual: 'succeeded', fromHook: 'skipped', both: 'succeeded' });
    await queue.stop();
  });

  it('a run that names no trigger (from before) runs the first', async () => {
    const { run, queue } = setUpEngine({ transform: echo });
    const done = await run(twoTriggers());
    expect(statuses(done)).toMatchObject({ manual: 'succeeded', hook: 'skipped', fromHook: 'skipped' });
    await queue.stop();
  });
});

describe('the error workflow', () => {
  const reporter = workflowOf([node('start', 'trigger.manual'), node('report', 'transform')], [edge('start', 'report')], { id: 'wf-errors', name: 'Report failures' });

  function withErrorWorkflow(workflows: Workflow[], mayRun = true) {
    const starts: Promise<string | null>[] = [];
    const ports: ErrorWorkflowPorts = {
      loadWorkflow: async (id) => workflows.find((workflow) => workflow.id === id) ?? null,
      mayRun: async () => mayRun,
      start: (newRun) => engine.service.start(newRun),
      claim: async () => true,
    };
    const starter = new ErrorWorkflowStarter(ports, { warn: () => undefined, info: () => undefined } as never);
    const engine = setUpEngine({ http: failing, transform: echo }, { onRunFailed: async (run) => void starts.push(starter.start(run)) });
    return { ...engine, starts };
  }

  it('starts with the failed run’s details, as an error run of the same owner', async () => {
    const { run, ended, starts, queue } = withErrorWorkflow([reporter]);
    const failed = await run(
      workflowOf([node('trigger', 'trigger.manual'), node('call', 'http'), node('next', 'transform')], [edge('trigger', 'call'), edge('call', 'next')], { errorWorkflowId: 'wf-errors', name: 'Sync CRM' }),
    );
    expect(failed.status).toBe('failed');
    for (let i = 0; i < 100 && starts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const errorRunId = await starts[0]!;
    expect(errorRunId).toEqual(expect.any(String));
    const errorRun = await ended(errorRunId!);
    expect(errorRun).toMatchObject({ workflowId: 'wf-errors', ownerId: 'ada', status: 'succeeded', trigger: { type: 'error', userId: null, failedRunId: failed.id, nodeId: 'start' } });
    expect(errorRun.input).toEqual({
      failedRun: { id: failed.id, workflowId: 'wf-1', workflowName: 'Sync CRM', error: 'CRM said no', failedStep: { nodeId: 'call', name: 'call', error: 'CRM said no' } },
    });
    expect((stepOf(errorRun, 'report').output as { saw: StepInput }).saw.input).toEqual(errorRun.input);
    await queue.stop();
  });

  it('is not started by a run that succeeded (a handled failure) nor when the owner may not run it', async () => {
    const handledRun = withErrorWorkflow([reporter]);
    const ok = await handledRun.run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http', {}, { onError: 'continue' })], [edge('trigger', 'call')], { errorWorkflowId: 'wf-errors' }));
    expect(ok.status).toBe('succeeded');
    expect(handledRun.starts).toHaveLength(0);
    await handledRun.queue.stop();

    const forbidden = withErrorWorkflow([reporter], false);
    const failed = await forbidden.run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http')], [edge('trigger', 'call')], { errorWorkflowId: 'wf-errors' }));
    expect(failed.status).toBe('failed');
    for (let i = 0; i < 100 && forbidden.starts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await forbidden.starts[0]).toBeNull();
    expect(forbidden.store.runs.size).toBe(1);
    await forbidden.queue.stop();
  });

  it('an error workflow that fails starts nothing more, even when it names itself', async () => {
    const selfReporting = workflowOf([node('start', 'trigger.manual'), node('call', 'http')], [edge('start', 'call')], { id: 'wf-errors', name: 'Fails too', errorWorkflowId: 'wf-errors' });
    const { run, ended, starts, store, queue } = withErrorWorkflow([selfReporting]);
    await run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http')], [edge('trigger', 'call')], { errorWorkflowId: 'wf-errors' }));
    for (let i = 0; i < 100 && starts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const errorRun = await ended((await starts[0])!);
    expect(errorRun.status).toBe('failed');
    for (let i = 0; i < 100 && starts.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    // The error run's failure was reported (the executor tells every failure) and refused by the starter.
    expect(await starts[1]).toBeNull();
    expect(store.runs.size).toBe(2);
    await queue.stop();
  });
});
