// The executor and the runs service through their ports alone: an in-memory
// run store and a recording meter, no Firestore and no ledger (no emulator
// either). Shows that a run is charged once at its start, that an agent's
// model calls reach the meter with the run, attempt and call, and that
// cancels written by someone else reach the executor as store conflicts.
import { pino } from 'pino';
import { RUN_MESSAGES, RUN_START_COST, initialSteps, type RunStatus, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { RunExecutor, type EngineLimits } from './engine';
import type { LoadedRun, Meter, ModelCall, RunAccount, RunPatch, RunStore, RunVersion, SaveOutcome, ScheduleTick } from './ports';
import { InProcessRunQueue } from './queue';
import type { StoredRun } from './runModel';
import { RunsService } from './service';
import { TransientStepError, type StepHandler } from './steps';

// Loading any of these fails the suite: the engine and the service must reach
// Firestore and the ledger (and its key format) only through their ports.
jest.mock('firebase-admin/firestore', () => {
  throw new Error('the engine loaded Firestore');
});
jest.mock('@agentflow/shared/server', () => {
  throw new Error('the engine loaded the service kit and ledger');
});
jest.mock('@agentflow/shared/ledger', () => {
  throw new Error('the engine loaded the ledger');
});

/** The ledger's refusal, named and worded as the ledger's own (this suite loads no ledger). */
class InsufficientTokensError extends Error {
  override name = 'InsufficientTokensError';
  constructor(needed: number, remaining: number) {
    super(`Insufficient tokens: ${needed} needed, ${remaining} remaining`);
  }
}

/** Runs in a Map; a run's version counts its writes, so a save since an older version conflicts. */
class MemoryRunStore implements RunStore {
  readonly runs = new Map<string, { run: StoredRun; version: number }>();
  readonly fullOutputs = new Map<string, unknown>();
  /** The status of every run at each save, in order. */
  readonly statuses: RunStatus[] = [];

  /** Reads of a run (the executor reads none of a run it just created here). */
  loads = 0;

  async create(run: StoredRun): Promise<RunVersion> {
    if (this.runs.has(run.id)) throw new Error(`run ${run.id} exists`);
    this.runs.set(run.id, { run: structuredClone(run), version: 1 });
    return 1;
  }
  async createForTick(run: StoredRun, _tick: ScheduleTick): Promise<boolean> {
    await this.create(run);
    return true;
  }
  async createForPollItem(run: StoredRun): Promise<boolean> {
    await this.create(run);
    return true;
  }
  async load(runId: string): Promise<LoadedRun | null> {
    this.loads++;
    const entry = this.runs.get(runId);
    return entry ? { run: structuredClone(entry.run), version: entry.version } : null;
  }
  async save(run: StoredRun, since: RunVersion | null): Promise<SaveOutcome> {
    // Copied at once, as the port asks: the executor goes on changing `run`.
    const copy = structuredClone(run);
    await Promise.resolve();
    const entry = this.runs.get(run.id);
    if (!entry) throw new Error(`run ${run.id} not found`);
    if (since !== null && since !== entry.version) return { kind: 'conflict', current: structuredClone(entry.run), version: entry.version };
    entry.run = copy;
    entry.version++;
    this.statuses.push(copy.status);
    return { kind: 'saved', version: entry.version };
  }
  async patch(runId: string, fields: RunPatch): Promise<void> {
    this.write(runId, fields);
  }
  async renewLeases(): Promise<string[]> {
    return [];
  }
  async saveFullOutput(runId: string, stepId: string, output: unknown): Promise<void> {
    this.fullOutputs.set(`${runId}/${stepId}`, structuredClone(output));
  }
  async loadFullOutput(runId: string, stepId: string): Promise<{ output: unknown } | null> {
    const key = `${runId}/${stepId}`;
    return this.fullOutputs.has(key) ? { output: this.fullOutputs.get(key) } : null;
  }
  /** Someone else's write (a cancel from the API on another instance). */
  write(runId: string, fields: Partial<StoredRun>): void {
    const entry = this.runs.get(runId)!;
    Object.assign(entry.run, fields);
    entry.version++;
  }
  stored(runId: string): StoredRun {
    return this.runs.get(runId)!.run;
  }
}

type Charge = { kind: 'start'; runId: string; ownerId: string; tokens: number } | ({ kind: 'call' } & ModelCall) | { kind: 'refund'; runId: string; tokens: number };

/** Records what it charges; each charge once per (run, attempt, call), as the ledger's idempotency keys make it. */
class RecordingMeter implements Meter {
  readonly charges: Charge[] = [];
  private readonly seen = new Set<string>();
  constructor(private balance: number) {}

  async chargeRunStart({ runId, ownerId }: RunAccount, tokens: number): Promise<void> {
    this.take(tokens);
    this.charges.push({ kind: 'start', runId, ownerId, tokens });
  }
  async refundRunStart({ runId }: RunAccount, tokens: number): Promise<void> {
    this.balance += tokens;
    this.charges.push({ kind: 'refund', runId, tokens });
  }
  async chargeModelCall(call: ModelCall): Promise<boolean> {
    const key = JSON.stringify([call.runId, call.attempt, call.callKey]);
    if (this.seen.has(key)) return false;
    this.take(call.tokens);
    this.seen.add(key);
    this.charges.push({ kind: 'call', ...call });
    return true;
  }
  private take(tokens: number): void {
    if (tokens > this.balance) throw new InsufficientTokensError(tokens, this.balance);
    this.balance -= tokens;
  }
}

const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown> = {}): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
const workflowOf = (nodes: WorkflowNode[]): Workflow =>
  ({
    id: 'wf-1',
    ownerId: 'ada',
    organizationId: null,
    name: 'Two steps',
    version: 3,
    nodes,
    edges: nodes.slice(1).map((target, index) => ({ id: `e${index}`, source: nodes[index]!.id, target: target.id })),
  }) as Workflow;

