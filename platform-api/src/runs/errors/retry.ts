// Whether a failed attempt of a step is tried again, and after how long: the
// node's retry settings (retryPolicyOf, defaults = the engine's limits).
// 'transient' retries what says it may pass (failures.ts); 'any' retries
// every error except those another attempt cannot change: a cancel, a
// balance or plan refusal, a limit the workflow hit.
import { PLAN_ERROR_CODES } from '@agentflow/shared/domain';
import { retryDelayMs, retryPolicyOf, type RetrySettings, type WorkflowNode } from '@agentflow/shared/workflow';
import type { EngineLimits } from '../engine.js';
import { CanceledError, StepTimeoutError, isTransient } from '../failures.js';
import { isUnpaid } from '../ports.js';

/** Codes of refusals that repeat however often they are tried (the plan's, and a sub-workflow's depth or access). */
const REFUSAL_CODES: ReadonlySet<string> = new Set<string>([...Object.values(PLAN_ERROR_CODES), 'subworkflow-depth', 'subworkflow-forbidden']);

/** A cancel, an unpaid charge or a plan/limit refusal: never tried again, whatever the settings. */
export function isRefusal(error: unknown): boolean {
  if (error instanceof CanceledError) return true;
  if (isUnpaid(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && REFUSAL_CODES.has(code);
}

/** The node's retry policy, with the engine's limits as the defaults of a node without settings. */
export function retryPolicyFor(node: WorkflowNode, limits: Pick<EngineLimits, 'maxAttempts' | 'retryBaseDelayMs'>): RetrySettings {
  return retryPolicyOf(node, { attempts: limits.maxAttempts, backoffMs: limits.retryBaseDelayMs, on: 'transient' });
}

/** The wait before the next attempt after `attempt` failed with `error`; null when the step fails now. */
export function nextRetryDelay(policy: RetrySettings, attempt: number, error: unknown): number | null {
  if (attempt >= policy.attempts || isRefusal(error)) return null;
  const worthIt = policy.on === 'any' || isTransient(error) || error instanceof StepTimeoutError;
  return worthIt ? retryDelayMs(policy, attempt) : null;
}
