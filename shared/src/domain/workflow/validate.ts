// validateWorkflow(): every problem of a workflow document, each with the node
// or edge it concerns, in a deterministic order. One node's params are
// nodeProblems.ts, the graph algorithms graph.ts, the builder's factories
// factories.ts. Pure: no React, no Firebase, no evaluation.
import { z } from 'zod';
import {
  NODE_TYPES,
  WORKFLOW_CATEGORIES,
  WORKFLOW_INDUSTRIES,
  WORKFLOW_LIMITS,
  WORKFLOW_VISIBILITIES,
  PINNED_OUTPUT_MAX_BYTES,
  type NodeType,
  type Workflow,
  type WorkflowProblem,
} from './model.js';
import { identifier, isRecord, issueEntries, oneOf, pathOf, reasonFields, str } from './fields.js';
import { cycles, delegatesOf, isTrigger, reachableFrom } from './graph.js';
import { nodeProblems } from './nodeProblems.js';
import { referenceProblems } from './referenceProblems.js';
import { loopProblems } from './loop.js';
import { errorEdgeProblems, nodeSettingsProblems } from './nodeSettingsSchema.js';
import { MAX_WORKFLOW_SHARES, SHARE_ROLE_IDS } from '../rbac/workspaces.js';
import { MCP_MESSAGES, workflowMcpSchema } from './mcp.js';

/** Condition nodes branch on these source handles. */
export const CONDITION_HANDLES = ['true', 'false'] as const;

// ---------------------------------------------------------------- shapes

const MAX_ID_LENGTH = 64;
/** Node and edge ids: letters, digits, "_" and "-" (they appear in delegates and expressions). */
export const ELEMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const elementId = identifier(ELEMENT_ID_PATTERN, 'may contain only letters, digits, "_" and "-", starting with a letter or digit', MAX_ID_LENGTH);
const nonBlank = (max: number) =>
  str()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.trim() !== '', 'is required');
const finite = z.number({ error: 'must be a number' }).refine(Number.isFinite, 'must be a finite number');

/** The document's own fields (nodes and edges are checked one by one). Unknown extra fields are tolerated. */
const workflowFieldsSchema = z.object({
  id: str().max(128, 'must be at most 128 characters'),
  ownerId: str().min(1, 'is required').max(128, 'must be at most 128 characters'),
  organizationId: str().min(1, 'is required').max(128, 'must be at most 128 characters').nullable().optional(),
  name: nonBlank(WORKFLOW_LIMITS.maxNameLength),
  description: str().max(WORKFLOW_LIMITS.maxDescriptionLength, `must be at most ${WORKFLOW_LIMITS.maxDescriptionLength} characters`),
  category: oneOf(WORKFLOW_CATEGORIES),
  industry: oneOf(WORKFLOW_INDUSTRIES),
  tags: z
    .array(nonBlank(40), { error: 'must be an array' })
    .max(WORKFLOW_LIMITS.maxTags, `must have at most ${WORKFLOW_LIMITS.maxTags} tags`),
  visibility: oneOf(WORKFLOW_VISIBILITIES),
  version: z.int({ error: 'must be a whole number' }).min(0, 'must be at least 0'),
  nodes: z.array(z.unknown(), { error: 'must be an array' }).max(WORKFLOW_LIMITS.maxNodes, `must have at most ${WORKFLOW_LIMITS.maxNodes} nodes`),
  edges: z.array(z.unknown(), { error: 'must be an array' }).max(WORKFLOW_LIMITS.maxEdges, `must have at most ${WORKFLOW_LIMITS.maxEdges} edges`),
  createdAt: z.string({ error: 'must be a string or null' }).max(64).nullable(),
  updatedAt: z.string({ error: 'must be a string or null' }).max(64).nullable(),
  deletedAt: z.string({ error: 'must be a string or null' }).max(64).nullable().optional(),
  active: z.boolean({ error: 'must be true or false' }).optional(),
  errorWorkflowId: str().min(1, 'is required').max(128, 'must be at most 128 characters').nullable().optional(),
  sharedWith: z
    .record(str().min(1).max(128), oneOf(SHARE_ROLE_IDS), { error: 'must map user ids to share roles' })
    .refine((shares) => Object.keys(shares).length <= MAX_WORKFLOW_SHARES, `must name at most ${MAX_WORKFLOW_SHARES} users`)
    .optional(),
  mcp: workflowMcpSchema.nullable().optional(),
});

