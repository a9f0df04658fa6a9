// The run document (workflowRuns/{runId}) as stored: its Firestore codec
// and references, used by the Firestore run store (firestoreRunStore.ts),
// the routes and recovery; never by the engine.
//
// Stored shape = WorkflowRun (shared/src/workflow/runs.ts) with two
// differences the API hides: the free-form JSON values (run input/output,
// each step's input/output) are stored as JSON text, because Firestore
// refuses arrays nested in arrays and JSON from models and APIs has them;
// and `lease` {instanceId, expiresAt (ms)} says which platform-api process
// is executing the run (see recovery.ts). Read runs through the API.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { RUN_SERVER_COLLECTIONS, WORKFLOW_RUNS_COLLECTION, type RunStep } from '@agentflow/shared/workflow';
import { workspaceKey } from '@agentflow/shared/rbac';
import { jsonText, type RunLease, type StoredRun } from './runModel.js';

const JSON_FIELDS = ['input', 'output'] as const;

export const runsCollection = (db: Firestore) => db.collection(WORKFLOW_RUNS_COLLECTION);
export const runRef = (db: Firestore, runId: string) => runsCollection(db).doc(runId);
export const stepOutputRef = (db: Firestore, runId: string, stepId: string) =>
  runRef(db, runId).collection(RUN_SERVER_COLLECTIONS.stepOutputs).doc(stepDocId(stepId));

/** Step ids of child steps contain '/' and '#', which a document id cannot. */
export function stepDocId(stepId: string): string {
  return Buffer.from(stepId).toString('base64url');
}

const fromText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

function encodeStep(step: RunStep): Record<string, unknown> {
  const out: Record<string, unknown> = { ...step, input: jsonText(step.input), output: jsonText(step.output) };
  if (out.branch === undefined) out.branch = null;
  return out;
}

function decodeStep(data: Record<string, unknown>): RunStep {
  return { ...(data as unknown as RunStep), input: fromText(data.input), output: fromText(data.output), branch: (data.branch as string | null | undefined) ?? null };
}

/** The document data of a run (everything but its id). */
export function encodeRun(run: StoredRun): Record<string, unknown> {
  const { id: _id, ...rest } = run;
  const data: Record<string, unknown> = { ...rest, steps: run.steps.map(encodeStep), encoding: 'json-text' };
  // A run from before workspaces gets its workspace at its next write (workspaceBackfill.ts does the rest).
  if (typeof run.workspaceId !== 'string') data.workspaceId = workspaceKey({ ownerId: run.ownerId, organizationId: run.organizationId });
  for (const field of JSON_FIELDS) data[field] = jsonText(run[field]);
  // Derived for the wait sweep's indexed query (status, resumeAt); always written, so a resumed run clears it.
  data.resumeAt = earliestResumeAt(run.steps);
  // Derived for the sub-workflow sweep's query (status, awaitsChildRun): a step waits for its child run.
  data.awaitsChildRun = run.steps.some((step) => step.status === 'waiting' && typeof step.childRunId === 'string');
  return data;
}

/** The earliest end of the run's waiting wait steps; null when none waits. */
export function earliestResumeAt(steps: readonly RunStep[]): string | null {
  let earliest: string | null = null;
  for (const step of steps) if (step.status === 'waiting' && typeof step.resumeAt === 'string' && (earliest === null || step.resumeAt < earliest)) earliest = step.resumeAt;
  return earliest;
}

export function decodeRun(snapshot: DocumentSnapshot): StoredRun | null {
  if (!snapshot.exists) return null;
  const data = snapshot.data() ?? {};
  const steps = Array.isArray(data.steps) ? (data.steps as Record<string, unknown>[]).map(decodeStep) : [];
  const { encoding: _encoding, ...rest } = data;
  return {
    ...(rest as unknown as StoredRun),
    id: snapshot.id,
    input: (fromText(data.input) ?? {}) as Record<string, unknown>,
    output: fromText(data.output) as Record<string, unknown> | null,
    steps,
    lease: (data.lease as RunLease | null | undefined) ?? null,
    organizationId: (data.organizationId as string | null | undefined) ?? null,
  };
}

/** Firestore's "the precondition (update time) did not hold": someone else wrote the run. */
export function isPreconditionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 9 || code === 'failed-precondition';
}

/** Firestore's "no such document" (an update of a run that was deleted). */
export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 5 || code === 'not-found';
}

/** gRPC ABORTED, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE: Firestore busy or briefly unreachable. */
export function isRetryableWriteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 10 || code === 4 || code === 8 || code === 14;
}
