// The workflow model: pure TypeScript, no React, no Firebase (like n8n's
// packages/workflow). The catalogue, the builder and the engine all import it.
// Param schemas (zod) and validateWorkflow() live beside it in this folder,
// behind the '@agentflow/shared/workflow' entry so zod stays out of the first view.

export const WORKFLOW_CATEGORIES = ['automation', 'integration', 'analytics', 'ai', 'communication', 'productivity'] as const;
export type WorkflowCategory = (typeof WORKFLOW_CATEGORIES)[number];

export const WORKFLOW_INDUSTRIES = ['sales', 'logistics', 'field-services', 'real-estate', 'general'] as const;
export type WorkflowIndustry = (typeof WORKFLOW_INDUSTRIES)[number];

export const WORKFLOW_VISIBILITIES = ['private', 'organization', 'template'] as const;
export type WorkflowVisibility = (typeof WORKFLOW_VISIBILITIES)[number];

export const NODE_TYPES = [
  'trigger.manual',
  'trigger.webhook',
  'trigger.schedule',
  'agent',
  'condition',
  'transform',
  'http',
  'approval',
  'output',
  'connector',
  'trigger.poll',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const TRIGGER_TYPES: readonly NodeType[] = ['trigger.manual', 'trigger.webhook', 'trigger.schedule', 'trigger.poll'];

/** Limits the security rules also enforce. */
export const WORKFLOW_LIMITS = { maxNodes: 200, maxEdges: 400, maxDocumentBytes: 500_000, maxNameLength: 120, maxDescriptionLength: 2000, maxTags: 20 } as const;

export const WORKFLOW_COLLECTION = 'workflows';
/** workflows/{id}/versions/{version}: append-only snapshots. */
export const WORKFLOW_VERSIONS_SUBCOLLECTION = 'versions';

export interface NodePosition {
  x: number;
  y: number;
}

export interface WorkflowNode<P = Record<string, unknown>> {
  id: string;
  type: NodeType;
  name: string;
  position: NodePosition;
  params: P;
}

export interface WorkflowEdge {
  id: string;
  source: string;
  /** For a condition: 'true' or 'false'. */
  sourceHandle?: string;
  target: string;
}

export interface Workflow {
  id: string;
  ownerId: string;
  organizationId?: string | null;
  name: string;
  description: string;
  category: WorkflowCategory;
  industry: WorkflowIndustry;
  tags: string[];
  visibility: WorkflowVisibility;
  /** Increments with every save; the snapshot of each is in versions/{version}. */
  version: number;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  createdAt: string | null;
  updatedAt: string | null;
}

/** One problem validateWorkflow() found; nodeId/edgeId say where, path which param. */
export interface WorkflowProblem {
  code:
    | 'trigger-count'
    | 'edge-missing-node'
    | 'cycle'
    | 'unreachable-node'
    | 'invalid-params'
    | 'missing-delegate'
    | 'invalid-expression'
    | 'duplicate-id'
    | 'invalid-workflow';
  message: string;
  nodeId?: string;
  edgeId?: string;
  /** The param path for invalid-params / invalid-expression, e.g. 'tools.0.url'. */
  path?: string;
}
