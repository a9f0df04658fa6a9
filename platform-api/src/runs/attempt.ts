// One attempt of one step, as the executor runs it (execution.ts, inside its
// retries) and as a step test runs it (stepTest.ts, once): the node's
// handler with a signal that aborts on the step's timeout or when `outer`
// aborts (cancel, fail-fast), raced against that signal so a handler that
// ignores it still stops. An aborted attempt rejects with why it was aborted
// (StepTimeoutError, the cancel), not with the handler's AbortError.
import { CONNECTOR_LIMITS, LOOP_LIMITS, SUBWORKFLOW_LIMITS, type NodeParams, type WorkflowNode } from '@agentflow/shared/workflow';
import type { EngineLimits } from './engine.js';
import { StepTimeoutError } from './failures.js';
import { codeStepTimeoutMs } from './code/stepTimeout.js';
import type { StepContext, StepHandler, StepResult } from './steps.js';

/** How long one attempt of the node may take. */
export function stepTimeoutMs(node: WorkflowNode, limits: Pick<EngineLimits, 'defaultStepTimeoutMs' | 'agentStepTimeoutMs'>): number {
  if (node.type === 'http') return (node.params as Partial<NodeParams<'http'>>).timeoutMs ?? limits.defaultStepTimeoutMs;
  if (node.type === 'agent') return limits.agentStepTimeoutMs;
  // A loop runs every item's body steps (each with its own timeout) within its one attempt.
  if (node.type === 'loop') return LOOP_LIMITS.timeoutMs;
  // An app step may wait out a provider's Retry-After within its time.
  if (node.type === 'connector') return (node.params as Partial<NodeParams<'connector'>>).timeoutMs ?? CONNECTOR_LIMITS.defaultTimeoutMs;
  // A sub-workflow step lasts as long as its child run (within this bound); a wait's in-process sleep is short.
  if (node.type === 'subworkflow') return SUBWORKFLOW_LIMITS.maxWaitMs;
  if (node.type === 'code') return codeStepTimeoutMs(node.params as Partial<NodeParams<'code'>>, limits.defaultStepTimeoutMs);
  return limits.defaultStepTimeoutMs;
}

export async function attemptStep(handler: StepHandler, context: Omit<StepContext, 'signal'>, timeoutMs: number, outer: AbortSignal): Promise<StepResult> {
  const controller = new AbortController();
  const forward = () => controller.abort(outer.reason);
  outer.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => controller.abort(new StepTimeoutError(timeoutMs)), timeoutMs);
  try {
    const work = handler({ ...context, signal: controller.signal });
    return await new Promise<StepResult>((resolve, reject) => {
      const onAbort = () => reject(controller.signal.reason);
      controller.signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => controller.signal.removeEventListener('abort', onAbort));
    });
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', forward);
  }
}
