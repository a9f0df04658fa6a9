// Creating runs (manual, webhook, schedule, app poll), the token charged at start, and
// keeping the leases of queued runs fresh. The HTTP routes and the
// scheduler go through here; runs are kept through the run store port and
// paid through the meter port (ports.ts), like the executor's steps.
import type { Logger } from 'pino';
import { PLAN_ERROR_CODES, isFileRef, type FileRef, type PlanRefusalDetails } from '@agentflow/shared/domain';
import { workspaceKey } from '@agentflow/shared/rbac';
import { ERROR_HANDLE, RUN_START_COST, STEP_TEST_ERROR_CODES, firedTriggerOf, initialSteps, isErrorOutput, planRunFromHere, type ParentRunLink, type RunRefusalCode, type RunStep, type RunTrigger, type Workflow } from '@agentflow/shared/workflow';
import type { RunExecutor } from './engine.js';
import { handlingOf } from './errors/handled.js';
import { isUnpaid, type LoadedRun, type Meter, type PlanGate, type RunAccount, type RunFileAttacher, type RunInputFile, type RunNotifier, type RunStore } from './ports.js';
import type { InProcessRunQueue, RunQueue } from './queue.js';
import { newRunId, truncateValue, type StoredRun } from './runModel.js';

export interface NewRun {
  workflow: Workflow;
  /**
   * Who pays (whose plan and tokens the run uses). With a payer port the
   * service asks the workflow's workspace instead (the workspace owner pays,
   * whoever starts the run); without one (the engine's own tests) this is it.
   */
  ownerId: string;
  trigger: RunTrigger;
  input: Record<string, unknown>;
  /** Uploads the input names (a run form's file fields, a webhook's parts): given to the run as it is stored. */
  files?: readonly RunInputFile[];
  /** Run from here: the node the run starts at (the nodes upstream of it give their pinned output). */
  startAt?: string;
  /** A sub-workflow's run: the parent run and step (recorded on the run), and its depth under the top-level run. */
  child?: { parentRun: ParentRunLink; depth: number };
}

/** Whether the workflow is in the trash (Workflow.deletedAt set): nothing of it runs until it is restored. */
export const isInTrash = (workflow: { deletedAt?: unknown }): boolean => workflow.deletedAt !== undefined && workflow.deletedAt !== null && workflow.deletedAt !== '';

/** A run of a workflow in the trash: refused before anything is charged or stored (no refused run is recorded either). */
export class WorkflowInTrashError extends Error {
  override name = 'WorkflowInTrashError';
  readonly code = STEP_TEST_ERROR_CODES.workflowInTrash;
  constructor(readonly workflowId: string) {
    super(`The workflow '${workflowId}' is in the trash: restore it to run it`);
  }
}

/** A run from a node that cannot start: `startAt` names no node, or a node upstream of it has no pinned output (nodeId). */
export class RunFromHereError extends Error {
  override name = 'RunFromHereError';
  constructor(
    message: string,
    readonly nodeId: string | null,
  ) {
    super(message);
  }
}

