// A workflow as a JSON file: the export the builder and the catalogue download,
// and the one decoder both imports use. Pure (but for the download itself).
import {
  NODE_TYPES,
  WORKFLOW_CATEGORIES,
  WORKFLOW_INDUSTRIES,
  WORKFLOW_LIMITS,
  type Workflow,
  type WorkflowEdge,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import type { NewWorkflow } from '../api/catalogue';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The nodes and edges of a JSON value shaped like a workflow, or null. */
export function workflowGraphOf(value: unknown): { nodes: WorkflowNode[]; edges: WorkflowEdge[]; name?: string; description?: string } | null {
  if (!isRecord(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) return null;
  const nodesOk = value.nodes.every(
    (n) =>
      isRecord(n) &&
      typeof n.id === 'string' &&
      typeof n.name === 'string' &&
      (NODE_TYPES as readonly unknown[]).includes(n.type) &&
      isRecord(n.position) &&
      typeof n.position.x === 'number' &&
      typeof n.position.y === 'number' &&
      isRecord(n.params),
  );
  const edgesOk = value.edges.every(
    (e) => isRecord(e) && typeof e.id === 'string' && typeof e.source === 'string' && typeof e.target === 'string' && (e.sourceHandle === undefined || typeof e.sourceHandle === 'string'),
  );
  if (!nodesOk || !edgesOk) return null;
  return {
    nodes: value.nodes as WorkflowNode[],
    edges: value.edges as WorkflowEdge[],
    ...(typeof value.name === 'string' && value.name.trim() !== '' ? { name: value.name } : {}),
    ...(typeof value.description === 'string' ? { description: value.description } : {}),
  };
}

/** The exported file's text: the whole workflow, id first. */
export function workflowJson(workflow: Workflow): string {
  const { id, ...rest } = workflow;
  return JSON.stringify({ id, ...rest }, null, 2);
}

/** The download's file name: the workflow's name, safe for any file system. */
export function workflowFileName(workflow: Pick<Workflow, 'name'>): string {
  return `${(workflow.name || 'workflow').replace(/[^A-Za-z0-9_-]+/g, '-')}.json`;
}

/** Saves the workflow as a JSON file (no-op where the browser cannot make object URLs, like jsdom). */
export function downloadWorkflow(workflow: Workflow, json = workflowJson(workflow)): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = workflowFileName(workflow);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Why a file is not a workflow: the stable reason the UI translates. */
export type WorkflowFileProblem = { reason: 'invalid-json'; message: string } | { reason: 'not-workflow' } | { reason: 'too-big' };

export type WorkflowFileResult = { ok: true; workflow: NewWorkflow } | ({ ok: false } & WorkflowFileProblem);

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => ((values as readonly unknown[]).includes(value) ? (value as T) : fallback);

/**
 * A new workflow from a file's text: the graph (checked like the builder's
 * import), its name (else `fallbackName`), description, category, industry
 * and tags when they are valid. Pinned sample data is left behind.
 */
export function readWorkflowFile(text: string, fallbackName: string): WorkflowFileResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'invalid-json', message: (error as Error).message };
  }
  const graph = workflowGraphOf(parsed);
  if (!graph || !isRecord(parsed)) return { ok: false, reason: 'not-workflow' };
  if (graph.nodes.length > WORKFLOW_LIMITS.maxNodes || graph.edges.length > WORKFLOW_LIMITS.maxEdges) return { ok: false, reason: 'too-big' };
  const tags = Array.isArray(parsed.tags) ? parsed.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  return {
    ok: true,
    workflow: {
      name: graph.name?.trim() || fallbackName,
      description: graph.description ?? '',
      category: oneOf(WORKFLOW_CATEGORIES, parsed.category, 'automation'),
      industry: oneOf(WORKFLOW_INDUSTRIES, parsed.industry, 'general'),
      tags,
      nodes: graph.nodes.map(({ pinned: _pinned, ...node }) => node),
      edges: graph.edges,
    },
  };
}
