// The builder's factories: a new node for the palette and a new workflow.
// Pure: the ids and defaults come from the model's tables.
import type { NodePosition, NodeType, Workflow, WorkflowNode } from './model.js';
import { defaultParams } from './params.js';
import { NODE_TYPE_KEYS, NODE_TYPE_LABELS } from './labels.js';

/**
 * A new node for the builder's palette: a unique id that is a valid node key
 * ('agent_1', 'agent_2', … the lowest free number; expressions refer to the
 * node by it), the type's default params and a default name.
 */
export function createNode<T extends NodeType>(type: T, position: NodePosition, existingIds: Iterable<string>): WorkflowNode {
  const taken = new Set(existingIds);
  const prefix = NODE_TYPE_KEYS[type];
  let n = 1;
  while (taken.has(`${prefix}_${n}`)) n++;
  return {
    id: `${prefix}_${n}`,
    type,
    name: n === 1 ? NODE_TYPE_LABELS[type] : `${NODE_TYPE_LABELS[type]} ${n}`,
    position: { x: position.x, y: position.y },
    params: defaultParams(type) as Record<string, unknown>,
  };
}

/** The node types a workflow can start with. */
export type TriggerNodeType = Extract<NodeType, `trigger.${string}`>;

export interface EmptyWorkflowOptions {
  id?: string;
  organizationId?: string | null;
  description?: string;
  category?: Workflow['category'];
  industry?: Workflow['industry'];
  visibility?: Workflow['visibility'];
  /** How it starts (the new-workflow dialog's trigger picker); a manual trigger by default. */
  trigger?: TriggerNodeType;
}

/** A new, valid workflow with one trigger, manual unless `trigger` says (version 0: not saved yet). */
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
    nodes: [createNode(options.trigger ?? 'trigger.manual', { x: 0, y: 0 }, [])],
    edges: [],
    createdAt: null,
    updatedAt: null,
  };
}