/** The steps of a run from `startAt`: upstream nodes succeeded with their pin (pinned: true, free), nodes off its paths skipped. */
function stepsFrom(workflow: Workflow, startAt: string, at: string): { steps: RunStep[]; fullOutputs: { stepId: string; output: unknown }[] } {
  const plan = planRunFromHere(workflow.nodes, workflow.edges, startAt);
  if (!plan) throw new RunFromHereError(`startAt names no node of this workflow`, null);
  const [missing] = plan.missing;
  if (missing !== undefined) throw new RunFromHereError(`startAt: the node '${missing}' upstream of '${startAt}' has no pinned output: pin one, or run from an earlier node`, missing);
  const steps = initialSteps(workflow.nodes, workflow.edges);
  const fullOutputs: { stepId: string; output: unknown }[] = [];
  const skipped = new Set(plan.skipped);
  for (const step of steps) {
    if (skipped.has(step.nodeId)) Object.assign(step, { status: 'skipped', endedAt: at });
  }
  for (const { nodeId, output } of plan.pinned) {
    const step = steps.find((candidate) => candidate.nodeId === nodeId);
    if (!step) continue;
    const shown = truncateValue(output);
    // A condition's pin is its result: the branch follows from it as the engine decides it (JSONata truthiness).
    const branch = step.type === 'condition' ? ((Array.isArray(output) ? output.length > 0 : Boolean(output)) ? 'true' : 'false') : null;
    Object.assign(step, { status: 'succeeded', pinned: true, output: shown.value, outputBytes: shown.bytes, outputTruncated: shown.truncated, branch, startedAt: at, endedAt: at });
    // The pin of a handled failure (`{ error, input }`) of a node whose onError handles it stands in as that failure, so its error branch runs as in a run.
    const handling = handlingOf(workflow.nodes.find((node) => node.id === nodeId));
    if (handling !== null && isErrorOutput(output)) Object.assign(step, { status: 'failed', handled: true, error: output.error.message, branch: handling === 'branch' ? ERROR_HANDLE : null });
    if (shown.truncated) fullOutputs.push({ stepId: step.id, output });
  }
  return { steps, fullOutputs };
}

const START_COST = RUN_START_COST;

/** A new run's account: its id, its payer and its workflow (named in the usage history). */
const accountOf = (newRun: NewRun): RunAccount => ({ runId: newRunId(), ownerId: newRun.ownerId, workflow: { id: newRun.workflow.id, name: newRun.workflow.name } });

/** The input with each file reference as stored (a request's own name, size or type never reaches the run). */
function withStoredRefs(input: Record<string, unknown>, stored: readonly FileRef[]): Record<string, unknown> {
  const byId = new Map(stored.map((ref) => [ref.fileId, ref]));
  const swap = (value: unknown): unknown => {
    if (isFileRef(value)) return byId.get(value.fileId) ?? value;
    if (Array.isArray(value)) return value.map(swap);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swap(item)]));
    return value;
  };
  return swap(input) as Record<string, unknown>;
}

/**
 * Checks a run can start before anything is charged or stored: today, that
 * every agent's credential exists and its owner may use it. A message says
 * what to fix; null lets the run start.
 */
export type RunPreflight = (workflow: Workflow, ownerId: string) => Promise<string | null>;

/**
 * A run that could not start: the preflight (a credential) or the owner's
 * plan refused it. Nothing was charged; a webhook run's refusal was recorded
 * (runId), a manual one's was not (its caller sees the answer).
 */
export class RunRefusedError extends Error {
  override name = 'RunRefusedError';
  constructor(
    message: string,
    readonly code: Exclude<RunRefusalCode, 'insufficient_tokens'> = 'credential_missing',
    readonly details: PlanRefusalDetails | null = null,
    readonly runId: string | null = null,
  ) {
    super(message);
  }
}

/** The owner could not pay a webhook run's start: recorded as refused (runId), nothing charged. */
export class RunUnpaidError extends Error {
  override name = 'RunUnpaidError';
  constructor(
    readonly unpaid: Error,
    readonly runId: string,
  ) {
    super(unpaid.message);
  }
}

/** Who else the service reports to; both optional (tests of the engine alone leave them out). */
export interface RunsServicePorts {
  plans?: PlanGate;
  notifier?: RunNotifier;
  /** Gives a new run the uploads its input names (absent: a run with files cannot start). */
  files?: RunFileAttacher;
  /** Who pays for a run of a workflow: its workspace's owner (access.ts workspacePayer); absent: NewRun.ownerId. */
  payerOf?: (workflow: Workflow) => Promise<string>;
}

/** Runs that nobody watches start (webhook, schedule, app poll): their refusals are recorded for the owner. */
const UNATTENDED: ReadonlySet<RunTrigger['type']> = new Set(['webhook', 'schedule', 'poll']);

