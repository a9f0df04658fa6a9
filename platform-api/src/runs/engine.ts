// The executor: runs one workflow run from its snapshot, persisting as it goes.
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
// up to maxAttempts; anything else, or the last attempt, fails the step and
// the run (fail fast: other in-flight steps are aborted and marked canceled,
// steps not started are skipped). An approval step leaves the step
// 'waiting'; when nothing else is running the run becomes 'waiting' and this
// execution ends. Approve/reject (router.ts) decide the step in Firestore and
// re-enqueue the run, which continues from the stored step states.
import { InsufficientTokensError, debit } from '@agentflow/shared/server';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { createHash } from 'node:crypto';
import {
  RUN_LIMITS,
  RUN_MESSAGES,
  TRIGGER_TYPES,
  isTerminalRunStatus,
  timeoutMessage,
  type NodeParams,
  type NodeType,
  type RunStatus,
  type RunStep,
  type StepInput,
  type StepStatus,
  type WorkflowEdge,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import { IDEMPOTENCY_KEY_PATTERN } from '@agentflow/shared/server';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import { BUILTIN_HANDLERS, StepFailure, type ChildStepReport, type StepHandler, type StepResult } from './steps.js';
import { RunWriter, decodeRun, runRef, stepOutputRef, truncateValue, type StoredRun } from './store.js';

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
  maxStepOutputBytes: number;
}

export const DEFAULT_ENGINE_LIMITS: EngineLimits = {
  maxAttempts: RUN_LIMITS.maxAttempts,
  retryBaseDelayMs: RUN_LIMITS.retryBaseDelayMs,
  defaultStepTimeoutMs: RUN_LIMITS.defaultStepTimeoutMs,
  agentStepTimeoutMs: RUN_LIMITS.agentStepTimeoutMs,
  leaseMs: 30_000,
  heartbeatMs: 10_000,
  writeThrottleMs: 400,
  maxStepOutputBytes: RUN_LIMITS.maxStepOutputBytes,
};

export interface ExecutorOptions {
  db: Firestore;
  logger: Logger;
  /** This process's id, written into the lease of the runs it executes. */
  instanceId: string;
  fetchPolicy: SafeFetchPolicy;
  /** Step handlers by node type (the agent handler comes from agentStep.ts; tests may replace any). */
  handlers?: Partial<Record<NodeType, StepHandler>>;
  limits?: Partial<EngineLimits>;
  now?: () => Date;
}

const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

class StepTimeoutError extends Error {
  readonly transient = true;
  constructor(ms: number) {
    super(timeoutMessage(ms));
    this.name = 'StepTimeoutError';
  }
}

/** Whether another attempt may succeed. */
export function isTransient(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error instanceof InsufficientTokensError) return false;
  if ((error as { transient?: unknown }).transient === true) return true;
  const code = (error as { code?: unknown }).code ?? ((error as { cause?: { code?: unknown } }).cause?.code as unknown);
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  return (error as Error).name === 'FetchTimeoutError';
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return String(error);
}

/**
 * Escapes a key part injectively into the ledger's alphabet: '_' and every
 * character outside [A-Za-z0-9.:-] become '_' plus two hex digits per UTF-8
 * byte ('_' too, so 'sup/spec#1' and a node named 'sup_spec_1' stay apart).
 * ':' separates parts, so it is escaped in every part but the last.
 */
