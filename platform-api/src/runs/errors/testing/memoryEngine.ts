// Test kit: the executor and runs service on an in-memory run store and a
// free meter (no emulator), for the engine's error-handling tests.
import { pino } from 'pino';
import { defaultParams, type RunTrigger, type Workflow, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { RunExecutor, type EngineLimits } from '../../engine';
import type { LoadedRun, Meter, RunPatch, RunStore, RunVersion, SaveOutcome } from '../../ports';
import { InProcessRunQueue } from '../../queue';
import type { StoredRun } from '../../runModel';
import { RunsService } from '../../service';
import type { StepHandler } from '../../steps';

export class MemoryRunStore implements RunStore {
  readonly runs = new Map<string, { run: StoredRun; version: number }>();
  readonly fullOutputs = new Map<string, unknown>();
  async create(run: StoredRun): Promise<void> {
    this.runs.set(run.id, { run: structuredClone(run), version: 1 });
  }
  async createForTick(run: StoredRun): Promise<boolean> {
    await this.create(run);
    return true;
  }
  async createForPollItem(run: StoredRun): Promise<boolean> {
    await this.create(run);
    return true;
  }
  async load(runId: string): Promise<LoadedRun | null> {
    const entry = this.runs.get(runId);
    return entry ? { run: structuredClone(entry.run), version: entry.version } : null;
  }
  async save(run: StoredRun, since: RunVersion | null): Promise<SaveOutcome> {
    const copy = structuredClone(run);
    await Promise.resolve();
    const entry = this.runs.get(run.id)!;
    if (since !== null && since !== entry.version) return { kind: 'conflict', current: structuredClone(entry.run), version: entry.version };
    entry.run = copy;
    entry.version++;
    return { kind: 'saved', version: entry.version };
  }
  async patch(runId: string, fields: RunPatch): Promise<void> {
    Object.assign(this.runs.get(runId)!.run, fields);
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
  stored(runId: string): StoredRun {
    return this.runs.get(runId)!.run;
  }
}

const freeMeter: Meter = {
  chargeRunStart: async () => undefined,
  refundRunStart: async () => undefined,
  chargeModelCall: async () => true,
};

/** A node; params default to the type's (valid, so a workflow of them passes validateWorkflow). */
export const node = (id: string, type: WorkflowNode['type'], params?: Record<string, unknown>, settings?: WorkflowNode['settings']): WorkflowNode => ({
  id,
  type,
  name: id,
  position: { x: 0, y: 0 },
  params: params ?? (defaultParams(type) as Record<string, unknown>),
  ...(settings ? { settings } : {}),
});

export const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({ id: `${source}-${sourceHandle ?? ''}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });

export const workflowOf = (nodes: WorkflowNode[], edges: WorkflowEdge[], extra: Partial<Workflow> = {}): Workflow =>
  ({
    id: 'wf-1',
    ownerId: 'ada',
    organizationId: null,
    name: 'Errors',
    description: '',
    category: 'automation',
    industry: 'general',
    tags: [],
    visibility: 'private',
    version: 1,
    createdAt: null,
    updatedAt: null,
    nodes,
    edges,
    ...extra,
  }) satisfies Workflow;

const ENDED = ['succeeded', 'failed', 'canceled', 'waiting'];

export function setUpEngine(handlers: Partial<Record<WorkflowNode['type'], StepHandler>>, options: { limits?: Partial<EngineLimits>; onRunFailed?: (run: StoredRun) => Promise<void> } = {}) {
  const store = new MemoryRunStore();
  const logger = pino({ level: 'silent' });
  const executor = new RunExecutor({
    store,
    meter: freeMeter,
    logger,
    instanceId: 'test-instance',
    fetchPolicy: { allowPrivateNetworks: false, timeoutMs: 1000, maxResponseBytes: 1000 },
    handlers,
    limits: { retryBaseDelayMs: 1, writeThrottleMs: 1, ...options.limits },
    ...(options.onRunFailed ? { onRunFailed: options.onRunFailed } : {}),
  });
  const queue = new InProcessRunQueue((runId) => executor.execute(runId), { concurrency: 4, logger });
  queue.start();
  const service = new RunsService(store, freeMeter, logger, executor, queue, 'test-instance');
  /** Resolves with the run once it is stored as ended. */
  const ended = async (runId: string): Promise<StoredRun> => {
    for (let i = 0; i < 400; i++) {
      const entry = store.runs.get(runId);
      if (entry && ENDED.includes(entry.run.status) && entry.run.lease === null) return structuredClone(entry.run);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`run ${runId} did not end`);
  };
  const run = async (workflow: Workflow, input: Record<string, unknown> = {}, trigger: RunTrigger = { type: 'manual', userId: 'ada' }) =>
    ended(await service.start({ workflow, ownerId: 'ada', trigger, input }));
  return { store, executor, queue, service, run, ended, logger };
}
