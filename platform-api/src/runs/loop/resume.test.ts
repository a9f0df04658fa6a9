// The loop step started again in the same run (resume.ts), on an in-memory
// record store: finished items are kept with their outputs and not run, an
// item that was under way fails per onItemError ('stop' fails the loop
// naming it, 'skip' leaves it out), canceled ones run again.
import { RUN_MESSAGES, newStep, type WorkflowNode } from '@agentflow/shared/workflow';
import { ALLOW_LOCAL, edge, manual, node } from '../../testing/runsHarness';
import type { StoredRun } from '../runModel';
import { BUILTIN_HANDLERS, type StepContext } from '../steps';
import type { LoopItemRecord, LoopItemStore } from './itemRecords';
import { createLoopHandler } from './loopStep';

const ran: number[] = [];
const transform = BUILTIN_HANDLERS.transform!;

function memoryRecords(initial: LoopItemRecord[]): LoopItemStore & { byIndex: Map<number, LoopItemRecord> } {
  const byIndex = new Map(initial.map((record) => [record.index, record]));
  return {
    byIndex,
    save: async (record) => void byIndex.set(record.index, structuredClone(record)),
    load: async (_run, _step, index) => byIndex.get(index) ?? null,
    list: async () => [...byIndex.values()],
  };
}

const record = (index: number, status: LoopItemRecord['status'], output?: unknown): LoopItemRecord => ({
  runId: 'run-1',
  loopStepId: 'each',
  index,
  total: 4,
  status,
  error: status === 'succeeded' || status === 'running' ? null : 'earlier',
  ...(output !== undefined ? { output } : {}),
  steps: [newStep({ id: `each/double#${index}`, nodeId: 'double', parentStepId: 'each', name: 'double', type: 'transform', status: 'pending', item: index })],
  startedAt: '2026-11-27T04:00:00.000Z',
  endedAt: status === 'running' ? null : '2026-11-27T04:00:01.000Z',
});

async function runLoop(onItemError: 'stop' | 'skip' | 'collect', records: LoopItemStore) {
  const loop = node('each', 'loop', { items: '[10, 20, 30, 40]', concurrency: 1, onItemError });
  const nodes: WorkflowNode[] = [manual(), loop, node('double', 'transform', { mapping: 'item * 2' })];
  const run = { id: 'run-1', ownerId: 'ada', snapshot: { nodes, edges: [edge('trigger', 'each'), edge('each', 'double', 'body')] } } as unknown as StoredRun;
  const handler = createLoopHandler({
    handlerFor: (type) =>
      type === 'transform'
        ? async (context) => {
            ran.push(Number(context.input.index));
            return transform(context);
          }
        : undefined,
    limits: () => ({ maxAttempts: 1, retryBaseDelayMs: 0, defaultStepTimeoutMs: 5000, agentStepTimeoutMs: 5000, maxStepOutputBytes: 10_000 }),
    maxItems: async () => 100,
    records,
  });
  const context: StepContext = { run, node: loop, stepId: 'each', input: { input: {}, trigger: {} }, signal: new AbortController().signal, attempt: 1, fetchPolicy: ALLOW_LOCAL, chargeTokens: async () => undefined, onChildStep: () => undefined };
  return handler(context);
}

beforeEach(() => {
  ran.length = 0;
});

it("keeps finished items (output and all), runs canceled and unstarted ones, and collects the interrupted one's error in its place", async () => {
  const records = memoryRecords([record(0, 'succeeded', 'kept-0'), record(1, 'running'), record(2, 'canceled')]);
  const result = await runLoop('collect', records);
  expect(result.output).toEqual({ items: ['kept-0', { error: { message: RUN_MESSAGES.interrupted }, item: 20 }, 60, 80] });
  expect(ran).toEqual([2, 3]);
  expect(records.byIndex.get(1)).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted, steps: [expect.objectContaining({ status: 'skipped' })] });
  expect(records.byIndex.get(3)).toMatchObject({ status: 'succeeded', output: 80 });
});

it("'skip' leaves the interrupted item out; 'stop' fails the loop naming it and runs nothing more", async () => {
  expect((await runLoop('skip', memoryRecords([record(0, 'succeeded', 'kept-0'), record(1, 'running')]))).output).toEqual({ items: ['kept-0', 60, 80], skipped: [1] });
  ran.length = 0;
  await expect(runLoop('stop', memoryRecords([record(0, 'succeeded', 'kept-0'), record(1, 'running')]))).rejects.toThrow(`Item 2 of 4 failed: ${RUN_MESSAGES.interrupted}`);
  expect(ran).toEqual([]);
});
