// The loop node: runs its body sub-graph once per item of a list. Pure, no
// zod (the params schema is in params.ts), so the run view and the builder can
// read the handles and the body without the param schemas.
//
// A loop has two output handles: 'body' leads to the nodes run once per item,
// 'done' to what runs after every item, with the loop's output
// `{ items: [...] }` (each item's last body output, in item order). The body
// is every node reached from the 'body' handle that nothing else reaches: a
// node also reached from outside (a join after the loop) is not in the body.
// The engine (platform-api runs/loop/) runs body nodes only inside the loop;
// they get no top-level step (initialSteps), and their steps are recorded per
// item. A body node's input is the loop's input plus `item` (the item) and
// `index` (0-based), and the outputs of the body nodes before it for the same
// item: write `item.email` or `{{ item.name }}`.
//
// A loop inside a loop's body is refused (loop-nested): per-item records are
// one level deep, and nested item counts multiply past any plan's limit.
import type { WorkflowProblem } from './model.js';
import type { RunStep } from './runs.js';
import { ERROR_HANDLE } from './nodeSettings.js';
import { WAIT_LIMITS, WAIT_UNITS, waitDurationMs, type WaitUnit } from './flowSteps.js';

export const LOOP_HANDLES = ['body', 'done'] as const;
export type LoopHandle = (typeof LOOP_HANDLES)[number];

/** What a failed item does: stop the loop (and the run), skip it (no output for it), or collect its error as its output. */
export const LOOP_ITEM_ERROR_MODES = ['stop', 'skip', 'collect'] as const;
export type LoopItemErrorMode = (typeof LOOP_ITEM_ERROR_MODES)[number];

/** The keys a body node's input holds besides the loop's input: the item and its 0-based position. */
export const LOOP_ITEM_ROOTS = ['item', 'index'] as const;

export const LOOP_LIMITS = {
  minConcurrency: 1,
  maxConcurrency: 20,
  defaultConcurrency: 1,
  /** How long a whole loop step may take (every item, every body step). */
  timeoutMs: 30 * 60_000,
} as const;

/** Error code (and English message) of a list longer than the owner's plan allows in one loop. */
export const LOOP_ERROR_CODES = { tooManyItems: 'loop-too-many-items', notAList: 'loop-not-a-list' } as const;

export function tooManyItemsMessage(count: number, max: number): string {
  return `The list has ${count} items; your plan allows at most ${max} per loop (${LOOP_ERROR_CODES.tooManyItems})`;
}

/** A graph as far as the loop needs it (validation passes raw nodes; types may be unknown). */
export interface LoopGraph {
  nodes: readonly { id: string; type: string | undefined; params?: unknown }[];
  edges: readonly { id?: string; source: string; target: string; sourceHandle?: string | null }[];
}

const isTriggerType = (type: string | undefined) => typeof type === 'string' && type.startsWith('trigger.');

/** Ids reached from `starts` (included) along the edges, never following `skip` edges. */
function reach(graph: LoopGraph, starts: readonly string[], skip: (edge: LoopGraph['edges'][number]) => boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of graph.edges) if (edge.source === id && !skip(edge)) queue.push(edge.target);
  }
  return seen;
}

const isBodyEdgeOf = (loopId: string) => (edge: LoopGraph['edges'][number]) => edge.source === loopId && edge.sourceHandle === 'body';

/**
 * The body of loop `loopId`: the nodes reached from its 'body' handle that are
 * not reached from a trigger without passing through that handle, in no
 * particular order (the engine orders them).
 */
export function loopBodyOf(graph: LoopGraph, loopId: string): string[] {
  const isBody = isBodyEdgeOf(loopId);
  const starts = graph.edges.filter(isBody).map((edge) => edge.target);
  if (starts.length === 0) return [];
  const inside = reach(graph, starts, () => false);
  const triggers = graph.nodes.filter((node) => isTriggerType(node.type)).map((node) => node.id);
  const outside = reach(graph, triggers, isBody);
  inside.delete(loopId);
  return [...inside].filter((id) => !outside.has(id));
}

/** Every node that is in some loop's body (they get no top-level step of a run). */
export function loopBodyNodeIds(graph: LoopGraph): Set<string> {
  const ids = new Set<string>();
  for (const node of graph.nodes) if (node.type === 'loop') for (const id of loopBodyOf(graph, node.id)) ids.add(id);
  return ids;
}

/** The loop whose body holds `nodeId`, or undefined. */
export function enclosingLoopOf(graph: LoopGraph, nodeId: string): string | undefined {
  return graph.nodes.find((node) => node.type === 'loop' && loopBodyOf(graph, node.id).includes(nodeId))?.id;
}