function setUp(handlers: Partial<Record<WorkflowNode['type'], StepHandler>>, options: { balance?: number; limits?: Partial<EngineLimits> } = {}) {
  const store = new MemoryRunStore();
  const meter = new RecordingMeter(options.balance ?? 1000);
  const logger = pino({ level: 'silent' });
  const executor = new RunExecutor({
    store,
    meter,
    logger,
    instanceId: 'test-instance',
    fetchPolicy: { allowPrivateNetworks: false, timeoutMs: 1000, maxResponseBytes: 1000 },
    handlers,
    limits: { retryBaseDelayMs: 1, writeThrottleMs: 1, ...options.limits },
  });
  const finished = new Map<string, () => void>();
  const queue = new InProcessRunQueue(
    async (runId) => {
      await executor.execute(runId);
      finished.get(runId)?.();
    },
    { concurrency: 2, logger },
  );
  queue.start();
  const service = new RunsService(store, meter, logger, executor, queue, 'test-instance');
  /** Starts a run of Ada's and resolves with it once its execution ended. */
  const run = async (workflow: Workflow, input: Record<string, unknown> = {}) => {
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const runId = await service.start({ workflow, ownerId: 'ada', trigger: { type: 'manual', userId: 'ada' }, input });
    finished.set(runId, ended);
    // Executed before the map entry existed: it is already stored as ended.
    if (['succeeded', 'failed', 'canceled', 'waiting'].includes(store.stored(runId).status)) ended();
    await done;
    return store.stored(runId);
  };
  return { store, meter, executor, queue, service, run };
}

const stepOf = (run: StoredRun, id: string) => run.steps.find((step) => step.id === id)!;

it('executes a two-step run through the ports alone, charging the start once and each model call with its run, workflow, attempt and call', async () => {
  const writer: StepHandler = async ({ stepId, input, chargeTokens }) => {
    await chargeTokens(120, `${stepId}:call:1`);
    // The same call reported again (a retried write) is charged once.
    await chargeTokens(120, `${stepId}:call:1`);
    await chargeTokens(35, `${stepId}:call:2`);
    return { output: { text: `Dear ${String(input.input.name)}` } };
  };
  const { store, meter, queue, run } = setUp({ agent: writer });
  const done = await run(workflowOf([node('trigger', 'trigger.manual'), node('writer', 'agent'), node('out', 'output', { mapping: 'writer.text' })]), { name: 'Ada' });

  expect(done.status).toBe('succeeded');
  expect(done.output).toEqual({ out: 'Dear Ada' });
  expect(done.steps.map((step) => [step.id, step.status])).toEqual([
    ['trigger', 'succeeded'],
    ['writer', 'succeeded'],
    ['out', 'succeeded'],
  ]);
  expect(meter.charges).toEqual([
    { kind: 'start', runId: done.id, ownerId: 'ada', tokens: RUN_START_COST },
    // Each call names the run's workflow too: the usage history shows it (the meter decides how it is kept).
    { kind: 'call', runId: done.id, ownerId: 'ada', workflow: { id: 'wf-1', name: 'Two steps' }, attempt: 1, callKey: 'writer:call:1', tokens: 120 },
    { kind: 'call', runId: done.id, ownerId: 'ada', workflow: { id: 'wf-1', name: 'Two steps' }, attempt: 1, callKey: 'writer:call:2', tokens: 35 },
  ]);
  expect(stepOf(done, 'writer').tokens).toBe(155);
  expect(done.tokensUsed).toBe(RUN_START_COST + 155);
  expect(done.lease).toBeNull();
  expect(store.statuses[0]).toBe('running');
  expect(store.statuses.at(-1)).toBe('succeeded');
  await queue.stop();
});

