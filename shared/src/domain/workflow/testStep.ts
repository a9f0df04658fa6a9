// Testing one step and running from a step (issue 19): the contract of
// POST /api/workflows/:id/nodes/:nodeId/test (platform-api builds it, the
// builder calls it), the error codes of both, and the pure plan of a run that
// starts at a node (which upstream nodes stand in with their pinned output,
// which are skipped). Pure: shared by platform-api and mf-workflows.
import { z } from 'zod';
import type { WorkflowEdge, WorkflowNode } from './model.js';
import { isTrigger, reachableFrom } from './graph.js';
import { RUN_LIMITS } from './runs.js';
import { IDEMPOTENCY_KEY_HEADER } from '../validation/idempotencyKey.js';

export const STEP_TEST_API = {
  /** POST StepTestRequest (header Idempotency-Key optional) → 200 StepTestResponse. */
  testStep: (workflowId: string, nodeId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/nodes/${encodeURIComponent(nodeId)}/test`,
} as const;

/**
 * The header naming one test request: a retry with the same key is never
 * charged twice (it is refused with `test-already-charged`; send a new key
 * for a new test). Without it every request is a new test. Its shape is
 * every Idempotency-Key's (validation/idempotencyKey.ts).
 */
export const STEP_TEST_IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER;

export const STEP_TEST_LIMITS = {
  /** Bytes (JSON) of the sample input: a run's input limit. */
  maxInputBytes: RUN_LIMITS.maxInputBytes,
  /** Bytes (JSON) of the output sent back; past it the output is a preview text ending in '…'. */
  maxOutputBytes: 1_000_000,
} as const;

/** Codes beside the English `error` of a refusal (the builder translates by them). */
export const STEP_TEST_ERROR_CODES = {
  /** 404: the workflow has no node with that id (as stored: the builder saves first). */
  nodeNotFound: 'node-not-found',
  /** 400: an approval waits for a person; it cannot be tested alone. */
  nodeNotTestable: 'node-not-testable',
  /** 400 (run from here): a node upstream of `startAt` has no pinned output; `field` is 'startAt', `nodeId` names it. */
  pinMissing: 'pin-missing',
  /** 409: the workflow is in the trash: nothing runs or is tested until it is restored. */
  workflowInTrash: 'workflow-in-trash',
  /** 409: this Idempotency-Key was charged by an earlier test (a retry); nothing ran again. */
  testAlreadyCharged: 'test-already-charged',
} as const;
export type StepTestErrorCode = (typeof STEP_TEST_ERROR_CODES)[keyof typeof STEP_TEST_ERROR_CODES];

/**
 * The body: the step input keyed as the engine builds it (`trigger`,
 * `input`, upstream node keys). `trigger` and `input` stand in for each
 * other when only one is given (in a run both are the run input).
 */
export const stepTestRequestSchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
});
export type StepTestRequest = z.input<typeof stepTestRequestSchema>;

/**
 * The answer (200) of a test that ran. A step that failed is a result, not a
 * server error: status 'failed' with its error. `tokens`: what the test cost
 * (the one ledger debit: a run's start token plus what the step charged, as
 * in a run; 0 for a trigger, which runs nothing). `logs`: what the step
 * reported on the way (an agent's delegations and app calls, a code step's console lines).
 */
export interface StepTestResponse {
  status: 'succeeded' | 'failed';
  output?: unknown;
  error?: { code: string; message: string };
  /** A failed step whose node handles failures (onError 'continue' | 'branch'): `output` is the `{ error, input }` its successors would get. */
  handled?: 'continue' | 'branch';
  durationMs: number;
  tokens: number;
  logs?: string[];
}

/** `error.code` of a failed step: why it failed, as far as the server can tell. */
export const STEP_TEST_FAILURE_CODES = {
  /** The step ran and failed (HTTP 4xx, an expression error, a provider's refusal...). */
  stepFailed: 'step-failed',
  /** It ran out of time. */
  timeout: 'timeout',
  /** The owner's tokens ran out during the step. */
  insufficientTokens: 'insufficient_tokens',
} as const;

/** The sample input as the step sees it: `trigger` and `input` both present. */
export function stepTestInput(given: Record<string, unknown> | undefined): Record<string, unknown> & { input: Record<string, unknown> } {
  const values = given ?? {};
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
  const runInput = isObject(values.input) ? values.input : isObject(values.trigger) ? values.trigger : {};
  return { ...values, trigger: isObject(values.trigger) ? values.trigger : runInput, input: runInput };
}

/**
 * A run that starts at `startAt`: the nodes upstream of it (every ancestor
 * but the trigger, which gives the run input as always) do not run and stand
 * in with their pinned output; nodes neither upstream nor downstream of it
 * are skipped, like an untaken branch. `missing`: upstream nodes without a
 * pin (the run cannot start). Null when `startAt` is no node of the graph.
 */
export interface RunFromHerePlan {
  pinned: { nodeId: string; output: unknown }[];
  skipped: string[];
  missing: string[];
}

export function planRunFromHere(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[], startAt: string): RunFromHerePlan | null {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  if (!byId.has(startAt)) return null;
  const sources = (id: string) => edges.filter((edge) => edge.target === id).map((edge) => edge.source);
  const targets = (id: string) => edges.filter((edge) => edge.source === id).map((edge) => edge.target);
  const known = (id: string) => byId.has(id);
  const upstream = reachableFrom([startAt], sources, known);
  upstream.delete(startAt);
  const downstream = reachableFrom([startAt], targets, known);
  const plan: RunFromHerePlan = { pinned: [], skipped: [], missing: [] };
  for (const node of nodes) {
    if (upstream.has(node.id)) {
      if (isTrigger(node.type)) continue;
      if (node.pinned && 'output' in node.pinned) plan.pinned.push({ nodeId: node.id, output: node.pinned.output });
      else plan.missing.push(node.id);
    } else if (!downstream.has(node.id) && !isTrigger(node.type)) {
      plan.skipped.push(node.id);
    }
  }
  return plan;
}
