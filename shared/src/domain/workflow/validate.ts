// validateWorkflow(): every problem of a workflow document, each with the node
// or edge it concerns, in a deterministic order. Plus the builder's helpers
// (createNode, emptyWorkflow). Pure: no React, no Firebase, no evaluation.
import { z } from 'zod';
import {
  NODE_TYPES,
  TRIGGER_TYPES,
  WORKFLOW_CATEGORIES,
  WORKFLOW_INDUSTRIES,
  WORKFLOW_LIMITS,
  WORKFLOW_VISIBILITIES,
  type NodePosition,
  type NodeType,
  type Workflow,
  type WorkflowNode,
  type WorkflowProblem,
} from './model.js';
import { NODE_PARAM_SCHEMAS, PARAM_LIMITS, defaultParams } from './params.js';
import { parseExpression, templatePlaceholders } from './expressions.js';
import { issueEntries, oneOf, str } from './fields.js';

/** Condition nodes branch on these source handles. */
export const CONDITION_HANDLES = ['true', 'false'] as const;

export const NODE_TYPE_LABELS: Record<NodeType, string> = {
  'trigger.manual': 'Manual trigger',
  'trigger.webhook': 'Webhook trigger',
  'trigger.schedule': 'Schedule trigger',
  agent: 'Agent',
  condition: 'Condition',
  transform: 'Transform',
  http: 'HTTP request',
  approval: 'Approval',
  output: 'Output',
};

const NODE_ID_PREFIXES: Record<NodeType, string> = {
  'trigger.manual': 'manual',
  'trigger.webhook': 'webhook',
  'trigger.schedule': 'schedule',
  agent: 'agent',
  condition: 'condition',
  transform: 'transform',
  http: 'http',
  approval: 'approval',
  output: 'output',
};

// ---------------------------------------------------------------- shapes

