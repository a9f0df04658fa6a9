// The two ports a run's life is reported through, like n8n's execution
// lifecycle hooks: the executor and the runs service say what happened (a
// run was created, its steps changed, a model call used tokens) and the
// adapters decide how that is kept. RunStore keeps the run
// (firestoreRunStore.ts: workflowRuns/{runId}); Meter turns usage into
// token ledger entries (ledgerMeter.ts: the ledger's debit/credit and its
// idempotency keys). The engine knows neither Firestore nor the ledger's
// key format, so it runs as well against the in-memory fakes of its tests.
import type { FileRef, PlanRefusal, RunTrigger } from '@agentflow/shared/domain';
import type { RunLease, StoredRun } from './runModel.js';

/** The store's stamp of a run's last write (Firestore: the update time); only the store reads it. */
export type RunVersion = unknown;

export interface LoadedRun {
  run: StoredRun;
  /** null: the store has no stamp, and the next save is unconditional. */
  version: RunVersion | null;
}

/**
 * How a conditional save ended: stored; refused because someone else wrote
 * the run since `since` (cancel, an approval decided elsewhere; `current`
 * is their run, null when it was deleted); or the store was busy or briefly
 * unreachable, worth another try with the then-current state.
 */
export type SaveOutcome =
  | { kind: 'saved'; version: RunVersion }
  | { kind: 'conflict'; current: StoredRun | null; version: RunVersion | null }
  | { kind: 'busy'; error: unknown };

/** The plain fields patch() may set (no JSON values: the store writes them as they are). */
export type RunPatch = Partial<Pick<StoredRun, 'status' | 'error' | 'errorCode' | 'tokensUsed' | 'startedAt' | 'endedAt' | 'updatedAt' | 'lease'>>;

/** A schedule tick that creates one run, whichever instance gets there first. */
export interface ScheduleTick {
  workflowId: string;
  /** The tick's instant, ISO 8601. */
  tick: string;
  /** The schedule trigger node (a workflow may have several, ticking at the same instant). */
  nodeId?: string | null;
  instanceId: string;
  createdAt: string;
}

/** A new item of an app poll trigger: one run per workflow and key, whichever instance gets there first. */
export interface PollItem {
  workflowId: string;
  /** The item's dedup key value (the trigger's dedupKey field). */
  key: string;
  instanceId: string;
  createdAt: string;
}

export interface RunStore {
  /**
   * A new run; throws when it cannot be stored (then it does not exist).
   * Returns its version when the store has one (the executor that takes the
   * run as created saves on it instead of reading the run first).
   */
  create(run: StoredRun): Promise<RunVersion | void>;
  /** The run of a schedule tick, created with the tick in one step; false when the tick already has its run. */
  createForTick(run: StoredRun, tick: ScheduleTick): Promise<boolean>;
  /** The run of a polled item, created with the item's record in one step; false when the item already has its run. */
  createForPollItem(run: StoredRun, item: PollItem): Promise<boolean>;
  /** The run and its version; null when there is no such run. */
  load(runId: string): Promise<LoadedRun | null>;
  /**
   * Replaces the run's fields with `run` if nobody wrote it since `since`
   * (null: unconditionally). Takes its copy of `run` before it first
   * awaits: the executor goes on changing the object. Throws on a failure
   * that another try would repeat (the run was deleted).
   */
  save(run: StoredRun, since: RunVersion | null): Promise<SaveOutcome>;
  /** Sets a few fields of a run (a scheduled run that could not be paid). */
  patch(runId: string, fields: RunPatch): Promise<void>;
  /** Gives `lease` to those of the runs still queued or running; returns their ids. */
  renewLeases(runIds: readonly string[], lease: RunLease): Promise<string[]>;
  /** The whole output of a step whose output in the run was truncated. */
  saveFullOutput(runId: string, stepId: string, output: unknown): Promise<void>;
  /** null when none was saved. */
  loadFullOutput(runId: string, stepId: string): Promise<{ output: unknown } | null>;
}

/** Whose tokens a run spends, and what for. */
export interface RunAccount {
  runId: string;
  ownerId: string;
  /** The run's workflow as it was named at start: the usage history names it (absent: an unnamed entry). */
  workflow?: { id: string; name: string };
}

/** One model call of an agent step, as the engine reports it. */
export interface ModelCall extends RunAccount {
  /** The step's attempt (1 for the first): a retried step's calls are new calls. */
  attempt: number;
  /** Stable per call within an attempt (runAgent's `${stepId}:call:${n}`); any characters. */
  callKey: string;
  tokens: number;
}

/**
 * Every token a run spends goes through here. Each charge is idempotent per
 * run (and per call): reporting it twice charges once. A charge the owner
 * cannot pay throws the ledger's InsufficientTokensError (see isUnpaid);
 * like every meter error it is final for the step unless it says
 * `transient: true`.
 */
