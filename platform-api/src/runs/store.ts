// The run document (workflowRuns/{runId}) as stored, and the writer the
// executor persists through.
//
// Stored shape = WorkflowRun (shared/src/workflow/runs.ts) with two
// differences the API hides: the free-form JSON values (run input/output,
// each step's input/output) are stored as JSON text, because Firestore
// refuses arrays nested in arrays and JSON from models and APIs has them;
// and `lease` {instanceId, expiresAt (ms)} says which platform-api process
// is executing the run (see recovery.ts). Read runs through the API.
import { randomBytes } from 'node:crypto';
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  RUN_LIMITS,
  RUN_SERVER_COLLECTIONS,
  WORKFLOW_RUNS_COLLECTION,
  type RunStep,
  type WorkflowRun,
  type WorkflowRunSummary,
} from '@agentflow/shared/workflow';

export interface RunLease {
  instanceId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The engine's view of a run: the API shape plus the lease and the org it belongs to. */
export type StoredRun = WorkflowRun & { lease: RunLease | null; organizationId: string | null };

const JSON_FIELDS = ['input', 'output'] as const;

export const runsCollection = (db: Firestore) => db.collection(WORKFLOW_RUNS_COLLECTION);
export const runRef = (db: Firestore, runId: string) => runsCollection(db).doc(runId);
export const stepOutputRef = (db: Firestore, runId: string, stepId: string) =>
  runRef(db, runId).collection(RUN_SERVER_COLLECTIONS.stepOutputs).doc(stepDocId(stepId));

/** Step ids of child steps contain '/' and '#', which a document id cannot. */
export function stepDocId(stepId: string): string {
  return Buffer.from(stepId).toString('base64url');
}

/** A new run id: 20 url-safe characters, like Firestore's own ids. */
export function newRunId(): string {
  return randomBytes(15).toString('base64url').replace(/[-_]/g, (c) => (c === '-' ? 'a' : 'b'));
}

const toText = (value: unknown): string => JSON.stringify(value === undefined ? null : value);
const fromText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** Byte size of a value as JSON, and the value to store: itself, or a preview string past the limit. */
export function truncateValue(value: unknown, limit: number = RUN_LIMITS.maxStepOutputBytes): { value: unknown; bytes: number; truncated: boolean } {
  const json = toText(value);
  const bytes = Buffer.byteLength(json);
  if (bytes <= limit) return { value: value === undefined ? null : value, bytes, truncated: false };
  // Cut on a character boundary: decode the first `limit` bytes, dropping a split character.
  const preview = Buffer.from(json).subarray(0, limit).toString('utf8').replace(/\uFFFD$/, '');
  return { value: `${preview}…`, bytes, truncated: true };
}

function encodeStep(step: RunStep): Record<string, unknown> {
  const out: Record<string, unknown> = { ...step, input: toText(step.input), output: toText(step.output) };
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
  for (const field of JSON_FIELDS) data[field] = toText(run[field]);
  return data;
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
    tokensUsed: run.tokensUsed,
    error: run.error,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
  };
}

/** Firestore's "the precondition (update time) did not hold": someone else wrote the run. */
export function isPreconditionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 9 || code === 'failed-precondition';
}

/**
 * Serialised, coalescing writes of one run by the process executing it.
 * Each write replaces the run's fields with the executor's current state,
 * on the precondition that nobody else wrote since our last write; a
 * conflict (cancel, an approval decided on another instance) calls
 * `onConflict` with the fresh document, which reconciles before the write
 * is retried. Changes made while a write is in flight go out together in
 * the next one, so a status change is never lost, only merged.
 */
export class RunWriter {
  private lastUpdateTime: Timestamp | null;
  private requested = 0;
  private written = 0;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly ref: DocumentReference,
    private readonly state: () => StoredRun,
    private readonly onConflict: (fresh: StoredRun | null) => void,
    updateTime: Timestamp | null,
    private readonly throttleMs: number,
  ) {
    this.lastUpdateTime = updateTime;
  }

  /**
   * A status change: write now. Resolves once a write that started after
   * this call has landed (merged with other changes made meanwhile).
   */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.closed) return Promise.resolve();
    this.requested++;
    if (!this.loop) {
      this.loop = this.drain().finally(() => {
        this.loop = null;
      });
    }
    return this.loop;
  }

  /** A detail (attempt count, child step tokens): written within throttleMs. */
  soon(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => undefined);
    }, this.throttleMs);
  }

  /** No further writes (the run was canceled elsewhere, or execution ended). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes until every requested change is stored. */
  private async drain(): Promise<void> {
    while (this.written < this.requested && !this.closed) {
      const generation = this.requested;
      await this.write();
      this.written = generation;
    }
  }

  private async write(): Promise<void> {
    for (let attempt = 0; attempt < 8 && !this.closed; attempt++) {
      const data = encodeRun(this.state());
      try {
        const result = this.lastUpdateTime ? await this.ref.update(data, { lastUpdateTime: this.lastUpdateTime }) : await this.ref.update(data);
        this.lastUpdateTime = result.writeTime;
        return;
      } catch (error) {
        if (isPreconditionFailure(error)) {
          const fresh = await this.ref.get();
          this.lastUpdateTime = fresh.updateTime ?? null;
          this.onConflict(decodeRun(fresh));
          continue;
        }
        // Firestore busy or briefly unreachable: back off and write the then-current state.
        if (!isRetryableWriteError(error) || attempt >= 7) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }
}

/** gRPC ABORTED, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE. */
function isRetryableWriteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 10 || code === 4 || code === 8 || code === 14;
}