/**
 * Whether a wait step's params may make it last longer than a step sleeps in
 * process (WAIT_LIMITS.inProcessMs): an until-wait (its date is known at run
 * time only) or a longer duration. Such a wait would leave the run waiting,
 * which a loop cannot do halfway through its items; a short one (a pause
 * between calls) sleeps inside the step and is fine in a loop.
 */
export function waitMayPause(params: unknown): boolean {
  if (params === null || typeof params !== 'object') return false;
  const { mode, amount, unit } = params as { mode?: unknown; amount?: unknown; unit?: unknown };
  if (mode === 'until') return true;
  if (mode !== 'duration' || typeof amount !== 'number' || !(WAIT_UNITS as readonly unknown[]).includes(unit)) return false;
  return waitDurationMs(amount, unit as WaitUnit) > WAIT_LIMITS.inProcessMs;
}

/**
 * The loop problems of a workflow: an edge leaving a loop by neither handle
 * (loop-missing-handle), a loop without a body (loop-no-body), a body
 * entered from outside the loop (loop-body-shared), a loop inside a loop's
 * body (loop-nested), an approval inside a loop's body (loop-body-approval),
 * a wait that may pause the run inside a loop's body (loop-body-wait).
 */
export function loopProblems(graph: LoopGraph): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const loops = graph.nodes.filter((node) => node.type === 'loop');
  for (const loop of loops) {
    for (const edge of graph.edges) {
      // The error handle (nodeSettings.ts) is validated with the node's onError setting.
      if (edge.source !== loop.id || edge.sourceHandle === ERROR_HANDLE || (LOOP_HANDLES as readonly (string | null | undefined)[]).includes(edge.sourceHandle)) continue;
      problems.push({
        code: 'invalid-workflow',
        ...(edge.id ? { edgeId: edge.id } : {}),
        path: 'sourceHandle',
        message: `A connection leaves loop "${loop.id}" by neither its 'body' nor its 'done' output`,
        reason: 'loop-missing-handle',
        params: { node: loop.id },
      });
    }
    const bodyEdges = graph.edges.filter(isBodyEdgeOf(loop.id));
    if (bodyEdges.length === 0) {
      problems.push({ code: 'invalid-workflow', nodeId: loop.id, message: `Loop "${loop.id}" has no step on its 'body' output`, reason: 'loop-no-body', params: { node: loop.id } });
      continue;
    }
    const body = new Set(loopBodyOf(graph, loop.id));
    for (const edge of bodyEdges) {
      if (body.has(edge.target)) continue;
      problems.push({
        code: 'invalid-workflow',
        nodeId: edge.target,
        ...(edge.id ? { edgeId: edge.id } : {}),
        message: `Step "${edge.target}" is in the body of loop "${loop.id}" but is also reached from outside it`,
        reason: 'loop-body-shared',
        params: { node: edge.target, loop: loop.id },
      });
    }
    // An approval, or a long wait, would leave the run waiting halfway through the items.
    for (const node of graph.nodes) {
      if (node.type !== 'approval' || !body.has(node.id)) continue;
      problems.push({ code: 'invalid-workflow', nodeId: node.id, message: `Approval "${node.id}" is inside the body of loop "${loop.id}"; a loop cannot pause`, reason: 'loop-body-approval', params: { node: node.id, loop: loop.id } });
    }
    for (const node of graph.nodes) {
      if (node.type !== 'wait' || !body.has(node.id) || !waitMayPause(node.params)) continue;
      const seconds = WAIT_LIMITS.inProcessMs / 1000;
      problems.push({
        code: 'invalid-workflow',
        nodeId: node.id,
        message: `Wait "${node.id}" is inside the body of loop "${loop.id}" and may last longer than ${seconds} s; a loop cannot pause (shorter waits are fine)`,
        reason: 'loop-body-wait',
        params: { node: node.id, loop: loop.id, seconds },
      });
    }
    for (const inner of loops) {
      if (inner.id === loop.id || !body.has(inner.id)) continue;
      problems.push({ code: 'invalid-workflow', nodeId: inner.id, message: `Loop "${inner.id}" is inside the body of loop "${loop.id}"; loops cannot be nested`, reason: 'loop-nested', params: { node: inner.id, loop: loop.id } });
    }
  }
  return problems;
}

/** GET → LoopItemPage: the body steps one item of a loop step ran (platform-api runs/loop/itemsRoute.ts). */
export const loopItemPath = (runId: string, loopStepId: string, index: number) =>
  `/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(loopStepId)}/items/${index}`;

/** One item of a loop step as the run view pages through them. */
export interface LoopItemPage {
  index: number;
  total: number;
  status: 'succeeded' | 'failed' | 'skipped' | 'canceled';
  error: string | null;
  /** The body's steps for this item (RunStep, with parentStepId = the loop step and item = index). */
  steps: RunStep[];
}
