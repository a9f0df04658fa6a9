// The loop step (shared/src/domain/workflow/loop.ts): evaluates its `items`
// expression, refuses a list longer than the owner's plan allows
// (loop-too-many-items), and runs its body sub-graph once per item, at most
// `concurrency` items at a time. Inside an item the body runs in graph
// order like the main execution does (a condition's untaken branch is
// skipped); each body node gets the loop's input plus `item`, `index` and
// the outputs of the body nodes before it for that item. Every item's steps
// are kept in a record of their own (itemRecords.ts), not in the run
// document, stored as the item starts and as it ends; a loop started again
// in the same run (recovery after a crash) keeps the items recorded as
// finished and does not run them again (resume.ts). The loop's output, on its 'done' handle, is `{ items }`: each
// item's last body output in list order ('collect' puts a failed item's
// error in its place; 'skip' leaves it out and lists it under `skipped`).
// Body steps are tried and their failures handled as top-level steps are:
// the node's retries (attempt.ts) and its onError (errors/handled.ts: a
// 'continue' or 'branch' failure hands `{ error, input }` on within the item,
// which does not fail). A body step that would wait (approval, wait) fails
// its item: a loop step cannot pause the run halfway through its items
// (validation refuses both in a body: loop-body-approval, loop-body-wait;
// this guards workflows stored before).
import {
  LOOP_ERROR_CODES,
  loopBodyOf,
  newStep,
  parseNodeParams,
  topologicalOrder,
  tooManyItemsMessage,
  type LoopParams,
  type RunStep,
  type StepInput,
  type WorkflowEdge,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import { evaluate } from '../../expressions/evaluate.js';
import { runStepAttempts } from '../attempt.js';
import type { EngineLimits } from '../engine.js';
import { edgeCarriesOn, handleFailure } from '../errors/handled.js';
import { CanceledError } from '../failures.js';
import { truncateValue } from '../runModel.js';
import { StepFailure, type StepHandler, type StepResult } from '../steps.js';
import type { LoopItemRecord, LoopItemStore } from './itemRecords.js';
import { INTERRUPTED_ITEM_MESSAGE, planResume, type ItemOutcome } from './resume.js';
import { messageOf } from '@agentflow/shared/domain';

/** A loop failure with a stable code beside its English message. */
export class LoopStepError extends StepFailure {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'LoopStepError';
  }
}

export interface LoopStepDeps {
  /** The executor's handler of a node type (the same ones top-level steps use). */
  handlerFor: (type: WorkflowNode['type']) => StepHandler | undefined;
  limits: () => Pick<EngineLimits, 'maxAttempts' | 'retryBaseDelayMs' | 'defaultStepTimeoutMs' | 'agentStepTimeoutMs' | 'maxStepOutputBytes'>;
  /** The most items one loop of this owner may run (their plan's maxLoopItems). */
  maxItems: (ownerId: string) => Promise<number>;
  records: LoopItemStore;
  now?: () => Date;
}

/** The id of a body step of one item: `${loopStepId}/${nodeId}#${index}` (like a delegated call's). */
export const loopChildStepId = (loopStepId: string, nodeId: string, index: number) => `${loopStepId}/${nodeId}#${index}`;

