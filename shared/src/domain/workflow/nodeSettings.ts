// Per-node settings: how often a step is tried again and what a step's final
// failure does to the run. Pure and zod-free (the builder's card reads
// onErrorOf() on first paint); the schema is nodeSettingsSchema.ts.
import type { WorkflowEdge, WorkflowNode } from './model.js';
import { RUN_LIMITS, type RunStep } from './runs.js';
import type { OutputField } from './outputs.js';

/** Which errors are worth another attempt: those that say they are transient (network, 429/5xx, timeouts), or any. */
export const RETRY_ON = ['transient', 'any'] as const;
export type RetryOn = (typeof RETRY_ON)[number];

/**
 * What a step's final failure does: 'stop' fails the run (the default);
 * 'continue' hands `{ error, input }` to the normal successors; 'branch'
 * hands it to the successors on the node's error handle only.
 */
export const ON_ERROR = ['stop', 'continue', 'branch'] as const;
export type OnError = (typeof ON_ERROR)[number];

/** The source handle of a node's error branch (edges with it run only when the node failed and onError is 'branch'). */
export const ERROR_HANDLE = 'error';

export const NODE_SETTINGS_LIMITS = {
  minAttempts: 1,
  maxAttempts: 10,
  minBackoffMs: 0,
  maxBackoffMs: 600_000,
} as const;

export interface RetrySettings {
  /** Attempts in all (1: no retry). */
  attempts: number;
  /** Wait before the second attempt; doubled for each further one. */
  backoffMs: number;
  on: RetryOn;
}

export interface NodeSettings {
  retry?: RetrySettings;
  onError?: OnError;
}

/** Today's behaviour, for a node without settings: RUN_LIMITS' attempts and delay, transient errors only. */
export const DEFAULT_RETRY: RetrySettings = { attempts: RUN_LIMITS.maxAttempts, backoffMs: RUN_LIMITS.retryBaseDelayMs, on: 'transient' };

/** The retry policy a node runs with. */
export function retryPolicyOf(node: Pick<WorkflowNode, 'settings'>, defaults: RetrySettings = DEFAULT_RETRY): RetrySettings {
  return { ...defaults, ...node.settings?.retry };
}

/** What the node's final failure does ('stop' when unset). */
export function onErrorOf(node: Pick<WorkflowNode, 'settings'> | undefined): OnError {
  return node?.settings?.onError ?? 'stop';
}

/** The wait before attempt `attempt + 1` (exponential: backoffMs, 2×, 4×, …). */
export function retryDelayMs(policy: Pick<RetrySettings, 'backoffMs'>, attempt: number): number {
  return policy.backoffMs * 2 ** (attempt - 1);
}

/** The output of a step whose failure was handled ('continue' or 'branch'): what went wrong, and what it was given. */
export interface ErrorOutput {
  error: { message: string; code?: string };
  input: unknown;
}

/** The fields of `{ error, input }`, the output a handled failure hands on (the field picker lists them). */
export const ERROR_OUTPUT_FIELDS: readonly OutputField[] = [
  { name: 'error', type: 'object', children: [{ name: 'message', type: 'string' }, { name: 'code', type: 'string' }] },
  { name: 'input', type: 'any', open: true },
];

/** Whether a value has the shape of an ErrorOutput (a pin taken from a handled failure, for "Run from here"). */
export function isErrorOutput(value: unknown): value is ErrorOutput {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('error' in value) || !('input' in value)) return false;
  const error = (value as { error: unknown }).error;
  return error !== null && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string';
}

/**
 * Whether `edge`, leaving the finished step `source`, makes its target run:
 *   succeeded       → every edge but the error handle's (a condition: its branch's)
 *   failed, handled → 'continue': every edge but the error handle's; 'branch': only the error handle's
 *   anything else   → none
 * The engine decides with it which steps run, and the run graph draws the edges the run took with it.
 */
export function edgeCarriesOn(edge: Pick<WorkflowEdge, 'sourceHandle'>, source: Pick<RunStep, 'status' | 'type' | 'branch' | 'handled'>): boolean {
  const onErrorHandle = edge.sourceHandle === ERROR_HANDLE;
  if (source.status === 'succeeded') {
    if (onErrorHandle) return false;
    return source.type !== 'condition' || edge.sourceHandle === undefined || edge.sourceHandle === source.branch;
  }
  if (source.status === 'failed' && source.handled === true) return source.branch === ERROR_HANDLE ? onErrorHandle : !onErrorHandle;
  return false;
}
