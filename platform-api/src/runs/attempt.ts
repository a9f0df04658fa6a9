// The attempts of one step, and one attempt of it. runStepAttempts() is the
// one place that decides how often and after how long a step is tried again,
// for every caller: a top-level step (execution.ts), a loop's body step
// (loop/loopStep.ts) and a step test (stepTest.ts). The node's retry
// settings decide (errors/retry.ts); a step test makes one attempt whatever
// they say (the builder shows what the step answers now, and a backoff of
// up to minutes would hold the request open). What a final failure does
// (onError) is errors/handled.ts's, for the same callers.
//
// One attempt (attemptStep): the node's handler with a signal that aborts on
// the step's timeout or when `outer` aborts (cancel, fail-fast), raced
// against that signal so a handler that ignores it still stops. An aborted
// attempt rejects with why it was aborted (StepTimeoutError, the cancel),
// not with the handler's AbortError.
import { CONNECTOR_LIMITS, LOOP_LIMITS, SUBWORKFLOW_LIMITS, type NodeParams, type RetrySettings, type WorkflowNode } from '@agentflow/shared/workflow';
import type { EngineLimits } from './engine.js';
import { StepTimeoutError, sleep } from './failures.js';
import { codeStepTimeoutMs } from './code/stepTimeout.js';
import { nextRetryDelay, retryPolicyFor } from './errors/retry.js';
import type { StepContext, StepHandler, StepResult } from './steps.js';

/** Who runs the step: a run (its node's retries) or a step test (one attempt). */
export type AttemptPurpose = 'run' | 'test';

/** The retry policy a step runs with: the node's settings in a run, a single attempt in a step test. */
export function attemptPolicyFor(node: WorkflowNode, limits: Pick<EngineLimits, 'maxAttempts' | 'retryBaseDelayMs'>, purpose: AttemptPurpose): RetrySettings {
  const policy = retryPolicyFor(node, limits);
  return purpose === 'test' ? { ...policy, attempts: 1 } : policy;
}

export interface StepAttempts {
  handler: StepHandler;
  node: WorkflowNode;
  purpose: AttemptPurpose;
  limits: Pick<EngineLimits, 'maxAttempts' | 'retryBaseDelayMs' | 'defaultStepTimeoutMs' | 'agentStepTimeoutMs'>;
  /** The step's context for attempt n (1-based). */
  context: (attempt: number) => Omit<StepContext, 'signal'>;
  /** Aborts the attempt under way and the wait before the next (cancel, fail-fast, a loop stopped by another item). */
  signal: AbortSignal;
  /** Before each attempt (the caller records the attempt count). */
  onAttempt?: (attempt: number) => void;
  /** An attempt failed and another follows after delayMs. */
  onRetry?: (attempt: number, error: unknown, delayMs: number) => void;
  /** Whether a failed attempt must not be tried again for a reason outside the step (its run is failing). */
  giveUp?: () => boolean;
}

/** Tries the step as its policy says; resolves with the first success, rejects with the last failure. */
export async function runStepAttempts({ handler, node, purpose, limits, context, signal, onAttempt, onRetry, giveUp }: StepAttempts): Promise<StepResult> {
  const policy = attemptPolicyFor(node, limits, purpose);
  const timeoutMs = stepTimeoutMs(node, limits);
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw signal.reason;
    onAttempt?.(attempt);
    try {
      return await attemptStep(handler, context(attempt), timeoutMs, signal);
    } catch (cause) {
      if (signal.aborted) throw signal.reason;
      if (giveUp?.()) throw cause;
      const delay = nextRetryDelay(policy, attempt, cause);
      if (delay === null) throw cause;
      onRetry?.(attempt, cause, delay);
      await sleep(delay, signal);
    }
  }
}

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
