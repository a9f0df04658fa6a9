// The executor: runs one workflow run from its snapshot, reporting as it goes
// through two ports (ports.ts): the run store keeps the run and its steps,
// the meter charges the tokens agents use. It imports no store and no
// ledger; runs/index.ts plugs in the Firestore and ledger adapters.
//
// Order: from the trigger along the edges. A node starts when every
// predecessor has finished; it runs if at least one incoming edge is active
// (its source succeeded and, for a condition, the edge's sourceHandle is the
// branch taken), and is 'skipped' otherwise, so an untaken branch and a join
// whose inputs were all skipped are skipped. Independent nodes (fan-out) run
// concurrently. A node sees StepInput (runs.ts): the run input plus the
// outputs of the steps upstream of it.
//
// Failures: a transient error (TransientStepError, ProviderCallError with
// transient, network errors, timeouts) is retried with exponential backoff
// up to maxAttempts; a node's settings change how often, how long and on
// which errors (errors/retry.ts). The last attempt's failure fails the step
// and, unless the node's onError handles it (errors/handled.ts: 'continue'
// or 'branch'), the run (fail fast: other in-flight steps are aborted and
// marked canceled, steps not started are skipped). Of several triggers only
// the one that fired (RunTrigger.nodeId) runs; the others are skipped.
// onRunFailed hears of every failed run (the error workflow). An approval
// step leaves the step 'waiting'; when nothing else is running the run becomes 'waiting' and this
// execution ends. Approve/reject (router.ts) decide the step in the store
// and re-enqueue the run, which continues from the stored step states.
// One execution of one run is a RunExecution (execution.ts).
import type { Logger } from 'pino';
import { RUN_LIMITS, type NodeType } from '@agentflow/shared/workflow';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import { RunExecution } from './execution.js';
import type { LoadedRun, Meter, RunFiles, RunStore, RunVersion } from './ports.js';
import type { StoredRun } from './runModel.js';
import { BUILTIN_HANDLERS, type StepHandler } from './steps.js';

export interface EngineLimits {
  maxAttempts: number;
  retryBaseDelayMs: number;
  /** Timeout of steps without their own (not http, not agent). */
  defaultStepTimeoutMs: number;
  agentStepTimeoutMs: number;
  /** How long a run's lease lasts without a heartbeat (recovery.ts). */
  leaseMs: number;
  heartbeatMs: number;
  /** Delay of detail writes (attempts, child steps); status changes are written at once. */
  writeThrottleMs: number;
  /**
   * A new run is kept in memory for up to this long while its steps have no
   * side effects (DEFERRABLE_STEP_TYPES): one that ends within it is written
   * once, whole. Then, or as a step with side effects starts, it is written
   * as it goes (status changes at once) with its heartbeat. 0: always as it
   * goes. Well under leaseMs - heartbeatMs, so the lease the run was queued
   * with still holds while nothing is written (recovery.ts).
   */
  quietMs: number;
  maxStepOutputBytes: number;
}

/** Runs kept primed at most (a queue backed up for long: the oldest are read instead). */
const MAX_PRIMED = 1000;

export const DEFAULT_ENGINE_LIMITS: EngineLimits = {
  maxAttempts: RUN_LIMITS.maxAttempts,
  retryBaseDelayMs: RUN_LIMITS.retryBaseDelayMs,
  defaultStepTimeoutMs: RUN_LIMITS.defaultStepTimeoutMs,
  agentStepTimeoutMs: RUN_LIMITS.agentStepTimeoutMs,
  leaseMs: 30_000,
  heartbeatMs: 10_000,
  writeThrottleMs: 400,
  quietMs: 1000,
  maxStepOutputBytes: RUN_LIMITS.maxStepOutputBytes,
};

export interface ExecutorOptions {
  /** Where the run and its steps are kept (firestoreRunStore.ts in the service, a fake in unit tests). */
  store: RunStore;
  /** What charges the tokens agent steps use (ledgerMeter.ts in the service). */
  meter: Meter;
  logger: Logger;
  /** This process's id, written into the lease of the runs it executes. */
  instanceId: string;
  fetchPolicy: SafeFetchPolicy;
  /** The run files steps read and save (stepFiles.ts on the file store); absent: steps that use files fail. */
  files?: RunFiles;
  /** Step handlers by node type (the agent handler comes from agentStep.ts; tests may replace any). */
  handlers?: Partial<Record<NodeType, StepHandler>>;
  limits?: Partial<EngineLimits>;
  now?: () => Date;
  /** Told once a run has been stored as failed (errors/errorWorkflow.ts starts the workflow's error workflow); never awaited by the run. */
  onRunFailed?: (run: StoredRun) => Promise<void>;
}

export class RunExecutor {
  readonly limits: EngineLimits;
  private readonly handlers: Partial<Record<NodeType, StepHandler>>;
  private readonly active = new Map<string, RunExecution>();
  /** Runs enqueued again while executing here (an approval decided as the execution was ending). */
  private readonly again = new Set<string>();
  /** Runs created by this process and about to execute here, as created (prime()). */
  private readonly primed = new Map<string, { loaded: LoadedRun; at: number }>();

  constructor(readonly options: ExecutorOptions) {
    this.limits = { ...DEFAULT_ENGINE_LIMITS, ...options.limits };
    this.handlers = { ...BUILTIN_HANDLERS, ...options.handlers };
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  handler(type: NodeType): StepHandler | undefined {
    return this.handlers[type];
  }

  /** Executes (or continues) a run; resolves when it is terminal or waiting. Never throws. */
  async execute(runId: string): Promise<void> {
    if (this.active.has(runId)) {
      this.again.add(runId);
      return;
    }
    const execution = new RunExecution(this, runId);
    this.active.set(runId, execution);
    try {
      await execution.run();
    } catch (error) {
      this.options.logger.error({ err: error, runId }, 'run execution failed');
    } finally {
      execution.dispose();
      this.active.delete(runId);
    }
    if (this.again.delete(runId)) await this.execute(runId);
  }

  /**
   * The run as this process just created it, with its version: its execution
   * here starts from it instead of reading it. Taken within quietMs only (a
   * run that waited longer in the queue is read, as someone may have canceled
   * it); at most MAX_PRIMED are kept.
   */
  prime(run: StoredRun, version: RunVersion): void {
    if (this.primed.size >= MAX_PRIMED) this.primed.delete(this.primed.keys().next().value!);
    this.primed.set(run.id, { loaded: { run, version }, at: this.now().getTime() });
  }

  /** The primed run (once), when it is still fresh; null: read it from the store. */
  takePrimed(runId: string): LoadedRun | null {
    const primed = this.primed.get(runId);
    if (!primed) return null;
    this.primed.delete(runId);
    return this.now().getTime() - primed.at <= this.limits.quietMs ? primed.loaded : null;
  }

  /** Execute the run once more after the current execution ends (it reloads the stored state). */
  executeAgain(runId: string): void {
    this.again.add(runId);
  }

  /** A run ended failed (stored): hands a copy to onRunFailed, logging what it throws. */
  runFailed(run: StoredRun): void {
    const listener = this.options.onRunFailed;
    if (!listener) return;
    void listener(structuredClone(run)).catch((error: unknown) => this.options.logger.error({ err: error, runId: run.id }, 'after a failed run: the error workflow could not start'));
  }

  /** Aborts a run executing in this process (cancel); false when it is not here. */
  cancelLocal(runId: string): boolean {
    const execution = this.active.get(runId);
    if (!execution) return false;
    execution.cancel();
    return true;
  }

  /** Runs executing in this process. */
  activeRunIds(): string[] {
    return [...this.active.keys()];
  }
}
