// What a 'whenDone' webhook answers for a run (pure but for reading a
// truncated step's whole output).
//
// Status choice: a run that ended well answers 200 with the chosen output as
// JSON. A run that failed, was canceled or refused answers **502** with code
// `run-failed`: the request itself was fine (4xx would tell the sender to
// change it, and it cannot), and platform-api did not break (500 is kept for
// our own faults and pages whoever runs it). The workflow behind the hook is
// an upstream the service called on the sender's behalf and it failed: what
// Bad Gateway means. n8n answers 500 here; we do not. A run not done by the
// timeout answers 202 {runId, status} with a Location to poll.
import { WEBHOOK_ANSWER_CODES } from '@agentflow/shared/workflow';
import type { StoredRun } from '../runModel.js';

export interface WebhookAnswer {
  status: number;
  body: unknown;
  /** The poll URL of a run that is not done yet. */
  location?: string;
}

/** Reads a step's whole output when the run document holds it truncated (FirestoreRunStore.loadFullOutput). */
export type FullOutputReader = (runId: string, stepId: string) => Promise<{ output: unknown } | null>;

export async function settledAnswer(run: StoredRun, respondWith: string | undefined, fullOutput: FullOutputReader): Promise<WebhookAnswer> {
  if (run.status !== 'succeeded') {
    // The sender learns where, not why: a step's error may name internal hosts; the owner reads it in the run view.
    const failedStep = run.steps.find((s) => s.status === 'failed' && !s.parentStepId);
    const error =
      run.status === 'refused' ? 'The run was refused' : run.status === 'canceled' ? 'The run was canceled' : failedStep ? `The run failed at step "${failedStep.name}"` : 'The run failed';
    return { status: 502, body: { error, code: WEBHOOK_ANSWER_CODES.runFailed, runId: run.id, status: run.status, ...(run.errorCode ? { reason: run.errorCode } : {}) } };
  }
  if (!respondWith) return { status: 200, body: run.output ?? {} };
  // The chosen node's own step (not a loop body's child step); a branch not taken gives null.
  const step = run.steps.find((s) => s.nodeId === respondWith && !s.parentStepId);
  if (!step || step.status !== 'succeeded') return { status: 200, body: null };
  if (step.outputTruncated) {
    const full = await fullOutput(run.id, step.id);
    if (full) return { status: 200, body: full.output ?? null };
  }
  return { status: 200, body: step.output ?? null };
}

export function pendingAnswer(run: { id: string; status: string }, location: string): WebhookAnswer {
  return { status: 202, body: { runId: run.id, status: run.status }, location };
}
