// Auto-layout ("Tidy up"): the graph laid out left to right in ranks by dagre,
// each node's card size kept apart. Pure: positions in, positions out. The
// builder loads this module with import() on click, so dagre stays off its first view.
import { Graph, layout } from '@dagrejs/dagre';
import type { NodePosition, WorkflowEdge, WorkflowNode } from '@agentflow/shared/workflow';

export interface LayoutOptions {
  /** Measured card sizes by node id; missing ones use `fallback`. */
  sizes?: Record<string, { width: number; height: number }>;
  fallback?: { width: number; height: number };
}

export const LAYOUT_GAP = { rank: 80, node: 40 };

/** Insertion rank: a condition's 'false' edge first (see layoutWorkflow). */
const branchRank = (edge: WorkflowEdge) => (edge.sourceHandle === 'false' ? 0 : 1);

function runOrder(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): WorkflowNode[] {
  const byPosition = [...nodes].sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const targets = new Set(edges.map((e) => e.target));
  const seen = new Set<string>();
  const out: WorkflowNode[] = [];
  const visit = (node: WorkflowNode) => {
    if (seen.has(node.id)) return;
    seen.add(node.id);
    out.push(node);
    const next = edges.filter((e) => e.source === node.id).sort((a, b) => branchRank(a) - branchRank(b));
    for (const edge of next) {
      const target = byId.get(edge.target);
      if (target) visit(target);
    }
  };
  for (const root of byPosition.filter((n) => !targets.has(n.id))) visit(root);
  for (const node of byPosition) visit(node);
  return out;
}

/** New top-left positions for every node (ranks left to right, no overlaps), the graph's first node kept in place. */
export function layoutWorkflow(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[], options: LayoutOptions = {}): Record<string, NodePosition> {
  if (nodes.length === 0) return {};
  const fallback = options.fallback ?? { width: 220, height: 110 };
  const sizeOf = (id: string) => options.sizes?.[id] ?? fallback;
  const g = new Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', ranksep: LAYOUT_GAP.rank, nodesep: LAYOUT_GAP.node, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  // Nodes in a stable order: along the edges from the roots, ties by position. A condition's 'false'
  // branch goes in first: dagre then draws its 'true' branch (Yes) above it (the unit test holds it to that).
  const ordered = runOrder(nodes, edges);
  for (const node of ordered) g.setNode(node.id, { ...sizeOf(node.id) });
  const ids = new Set(nodes.map((n) => n.id));
  const sortedEdges = [...edges].sort((a, b) => branchRank(a) - branchRank(b));
  for (const edge of sortedEdges) if (ids.has(edge.source) && ids.has(edge.target)) g.setEdge(edge.source, edge.target, {}, edge.id);
  layout(g);
  // dagre gives centres; the canvas keeps top-left corners. Anchor the result where the first node was.
  const out: Record<string, NodePosition> = {};
  for (const node of ordered) {
    const laid = g.node(node.id) as { x: number; y: number; width: number; height: number };
    out[node.id] = { x: Math.round(laid.x - laid.width / 2), y: Math.round(laid.y - laid.height / 2) };
  }
  const anchor = ordered[0]!;
  const dx = anchor.position.x - out[anchor.id]!.x;
  const dy = anchor.position.y - out[anchor.id]!.y;
  for (const id of Object.keys(out)) out[id] = { x: out[id]!.x + dx, y: out[id]!.y + dy };
  return out;
}
