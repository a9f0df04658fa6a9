// One execution of one run in this process (the executor's rules are in
// engine.ts): loads the run from the run store, starts the steps that can
// start, records each step's attempts, output and child steps in memory,
// and saves the run through a RunWriter (status changes at once, details
// throttled). Tokens an agent reports are charged through the meter.
import {
  RUN_MESSAGES,
  isTerminalRunStatus,
  isTrigger,
  type RunStatus,
  type RunStep,
  type StepInput,
  type StepStatus,
  type WorkflowEdge,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import type { EngineLimits, RunExecutor } from './engine.js';
import { CanceledError } from './failures.js';
import { runStepAttempts } from './attempt.js';
import { applyChildStep } from './childSteps.js';
import type { LoadedRun, RunStore } from './ports.js';
import { truncateValue, type StoredRun } from './runModel.js';
import { RunWriter } from './runWriter.js';
import { edgeCarriesOn, handleFailure, isRunStoppingFailure } from './errors/handled.js';
import { DEFERRABLE_STEP_TYPES, StepFailure, stepErrorCodeOf, type ChildStepReport, type StepAnnotation, type StepResult } from './steps.js';
import { messageOf } from '@agentflow/shared/domain';

const FINISHED: readonly StepStatus[] = ['succeeded', 'skipped', 'failed', 'canceled'];

/** One execution of one run in this process. */
export class RunExecution {
  private state!: StoredRun;
  private writer!: RunWriter;
  private readonly store: RunStore;
  private readonly limits: EngineLimits;
  private readonly cancelController = new AbortController();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly outputs = new Map<string, unknown>();
  private nodes = new Map<string, WorkflowNode>();
  private incoming = new Map<string, WorkflowEdge[]>();
  /** The trigger node that fired this run (the others are skipped); undefined when the workflow has none. */
  private firedTrigger: string | undefined;
  private failure: string | null = null;
  private finished = false;
  /** The write of the run's end (terminal or waiting) is under way. */
  private finalWrite = false;
  private heartbeat: NodeJS.Timeout | null = null;
  /** A new run kept in memory (engine.ts quietMs): its writer holds, and this ends the hold. */
  private quietTimer: NodeJS.Timeout | null = null;
  private resolveDone: (() => void) | null = null;

  constructor(
    private readonly executor: RunExecutor,
    private readonly runId: string,
  ) {
    this.store = executor.options.store;
    this.limits = executor.limits;
  }

  private nowIso(): string {
    return this.executor.now().toISOString();
  }

  private lease() {
    return { instanceId: this.executor.options.instanceId, expiresAt: this.executor.now().getTime() + this.limits.leaseMs };
  }

  async run(): Promise<void> {
    const loaded = this.executor.takePrimed(this.runId) ?? (await this.store.load(this.runId));
    if (!loaded || isTerminalRunStatus(loaded.run.status)) return;
    const stored = loaded.run;
    this.state = stored;
    for (const node of stored.snapshot.nodes) this.nodes.set(node.id, node);
    for (const edge of stored.snapshot.edges) this.incoming.set(edge.target, [...(this.incoming.get(edge.target) ?? []), edge]);
    // Runs from before several triggers name none: theirs is the first.
    this.firedTrigger = stored.trigger.nodeId ?? stored.snapshot.nodes.find((node) => isTrigger(node.type))?.id;
    await this.restoreOutputs();
    // A step stored as failed before this execution began (an approval
    // rejected while the run was queued after another approval) fails the
    // run: it must not be read as an untaken branch that a join runs past.
    const rejected = stored.steps.find(isRunStoppingFailure);
    if (rejected) this.failure = rejected.error ?? RUN_MESSAGES.rejected;
    if (stored.status === 'waiting' && !this.canProgress() && this.failure === null) return this.letGo(loaded.version);

    this.writer = new RunWriter(this.store, () => this.state, (fresh) => this.reconcile(fresh), loaded.version, this.limits.writeThrottleMs);
    const now = this.nowIso();
    // A new run (never executed: queued, or just claimed by this worker on Pub/Sub, queue/pubsub/claim.ts):
    // kept in memory while it is short and its steps act on nothing outside it.
    const fresh = stored.startedAt === null && this.limits.quietMs > 0 && (stored.status === 'queued' || (stored.status === 'running' && this.holdsLease(stored)));
    this.state.status = 'running';
    this.state.startedAt ??= now;
    this.state.updatedAt = now;
    this.state.lease = this.lease();
    if (fresh) {
      this.writer.hold();
      this.quietTimer = setTimeout(() => this.endQuiet(true), this.limits.quietMs);
      this.quietTimer.unref();
    } else {
      await this.writer.flush();
      if (this.writer.isClosed) return;
      this.startHeartbeat();
    }

    await new Promise<void>((resolve) => {
      this.resolveDone = resolve;
      this.pump();
    });
  }

  private holdsLease(run: StoredRun): boolean {
    return run.lease?.instanceId === this.executor.options.instanceId;
  }

  /**
   * A waiting run with nothing to continue, delivered to this process (a
   * duplicate message after a decision was already carried on): the lease
   * a Pub/Sub claim gave it here is dropped, so another worker may claim
   * it at once when a decision comes. Written meanwhile: theirs stands; not
   * written at all: the lease simply lapses.
   */
  private async letGo(version: LoadedRun['version']): Promise<void> {
    if (!this.holdsLease(this.state)) return;
    const outcome = await this.store.save({ ...this.state, lease: null }, version);
    if (outcome.kind === 'busy') this.executor.options.logger.warn({ err: outcome.error, runId: this.runId }, 'could not let go of a waiting run; its lease lapses');
  }

  private startHeartbeat(): void {
    this.heartbeat = setInterval(() => {
      this.state.lease = this.lease();
      void this.writer.flush().catch((error: unknown) => this.executor.options.logger.warn({ err: error, runId: this.runId }, 'run heartbeat failed'));
    }, this.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Ends the in-memory stretch of a new run: from now on it is written as it
   * goes, with its heartbeat. `write`: store what was held now (the window
   * ran out); otherwise the caller's next flush does.
   */
  private endQuiet(write: boolean): void {
    if (!this.quietTimer) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.writer.release();
    if (this.finished) return;
    this.startHeartbeat();
    if (write) void this.writer.flush().catch((error: unknown) => this.executor.options.logger.warn({ err: error, runId: this.runId }, 'run write failed'));
  }

  dispose(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.writer?.close();
  }

  cancel(): void {
    if (!this.cancelController.signal.aborted) this.cancelController.abort(new CanceledError());
  }

  /** Outputs of steps that finished in an earlier execution (before a wait or on another instance). */
  private async restoreOutputs(): Promise<void> {
    for (const step of this.state.steps) {
      // A handled failure's output (`{ error, input }`) feeds its successors like any other.
      if (step.parentStepId !== null || !(step.status === 'succeeded' || (step.status === 'failed' && step.handled === true))) continue;
      if (step.outputTruncated) {
        const full = await this.store.loadFullOutput(this.runId, step.id);
        this.outputs.set(step.nodeId, full ? full.output : step.output);
      } else {
        this.outputs.set(step.nodeId, step.output);
      }
    }
  }

  /** A waiting run continues only when some waiting step has been decided. */
  private canProgress(): boolean {
    return this.state.steps.some((step) => step.parentStepId === null && step.status === 'pending' && this.readiness(step.nodeId) !== 'blocked');
  }

  /** 'run' when its inputs finished and one is active, 'skip' when none is, 'blocked' while any is unfinished. */
  private readiness(nodeId: string): 'run' | 'skip' | 'blocked' {
    const node = this.nodes.get(nodeId);
    if (!node) return 'skip';
    if (isTrigger(node.type)) return 'run';
    const edges = this.incoming.get(nodeId) ?? [];
    let active = false;
    for (const edge of edges) {
      const source = this.state.steps.find((s) => s.id === edge.source && s.parentStepId === null);
      // A source off the graph (reached only by delegation) never feeds this node.
      if (!source) continue;
      if (!FINISHED.includes(source.status)) return 'blocked';
      if (edgeCarriesOn(edge, source)) active = true;
    }
    return active ? 'run' : 'skip';
  }

  /** The input of a node: the run input and every succeeded upstream step's output. */
  private inputFor(nodeId: string): StepInput {
    const upstream = new Set<string>();
    const visit = (id: string) => {
      for (const edge of this.incoming.get(id) ?? []) {
        if (upstream.has(edge.source)) continue;
        upstream.add(edge.source);
        visit(edge.source);
      }
    };
    visit(nodeId);
    const input: Record<string, unknown> = {};
    for (const id of upstream) if (this.outputs.has(id)) input[id] = this.outputs.get(id);
    input.trigger = this.state.input;
    input.input = this.state.input;
    return input as StepInput;
  }

  /** Starts what can start; finishes the run when nothing runs and nothing can. */
  private pump(): void {
    if (this.finished) return;
    if (this.failure === null && !this.cancelController.signal.aborted) {
      let changed = true;
      while (changed) {
        changed = false;
        for (const step of this.state.steps) {
          if (step.parentStepId !== null || step.status !== 'pending') continue;
          const readiness = this.readiness(step.nodeId);
          if (readiness === 'blocked') continue;
          if (readiness === 'skip') {
            step.status = 'skipped';
            step.endedAt = this.nowIso();
            changed = true;
            continue;
          }
          const node = this.nodes.get(step.nodeId)!;
          if (isTrigger(node.type)) {
            const at = this.nowIso();
            // Another trigger of the workflow fired this run: this one is not started, and what only it leads to is skipped.
            if (node.id !== this.firedTrigger) {
              Object.assign(step, { status: 'skipped', endedAt: at });
              changed = true;
              continue;
            }
            Object.assign(step, { status: 'succeeded', input: this.state.input, output: this.state.input, attempts: 1, startedAt: at, endedAt: at });
            step.outputBytes = truncateValue(this.state.input).bytes;
            this.outputs.set(node.id, this.state.input);
            changed = true;
            continue;
          }
          this.start(node, step);
        }
      }
    }
    void this.writer.flush().catch((error: unknown) => this.executor.options.logger.warn({ err: error, runId: this.runId }, 'run write failed'));
    if (this.inFlight.size > 0) return;
    void this.finish();
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    if (!this.cancelController.signal.aborted && this.failure === null && this.state.steps.some((step) => step.status === 'waiting')) {
      // About to wait: store what we have first. A decision taken meanwhile
      // (approve while other branches ran) makes that write conflict and is
      // adopted by reconcile(); then there is more to run.
      await this.writer.flush().catch(() => undefined);
      if (this.failure === null && !this.cancelController.signal.aborted && this.canProgress()) {
        this.finished = false;
        this.pump();
        return;
      }
    }
    const now = this.nowIso();
    const canceled = this.cancelController.signal.aborted;
    const waiting = !canceled && this.failure === null && this.state.steps.some((step) => step.status === 'waiting');
    let status: RunStatus;
    if (canceled) status = 'canceled';
    else if (this.failure !== null) status = 'failed';
    else if (waiting) status = 'waiting';
    else status = 'succeeded';
    if (status !== 'waiting') {
      for (const step of this.state.steps) {
        if (step.status === 'pending') {
          step.status = 'skipped';
        } else if (step.status === 'waiting' || step.status === 'running') {
          step.status = 'canceled';
          step.endedAt = now;
        }
      }
    }
    this.state.status = status;
    this.state.error = canceled ? RUN_MESSAGES.canceled : this.failure;
    this.state.updatedAt = now;
    this.state.lease = null;
    if (status !== 'waiting') this.state.endedAt = now;
    if (status === 'succeeded') {
      const output: Record<string, unknown> = {};
      for (const step of this.state.steps) if (step.type === 'output' && step.status === 'succeeded') output[step.nodeId] = this.outputs.get(step.nodeId);
      this.state.output = truncateValue(output, this.limits.maxStepOutputBytes * 4).truncated ? { truncated: true } : output;
    }
    // Its one write when it ended in memory.
    this.endQuiet(false);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.finalWrite = true;
    try {
      await this.writer.flush();
      if (status === 'failed' && !this.writer.isClosed) this.executor.runFailed(this.state);
    } catch (error) {
      // The lease lapses and recovery fails the run as interrupted; say why here.
      this.executor.options.logger.error({ err: error, runId: this.runId, status }, 'could not store the end of a run');
    } finally {
      this.resolveDone?.();
    }
  }

  /** Someone else wrote the run: a cancel, or an approval decided while other branches ran. */
  private reconcile(fresh: StoredRun | null): void {
    if (!fresh || isTerminalRunStatus(fresh.status)) {
      // Canceled (or finished) elsewhere: stop, and leave the document as they wrote it.
      this.writer.close();
      this.cancel();
      if (fresh) this.state = { ...fresh };
      return;
    }
    let decided = false;
    for (const step of this.state.steps) {
      if (step.status !== 'waiting') continue;
      const remote = fresh.steps.find((s) => s.id === step.id);
      if (!remote || remote.status === 'waiting') continue;
      Object.assign(step, remote);
      decided = true;
      if (remote.status === 'succeeded') this.outputs.set(step.nodeId, remote.output);
      if (remote.status === 'failed' && this.failure === null) this.failure = remote.error ?? RUN_MESSAGES.rejected;
    }
    // Decided as this execution was writing its end: the next execution continues from the stored state.
    if (decided && this.finalWrite) this.executor.executeAgain(this.runId);
    queueMicrotask(() => this.pump());
  }

  private start(node: WorkflowNode, step: RunStep): void {
    // A step that may act outside the run: from here the run is written as it goes (pump's flush writes it now).
    if (!DEFERRABLE_STEP_TYPES.has(node.type)) this.endQuiet(false);
    const controller = new AbortController();
    this.inFlight.set(node.id, controller);
    const input = this.inputFor(node.id);
    const at = this.nowIso();
    const shownInput = truncateValue(input, this.limits.maxStepOutputBytes);
    Object.assign(step, { status: 'running', input: shownInput.value, startedAt: at, endedAt: null, error: null, attempts: 0 });
    void this.execute(node, step, input, controller)
      .then((result) => this.succeeded(node, step, result))
      .catch((error: unknown) => this.failed(node, step, input, error))
      .finally(() => {
        this.inFlight.delete(node.id);
        this.pump();
      });
  }

  private async execute(node: WorkflowNode, step: RunStep, input: StepInput, stepController: AbortController): Promise<StepResult> {
    const handler = this.executor.handler(node.type);
    if (!handler) throw new StepFailure(`No executor for ${node.type} steps`);
    const runSignal = this.cancelController.signal;
    const onRunAbort = () => stepController.abort(runSignal.reason);
    runSignal.addEventListener('abort', onRunAbort, { once: true });
    try {
      // The node's retries, as for every step (attempt.ts); a failing run gives up at once.
      return await runStepAttempts({
        handler,
        node,
        purpose: 'run',
        limits: this.limits,
        signal: stepController.signal,
        giveUp: () => runSignal.aborted || this.failure !== null,
        onAttempt: (attempt) => {
          step.attempts = attempt;
          if (attempt > 1) this.writer.soon();
        },
        onRetry: (_attempt, cause) => {
          step.error = messageOf(cause);
          this.writer.soon();
        },
        context: (attempt) => ({
          run: this.state,
          node,
          stepId: step.id,
          input,
          attempt,
          fetchPolicy: this.executor.options.fetchPolicy,
          chargeTokens: (tokens: number, callKey: string) => this.charge(step, attempt, tokens, callKey),
          onChildStep: (update: ChildStepReport) => this.childStep(update),
          // A wait's end, a sub-workflow's child run: stored with the step's next write.
          annotateStep: (fields: StepAnnotation) => {
            Object.assign(step, fields);
            void this.writer.flush().catch(() => undefined);
          },
          ...(this.executor.options.files ? { files: this.executor.options.files } : {}),
        }),
      });
    } finally {
      runSignal.removeEventListener('abort', onRunAbort);
    }
  }

  private async succeeded(node: WorkflowNode, step: RunStep, result: StepResult): Promise<void> {
    if (this.finished) return;
    const shown = truncateValue(result.output, this.limits.maxStepOutputBytes);
    if (shown.truncated && !result.waiting) {
      // The full output stays available to later steps, also after a restart.
      await this.store.saveFullOutput(this.runId, step.id, result.output ?? null);
    }
    Object.assign(step, {
      status: result.waiting ? 'waiting' : 'succeeded',
      output: shown.value,
      outputBytes: shown.bytes,
      outputTruncated: shown.truncated,
      error: null,
      branch: result.branch ?? null,
      endedAt: result.waiting ? null : this.nowIso(),
    });
    if (!result.waiting) this.outputs.set(node.id, result.output);
  }

  private async failed(node: WorkflowNode, step: RunStep, input: StepInput, error: unknown): Promise<void> {
    const canceled = this.cancelController.signal.aborted;
    step.endedAt = this.nowIso();
    // Aborted by a cancel, or by fail-fast after another step failed.
    if (canceled || this.failure !== null) {
      step.status = 'canceled';
      step.error = RUN_MESSAGES.canceled;
      return;
    }
    step.status = 'failed';
    step.error = messageOf(error);
    const errorCode = stepErrorCodeOf(error);
    if (errorCode) step.errorCode = errorCode;
    // The node's onError takes the failure: its successors (or its error branch) get `{ error, input }`.
    const handled = handleFailure(node, step, input, error, this.limits.maxStepOutputBytes);
    if (handled) {
      this.outputs.set(node.id, handled.output);
      // Kept for a later execution (after a wait); this one has it in memory already.
      if (handled.truncated) await this.store.saveFullOutput(this.runId, step.id, handled.output).catch((cause: unknown) => this.executor.options.logger.warn({ err: cause, runId: this.runId }, 'could not store a handled failure’s output'));
      return;
    }
    this.failure = step.error;
    // Fail fast: the other branches stop.
    for (const controller of this.inFlight.values()) controller.abort(new CanceledError());
  }

  private async charge(step: RunStep, attempt: number, tokens: number, callKey: string): Promise<void> {
    if (!Number.isInteger(tokens) || tokens <= 0) return;
    // The meter makes the charge idempotent per (run, attempt, call): a call reported twice is charged once.
    const applied = await this.executor.options.meter.chargeModelCall({ runId: this.runId, ownerId: this.state.ownerId, workflow: { id: this.state.workflowId, name: this.state.workflowName }, attempt, callKey, tokens });
    if (!applied) return;
    step.tokens += tokens;
    this.state.tokensUsed += tokens;
    this.writer.soon();
  }

  private childStep(update: ChildStepReport): void {
    applyChildStep(this.state.steps, update, { nodeType: this.nodes.get(update.nodeId)?.type, nowIso: () => this.nowIso(), maxStepOutputBytes: this.limits.maxStepOutputBytes });
    // A child's status change is a status change too.
    void this.writer.flush().catch(() => undefined);
  }
}
