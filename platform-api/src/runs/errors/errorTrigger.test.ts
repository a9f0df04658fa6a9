// The error workflow started at its error trigger (in memory): the failed
// run's details as the trigger's output in shared's one shape, the old
// `{ failedRun }` input kept for error workflows without that trigger, and
// one start per failed run however often it is reported.
import { failedRunDetailsSchema, type StepInput, type Workflow } from '@agentflow/shared/workflow';
import { StepFailure, type StepHandler } from '../steps';
import type { StoredRun } from '../runModel';
import { ErrorWorkflowStarter, type ErrorWorkflowPorts } from './errorWorkflow';
import { edge, node, setUpEngine, workflowOf } from './testing/memoryEngine';

const failing: StepHandler = async () => {
  throw new StepFailure('CRM said no');
};
const echo: StepHandler = async ({ input }) => ({ output: { saw: input } });
const stepOf = (run: StoredRun, id: string) => run.steps.find((step) => step.id === id)!;

const failingFlow = workflowOf([node('trigger', 'trigger.manual'), node('call', 'http'), node('next', 'transform')], [edge('trigger', 'call'), edge('call', 'next')], {
  errorWorkflowId: 'wf-errors',
  name: 'Sync CRM',
});

/** The claim port over a set (the claims of several "instances" share it): true for the first claim of a run only. */
const claimIn = (claims: Set<string>) => async (failedRunId: string) => {
  if (claims.has(failedRunId)) return false;
  claims.add(failedRunId);
  return true;
};

/** An engine whose failed runs go to a starter over `workflows`. */
function withErrorWorkflow(workflows: Workflow[], claims = new Set<string>()) {
  const ports: ErrorWorkflowPorts = {
    loadWorkflow: async (id) => workflows.find((workflow) => workflow.id === id) ?? null,
    mayRun: async () => true,
    start: (newRun) => engine.service.start(newRun),
    claim: claimIn(claims),
  };
  const starter = new ErrorWorkflowStarter(ports, { warn: () => undefined, info: () => undefined } as never, () => new Date('2026-03-01T10:00:00.000Z'));
  const engine = setUpEngine({ http: failing, transform: echo });
  return { ...engine, starter };
}

describe('the error trigger', () => {
  const reporter = workflowOf([node('failed', 'trigger.error'), node('report', 'transform')], [edge('failed', 'report')], { id: 'wf-errors', name: 'Report failures' });

  it('starts the error workflow at its error trigger, whose output is the failed run’s details', async () => {
    const { run, ended, starter, queue } = withErrorWorkflow([reporter]);
    const failed = await run(failingFlow);
    expect(failed.status).toBe('failed');
    const errorRun = await ended((await starter.start(failed))!);
    expect(errorRun).toMatchObject({ workflowId: 'wf-errors', ownerId: 'ada', status: 'succeeded', trigger: { type: 'error', userId: null, failedRunId: failed.id, nodeId: 'failed' } });
    expect(errorRun.input).toEqual({
      workflow: { id: 'wf-1', name: 'Sync CRM' },
      run: { id: failed.id, path: `/workflows/wf-1/runs/${failed.id}`, trigger: 'manual', startedAt: failed.startedAt },
      failedStep: { id: 'call', name: 'call', type: 'http' },
      error: { message: 'CRM said no', code: null },
      failedAt: failed.endedAt,
    });
    expect(failedRunDetailsSchema.safeParse(errorRun.input).success).toBe(true);
    // The trigger step's output is the details: later steps read them as input.… and as the trigger's key.
    expect(stepOf(errorRun, 'failed')).toMatchObject({ status: 'succeeded', output: errorRun.input });
    expect((stepOf(errorRun, 'report').output as { saw: StepInput }).saw.input).toEqual(errorRun.input);
    await queue.stop();
  });

  it('an error workflow without one (a webhook trigger reading input.failedRun) still gets the old input', async () => {
    const legacy = workflowOf([node('hook', 'trigger.webhook'), node('report', 'transform')], [edge('hook', 'report')], { id: 'wf-errors', name: 'Old reporter' });
    const { run, ended, starter, queue } = withErrorWorkflow([legacy]);
    const failed = await run(failingFlow);
    const errorRun = await ended((await starter.start(failed))!);
    expect(errorRun.trigger).toMatchObject({ type: 'error', nodeId: 'hook' });
    expect(errorRun.input).toEqual({ failedRun: { id: failed.id, workflowId: 'wf-1', workflowName: 'Sync CRM', error: 'CRM said no', failedStep: { nodeId: 'call', name: 'call', error: 'CRM said no' } } });
    await queue.stop();
  });

  it('starts once per failed run, however many report it at the same time', async () => {
    const claims = new Set<string>();
    const first = withErrorWorkflow([reporter], claims);
    const failed = await first.run(failingFlow);
    const second = new ErrorWorkflowStarter(
      {
        loadWorkflow: async () => reporter,
        mayRun: async () => true,
        start: (newRun) => first.service.start(newRun),
        claim: claimIn(claims),
      },
      { warn: () => undefined, info: () => undefined } as never,
    );
    const started = await Promise.all([first.starter.start(failed), second.start(failed), first.starter.start(failed)]);
    expect(started.filter((id) => id !== null)).toHaveLength(1);
    expect([...first.store.runs.values()].filter((entry) => entry.run.trigger.type === 'error')).toHaveLength(1);
    await first.queue.stop();
  });
});