export function createLoopHandler(deps: LoopStepDeps): StepHandler {
  const nowIso = () => (deps.now?.() ?? new Date()).toISOString();

  return async (context) => {
    const parsed = parseNodeParams('loop', context.node.params);
    if (!parsed.success) throw new StepFailure(`Invalid parameters of ${context.node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const params: LoopParams = parsed.data;
    const value = await evaluate(params.items, context.input);
    const items: unknown[] = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    const max = await deps.maxItems(context.run.ownerId);
    if (items.length > max) throw new LoopStepError(tooManyItemsMessage(items.length, max), LOOP_ERROR_CODES.tooManyItems);

    const { nodes, edges } = context.run.snapshot;
    const bodyIds = new Set(loopBodyOf({ nodes, edges }, context.node.id));
    const bodyNodes = topologicalOrder(
      nodes.filter((node) => bodyIds.has(node.id)),
      edges.filter((edge) => bodyIds.has(edge.source) && bodyIds.has(edge.target)),
    );
    const incoming = new Map<string, WorkflowEdge[]>();
    for (const edge of edges) if (bodyIds.has(edge.target)) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge]);

    // 'stop': the first failed item aborts the others.
    const stopAll = new AbortController();
    const outcomes: ItemOutcome[] = new Array<ItemOutcome>(items.length);
    const failure: { first: { index: number; error: string } | null } = { first: null };

    /** How a failed item ends: its error and the loop's onItemError decide (an interrupted item too: resume.ts). */
    const failedOutcome = (index: number, message: string): ItemOutcome => {
      if (params.onItemError === 'stop' && !stopAll.signal.aborted) {
        failure.first = { index, error: message };
        stopAll.abort(new CanceledError());
        return { status: 'failed', output: undefined, error: message };
      }
      // Stopped by another item's failure or by a cancel of the run.
      if (stopAll.signal.aborted) return { status: 'canceled', output: undefined, error: message };
      if (params.onItemError === 'skip') return { status: 'skipped', output: undefined, error: message };
      return { status: 'failed', output: { error: { message }, item: items[index] }, error: message };
    };

    /** Stores an item's record; one that cannot be written leaves a gap in the run view, never a failed run. */
    const save = (record: LoopItemRecord) => deps.records.save(record).catch(() => deps.records.save(record).catch(() => undefined));

    const runItem = async (index: number): Promise<void> => {
      const startedAt = nowIso();
      const steps: RunStep[] = bodyNodes.map((node) =>
        newStep({ id: loopChildStepId(context.stepId, node.id, index), nodeId: node.id, parentStepId: context.stepId, name: node.name, type: node.type, status: 'pending', item: index }),
      );
      const base = { runId: context.run.id, loopStepId: context.stepId, index, total: items.length, startedAt };
      // Stored before the body runs, so a loop resumed after a crash knows this item was under way (resume.ts).
      await save({ ...base, status: 'running', error: null, steps, endedAt: null });
      let outcome: ItemOutcome;
      try {
        const output = await runBody(index, items[index], steps);
        outcome = { status: 'succeeded', output, error: null };
      } catch (error) {
        outcome = failedOutcome(index, messageOf(error));
      }
      for (const step of steps) if (step.status === 'pending') step.status = 'skipped';
      outcomes[index] = outcome;
      await save({ ...base, status: outcome.status, error: outcome.error, ...(outcome.output !== undefined ? { output: outcome.output } : {}), steps, endedAt: nowIso() });
    };

    /** The body for one item; returns the output of its last body step that ran. */
    const runBody = async (index: number, item: unknown, steps: RunStep[]): Promise<unknown> => {
      const outputs = new Map<string, unknown>();
      const byNode = new Map(steps.map((step) => [step.nodeId, step]));
      let last: unknown = null;
      for (const node of bodyNodes) {
        const step = byNode.get(node.id)!;
        if (!isActive(node.id, byNode)) {
          step.status = 'skipped';
          continue;
        }
        const input: StepInput = { ...context.input, ...Object.fromEntries(outputs), item, index };
        step.input = truncateValue(input, deps.limits().maxStepOutputBytes).value;
        step.startedAt = nowIso();
        step.status = 'running';
        try {
          const result = await runBodyStep(node, step, input);
          const shown = truncateValue(result.output, deps.limits().maxStepOutputBytes);
          Object.assign(step, { status: 'succeeded', output: shown.value, outputBytes: shown.bytes, outputTruncated: shown.truncated, branch: result.branch ?? null, endedAt: nowIso() });
          outputs.set(node.id, result.output);
          last = result.output;
        } catch (error) {
          const canceled = stopAll.signal.aborted;
          Object.assign(step, { status: canceled ? 'canceled' : 'failed', error: messageOf(error), endedAt: nowIso() });
          // The node's onError, as at top level: 'continue' / 'branch' hand `{ error, input }` on and the item goes on.
          const handled = canceled ? null : handleFailure(node, step, input, error, deps.limits().maxStepOutputBytes);
          if (!handled) throw error;
          outputs.set(node.id, handled.output);
          last = handled.output;
        }
      }
      return last;
    };

    /** Like the executor's readiness: a body node runs when an edge into it is active (the loop's body edge, or an edge its finished source carries on, as at top level: the branch taken, an error branch). */
    const isActive = (nodeId: string, byNode: Map<string, RunStep>): boolean =>
      (incoming.get(nodeId) ?? []).some((edge) => {
        if (edge.source === context.node.id) return edge.sourceHandle === 'body';
        const source = byNode.get(edge.source);
        return source !== undefined && edgeCarriesOn(edge, source);
      });

    const runBodyStep = async (node: WorkflowNode, step: RunStep, input: StepInput): Promise<StepResult> => {
      const handler = deps.handlerFor(node.type);
      if (!handler) throw new StepFailure(`No executor for ${node.type} steps`);
      // The node's own retries, as at top level (attempt.ts decides for every caller).
      const result = await runStepAttempts({
        handler,
        node,
        purpose: 'run',
        limits: deps.limits(),
        signal: stopAll.signal,
        onAttempt: (attempt) => {
          step.attempts = attempt;
        },
        onRetry: (_attempt, error) => {
          step.error = messageOf(error);
        },
        // The loop's context (run, files, meter) with this body node's; attemptStep gives it its own signal.
        // What a body step records about itself (a code step's console lines, a sub-workflow's child run) goes on its item step.
        context: (attempt) => ({ ...context, node, stepId: step.id, input, attempt, annotateStep: (fields) => Object.assign(step, fields) }),
      });
      if (result.waiting) throw new StepFailure(`${node.name} would wait (an approval or a wait), which a step inside a loop cannot do`);
      return result;
    };

    // Started before (a restart, a retry of the loop step): finished items are kept, interrupted ones fail (resume.ts).
    const resumed = planResume(await deps.records.list(context.run.id, context.stepId), items.length);
    for (const [index, kept] of resumed.kept) outcomes[index] = kept;
    for (const record of resumed.interrupted) {
      const outcome = failedOutcome(record.index, INTERRUPTED_ITEM_MESSAGE);
      outcomes[record.index] = outcome;
      const steps = record.steps.map((step) => (step.status === 'pending' || step.status === 'running' ? { ...step, status: 'skipped' as const } : step));
      await save({ ...record, status: outcome.status, error: outcome.error, ...(outcome.output !== undefined ? { output: outcome.output } : {}), steps, endedAt: nowIso() });
    }
    const toRun = items.flatMap((_, index) => (outcomes[index] === undefined ? [index] : []));

    // At most `concurrency` items at a time, each worker taking the next item.
    const onOuterAbort = () => stopAll.abort(context.signal.reason);
    if (context.signal.aborted) onOuterAbort();
    context.signal.addEventListener('abort', onOuterAbort, { once: true });
    let next = 0;
    const worker = async () => {
      while (!stopAll.signal.aborted && next < toRun.length) await runItem(toRun[next++]!);
    };
    try {
      await Promise.all(Array.from({ length: Math.min(params.concurrency, toRun.length) }, worker));
    } finally {
      context.signal.removeEventListener('abort', onOuterAbort);
    }
    if (context.signal.aborted) throw context.signal.reason;
    if (failure.first) throw new StepFailure(`Item ${failure.first.index + 1} of ${items.length} failed: ${failure.first.error}`);
    const kept = outcomes.filter((outcome) => outcome.status !== 'skipped').map((outcome) => outcome.output ?? null);
    const skipped = outcomes.flatMap((outcome, index) => (outcome.status === 'skipped' ? [index] : []));
    return { output: skipped.length > 0 ? { items: kept, skipped } : { items: kept } };
  };
}
