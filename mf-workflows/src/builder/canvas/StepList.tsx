// Phones: the workflow's steps as a list under the read-only canvas, in the
// order they run (from the triggers along the edges); tapping one opens its
// configuration (the builder's sheet).
import { useMemo } from 'react';
import { useI18n } from '@agentflow/shared';
import type { WorkflowEdge, WorkflowNode, WorkflowProblem } from '@agentflow/shared/workflow';
import { NodeGlyph, ProblemMarker } from './BuilderNode';
import { nodeSummary } from './nodeSummary';

const C = 'workflows.canvas.';

/** Nodes in run order: breadth-first from the nodes nothing leads to, ties by position; unreachable ones last. */
export function stepOrder(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): WorkflowNode[] {
  const byPosition = [...nodes].sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y);
  const targets = new Set(edges.map((e) => e.target));
  const queue = byPosition.filter((n) => !targets.has(n.id));
  const seen = new Set(queue.map((n) => n.id));
  const out: WorkflowNode[] = [];
  while (queue.length > 0) {
    const node = queue.shift()!;
    out.push(node);
    const next = byPosition.filter((n) => !seen.has(n.id) && edges.some((e) => e.source === node.id && e.target === n.id));
    for (const n of next) seen.add(n.id);
    queue.push(...next);
  }
  return [...out, ...byPosition.filter((n) => !seen.has(n.id))];
}

export function StepList({ nodes, edges, problems, selectedId, onOpen }: { nodes: WorkflowNode[]; edges: WorkflowEdge[]; problems: WorkflowProblem[]; selectedId: string | null; onOpen: (id: string) => void }) {
  const { t } = useI18n();
  const ordered = useMemo(() => stepOrder(nodes, edges), [nodes, edges]);
  return (
    <section className="step-list" data-testid="step-list" aria-labelledby="step-list-title">
      <h2 id="step-list-title">{t(`${C}steps.title`)}</h2>
      <ol>
        {ordered.map((node) => {
          const app = node.type === 'connector' || node.type === 'trigger.poll' ? { connector: String(node.params.connector ?? ''), action: '' } : undefined;
          const count = problems.filter((p) => p.nodeId === node.id).length;
          return (
            <li key={node.id}>
              <button type="button" className={`step-list-item${node.id === selectedId ? ' step-list-item--selected' : ''}`} data-step={node.id} onClick={() => onOpen(node.id)}>
                <NodeGlyph nodeType={node.type} app={app} />
                <span className="step-list-text">
                  <strong>{node.name}</strong>
                  <span className="step-list-summary">{nodeSummary(t, node)}</span>
                </span>
                <ProblemMarker count={count} />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