function escapeKeyPart(part: string, keepColons: boolean): string {
  const plain = keepColons ? /[A-Za-z0-9.:-]/ : /[A-Za-z0-9.-]/;
  let out = '';
  for (const char of part) {
    if (plain.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `_${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/**
 * A ledger idempotency key from parts that may hold any characters:
 * different parts give different keys, the same parts the same key (a retry
 * of a call is not charged twice). Too long for the ledger: a sha256 of the
 * parts, marked by '_h', which no escaped key contains ('h' is no hex digit).
 */
export function ledgerKey(...parts: string[]): string {
  const key = parts.map((part, index) => escapeKeyPart(part, index === parts.length - 1)).join(':');
  if (IDEMPOTENCY_KEY_PATTERN.test(key)) return key;
  const prefix = escapeKeyPart(parts[0] ?? 'run', false).slice(0, 40);
  return `${prefix}:_h${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const isTrigger = (type: NodeType) => TRIGGER_TYPES.includes(type);

/** Nodes in an order where every node comes after its predecessors (the snapshot is validated acyclic). */
export function topologicalOrder(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): WorkflowNode[] {
  const indegree = new Map(nodes.map((node) => [node.id, 0]));
  for (const edge of edges) indegree.set(edge.target, (indegree.get(edge.target) ?? 0) + 1);
  const ready = nodes.filter((node) => indegree.get(node.id) === 0);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const order: WorkflowNode[] = [];
  while (ready.length > 0) {
    const node = ready.shift()!;
    order.push(node);
    for (const edge of edges) {
      if (edge.source !== node.id) continue;
      const left = (indegree.get(edge.target) ?? 0) - 1;
      indegree.set(edge.target, left);
      const target = byId.get(edge.target);
      if (left === 0 && target) ready.push(target);
    }
  }
  return order;
}

/**
 * The steps a new run starts with: one per node on the graph, in execution
 * order, all pending. Agents reached only by delegation (no incoming edge)
 * get no step of their own: their work appears as child steps.
 */
export function initialSteps(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): RunStep[] {
  const targets = new Set(edges.map((edge) => edge.target));
  const onGraph = nodes.filter((node) => isTrigger(node.type) || targets.has(node.id));
  return topologicalOrder(onGraph, edges.filter((edge) => onGraph.some((n) => n.id === edge.source))).map((node) =>
    newStep({ id: node.id, nodeId: node.id, parentStepId: null, name: node.name, type: node.type, status: 'pending' }),
  );
}

/** A step that has not produced anything yet. */
function newStep(fields: Pick<RunStep, 'id' | 'nodeId' | 'parentStepId' | 'name' | 'type' | 'status'> & Partial<RunStep>): RunStep {
  return {
    input: null,
    output: null,
    outputBytes: 0,
    outputTruncated: false,
    error: null,
    tokens: 0,
    attempts: 0,
    startedAt: null,
    endedAt: null,
    branch: null,
    ...fields,
  };
}

const FINISHED: readonly StepStatus[] = ['succeeded', 'skipped', 'failed', 'canceled'];

export class RunExecutor {
  readonly limits: EngineLimits;
  private readonly handlers: Partial<Record<NodeType, StepHandler>>;
  private readonly active = new Map<string, RunExecution>();
  /** Runs enqueued again while executing here (an approval decided as the execution was ending). */
  private readonly again = new Set<string>();

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

  /** Execute the run once more after the current execution ends (it reloads the stored state). */
  executeAgain(runId: string): void {
    this.again.add(runId);
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

class CanceledError extends Error {
  constructor() {
    super(RUN_MESSAGES.canceled);
    this.name = 'CanceledError';
  }
}

/** One execution of one run in this process. */
class RunExecution {
  private state!: StoredRun;
  private writer!: RunWriter;
  private readonly db: Firestore;
  private readonly limits: EngineLimits;
  private readonly cancelController = new AbortController();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly outputs = new Map<string, unknown>();
  private nodes = new Map<string, WorkflowNode>();
  private incoming = new Map<string, WorkflowEdge[]>();
  private failure: string | null = null;
  private finished = false;
  /** The write of the run's end (terminal or waiting) is under way. */
  private finalWrite = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private resolveDone: (() => void) | null = null;

  constructor(
    private readonly executor: RunExecutor,
    private readonly runId: string,
  ) {
    this.db = executor.options.db;
    this.limits = executor.limits;
  }

  private nowIso(): string {
    return this.executor.now().toISOString();
  }

  private lease() {
    return { instanceId: this.executor.options.instanceId, expiresAt: this.executor.now().getTime() + this.limits.leaseMs };
  }

  async run(): Promise<void> {
    const ref = runRef(this.db, this.runId);
    const snapshot = await ref.get();
    const stored = decodeRun(snapshot);
    if (!stored || isTerminalRunStatus(stored.status)) return;
    this.state = stored;
    for (const node of stored.snapshot.nodes) this.nodes.set(node.id, node);
    for (const edge of stored.snapshot.edges) this.incoming.set(edge.target, [...(this.incoming.get(edge.target) ?? []), edge]);
    await this.restoreOutputs();
    // A step stored as failed before this execution began (an approval
    // rejected while the run was queued after another approval) fails the
    // run: it must not be read as an untaken branch that a join runs past.
    const rejected = stored.steps.find((step) => step.parentStepId === null && step.status === 'failed');
    if (rejected) this.failure = rejected.error ?? RUN_MESSAGES.rejected;
    if (stored.status === 'waiting' && !this.canProgress() && this.failure === null) return;

    this.writer = new RunWriter(ref, () => this.state, (fresh) => this.reconcile(fresh), snapshot.updateTime ?? null, this.limits.writeThrottleMs);
    const now = this.nowIso();
    this.state.status = 'running';
    this.state.startedAt ??= now;
    this.state.updatedAt = now;
    this.state.lease = this.lease();
    await this.writer.flush();
    if (this.writer.isClosed) return;
    this.heartbeat = setInterval(() => {
      this.state.lease = this.lease();
      void this.writer.flush().catch((error: unknown) => this.executor.options.logger.warn({ err: error, runId: this.runId }, 'run heartbeat failed'));
    }, this.limits.heartbeatMs);
    this.heartbeat.unref();

    await new Promise<void>((resolve) => {
      this.resolveDone = resolve;
      this.pump();
    });
  }

  dispose(): void {
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
      if (step.parentStepId !== null || step.status !== 'succeeded') continue;
      if (step.outputTruncated) {
        const full = await stepOutputRef(this.db, this.runId, step.id).get();
        this.outputs.set(step.nodeId, full.exists ? (JSON.parse(String(full.get('json'))) as unknown) : step.output);
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
      if (source.status === 'succeeded' && (source.type !== 'condition' || edge.sourceHandle === undefined || edge.sourceHandle === source.branch)) active = true;
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
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.finalWrite = true;
    try {
      await this.writer.flush();
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

  private timeoutFor(node: WorkflowNode): number {
    if (node.type === 'http') return (node.params as Partial<NodeParams<'http'>>).timeoutMs ?? this.limits.defaultStepTimeoutMs;
    if (node.type === 'agent') return this.limits.agentStepTimeoutMs;
    return this.limits.defaultStepTimeoutMs;
  }

  private start(node: WorkflowNode, step: RunStep): void {
    const controller = new AbortController();
    this.inFlight.set(node.id, controller);
    const input = this.inputFor(node.id);
    const at = this.nowIso();
    const shownInput = truncateValue(input, this.limits.maxStepOutputBytes);
    Object.assign(step, { status: 'running', input: shownInput.value, startedAt: at, endedAt: null, error: null, attempts: 0 });
    void this.execute(node, step, input, controller)
      .then((result) => this.succeeded(node, step, result))
      .catch((error: unknown) => this.failed(step, error))
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
      for (let attempt = 1; ; attempt++) {
        if (runSignal.aborted) throw runSignal.reason;
        step.attempts = attempt;
        if (attempt > 1) this.writer.soon();
        const timeoutMs = this.timeoutFor(node);
        const attemptController = new AbortController();
        const forward = () => attemptController.abort(stepController.signal.reason);
        stepController.signal.addEventListener('abort', forward, { once: true });
        const timer = setTimeout(() => attemptController.abort(new StepTimeoutError(timeoutMs)), timeoutMs);
        try {
          const work = handler({
            db: this.db,
            run: this.state,
            node,
            stepId: step.id,
            input,
            signal: attemptController.signal,
            attempt,
            fetchPolicy: this.executor.options.fetchPolicy,
            chargeTokens: (tokens, callKey) => this.charge(step, attempt, tokens, callKey),
            onChildStep: (update) => this.childStep(update),
          });
          // A handler that ignores its signal still loses the race against it.
          return await new Promise<StepResult>((resolve, reject) => {
            const onAbort = () => reject(attemptController.signal.reason);
            attemptController.signal.addEventListener('abort', onAbort, { once: true });
            work.then(resolve, reject).finally(() => attemptController.signal.removeEventListener('abort', onAbort));
          });
        } catch (error) {
          // An aborted attempt reports why it was aborted (timeout or cancel), not the handler's AbortError.
          const cause = attemptController.signal.aborted ? attemptController.signal.reason : error;
          if (runSignal.aborted || this.failure !== null) throw runSignal.aborted ? runSignal.reason : cause;
          if (!isTransient(cause) || attempt >= this.limits.maxAttempts) throw cause;
          step.error = messageOf(cause);
          this.writer.soon();
          await sleep(this.limits.retryBaseDelayMs * 2 ** (attempt - 1), stepController.signal);
        } finally {
          clearTimeout(timer);
          stepController.signal.removeEventListener('abort', forward);
        }
      }
    } finally {
      runSignal.removeEventListener('abort', onRunAbort);
    }
  }

  private async succeeded(node: WorkflowNode, step: RunStep, result: StepResult): Promise<void> {
    if (this.finished) return;
    const shown = truncateValue(result.output, this.limits.maxStepOutputBytes);
    if (shown.truncated && !result.waiting) {
      // The full output stays available to later steps, also after a restart.
      await stepOutputRef(this.db, this.runId, step.id).set({ json: JSON.stringify(result.output ?? null) });
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

  private failed(step: RunStep, error: unknown): void {
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
    this.failure = step.error;
    // Fail fast: the other branches stop.
    for (const controller of this.inFlight.values()) controller.abort(new CanceledError());
  }

  private async charge(step: RunStep, attempt: number, tokens: number, callKey: string): Promise<void> {
    if (!Number.isInteger(tokens) || tokens <= 0) return;
    const result = await debit(this.db, {
      uid: this.state.ownerId,
      feature: 'agent',
      amount: tokens,
      idempotencyKey: ledgerKey('run', this.runId, String(attempt), callKey),
    });
    if (!result.applied) return;
    step.tokens += tokens;
    this.state.tokensUsed += tokens;
    this.writer.soon();
  }

  private childStep(update: ChildStepReport): void {
    let child = this.state.steps.find((s) => s.id === update.id);
    const parent = this.state.steps.find((s) => s.id === update.parentStepId);
    if (!child) {
      child = newStep({
        id: update.id,
        nodeId: update.nodeId,
        parentStepId: update.parentStepId,
        name: update.name,
        type: this.nodes.get(update.nodeId)?.type ?? 'agent',
        status: 'running',
        attempts: 1,
        startedAt: update.startedAt ?? this.nowIso(),
      });
      // Children follow their parent (and its earlier children) in the list.
      const parentIndex = parent ? this.state.steps.lastIndexOf(this.state.steps.filter((s) => s.id === parent.id || s.parentStepId === parent.id).at(-1)!) : -1;
      if (parentIndex >= 0) this.state.steps.splice(parentIndex + 1, 0, child);
      else this.state.steps.push(child);
    }
    child.status = update.status;
    if (update.input !== undefined) child.input = truncateValue(update.input, this.limits.maxStepOutputBytes).value;
    if (update.output !== undefined) {
      const shown = truncateValue(update.output, this.limits.maxStepOutputBytes);
      Object.assign(child, { output: shown.value, outputBytes: shown.bytes, outputTruncated: shown.truncated });
    }
    if (update.error !== undefined) child.error = update.error;
    if (update.tokens !== undefined) child.tokens = update.tokens;
    if (update.endedAt !== undefined) child.endedAt = update.endedAt;
    else if (update.status !== 'running') child.endedAt = this.nowIso();
    // A child's status change is a status change too.
    void this.writer.flush().catch(() => undefined);
  }
}
