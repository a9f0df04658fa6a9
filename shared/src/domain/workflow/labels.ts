// What people and ids call each node type: the English label the builder and
// validation messages use, and the short key that is both the prefix of new
// node ids ('agent-2') and the key of the type's label in the UI catalogs
// (workflows.builder.nodeTypes.<key>). One table each, so a new node type is
// named in one place.
import type { NodeType } from './model.js';

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
  connector: 'App action',
  'trigger.poll': 'App trigger',
  code: 'Code',
  loop: 'Loop over items',
  wait: 'Wait',
  subworkflow: 'Sub-workflow',
  'trigger.error': 'Error trigger',
  'trigger.chat': 'Chat trigger',
  knowledge: 'Knowledge',
};

/** A node type's short key: the prefix of the ids createNode() gives and the catalog key of its label. */
export const NODE_TYPE_KEYS: Record<NodeType, string> = {
  'trigger.manual': 'manual',
  'trigger.webhook': 'webhook',
  'trigger.schedule': 'schedule',
  agent: 'agent',
  condition: 'condition',
  transform: 'transform',
  http: 'http',
  approval: 'approval',
  output: 'output',
  connector: 'app',
  'trigger.poll': 'poll',
  code: 'code',
  loop: 'loop',
  wait: 'wait',
  subworkflow: 'subworkflow',
  'trigger.error': 'errorTrigger',
  'trigger.chat': 'chatTrigger',
  knowledge: 'knowledge',
};
