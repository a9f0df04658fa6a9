// A step's final failure that its node's onError setting handles
// ('continue' / 'branch'): the step is stored 'failed' with handled: true
// and its output is `{ error: { message, code? }, input }`; 'branch' also
// sets branch: 'error'. Which outgoing edges of a finished step carry on:
//   succeeded       → every edge but the error handle's (a condition: its branch's)
//   failed, handled → 'continue': every edge but the error handle's; 'branch': only the error handle's
//   anything else   → none
import { ERROR_HANDLE, edgeCarriesOn, onErrorOf, type ErrorOutput, type OnError, type RunStep, type WorkflowNode } from '@agentflow/shared/workflow';
import { truncateValue } from '../runModel.js';
import { messageOf } from '@agentflow/shared/domain';

/** The output a handled failure hands on. */
export function errorOutput(error: unknown, input: unknown): ErrorOutput {
  const code = (error as { code?: unknown } | null)?.code;
  return { error: { message: messageOf(error), ...(typeof code === 'string' && code !== '' ? { code } : {}) }, input };
}

/** The node's onError when it handles the failure ('continue' | 'branch'); null when the failure stops the run. */
export function handlingOf(node: WorkflowNode | undefined): Exclude<OnError, 'stop'> | null {
  const onError = onErrorOf(node);
  return onError === 'stop' ? null : onError;
}

/**
 * Records the step's final failure as handled when its node says so: output
 * `{ error, input }` (shown within maxBytes), handled: true, branch 'error'
 * for an error branch. Returns the full output, or null when the failure
 * stops the run (the step is left as it is).
 */
export function handleFailure(node: WorkflowNode, step: RunStep, input: unknown, error: unknown, maxBytes: number): { output: ErrorOutput; truncated: boolean } | null {
  const handling = handlingOf(node);
  if (handling === null) return null;
  const output = errorOutput(error, input);
  const shown = truncateValue(output, maxBytes);
  Object.assign(step, { handled: true, output: shown.value, outputBytes: shown.bytes, outputTruncated: shown.truncated, branch: handling === 'branch' ? ERROR_HANDLE : null });
  return { output, truncated: shown.truncated };
}

/** Which edges of a finished step carry on: one rule, shared with the run graph that draws them. */
export { edgeCarriesOn };

/** A top-level step that failed and stopped the run (a handled failure does not). */
export const isRunStoppingFailure = (step: Pick<RunStep, 'status' | 'handled' | 'parentStepId'>): boolean =>
  step.parentStepId === null && step.status === 'failed' && step.handled !== true;