/** A node's pinned sample output: any JSON of at most PINNED_OUTPUT_MAX_BYTES, and when it was pinned. */
const pinnedSchema = z.strictObject({
  output: z.unknown().refine((output) => {
    const bytes = documentBytes(output);
    return bytes !== null && bytes <= PINNED_OUTPUT_MAX_BYTES;
  }, `must be JSON of at most ${PINNED_OUTPUT_MAX_BYTES} bytes`),
  pinnedAt: str().min(1, 'is required').max(64, 'must be at most 64 characters'),
});

const nodeShapeSchema = z.strictObject({
  id: elementId,
  type: oneOf(NODE_TYPES),
  name: nonBlank(WORKFLOW_LIMITS.maxNameLength),
  position: z.strictObject({ x: finite, y: finite }),
  // Checked against the type's schema separately (invalid-params).
  params: z.unknown(),
  pinned: pinnedSchema.optional(),
  // Checked by nodeSettingsProblems (invalid-params at 'settings.…').
  settings: z.unknown().optional(),
});

const edgeShapeSchema = z.strictObject({
  id: elementId,
  source: str().min(1, 'is required').max(MAX_ID_LENGTH),
  sourceHandle: str().max(MAX_ID_LENGTH).nullable().optional(),
  target: str().min(1, 'is required').max(MAX_ID_LENGTH),
});

// ---------------------------------------------------------------- helpers

const isNodeType = (value: unknown): value is NodeType => typeof value === 'string' && (NODE_TYPES as readonly string[]).includes(value);

function joinPath(prefix: string, path: readonly PropertyKey[]): string {
  const rest = pathOf(path);
  return rest === '' ? prefix : `${prefix}.${rest}`;
}

/** The shape problems of one node or edge (invalid-workflow at its document path), naming it when it has an id. */
function shapeProblems(schema: z.ZodType, raw: unknown, prefix: string, where: Pick<WorkflowProblem, 'nodeId' | 'edgeId'>): WorkflowProblem[] {
  const shape = schema.safeParse(raw);
  if (shape.success) return [];
  return shape.error.issues.flatMap(issueEntries).map((issue) => {
    const path = joinPath(prefix, issue.path);
    return { code: 'invalid-workflow', ...where, path, message: `${path}: ${issue.message}`, ...reasonFields(issue) };
  });
}

