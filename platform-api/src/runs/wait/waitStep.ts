// The wait step: pauses the run for a duration or until a date-time. A short
// wait (WAIT_LIMITS.inProcessMs) sleeps inside the step; a longer one leaves
// the step 'waiting' with its `resumeAt`, like an approval, so the run is
// stored 'waiting' and this execution ends. The resume sweep (resumeSweep.ts)
// on any instance finishes the step when it is due and queues the run again:
// a wait survives restarts and holds no process.
import { WAIT_LIMITS, parseNodeParams, waitResumeAt } from '@agentflow/shared/workflow';
import { renderTemplate } from '../../expressions/evaluate.js';
import { sleep } from '../failures.js';
import { FlowStepFailure } from '../flowStepFailure.js';
import { StepFailure, type StepHandler } from '../steps.js';

export interface WaitStepOptions {
  now: () => Date;
  /** Waits up to this long sleep in the step (default WAIT_LIMITS.inProcessMs; tests set 0 to store every wait). */
  inProcessMs?: number;
}

export function createWaitHandler({ now, inProcessMs = WAIT_LIMITS.inProcessMs }: WaitStepOptions): StepHandler {
  return async ({ node, input, signal, annotateStep }) => {
    const parsed = parseNodeParams('wait', node.params);
    if (!parsed.success) throw new StepFailure(`Invalid parameters of ${node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const params = parsed.data;
    // An until-wait's date-time may be computed from the step's input.
    const at = params.mode === 'until' ? (await renderTemplate(params.at, input)).trim() : undefined;
    const start = now();
    const decided = waitResumeAt(params, start, at);
    if ('error' in decided) throw new FlowStepFailure(decided.message, decided.error);
    const resumeAt = decided.resumeAt.toISOString();
    const ms = decided.resumeAt.getTime() - start.getTime();
    if (ms <= inProcessMs) {
      if (ms > 0) await sleep(ms, signal);
      return { output: { resumeAt, resumedAt: now().toISOString() } };
    }
    // A step test cannot be resumed later: it shows when the wait would end.
    if (!annotateStep) return { output: { resumeAt } };
    annotateStep({ resumeAt });
    return { output: { resumeAt }, waiting: true };
  };
}
