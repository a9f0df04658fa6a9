// The configuration form of each node type: which params it edits with which
// simple editor. Paths are the dotted param paths nodeProblems() reports.
import { HTTP_BODY_KINDS, HTTP_METHODS, LOOP_ITEM_ERROR_MODES, WEBHOOK_METHODS, type NodeType, type WorkflowProblem } from '@agentflow/shared/workflow';

/** 'lines': a list edited one entry per line (entries may hold commas); 'checkbox': `checkedValue` when checked, absent otherwise. */
export type FieldKind = 'text' | 'textarea' | 'select' | 'number' | 'json' | 'list' | 'lines' | 'checkbox';

export interface FieldSpec {
  path: string;
  /** Key under workflows.builder.fields. */
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  /** Empty input removes the param instead of storing ''. */
  optional?: boolean;
  /** Key under workflows.builder.config of a hint shown under the editor. */
  hint?: string;
  /** Shown only when this returns true for the params. */
  when?: (params: Record<string, unknown>) => boolean;
  /** A select's option labels: keys under workflows.builder.<optionsKey>. */
  optionsKey?: string;
  /** What a select shows while the param is absent (the schema's own default). */
  defaultValue?: string;
  /** A checkbox's value when checked. */
  checkedValue?: string;
}

/** How an HTTP step's body is made; absent means the text template. */
const bodyKindOf = (params: Record<string, unknown>): string => (typeof params.bodyKind === 'string' ? params.bodyKind : 'template');

export const NODE_FIELDS: Record<NodeType, FieldSpec[]> = {
  'trigger.manual': [{ path: 'inputSchema', label: 'inputSchema', kind: 'json' }],
  'trigger.webhook': [
    { path: 'path', label: 'path', kind: 'text' },
    { path: 'method', label: 'method', kind: 'select', options: WEBHOOK_METHODS },
    { path: 'secretHeader', label: 'secretHeader', kind: 'text', optional: true },
  ],
  'trigger.schedule': [
    { path: 'cron', label: 'cron', kind: 'text' },
    { path: 'timeZone', label: 'timeZone', kind: 'text' },
  ],
  agent: [
    { path: 'name', label: 'agentName', kind: 'text' },
    { path: 'role', label: 'role', kind: 'textarea' },
    { path: 'promptTemplate', label: 'promptTemplate', kind: 'textarea' },
    // The model is picked with its provider (AgentModelFields, credentials/).
    { path: 'output.type', label: 'outputType', kind: 'select', options: ['text', 'json'] },
    { path: 'output.schema', label: 'outputSchema', kind: 'json', when: (p) => getPath(p, 'output.type') === 'json' },
    { path: 'tools', label: 'tools', kind: 'json' },
    { path: 'files', label: 'files', kind: 'lines', optional: true, hint: 'filesHint' },
  ],
  condition: [{ path: 'expression', label: 'expression', kind: 'textarea' }],
  transform: [{ path: 'mapping', label: 'mapping', kind: 'textarea' }],
  http: [
    { path: 'method', label: 'method', kind: 'select', options: HTTP_METHODS },
    { path: 'url', label: 'url', kind: 'text' },
    { path: 'headers', label: 'headers', kind: 'json' },
    { path: 'bodyKind', label: 'bodyKind', kind: 'select', options: HTTP_BODY_KINDS, optionsKey: 'bodyKinds', defaultValue: 'template' },
    { path: 'body', label: 'body', kind: 'textarea', optional: true, when: (p) => bodyKindOf(p) === 'template' },
    { path: 'file', label: 'file', kind: 'text', optional: true, hint: 'fileHint', when: (p) => bodyKindOf(p) !== 'template' },
    { path: 'fileField', label: 'fileField', kind: 'text', optional: true, hint: 'fileFieldHint', when: (p) => bodyKindOf(p) === 'multipart' },
    { path: 'formFields', label: 'formFields', kind: 'json', when: (p) => bodyKindOf(p) === 'multipart' },
    { path: 'saveResponse', label: 'saveResponse', kind: 'checkbox', checkedValue: 'always', hint: 'saveResponseHint' },
    { path: 'timeoutMs', label: 'timeoutMs', kind: 'number' },
  ],
  approval: [
    { path: 'approvers', label: 'approvers', kind: 'list', hint: 'approversHint' },
    { path: 'message', label: 'message', kind: 'textarea' },
  ],
  output: [{ path: 'mapping', label: 'mapping', kind: 'textarea', optional: true }],
  // App steps and triggers have forms of their own, made from their connector's declaration.
  connector: [],
  'trigger.poll': [],
  loop: [
    { path: 'items', label: 'loopItems', kind: 'text', hint: 'loopItemsHint' },
    { path: 'concurrency', label: 'loopConcurrency', kind: 'number', hint: 'loopConcurrencyHint' },
    { path: 'onItemError', label: 'loopOnItemError', kind: 'select', options: LOOP_ITEM_ERROR_MODES, optionsKey: 'loopItemErrors', defaultValue: 'stop' },
  ],
  // The code is edited by its own editor (builder/code/CodeField, lazily loaded); the limits as numbers.
  code: [
    { path: 'code', label: 'code', kind: 'textarea' },
    { path: 'timeoutMs', label: 'timeoutMs', kind: 'number' },
    { path: 'memoryMb', label: 'memoryMb', kind: 'number' },
  ],
  // Edited by their own forms (builder/wait, builder/subworkflow): a wait's fields change with its mode.
  wait: [],
  subworkflow: [],
  // Nothing to set: it fires when a workflow naming this one as its error workflow fails.
  'trigger.error': [],
  // Nothing to set: the chat app that publishes the workflow holds the settings.
  'trigger.chat': [],
  // The knowledge base is picked from the workspace's (builder/knowledge/KnowledgeBasePicker); top-k and the threshold default to the base's own.
  knowledge: [
    { path: 'query', label: 'knowledgeQuery', kind: 'text', hint: 'knowledgeQueryHint' },
    { path: 'topK', label: 'knowledgeTopK', kind: 'number', optional: true, hint: 'knowledgeTopKHint' },
    { path: 'minSimilarity', label: 'knowledgeMinSimilarity', kind: 'number', optional: true, hint: 'knowledgeMinSimilarityHint' },
  ],
};

export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `params` with `path` set (or removed when value is undefined). */
export function setPath(params: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const copy = { ...params };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head!];
    else copy[head!] = value;
    return copy;
  }
  const child = copy[head!];
  copy[head!] = setPath(child && typeof child === 'object' && !Array.isArray(child) ? (child as Record<string, unknown>) : {}, rest.join('.'), value);
  return copy;
}

/** Whether a problem belongs next to the field at `path`. */
export const problemAtField = (problem: WorkflowProblem, path: string): boolean =>
  problem.path !== undefined && (problem.path === path || problem.path.startsWith(`${path}.`));

/** The catalog key (under workflows.builder.nodeTypes) of a node type's label: the domain's one table. */
export { NODE_TYPE_KEYS } from '@agentflow/shared/workflow';
