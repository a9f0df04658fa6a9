// Where a node added from the palette goes: after the selected node, connected
// from it (a condition's 'true' branch), to its right and below its other
// children; without a selection, at the end of the graph. Pure, for the reducer's caller.
import { isTrigger, type NodePosition, type NodeType, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { acceptsInput, sourceHandlesOf } from '../builderState';

/** A node card's footprint on the canvas (builder.css: 220 px wide) with a margin. */
export const CARD = { width: 220, height: 96 };
export const STEP = { x: 300, y: 140 };
/** After a node with named outputs (Yes/No, For each item/Done, Error) a wider step: their labels sit in the gap. */
export const STEP_AFTER_BRANCHES = 380;
const stepAfter = (node: WorkflowNode) => (sourceHandlesOf(node.type, node.settings).length > 1 ? STEP_AFTER_BRANCHES : STEP.x);

export interface Placement {
  position: NodePosition;
  connectFrom?: { source: string; sourceHandle?: string | null };
}

const overlaps = (a: NodePosition, b: NodePosition) => Math.abs(a.x - b.x) < CARD.width + 20 && Math.abs(a.y - b.y) < CARD.height + 20;

/** The first position from `start` going down in STEP.y rows that no node overlaps. */
export function freeBelow(start: NodePosition, nodes: readonly WorkflowNode[]): NodePosition {
  let candidate = { x: Math.round(start.x), y: Math.round(start.y) };
  for (let i = 0; i < 500 && nodes.some((n) => overlaps(n.position, candidate)); i++) candidate = { x: candidate.x, y: candidate.y + STEP.y };
  return candidate;
}

export function placeNewNode(type: NodeType, nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[], selectedId: string | null): Placement {
  if (nodes.length === 0) return { position: { x: 0, y: 0 } };
  const selected = selectedId ? nodes.find((n) => n.id === selectedId) : undefined;
  const handles = selected ? sourceHandlesOf(selected.type) : [];
  if (selected && handles.length > 0 && acceptsInput(type)) {
    const handle = selected.type === 'condition' ? 'true' : handles[0]!;
    // Beside the selected node, under the children it already has.
    const children = edges.filter((e) => e.source === selected.id).map((e) => nodes.find((n) => n.id === e.target)).filter((n): n is WorkflowNode => Boolean(n));
    const x = selected.position.x + stepAfter(selected);
    const y = children.length > 0 ? Math.max(...children.map((c) => c.position.y)) + STEP.y : selected.position.y;
    return { position: freeBelow({ x, y }, nodes), connectFrom: { source: selected.id, ...(handle ? { sourceHandle: handle } : {}) } };
  }
  if (isTrigger(type)) {
    // Another trigger starts a row of its own under the graph, at its left edge.
    const left = Math.min(...nodes.map((n) => n.position.x));
    return { position: freeBelow({ x: left, y: Math.max(...nodes.map((n) => n.position.y)) + STEP.y }, nodes) };
  }
  // The end of the graph: right of the rightmost node (the last one added among equals), and
  // connected from it when it has a way out (as n8n's end-of-flow "+" does): on a phone the
  // palette opens with nothing selected, and a step list of unconnected steps would not run.
  const last = nodes.reduce((a, b) => (b.position.x >= a.position.x ? b : a));
  const position = freeBelow({ x: last.position.x + stepAfter(last), y: last.position.y }, nodes);
  const [handle] = sourceHandlesOf(last.type);
  if (!acceptsInput(type) || handle === undefined) return { position };
  return { position, connectFrom: { source: last.id, ...(last.type === 'condition' ? { sourceHandle: 'true' } : handle ? { sourceHandle: handle } : {}) } };
}

/** A new node's name: the type's label in the user's language, numbered when a node already has it. */
export function defaultNodeName(label: string, nodes: readonly WorkflowNode[]): string {
  const names = new Set(nodes.map((n) => n.name));
  if (!names.has(label)) return label;
  let n = 2;
  while (names.has(`${label} ${n}`)) n++;
  return `${label} ${n}`;
}