interface Refusal {
  code: Exclude<RunRefusalCode, 'insufficient_tokens'>;
  message: string;
  details: PlanRefusalDetails | null;
}

export class RunsService {
  constructor(
    readonly store: RunStore,
    readonly meter: Meter,
    readonly logger: Logger,
    readonly executor: RunExecutor,
    readonly queue: RunQueue,
    readonly instanceId: string,
    private readonly preflight: RunPreflight = async () => null,
    private readonly ports: RunsServicePorts = {},
  ) {}

  now(): Date {
    return this.executor.now();
  }

  private document(runId: string, { workflow, ownerId, trigger, input, startAt, child }: NewRun): StoredRun & { fullOutputs: { stepId: string; output: unknown }[] } {
    const now = this.now();
    const { steps, fullOutputs } = startAt === undefined ? { steps: initialSteps(workflow.nodes, workflow.edges), fullOutputs: [] } : stepsFrom(workflow, startAt, now.toISOString());
    return {
      id: runId,
      workflowId: workflow.id,
      workflowVersion: workflow.version,
      workflowName: workflow.name,
      organizationId: workflow.organizationId ?? null,
      // One equality filter lists a workspace's runs (the executions page); the workspace as it was at start.
      workspaceId: workspaceKey(workflow),
      startedBy: trigger.userId ?? null,
      triggerName: firedTriggerOf(workflow, trigger)?.name ?? null,
      // The error workflow named when the run started is the one told if it fails (errors/errorWorkflow.ts).
      snapshot: { nodes: workflow.nodes, edges: workflow.edges, ...(workflow.errorWorkflowId ? { errorWorkflowId: workflow.errorWorkflowId } : {}) },
      ownerId,
      status: 'queued',
      trigger,
      input,
      output: null,
      error: null,
      errorCode: null,
      // The start token counts: tokensUsed is what the run cost.
      tokensUsed: START_COST,
      steps,
      createdAt: now.toISOString(),
      startedAt: null,
      endedAt: null,
      updatedAt: now.toISOString(),
      lease: { instanceId: this.instanceId, expiresAt: now.getTime() + this.executor.limits.leaseMs },
      ...(child ? { parentRun: child.parentRun, depth: child.depth } : {}),
      fullOutputs,
    };
  }

  /** The run document and the full outputs of pinned steps too large for it (saved beside it). */
  private async create(run: StoredRun & { fullOutputs: { stepId: string; output: unknown }[] }, local: boolean): Promise<LoadedRun | null> {
    const { fullOutputs, ...stored } = run;
    const version = await this.store.create(stored);
    for (const { stepId, output } of fullOutputs) await this.store.saveFullOutput(stored.id, stepId, output);
    if (version === undefined) return null;
    // Executed here: the executor starts from the run as created rather than reading it back.
    if (local) this.executor.prime(stored, version);
    return { run: stored, version };
  }

  /** The run with its payer: the workflow's workspace owner (when the service knows how to ask). */
  private async withPayer(newRun: NewRun): Promise<NewRun> {
    if (!this.ports.payerOf) return newRun;
    return { ...newRun, ownerId: await this.ports.payerOf(newRun.workflow) };
  }

  /**
   * The one place a run is charged for starting, whatever started it (the
   * meter makes it once per run). Agent steps' tokens are charged by the
   * executor through the same meter.
   */
  private chargeStart(run: RunAccount): Promise<void> {
    return this.meter.chargeRunStart(run, START_COST);
  }

  /**
   * Throws what refuses a run before anything is charged (RunRefusedError:
   * the plan, a credential), recording nothing: a step test asks this for
   * the workflow as a manual run of its node would.
   */
  async checkStart(newRun: NewRun): Promise<void> {
    if (isInTrash(newRun.workflow)) throw new WorkflowInTrashError(newRun.workflow.id);
    newRun = await this.withPayer(newRun);
    const refusal = await this.refusalOf(newRun);
    if (refusal) throw new RunRefusedError(refusal.message, refusal.code, refusal.details);
  }

