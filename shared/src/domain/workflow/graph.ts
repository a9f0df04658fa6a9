// Graph operations on the workflow model (like n8n's packages/workflow): which
// nodes are triggers, the order steps can run in, the steps a new run starts
// with, cycles and reachability. The builder's validation and the engine both
// use these. Pure (no store, no clock).
import { TRIGGER_TYPES, type NodeType, type Workflow, type WorkflowEdge, type WorkflowNode } from './model.js';
import type { RunStep } from './runs.js';
import { isRecord } from './fields.js';
import { loopBodyNodeIds } from './loop.js';

/** Unknown types (a malformed node validation is reporting) are no trigger. */
export const isTrigger = (type: NodeType | undefined): boolean => type !== undefined && TRIGGER_TYPES.includes(type);

/** The workflow's trigger node (a valid workflow has exactly one). */
export const triggerOf = (workflow: Pick<Workflow, 'nodes'>): WorkflowNode | undefined => workflow.nodes.find((node) => isTrigger(node.type));

/**
 * The nodes upstream of `nodeId`: every node a path of edges leads from to
 * it, nearest first. Their outputs are what the engine puts in the node's
 * step input under their ids (with the run input under `trigger` and
 * `input`), so they are what its expressions may refer to.
 */
export function upstreamOf(edges: readonly Pick<WorkflowEdge, 'source' | 'target'>[], nodeId: string): string[] {
  const incoming = new Map<string, string[]>();
  for (const edge of edges) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge.source]);
  const found: string[] = [];
  const seen = new Set<string>([nodeId]);
  const queue = [nodeId];
  while (queue.length > 0) {
    for (const source of incoming.get(queue.shift()!) ?? []) {
      if (seen.has(source)) continue;
      seen.add(source);
      found.push(source);
      queue.push(source);
    }
  }
  return found;
}

/**
 * The nodes whose outputs node `nodeId`'s expressions may read: its upstream
 * nodes, and for an agent other agents delegate to, theirs too (a delegate
 * renders its prompt against its delegator's step input: agents/runAgent.ts).
 * Nearest first, each once.
 */
export function inputSourcesOf(
  workflow: { nodes: readonly { id: string; type: NodeType | undefined; params: unknown }[]; edges: readonly Pick<WorkflowEdge, 'source' | 'target'>[] },
  nodeId: string,
): string[] {
  const found = new Set<string>();
  const visited = new Set<string>();
  const visit = (id: string) => {
    if (visited.has(id)) return;
    visited.add(id);
    for (const source of upstreamOf(workflow.edges, id)) found.add(source);
    for (const delegator of workflow.nodes) if (delegatesOf(delegator).includes(id)) visit(delegator.id);
  };
  visit(nodeId);
  found.delete(nodeId);
  return [...found];
}

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
  // A loop's body runs inside the loop step, per item (loop.ts): no top-level step.
  const inLoops = loopBodyNodeIds({ nodes, edges });
  const onGraph = nodes.filter((node) => (isTrigger(node.type) || targets.has(node.id)) && !inLoops.has(node.id));
  return topologicalOrder(onGraph, edges.filter((edge) => onGraph.some((n) => n.id === edge.source))).map((node) =>
    newStep({ id: node.id, nodeId: node.id, parentStepId: null, name: node.name, type: node.type, status: 'pending' }),
  );
}

/** A step that has not produced anything yet. */
export function newStep(fields: Pick<RunStep, 'id' | 'nodeId' | 'parentStepId' | 'name' | 'type' | 'status'> & Partial<RunStep>): RunStep {
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

/** The agent nodes an agent node may delegate to (its params as stored, possibly malformed). */
export function delegatesOf(node: { type: NodeType | undefined; params: unknown } | undefined): string[] {
  if (node?.type !== 'agent') return [];
  const tools = isRecord(node.params) ? node.params.tools : undefined;
  const delegates = isRecord(tools) ? tools.delegates : undefined;
  return Array.isArray(delegates) ? delegates.filter((d): d is string => typeof d === 'string') : [];
}

/** Every id reached from `starts` (included) following `onward`, limited to `known` ids. */
export function reachableFrom(starts: readonly string[], onward: (id: string) => readonly string[], known: (id: string) => boolean): Set<string> {
  const reached = new Set<string>(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const target of onward(id)) {
      if (reached.has(target) || !known(target)) continue;
      reached.add(target);
      queue.push(target);
    }
  }
  return reached;
}

/**
 * The cycles of a graph: every strongly connected component that loops (more
 * than one node, or one node with an edge to itself), each listed in `ids`
 * order and the components ordered by their first node.
 */
export function cycles(ids: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map(ids.map((id, i) => [id, i]));
  return stronglyConnected(ids, next)
    .filter((c) => c.length > 1 || (next.get(c[0]!) ?? []).includes(c[0]!))
    .map((c) => [...c].sort((a, b) => order.get(a)! - order.get(b)!))
    .sort((a, b) => order.get(a[0]!)! - order.get(b[0]!)!);
}

/** Strongly connected components (iterative Tarjan), each in discovery order. */
function stronglyConnected(ids: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: { id: string; child: number }[] = [{ id: root, child: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter++;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.id) ?? [];
      if (frame.child < targets.length) {
        const target = targets[frame.child++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter++;
          stack.push(target);
          onStack.add(target);
          work.push({ id: target, child: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        components.push(component);
      }
    }
  }
  return components;
}