function documentBytes(value: unknown): number | null {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? 0 : new TextEncoder().encode(json).length;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the workflow

/**
 * Every problem of a workflow document. Order: document shape
 * (invalid-workflow), node and edge shapes, duplicate ids, triggers, edge
 * ends, cycles, unreachable nodes, then each node's params, expressions,
 * delegates and references (referenceProblems.ts) in node order. For
 * invalid-workflow, `path` is the document path (e.g. 'nodes.2.position.x');
 * for invalid-params / invalid-expression / missing-delegate it is the param
 * path (e.g. 'tools.http.0.url'). Each problem has a `reason` (PROBLEM_REASONS).
 */
export function validateWorkflow(workflow: unknown): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  if (!isRecord(workflow)) {
    return [{ code: 'invalid-workflow', message: 'A workflow must be an object', reason: 'not-object' }];
  }

  // -- the document's own fields and size
  const fields = workflowFieldsSchema.safeParse(workflow);
  if (!fields.success) {
    for (const issue of fields.error.issues.flatMap(issueEntries)) {
      const path = pathOf(issue.path);
      problems.push({ code: 'invalid-workflow', path, message: `${path || 'workflow'}: ${issue.message}`, ...reasonFields(issue) });
    }
  }
  const bytes = documentBytes(workflow);
  if (bytes === null) problems.push({ code: 'invalid-workflow', message: 'The workflow is not serialisable as JSON', reason: 'not-serialisable' });
  else if (bytes > WORKFLOW_LIMITS.maxDocumentBytes) {
    problems.push({
      code: 'invalid-workflow',
      message: `The workflow is ${bytes} bytes; the limit is ${WORKFLOW_LIMITS.maxDocumentBytes}`,
      reason: 'document-too-large',
      params: { bytes, max: WORKFLOW_LIMITS.maxDocumentBytes },
    });
  }

  const rawNodes: unknown[] = Array.isArray(workflow.nodes) ? workflow.nodes : [];
  const rawEdges: unknown[] = Array.isArray(workflow.edges) ? workflow.edges : [];

  // -- node shapes: keep every node with a usable id for the graph checks
  interface GraphNode {
    id: string;
    type: NodeType | undefined;
    params: unknown;
    settings?: unknown;
  }
  const graphNodes: GraphNode[] = [];
  rawNodes.forEach((raw, i) => {
    if (!isRecord(raw)) {
      problems.push({ code: 'invalid-workflow', path: `nodes.${i}`, message: `nodes.${i}: a node must be an object`, reason: 'not-object' });
      return;
    }
    const idOk = elementId.safeParse(raw.id).success;
    const nodeId = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    problems.push(...shapeProblems(nodeShapeSchema, raw, `nodes.${i}`, nodeId ? { nodeId } : {}));
    if (idOk && nodeId) graphNodes.push({ id: nodeId, type: isNodeType(raw.type) ? raw.type : undefined, params: raw.params, settings: raw.settings });
  });

  interface GraphEdge {
    id: string;
    source: string;
    target: string;
    sourceHandle: string | null | undefined;
  }
  const graphEdges: GraphEdge[] = [];
  rawEdges.forEach((raw, i) => {
    if (!isRecord(raw)) {
      problems.push({ code: 'invalid-workflow', path: `edges.${i}`, message: `edges.${i}: an edge must be an object`, reason: 'not-object' });
      return;
    }
    const edgeId = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    problems.push(...shapeProblems(edgeShapeSchema, raw, `edges.${i}`, edgeId ? { edgeId } : {}));
    if (edgeId && typeof raw.source === 'string' && typeof raw.target === 'string') {
      const handle = raw.sourceHandle;
      graphEdges.push({ id: edgeId, source: raw.source, target: raw.target, sourceHandle: typeof handle === 'string' ? handle : null });
    }
  });

  // -- duplicate ids (the first occurrence wins for the graph)
  const nodesById = new Map<string, GraphNode>();
  for (const node of graphNodes) {
    if (nodesById.has(node.id)) {
      problems.push({ code: 'duplicate-id', nodeId: node.id, message: `Node id "${node.id}" is used more than once`, reason: 'duplicate-node', params: { id: node.id } });
    }
    else nodesById.set(node.id, node);
  }
  const edgeIds = new Set<string>();
  for (const edge of graphEdges) {
    if (edgeIds.has(edge.id)) problems.push({ code: 'duplicate-id', edgeId: edge.id, message: `Edge id "${edge.id}" is used more than once`, reason: 'duplicate-edge', params: { id: edge.id } });
    edgeIds.add(edge.id);
  }
  const uniqueNodes = [...nodesById.values()];

  // -- at least one trigger, at most one of them manual (a person's run starts there: triggers.ts)
  const triggers = uniqueNodes.filter((n) => isTrigger(n.type));
  if (triggers.length === 0) {
    problems.push({ code: 'trigger-count', message: 'A workflow needs at least one trigger; it has none', reason: 'no-trigger' });
  }
  for (const extra of triggers.filter((n) => n.type === 'trigger.manual').slice(1)) {
    problems.push({
      code: 'trigger-count',
      nodeId: extra.id,
      message: `A workflow has at most one manual trigger; "${extra.id}" is a second one`,
      reason: 'extra-manual-trigger',
      params: { node: extra.id },
    });
  }
  // Offered to MCP clients: the manual trigger's input is the tool's input (mcp.ts).
  if (isRecord(workflow.mcp) && workflow.mcp.enabled === true && !triggers.some((n) => n.type === 'trigger.manual')) {
    problems.push({ code: 'invalid-workflow', path: 'mcp.enabled', message: `mcp.enabled: ${MCP_MESSAGES.needsManualTrigger}`, reason: 'mcp-needs-manual-trigger' });
  }
  // One error trigger: a failed run starts its error workflow once, at that trigger (errorTrigger.ts).
  for (const extra of triggers.filter((n) => n.type === 'trigger.error').slice(1)) {
    problems.push({
      code: 'trigger-count',
      nodeId: extra.id,
      message: `A workflow has at most one error trigger; "${extra.id}" is a second one`,
      reason: 'extra-error-trigger',
      params: { node: extra.id },
    });
  }

  // -- edge ends
  const next = new Map<string, string[]>(uniqueNodes.map((n): [string, string[]] => [n.id, []]));
  for (const edge of graphEdges) {
    const source = nodesById.get(edge.source);
    const target = nodesById.get(edge.target);
    const ends = { edge: edge.id };
    if (!source) problems.push({ code: 'edge-missing-node', edgeId: edge.id, message: `Edge "${edge.id}" starts at missing node "${edge.source}"`, reason: 'missing-source', params: { ...ends, node: edge.source } });
    if (!target) problems.push({ code: 'edge-missing-node', edgeId: edge.id, message: `Edge "${edge.id}" ends at missing node "${edge.target}"`, reason: 'missing-target', params: { ...ends, node: edge.target } });
    if (target && isTrigger(target.type)) {
      problems.push({
        code: 'invalid-workflow',
        edgeId: edge.id,
        path: 'target',
        message: `Edge "${edge.id}" leads into trigger "${target.id}"; triggers have no inputs`,
        reason: 'into-trigger',
        params: { edge: edge.id, node: target.id },
      });
    }
    if (source?.type === 'condition' && !(CONDITION_HANDLES as readonly (string | null | undefined)[]).includes(edge.sourceHandle)) {
      problems.push({
        code: 'invalid-workflow',
        edgeId: edge.id,
        path: 'sourceHandle',
        message: `Edge "${edge.id}" leaves condition "${source.id}" without a 'true' or 'false' branch`,
        reason: 'missing-branch',
        params: { edge: edge.id, node: source.id },
      });
    }
    if (source && target) next.get(source.id)!.push(target.id);
  }

  // -- cycles: every node of a strongly connected component that loops
  const cyclic = cycles(
    uniqueNodes.map((n) => n.id),
    next,
  );
  for (const component of cyclic) {
    const listed = component.join(' → ');
    for (const id of component) {
      problems.push(
        component.length === 1
          ? { code: 'cycle', nodeId: id, message: `Node "${id}" connects to itself`, reason: 'self-loop', params: { node: id } }
          : { code: 'cycle', nodeId: id, message: `Node "${id}" is on a cycle through ${listed}`, reason: 'on-cycle', params: { node: id, nodes: listed } },
      );
    }
  }

  // -- reachability from the trigger(s), following edges and agent delegation
  if (triggers.length > 0) {
    const reached = reachableFrom(
      triggers.map((t) => t.id),
      (id) => [...(next.get(id) ?? []), ...delegatesOf(nodesById.get(id))],
      (id) => nodesById.has(id),
    );
    for (const node of uniqueNodes) {
      if (!reached.has(node.id)) {
        problems.push({ code: 'unreachable-node', nodeId: node.id, message: `Node "${node.id}" cannot be reached from the trigger`, reason: 'unreachable', params: { node: node.id } });
      }
    }
  }

  // -- loop handles and bodies (loop.ts)
  problems.push(...loopProblems({ nodes: uniqueNodes, edges: graphEdges }));

  // -- each node's params, expressions, references and delegates
  const typed = uniqueNodes.filter((n): n is GraphNode & { type: NodeType } => n.type !== undefined);
  const referencing = { nodes: typed, edges: graphEdges };
  for (const node of graphNodes) {
    if (node.type === undefined) continue;
    problems.push(...nodeProblems({ id: node.id, type: node.type, params: node.params }, typed));
    // Once per id: a duplicate node's references are its first occurrence's.
    if (nodesById.get(node.id) === node) problems.push(...referenceProblems(referencing, node.id));
  }

  // -- each node's settings (retries, on error) and the edges of error branches
  for (const node of graphNodes) problems.push(...nodeSettingsProblems(node.id, node.settings));
  problems.push(...errorEdgeProblems(graphEdges.filter((edge) => nodesById.has(edge.source)), (id) => nodesById.get(id)?.settings));
  return problems;
}

/** True when validateWorkflow() finds nothing. */
export function isWorkflowValid(workflow: unknown): workflow is Workflow {
  return validateWorkflow(workflow).length === 0;
}