const MAX_ID_LENGTH = 64;
/** Node and edge ids: letters, digits, "_" and "-" (they appear in delegates and expressions). */
export const ELEMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const elementId = z
  .string({ error: 'must be a string' })
  .min(1, 'is required')
  .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`)
  .regex(ELEMENT_ID_PATTERN, 'may contain only letters, digits, "_" and "-", starting with a letter or digit');
const nonBlank = (max: number) =>
  z
    .string({ error: 'must be a string' })
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
});

const nodeShapeSchema = z.strictObject({
  id: elementId,
  type: oneOf(NODE_TYPES),
  name: nonBlank(WORKFLOW_LIMITS.maxNameLength),
  position: z.strictObject({ x: finite, y: finite }),
  // Checked against the type's schema separately (invalid-params).
  params: z.unknown(),
});

const edgeShapeSchema = z.strictObject({
  id: elementId,
  source: str().min(1, 'is required').max(MAX_ID_LENGTH),
  sourceHandle: str().max(MAX_ID_LENGTH).nullable().optional(),
  target: str().min(1, 'is required').max(MAX_ID_LENGTH),
});

// ---------------------------------------------------------------- helpers

type Rec = Record<string, unknown>;
const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNodeType = (value: unknown): value is NodeType => typeof value === 'string' && (NODE_TYPES as readonly string[]).includes(value);
const isTrigger = (type: NodeType | undefined) => type !== undefined && TRIGGER_TYPES.includes(type);

function pathOf(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'symbol' ? key.description ?? '' : String(key))).join('.');
}

function joinPath(prefix: string, path: readonly PropertyKey[]): string {
  const rest = pathOf(path);
  return rest === '' ? prefix : `${prefix}.${rest}`;
}

function documentBytes(value: unknown): number | null {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? 0 : new TextEncoder().encode(json).length;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- one node

/** A node as far as nodeProblems() needs it. */
export interface NodeLike {
  id: string;
  type: NodeType;
  params: unknown;
}

/**
 * The problems of one node's params: invalid-params (zod, with the param path),
 * invalid-expression (JSONata expressions and {{ }} templates that do not
 * parse) and, when the workflow's nodes are given, missing-delegate. The
 * builder's configuration panel shows them next to the fields by `path`.
 */
export function nodeProblems(node: NodeLike, nodes?: readonly { id: string; type: NodeType }[]): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const nodeId = node.id;
  const schema = NODE_PARAM_SCHEMAS[node.type] as z.ZodType | undefined;
  if (!schema) return problems;
  const parsed = schema.safeParse(node.params);
  if (!parsed.success) {
    for (const { path, message } of parsed.error.issues.flatMap(issueEntries)) {
      problems.push({ code: 'invalid-params', nodeId, path: pathOf(path), message });
    }
  }
  if (!isRecord(node.params)) return problems;
  const params = node.params;

  const expression = (path: string, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '' || value.length > PARAM_LIMITS.maxExpressionLength) return;
    const check = parseExpression(value);
    if (!check.ok) problems.push({ code: 'invalid-expression', nodeId, path, message: `${check.message} (at character ${check.position})` });
  };
  const template = (path: string, value: unknown) => {
    if (typeof value !== 'string' || value.length > PARAM_LIMITS.maxBodyLength) return;
    for (const p of templatePlaceholders(value)) {
      if (!p.ok) problems.push({ code: 'invalid-expression', nodeId, path, message: `${p.message} (at character ${p.position})` });
    }
  };
  const headerTemplates = (path: string, value: unknown) => {
    if (!isRecord(value)) return;
    for (const key of Object.keys(value).sort()) template(`${path}.${key}`, value[key]);
  };

  switch (node.type) {
    case 'condition':
      expression('expression', params.expression);
      break;
    case 'transform':
    case 'output':
      expression('mapping', params.mapping);
      break;
    case 'http':
      template('url', params.url);
      headerTemplates('headers', params.headers);
      template('body', params.body);
      break;
    case 'agent': {
      template('promptTemplate', params.promptTemplate);
      const tools = isRecord(params.tools) ? params.tools : {};
      if (Array.isArray(tools.http)) {
        tools.http.forEach((tool: unknown, i) => {
          if (!isRecord(tool)) return;
          template(`tools.http.${i}.url`, tool.url);
          headerTemplates(`tools.http.${i}.headers`, tool.headers);
        });
      }
      if (nodes && Array.isArray(tools.delegates)) {
        const types = new Map<string, NodeType>();
        for (const n of nodes) if (!types.has(n.id)) types.set(n.id, n.type);
        tools.delegates.forEach((delegate: unknown, i) => {
          if (typeof delegate !== 'string' || delegate === '') return;
          const path = `tools.delegates.${i}`;
          const type = types.get(delegate);
          if (delegate === nodeId) problems.push({ code: 'missing-delegate', nodeId, path, message: 'An agent cannot delegate to itself' });
          else if (type === undefined) problems.push({ code: 'missing-delegate', nodeId, path, message: `Delegates to missing node "${delegate}"` });
          else if (type !== 'agent') problems.push({ code: 'missing-delegate', nodeId, path, message: `Delegates to "${delegate}", which is a ${NODE_TYPE_LABELS[type].toLowerCase()} node, not an agent` });
        });
      }
      break;
    }
    default:
      break;
  }
  return problems;
}

// ---------------------------------------------------------------- graph

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

// ---------------------------------------------------------------- the workflow

/**
 * Every problem of a workflow document. Order: document shape
 * (invalid-workflow), node and edge shapes, duplicate ids, trigger count, edge
 * ends, cycles, unreachable nodes, then each node's params, expressions and
 * delegates in node order. For invalid-workflow, `path` is the document path
 * (e.g. 'nodes.2.position.x'); for invalid-params / invalid-expression /
 * missing-delegate it is the param path (e.g. 'tools.http.0.url').
 */
export function validateWorkflow(workflow: unknown): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  if (!isRecord(workflow)) {
    return [{ code: 'invalid-workflow', message: 'A workflow must be an object' }];
  }

  // -- the document's own fields and size
  const fields = workflowFieldsSchema.safeParse(workflow);
  if (!fields.success) {
    for (const issue of fields.error.issues.flatMap(issueEntries)) {
      const path = pathOf(issue.path);
      problems.push({ code: 'invalid-workflow', path, message: `${path || 'workflow'}: ${issue.message}` });
    }
  }
  const bytes = documentBytes(workflow);
  if (bytes === null) problems.push({ code: 'invalid-workflow', message: 'The workflow is not serialisable as JSON' });
  else if (bytes > WORKFLOW_LIMITS.maxDocumentBytes) {
    problems.push({ code: 'invalid-workflow', message: `The workflow is ${bytes} bytes; the limit is ${WORKFLOW_LIMITS.maxDocumentBytes}` });
  }

  const rawNodes: unknown[] = Array.isArray(workflow.nodes) ? workflow.nodes : [];
  const rawEdges: unknown[] = Array.isArray(workflow.edges) ? workflow.edges : [];

  // -- node shapes: keep every node with a usable id for the graph checks
  interface GraphNode {
    id: string;
    type: NodeType | undefined;
    params: unknown;
  }
  const graphNodes: GraphNode[] = [];
  rawNodes.forEach((raw, i) => {
    if (!isRecord(raw)) {
      problems.push({ code: 'invalid-workflow', path: `nodes.${i}`, message: `nodes.${i}: a node must be an object` });
      return;
    }
    const idOk = elementId.safeParse(raw.id).success;
    const nodeId = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    const shape = nodeShapeSchema.safeParse(raw);
    if (!shape.success) {
      for (const issue of shape.error.issues.flatMap(issueEntries)) {
        const path = joinPath(`nodes.${i}`, issue.path);
        problems.push({ code: 'invalid-workflow', ...(nodeId ? { nodeId } : {}), path, message: `${path}: ${issue.message}` });
      }
    }
    if (idOk && nodeId) graphNodes.push({ id: nodeId, type: isNodeType(raw.type) ? raw.type : undefined, params: raw.params });
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
      problems.push({ code: 'invalid-workflow', path: `edges.${i}`, message: `edges.${i}: an edge must be an object` });
      return;
    }
    const edgeId = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    const shape = edgeShapeSchema.safeParse(raw);
    if (!shape.success) {
      for (const issue of shape.error.issues.flatMap(issueEntries)) {
        const path = joinPath(`edges.${i}`, issue.path);
        problems.push({ code: 'invalid-workflow', ...(edgeId ? { edgeId } : {}), path, message: `${path}: ${issue.message}` });
      }
    }
    if (edgeId && typeof raw.source === 'string' && typeof raw.target === 'string') {
      const handle = raw.sourceHandle;
      graphEdges.push({ id: edgeId, source: raw.source, target: raw.target, sourceHandle: typeof handle === 'string' ? handle : null });
    }
  });

  // -- duplicate ids (the first occurrence wins for the graph)
  const nodesById = new Map<string, GraphNode>();
  for (const node of graphNodes) {
    if (nodesById.has(node.id)) problems.push({ code: 'duplicate-id', nodeId: node.id, message: `Node id "${node.id}" is used more than once` });
    else nodesById.set(node.id, node);
  }
  const edgeIds = new Set<string>();
  for (const edge of graphEdges) {
    if (edgeIds.has(edge.id)) problems.push({ code: 'duplicate-id', edgeId: edge.id, message: `Edge id "${edge.id}" is used more than once` });
    edgeIds.add(edge.id);
  }
  const uniqueNodes = [...nodesById.values()];

  // -- exactly one trigger
  const triggers = uniqueNodes.filter((n) => isTrigger(n.type));
  if (triggers.length === 0) {
    problems.push({ code: 'trigger-count', message: 'A workflow needs exactly one trigger; it has none' });
  }
  for (const extra of triggers.slice(1)) {
    problems.push({ code: 'trigger-count', nodeId: extra.id, message: `A workflow needs exactly one trigger; "${extra.id}" is an extra one` });
  }

  // -- edge ends
  const next = new Map<string, string[]>(uniqueNodes.map((n): [string, string[]] => [n.id, []]));
  for (const edge of graphEdges) {
    const source = nodesById.get(edge.source);
    const target = nodesById.get(edge.target);
    if (!source) problems.push({ code: 'edge-missing-node', edgeId: edge.id, message: `Edge "${edge.id}" starts at missing node "${edge.source}"` });
    if (!target) problems.push({ code: 'edge-missing-node', edgeId: edge.id, message: `Edge "${edge.id}" ends at missing node "${edge.target}"` });
    if (target && isTrigger(target.type)) {
      problems.push({ code: 'invalid-workflow', edgeId: edge.id, path: 'target', message: `Edge "${edge.id}" leads into trigger "${target.id}"; triggers have no inputs` });
    }
    if (source?.type === 'condition' && !(CONDITION_HANDLES as readonly (string | null | undefined)[]).includes(edge.sourceHandle)) {
      problems.push({ code: 'invalid-workflow', edgeId: edge.id, path: 'sourceHandle', message: `Edge "${edge.id}" leaves condition "${source.id}" without a 'true' or 'false' branch` });
    }
    if (source && target) next.get(source.id)!.push(target.id);
  }

  // -- cycles: every node of a strongly connected component that loops
  const order = new Map(uniqueNodes.map((n, i) => [n.id, i]));
  const components = stronglyConnected(
    uniqueNodes.map((n) => n.id),
    next,
  );
  const cyclic: string[][] = components
    .filter((c) => c.length > 1 || (next.get(c[0]!) ?? []).includes(c[0]!))
    .map((c) => [...c].sort((a, b) => order.get(a)! - order.get(b)!))
    .sort((a, b) => order.get(a[0]!)! - order.get(b[0]!)!);
  for (const component of cyclic) {
    const listed = component.join(' → ');
    for (const id of component) {
      problems.push({ code: 'cycle', nodeId: id, message: component.length === 1 ? `Node "${id}" connects to itself` : `Node "${id}" is on a cycle through ${listed}` });
    }
  }

  // -- reachability from the trigger(s), following edges and agent delegation
  if (triggers.length > 0) {
    const reached = new Set<string>();
    const queue = triggers.map((t) => t.id);
    for (const id of queue) reached.add(id);
    while (queue.length > 0) {
      const id = queue.shift()!;
      const onward = [...(next.get(id) ?? []), ...delegatesOf(nodesById.get(id))];
      for (const target of onward) {
        if (reached.has(target) || !nodesById.has(target)) continue;
        reached.add(target);
        queue.push(target);
      }
    }
    for (const node of uniqueNodes) {
      if (!reached.has(node.id)) problems.push({ code: 'unreachable-node', nodeId: node.id, message: `Node "${node.id}" cannot be reached from the trigger` });
    }
  }

  // -- each node's params, expressions and delegates
  const typed = uniqueNodes.filter((n): n is GraphNode & { type: NodeType } => n.type !== undefined);
  for (const node of graphNodes) {
    if (node.type === undefined) continue;
    problems.push(...nodeProblems({ id: node.id, type: node.type, params: node.params }, typed));
  }
  return problems;
}

/** The agent nodes an agent may delegate to (for reachability). */
function delegatesOf(node: { type: NodeType | undefined; params: unknown } | undefined): string[] {
  if (node?.type !== 'agent' || !isRecord(node.params) || !isRecord(node.params.tools)) return [];
  const delegates = node.params.tools.delegates;
  return Array.isArray(delegates) ? delegates.filter((d): d is string => typeof d === 'string') : [];
}

/** True when validateWorkflow() finds nothing. */
export function isWorkflowValid(workflow: unknown): workflow is Workflow {
  return validateWorkflow(workflow).length === 0;
}

// ---------------------------------------------------------------- builder helpers

/**
 * A new node for the builder's palette: a unique id ('agent-1', 'agent-2', …
 * the lowest free number), the type's default params and a default name.
 */
export function createNode<T extends NodeType>(type: T, position: NodePosition, existingIds: Iterable<string>): WorkflowNode {
  const taken = new Set(existingIds);
  const prefix = NODE_ID_PREFIXES[type];
  let n = 1;
  while (taken.has(`${prefix}-${n}`)) n++;
  return {
    id: `${prefix}-${n}`,
    type,
    name: n === 1 ? NODE_TYPE_LABELS[type] : `${NODE_TYPE_LABELS[type]} ${n}`,
    position: { x: position.x, y: position.y },
    params: defaultParams(type) as Record<string, unknown>,
  };
}

export interface EmptyWorkflowOptions {
  id?: string;
  organizationId?: string | null;
  description?: string;
  category?: Workflow['category'];
  industry?: Workflow['industry'];
  visibility?: Workflow['visibility'];
}

/** A new, valid workflow with one manual trigger (version 0: not saved yet). */
export function emptyWorkflow(ownerId: string, name: string, options: EmptyWorkflowOptions = {}): Workflow {
  return {
    id: options.id ?? '',
    ownerId,
    organizationId: options.organizationId ?? null,
    name,
    description: options.description ?? '',
    category: options.category ?? 'automation',
    industry: options.industry ?? 'general',
    tags: [],
    visibility: options.visibility ?? 'private',
    version: 0,
    nodes: [createNode('trigger.manual', { x: 0, y: 0 }, [])],
    edges: [],
    createdAt: null,
    updatedAt: null,
  };
}