it('charges a retried attempt\'s calls as new calls, and fails the step at once when the meter refuses', async () => {
  let attempts = 0;
  const flaky: StepHandler = async ({ stepId, chargeTokens }) => {
    attempts++;
    await chargeTokens(10, `${stepId}:call:1`);
    if (attempts === 1) throw new TransientStepError('provider overloaded');
    return { output: 'ok' };
  };
  const { meter, queue, run } = setUp({ agent: flaky });
  const done = await run(workflowOf([node('trigger', 'trigger.manual'), node('agent', 'agent')]));
  expect(done.status).toBe('succeeded');
  expect(stepOf(done, 'agent')).toMatchObject({ attempts: 2, tokens: 20 });
  expect(meter.charges.filter((charge) => charge.kind === 'call').map((charge) => (charge as ModelCall).attempt)).toEqual([1, 2]);
  await queue.stop();

  const costly: StepHandler = async ({ stepId, chargeTokens }) => {
    await chargeTokens(500, `${stepId}:call:1`);
    return { output: 'never' };
  };
  const poor = setUp({ agent: costly }, { balance: 100 });
  const refused = await poor.run(workflowOf([node('trigger', 'trigger.manual'), node('agent', 'agent')]));
  expect(refused.status).toBe('failed');
  // The ledger's refusal is not worth another attempt.
  expect(stepOf(refused, 'agent')).toMatchObject({ status: 'failed', attempts: 1, tokens: 0, error: `Insufficient tokens: 500 needed, ${100 - RUN_START_COST} remaining` });
  expect(refused.tokensUsed).toBe(RUN_START_COST);
  await poor.queue.stop();
});

it('starts nothing when the start cannot be paid, and refunds the start when the run cannot be stored', async () => {
  const { store, meter, service, queue } = setUp({}, { balance: 0 });
  const workflow = workflowOf([node('trigger', 'trigger.manual')]);
  await expect(service.start({ workflow, ownerId: 'ada', trigger: { type: 'manual', userId: 'ada' }, input: {} })).rejects.toThrow(InsufficientTokensError);
  expect(store.runs.size).toBe(0);
  expect(meter.charges).toEqual([]);
  await queue.stop();

  const broken = setUp({});
  broken.store.create = async () => {
    throw new Error('store down');
  };
  await expect(broken.service.start({ workflow, ownerId: 'ada', trigger: { type: 'manual', userId: 'ada' }, input: {} })).rejects.toThrow('store down');
  expect(broken.meter.charges.map((charge) => [charge.kind, charge.tokens])).toEqual([
    ['start', RUN_START_COST],
    ['refund', RUN_START_COST],
  ]);
  await broken.queue.stop();
});