  /** What refuses a run before anything is charged: the owner's plan (unattended triggers), then the preflight. */
  private async refusalOf(newRun: NewRun): Promise<Refusal | null> {
    if (UNATTENDED.has(newRun.trigger.type) && this.ports.plans) {
      const plan = await this.ports.plans.refusalFor(newRun.ownerId, newRun.trigger.type);
      if (plan) return { code: PLAN_ERROR_CODES.planRequired, message: plan.message, details: { plan: plan.plan, feature: plan.feature } };
    }
    const credential = await this.preflight(newRun.workflow, newRun.ownerId);
    return credential ? { code: 'credential_missing', message: credential, details: null } : null;
  }

  /** A refused run's fields: ended, free, with the reason. */
  private refusedFields(refusal: { code: RunRefusalCode; message: string }) {
    const at = this.now().toISOString();
    return { status: 'refused' as const, error: refusal.message, errorCode: refusal.code, tokensUsed: 0, startedAt: null, endedAt: at, updatedAt: at, lease: null };
  }

  /** Records a refused run for its owner (the run view and history show it) and tells them. */
  private async recordRefused(runId: string, newRun: NewRun, refusal: { code: RunRefusalCode; message: string }): Promise<void> {
    const { fullOutputs: _fullOutputs, ...document } = this.document(runId, newRun);
    const run = { ...document, ...this.refusedFields(refusal), steps: [] };
    await this.store.create(run);
    await this.notify(run);
  }

  private async notify(run: Parameters<RunNotifier['runRefused']>[0]): Promise<void> {
    try {
      await this.ports.notifier?.runRefused(run);
    } catch (error) {
      this.logger.warn({ err: error, runId: run.id }, 'could not notify the owner of a refused run');
    }
  }

  /**
   * Charges the start token, stores the run and queues it. Throws
   * RunRefusedError (plan or preflight) or InsufficientTokensError (no
   * token) with nothing charged or stored; for a webhook run the refusal is
   * recorded as a 'refused' run (RunRefusedError.runId, RunUnpaidError).
   */
  async start(newRun: NewRun): Promise<string> {
    if (isInTrash(newRun.workflow)) throw new WorkflowInTrashError(newRun.workflow.id);
    // A run from a node that cannot start is refused before anything (its steps are planned again as it is stored).
    if (newRun.startAt !== undefined) stepsFrom(newRun.workflow, newRun.startAt, this.now().toISOString());
    newRun = await this.withPayer(newRun);
    const unattended = UNATTENDED.has(newRun.trigger.type);
    const refusal = await this.refusalOf(newRun);
    const account = accountOf(newRun);
    if (refusal) {
      if (unattended) await this.recordRefused(account.runId, newRun, refusal);
      throw new RunRefusedError(refusal.message, refusal.code, refusal.details, unattended ? account.runId : null);
    }
    try {
      await this.chargeStart(account);
    } catch (error) {
      if (!unattended || !isUnpaid(error)) throw error;
      await this.recordRefused(account.runId, newRun, { code: 'insufficient_tokens', message: error.message });
      throw new RunUnpaidError(error, account.runId);
    }
    let created: LoadedRun | null;
    try {
      // The files first: a file that is not the owner's unused upload refuses the run (and the token goes back).
      if (newRun.files?.length) {
        if (!this.ports.files) throw new Error('This deployment has no file storage: a run with files cannot start');
        // The uploads are the starter's (a user the workflow is shared with uploads their own files), else the payer's.
        const stored = await this.ports.files.attach(newRun.trigger.userId ?? newRun.ownerId, newRun.files, { runId: account.runId, workflowId: newRun.workflow.id });
        newRun = { ...newRun, input: withStoredRefs(newRun.input, stored) };
      }
      created = await this.create(this.document(account.runId, newRun), newRun.child !== undefined || this.queue.executesLocally === true);
    } catch (error) {
      // The run does not exist: give the token back (its files, if attached, are swept with runs that do not exist).
      await this.meter.refundRunStart(account, START_COST).catch(() => undefined);
      throw error;
    }
    // A sub-workflow's run executes here, beside its parent, outside the queue's slots: the
    // parent holds a slot while it waits, so nested runs queued behind it could wait forever.
    if (newRun.child) void this.executor.execute(account.runId);
    else await this.queue.enqueue(account.runId, created ?? undefined);
    return account.runId;
  }

