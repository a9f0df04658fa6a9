// The run as the engine holds it, and what is derived from it without any
// store: the byte limit of values, the public view and the summary. The
// Firestore document form is in store.ts; the engine never sees it.
import { randomBytes } from 'node:crypto';
import { RUN_LIMITS, firedTriggerOf, type WorkflowRun, type WorkflowRunSummary } from '@agentflow/shared/workflow';

export interface RunLease {
  instanceId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The engine's view of a run: the API shape plus the lease and the org it belongs to. */
export type StoredRun = WorkflowRun & { lease: RunLease | null; organizationId: string | null };

/** A new run id: 20 url-safe characters, like Firestore's own ids (and only letters and digits, so a ledger key holds it as it is). */
export function newRunId(): string {
  return randomBytes(15).toString('base64url').replace(/[-_]/g, (c) => (c === '-' ? 'a' : 'b'));
}

/** A value as JSON text (undefined as null): how values are measured and stored. */
export const jsonText = (value: unknown): string => JSON.stringify(value === undefined ? null : value);

/** Byte size of a value as JSON, and the value to store: itself, or a preview string past the limit. */
export function truncateValue(value: unknown, limit: number = RUN_LIMITS.maxStepOutputBytes): { value: unknown; bytes: number; truncated: boolean } {
  const json = jsonText(value);
  const bytes = Buffer.byteLength(json);
  if (bytes <= limit) return { value: value === undefined ? null : value, bytes, truncated: false };
  // Cut on a character boundary: decode the first `limit` bytes, dropping a split character.
  const preview = Buffer.from(json).subarray(0, limit).toString('utf8').replace(/\uFFFD$/, '');
  return { value: `${preview}…`, bytes, truncated: true };
}

/** What clients see: the WorkflowRun without the engine's bookkeeping. */
export function publicRun(run: StoredRun): WorkflowRun & { organizationId: string | null } {
  const { lease: _lease, ...rest } = run;
  return rest;
}

export function runSummary(run: StoredRun): WorkflowRunSummary {
  return {
    id: run.id,
    workflowId: run.workflowId,
    workflowVersion: run.workflowVersion,
    status: run.status,
    trigger: run.trigger,
    // The history names the trigger that fired as it was named when the run started.
    triggerName: firedTriggerOf(run.snapshot, run.trigger)?.name ?? null,
    tokensUsed: run.tokensUsed,
    error: run.error,
    errorCode: run.errorCode ?? null,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
  };
}