it('stops when the store reports a cancel written elsewhere, and leaves the run as it was written', async () => {
  const seen: { signal?: AbortSignal } = {};
  const waits: StepHandler = (context) => {
    seen.signal = context.signal;
    return new Promise(() => undefined);
  };
  const { store, queue, service } = setUp({ agent: waits }, { limits: { heartbeatMs: 10 } });
  const runId = await service.start({ workflow: workflowOf([node('trigger', 'trigger.manual'), node('agent', 'agent')]), ownerId: 'ada', trigger: { type: 'manual', userId: 'ada' }, input: {} });
  for (let i = 0; i < 100 && !seen.signal; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  store.write(runId, { status: 'canceled', error: RUN_MESSAGES.canceled, lease: null });
  // The next heartbeat's save conflicts; the executor adopts the cancel and aborts the step.
  for (let i = 0; i < 100 && !seen.signal?.aborted; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(seen.signal?.aborted).toBe(true);
  await queue.stop();
  const saves = store.statuses.length;
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(store.statuses.length).toBe(saves);
  expect(store.stored(runId)).toMatchObject({ status: 'canceled', error: RUN_MESSAGES.canceled, lease: null });
});

describe('writes of a run', () => {
  const slow =
    (ms: number): StepHandler =>
    async ({ input }) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { output: { seen: input.input } };
    };
  const pure = workflowOf([node('trigger', 'trigger.manual'), node('shape', 'transform', { mapping: '{"n": input.n + 1}' }), node('out', 'output', { mapping: 'shape' })]);

  it('writes a short run of steps without side effects once, whole, without reading it back', async () => {
    const { store, queue, run } = setUp({});
    const done = await run(pure, { n: 41 });
    expect(done).toMatchObject({ status: 'succeeded', output: { out: { n: 42 } }, lease: null });
    expect(done.steps.map((step) => step.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(store.statuses).toEqual(['succeeded']);
    expect(store.loads).toBe(0);
    await queue.stop();
  });

  it('writes a run that outlasts quietMs as running when the window ends, then as it goes', async () => {
    const { store, queue, run } = setUp({ transform: slow(80) }, { limits: { quietMs: 20 } });
    const done = await run(pure, { n: 1 });
    expect(done.status).toBe('succeeded');
    expect(store.statuses[0]).toBe('running');
    expect(store.statuses.at(-1)).toBe('succeeded');
    await queue.stop();
  });

  it('writes the run as a step with side effects starts, and always with quietMs 0', async () => {
    const seen: StoredRun[] = [];
    const { store, queue, run } = setUp({
      http: async ({ run: current }) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen.push(structuredClone(store.stored(current.id)));
        return { output: 'sent' };
      },
    });
    const done = await run(workflowOf([node('trigger', 'trigger.manual'), node('call', 'http', { url: 'https://example.com' })]));
    expect(done.status).toBe('succeeded');
    // While the step acted, the run was stored as running with the step under way (recovery sees it).
    expect(seen[0]).toMatchObject({ status: 'running', steps: [{ status: 'succeeded' }, { status: 'running' }] });
    await queue.stop();

    const always = setUp({}, { limits: { quietMs: 0 } });
    await always.run(pure, { n: 1 });
    expect(always.store.statuses[0]).toBe('running');
    expect(always.store.statuses.at(-1)).toBe('succeeded');
    await always.queue.stop();
  });

  /** A run of `pure` as a Pub/Sub worker holds it: stored with `fields` under a new id, nothing executed yet. */
  const storedAs = async (store: MemoryRunStore, template: StoredRun, id: string, fields: Partial<StoredRun>) => {
    const steps = initialSteps(pure.nodes, pure.edges);
    await store.create({ ...structuredClone(template), id, startedAt: null, endedAt: null, output: null, steps, ...fields });
    store.statuses.length = 0;
    store.loads = 0;
  };
  const leaseOf = (instanceId: string) => ({ instanceId, expiresAt: Date.now() + 30_000 });

  it('keeps a run its Pub/Sub claim made running here in memory too: one write, whole', async () => {
    const { store, queue, executor, run } = setUp({});
    const template = await run(pure, { n: 1 });
    // What queue/pubsub/claim.ts stores: running under this instance's lease, never started.
    await storedAs(store, template, 'claimed-here', { status: 'running', lease: leaseOf('test-instance') });
    await executor.execute('claimed-here');
    expect(store.statuses).toEqual(['succeeded']);
    expect(store.stored('claimed-here')).toMatchObject({ status: 'succeeded', lease: null, output: { out: { n: 2 } } });

    // Running under someone else's lease (recovery resuming it): written as it goes, as before.
    await storedAs(store, template, 'claimed-elsewhere', { status: 'running', lease: leaseOf('another-worker') });
    await executor.execute('claimed-elsewhere');
    expect(store.statuses[0]).toBe('running');
    expect(store.statuses.at(-1)).toBe('succeeded');
    expect(store.statuses.length).toBeGreaterThan(2);
    await queue.stop();
  });

  it('lets go of a waiting run delivered here with nothing to continue: its claim lease is dropped, nothing else changes', async () => {
    const { store, queue, executor, run } = setUp({});
    const template = await run(pure, { n: 1 });
    const waitingSteps = (id: string) => {
      const steps = structuredClone(store.stored(id).steps);
      steps[0]!.status = 'succeeded';
      steps[1]!.status = 'waiting';
      return steps;
    };
    await storedAs(store, template, 'waiting-mine', { status: 'waiting', lease: leaseOf('test-instance') });
    store.write('waiting-mine', { steps: waitingSteps('waiting-mine') });
    const before = structuredClone(store.stored('waiting-mine'));
    await executor.execute('waiting-mine');
    expect(store.stored('waiting-mine')).toEqual({ ...before, lease: null });
    expect(store.statuses).toEqual(['waiting']);

    // Another worker's claim: left alone (it continues the run, or its lease lapses).
    await storedAs(store, template, 'waiting-theirs', { status: 'waiting', lease: leaseOf('another-worker') });
    store.write('waiting-theirs', { steps: waitingSteps('waiting-theirs') });
    const theirs = structuredClone(store.stored('waiting-theirs'));
    await executor.execute('waiting-theirs');
    expect(store.stored('waiting-theirs')).toEqual(theirs);
    expect(store.statuses).toEqual([]);
    await queue.stop();
  });

  it('keeps a cancel written while the run was in memory: its one write conflicts and the run stays canceled', async () => {
    const { store, queue, service } = setUp({ transform: slow(60) });
    const runId = await service.start({ workflow: pure, ownerId: 'ada', trigger: { type: 'manual', userId: 'ada' }, input: { n: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.write(runId, { status: 'canceled', error: RUN_MESSAGES.canceled, lease: null });
    await queue.stop();
    expect(store.statuses).toEqual([]);
    expect(store.stored(runId)).toMatchObject({ status: 'canceled', error: RUN_MESSAGES.canceled, lease: null });
  });
});