export interface Meter {
  /** The start of a run, before the run exists (nothing starts when it throws). */
  chargeRunStart(run: RunAccount, tokens: number): Promise<void>;
  /** Gives the start charge back: the run could not be stored. */
  refundRunStart(run: RunAccount, tokens: number): Promise<void>;
  /** The tokens one model call used; false when this call was charged before. */
  chargeModelCall(call: ModelCall): Promise<boolean>;
}

/** One step test's charge: the owner, the test's key (from its request) and everything it cost. */
export interface StepTestCharge {
  ownerId: string;
  testKey: string;
  tokens: number;
}

/**
 * How a step test is paid (stepTest.ts): like a run, on the ledger, but as
 * ONE debit per test under the test's key, taken when the step has ended (so
 * its cost is known); the balance is read first so an unpaid test never runs
 * and a step cannot spend more than there is.
 */
export interface StepTestMeter {
  /** The owner's tokens now (the ledger's balance, refilled when due). */
  remaining(ownerId: string): Promise<number>;
  /** Whether a test with this key was charged already. */
  charged(ownerId: string, testKey: string): Promise<boolean>;
  /** The debit; false when this key was charged before. Throws the ledger's InsufficientTokensError when the owner cannot pay. */
  chargeStepTest(charge: StepTestCharge): Promise<boolean>;
}

/**
 * Whether a meter error says the owner cannot pay (the ledger's
 * InsufficientTokensError, whose message says how many tokens were needed and
 * remain). Told by name, as agents/runAgent.ts does: neither the engine nor
 * the service loads the ledger.
 */
export function isUnpaid(error: unknown): error is Error {
  return (error as { name?: unknown } | null)?.name === 'InsufficientTokensError' && typeof (error as { message?: unknown }).message === 'string';
}

/**
 * What the owner's plan allows, asked before a webhook or schedule run
 * starts (planGate.ts reads the owner's plan; the rule is the domain's
 * triggerRefusal). null lets the run start.
 */
export interface PlanGate {
  refusalFor(ownerId: string, trigger: RunTrigger['type']): Promise<PlanRefusal | null>;
}

/**
 * Tells a run's owner what happened while nobody watched: a webhook or
 * schedule run was refused (firestoreNotifier.ts: notifications/{id}).
 * Best effort: a failure to notify is logged, never fails the refusal.
 */
export interface RunNotifier {
  runRefused(run: StoredRun): Promise<void>;
}

/** An upload a new run's input names, with the input field it came in (named in a refusal). */
export interface RunInputFile {
  field: string;
  ref: FileRef;
  /** The field's accepted types ('image/*'); absent or empty: every run file type. */
  accept?: readonly string[];
}

/**
 * Gives a new run the owner's uploads its input names (runFiles.ts: the file
 * store's attach, all or none). Throws a refusal naming the field when a
 * file is not the owner's unused upload; nothing is given then.
 */
export interface RunFileAttacher {
  /** Returns each file's reference as stored (its type from the bytes, not from the request). */
  attach(ownerId: string, files: readonly RunInputFile[], run: { runId: string; workflowId: string }): Promise<FileRef[]>;
}

/** The run a step works for, as far as its files are concerned. */
export type RunFileOwner = Pick<StoredRun, 'id' | 'workflowId' | 'ownerId' | 'organizationId' | 'startedBy'>;

/** A run file's bytes, with the type and name the store knows (never what a reference claims). */
export interface RunFileContent {
  bytes: Buffer;
  contentType: string;
  name: string;
}

/**
 * The files steps read and save (stepFiles.ts: the file store and the
 * inspector). A step reads only a file of the run's owner that belongs to a
 * run of the same workflow (its input, a step's output, an approver's
 * attachment; a re-run reads the earlier run's input); anything else, and a
 * file that does not exist, fails the step with the same message, so a
 * file id reveals nothing. Errors are the steps' own: StepFailure (final)
 * or TransientStepError (storage briefly unavailable).
 */
export interface RunFiles {
  /** `label` names the file in a failure ('Attached file 2'). */
  read(run: RunFileOwner, ref: FileRef, label: string): Promise<RunFileContent>;
  /** Keeps bytes a step produced as a file of the run (use: the step), typed on its bytes; the plan's file size and storage apply. */
  save(run: RunFileOwner, stepId: string, file: { name: string; bytes: Buffer }): Promise<FileRef>;
  /** The text of a PDF, Word or text file (TEXT_EXTRACTABLE_TYPES), at most FILE_LIMITS.maxExtractBytes. */
  extractText(run: RunFileOwner, ref: FileRef, label: string): Promise<{ name: string; contentType: string; text: string; truncated: boolean }>;
  /** The largest file the run's owner may keep (the plan's, never above the upload limit). */
  maxFileBytes(run: RunFileOwner): Promise<number>;
}
