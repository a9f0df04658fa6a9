// The workflow model: pure TypeScript, no React, no Firebase (like n8n's
// packages/workflow). The catalogue, the builder and the engine all import it.
// Param schemas (zod) and validateWorkflow() live beside it in this folder,
// behind the '@agentflow/shared/workflow' entry so zod stays out of the first view.

import type { ProblemParams, ProblemReason } from './problemReasons.js';
import type { NodeSettings } from './nodeSettings.js';
import type { WorkflowMcpSettings } from './mcp.js';

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
  'code',
  'loop',
  'wait',
  'subworkflow',
  'trigger.error',
  'trigger.chat',
  'knowledge',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const TRIGGER_TYPES: readonly NodeType[] = ['trigger.manual', 'trigger.webhook', 'trigger.schedule', 'trigger.poll', 'trigger.error', 'trigger.chat'];

/** Limits the security rules also enforce. */
export const WORKFLOW_LIMITS = { maxNodes: 200, maxEdges: 400, maxDocumentBytes: 500_000, maxNameLength: 120, maxDescriptionLength: 2000, maxTags: 20 } as const;

export const WORKFLOW_COLLECTION = 'workflows';
/** workflows/{id}/versions/{version}: append-only snapshots. */
export const WORKFLOW_VERSIONS_SUBCOLLECTION = 'versions';
/** Characters of the optional name (`label`) a user gives a version snapshot. */
export const VERSION_LABEL_MAX = 80;
/** Days a workflow stays in the trash (deletedAt set) before housekeeping purges it with its runs and versions. */
export const TRASH_RETENTION_DAYS = 30;

export interface NodePosition {
  x: number;
  y: number;
}

/** Bytes (JSON, UTF-8) a node's pinned sample output may take; bigger outputs cannot be pinned. */
export const PINNED_OUTPUT_MAX_BYTES = 64_000;

/** A node's pinned sample output: the picker lists its fields, and "run from here" uses it instead of running the node. */
export interface PinnedOutput {
  output: unknown;
  /** ISO time it was pinned. */
  pinnedAt: string;
}

export interface WorkflowNode<P = Record<string, unknown>> {
  /** The node's key: expressions refer to its output by it (`agent_1.score`). */
  id: string;
  type: NodeType;
  name: string;
  position: NodePosition;
  params: P;
  pinned?: PinnedOutput;
  /** Retries and what a final failure does (nodeSettings.ts); absent: RUN_LIMITS' retries, and a failure stops the run. */
  settings?: NodeSettings;
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
  /** ISO time it was moved to the trash; absent or null: not in the trash. */
  deletedAt?: string | null;
  /** On/off switch: webhook, schedule and poll triggers fire only while on (acceptsTriggerEvents); absent = on. */
  active?: boolean;
  /** A workflow started (trigger type 'error') with the details of a failed run of this one; absent or null: none. */
  errorWorkflowId?: string | null;
  /** Users it is shared with one by one: uid → share role (rbac/workspaces.ts SHARE_ROLE_IDS); set only by platform-api. */
  sharedWith?: Record<string, string>;
  /** Offered as a tool on the workspace's MCP endpoint (mcp.ts); absent or null: not offered. */
  mcp?: WorkflowMcpSettings | null;
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
  /** The stable sub-code the UI translates by (with `code`); one of PROBLEM_REASONS. */
  reason?: ProblemReason;
  /** The values the translation fills in: { max: 80 }, { reference: 'agent_1.score', node: 'agent_1' }. */
  params?: ProblemParams;
}
