// The run's steps from the workflow graph: the order they can run in and the
// steps a new run starts with. Pure (no store, no clock).
import { TRIGGER_TYPES, type NodeType, type RunStep, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';

export const isTrigger = (type: NodeType) => TRIGGER_TYPES.includes(type);

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