  /**
   * A schedule tick: the tick and the run are created together, so of
   * several instances seeing the same tick one creates the run. Returns null
   * when another instance already did. A run the plan, a credential or the
   * balance refuses is kept as 'refused', free, with the reason, and the
   * owner is told.
   */
  startScheduled(newRun: NewRun, tickIso: string): Promise<string | null> {
    const tick = { workflowId: newRun.workflow.id, tick: tickIso, nodeId: newRun.trigger.nodeId ?? null, instanceId: this.instanceId, createdAt: this.now().toISOString() };
    return this.startClaimed(newRun, (run) => this.store.createForTick(run, tick));
  }

  /**
   * A new item of an app poll trigger (the run's input): the run and the
   * item's record are created together, so the item gets one run however
   * many polls see it (two instances, a poll repeated after a crash).
   * Returns null when it already has one; refusals as startScheduled.
   */
  startPolled(newRun: NewRun, itemKey: string): Promise<string | null> {
    const item = { workflowId: newRun.workflow.id, key: itemKey, instanceId: this.instanceId, createdAt: this.now().toISOString() };
    return this.startClaimed(newRun, (run) => this.store.createForPollItem(run, item));
  }

  /** Creates the run with its claim (none when the claim exists), then refuses, charges and queues it. */
  private async startClaimed(newRun: NewRun, create: (run: StoredRun) => Promise<boolean>): Promise<string | null> {
    // A workflow in the trash gets no run, not even a refused one (its tick or item is not claimed either).
    if (isInTrash(newRun.workflow)) throw new WorkflowInTrashError(newRun.workflow.id);
    newRun = await this.withPayer(newRun);
    const account = accountOf(newRun);
    const { fullOutputs: _fullOutputs, ...document } = this.document(account.runId, newRun);
    if (!(await create(document))) return null;
    const refuse = async (refusal: { code: RunRefusalCode; message: string }) => {
      const fields = this.refusedFields(refusal);
      await this.store.patch(account.runId, { ...fields });
      const stored = await this.store.load(account.runId);
      if (stored) await this.notify(stored.run);
      return account.runId;
    };
    const refusal = await this.refusalOf(newRun);
    if (refusal) return refuse(refusal);
    try {
      await this.chargeStart(account);
    } catch (error) {
      if (isUnpaid(error)) return refuse({ code: 'insufficient_tokens', message: error.message });
      const at = this.now().toISOString();
      await this.store.patch(account.runId, { status: 'failed', error: 'Could not charge the run', tokensUsed: 0, endedAt: at, updatedAt: at, lease: null });
      this.logger.error({ err: error, runId: account.runId, trigger: newRun.trigger.type }, 'unattended run charge failed');
      return account.runId;
    }
    await this.queue.enqueue(account.runId);
    return account.runId;
  }

  /**
   * Queued runs wait with a lease; renew it so another instance does not take
   * them for dead (the store leaves alone those that ended meanwhile).
   * Returns the ids renewed.
   */
  async renewQueuedLeases(): Promise<string[]> {
    const waiting = (this.queue as Partial<InProcessRunQueue>).waitingIds?.() ?? [];
    if (waiting.length === 0) return [];
    return this.store.renewLeases(waiting, { instanceId: this.instanceId, expiresAt: this.now().getTime() + this.executor.limits.leaseMs });
  }
}
