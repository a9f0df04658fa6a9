// Small builders that keep the template files readable. Templates are plain
// data (a Workflow each); these helpers only fill in the repetitive parts:
// positions on a left-to-right grid, form fields, an agent's JSON answer and
// empty tools, the edges of a path with a condition's branches (flow), and the
// fixed template fields. The param types are the model's (params.ts).
//
// Expression convention used by every template (JSONata, never eval):
//   - `input` is the run input (the manual form, the webhook body, or the
//     schedule tick);
//   - every earlier step's output is available under its node id, so node ids
//     are plain identifiers (`qualify.score`, `$.qualify.score`);
//   - `{{ ... }}` in prompt templates, URLs, bodies and app steps' values is a
//     JSONata expression.
//
// App steps (connector nodes) and app triggers carry no credentialId: a
// template is copied by users who then connect their own accounts, and until
// they do, the step says "is required: connect an account". Values that name
// something in the user's account (a spreadsheet, a Slack channel, an
// on-call phone) are placeholders to replace after copying.
import type { NodePosition, Workflow, WorkflowCategory, WorkflowEdge, WorkflowIndustry, WorkflowNode } from '../model.js';
import type { AgentParams, HttpParams, InputField, InputFieldType } from '../params.js';

export const COLUMN_WIDTH = 260;
export const ROW_HEIGHT = 160;

/** Grid position: columns run left to right 260 px apart (a 220 px card and its edge), rows stack branches. */
export function at(column: number, row = 0): NodePosition {
  return { x: 40 + column * COLUMN_WIDTH, y: 200 + row * ROW_HEIGHT };
}

/** A JSON schema, as an agent's JSON answer is described. */
export type JsonSchema = Record<string, unknown>;

const JSON_HEADERS: Record<string, string> = { 'Content-Type': 'application/json' };

/** A field of a manual trigger's form that must be filled in (a one-line string unless `type` says otherwise). */
export const requiredField = (key: string, label: string, type: InputFieldType = 'string'): InputField => ({ key, label, type, required: true });
/** A field of a manual trigger's form that may stay empty. */
export const optionalField = (key: string, label: string, type: InputFieldType = 'string'): InputField => ({ key, label, type, required: false });

export function manualTrigger(id: string, name: string, position: NodePosition, inputSchema: InputField[]): WorkflowNode {
  return { id, type: 'trigger.manual', name, position, params: { inputSchema } };
}

export function webhookTrigger(id: string, name: string, position: NodePosition, path: string, method: 'POST' | 'PUT' = 'POST'): WorkflowNode {
  return { id, type: 'trigger.webhook', name, position, params: { path, method } };
}

export function scheduleTrigger(id: string, name: string, position: NodePosition, cron: string, timeZone: string): WorkflowNode {
  return { id, type: 'trigger.schedule', name, position, params: { cron, timeZone } };
}

/**
 * The knowledge base a template's Knowledge steps and agents search: a
 * template cannot know the user's, so it names this valid placeholder id and
 * the user picks their own knowledge base after copying.
 */
export const KNOWLEDGE_BASE_PLACEHOLDER = 'your-knowledge-base-id';

/** A chat trigger: a run for each visitor message of the chat app that publishes the workflow (its settings are the app's). */
export function chatTrigger(id: string, name: string, position: NodePosition): WorkflowNode {
  return { id, type: 'trigger.chat', name, position, params: {} };
}

/** A Knowledge step: the passages of the placeholder knowledge base that answer `query` (JSONata), with their citations. */
export function knowledgeSearch(id: string, name: string, position: NodePosition, query: string): WorkflowNode {
  return { id, type: 'knowledge', name, position, params: { knowledgeBaseId: KNOWLEDGE_BASE_PLACEHOLDER, query } };
}

/**
 * A chat run's conversation as one transcript (the earlier turns' summary, then
 * the recent turns), so a chat agent's prompt reads it as `{{ conversation }}`.
 */
export const CHAT_TRANSCRIPT =
  '(input.summary ? "Earlier: " & input.summary & "\\n" : "") & $join(input.history.((role = "user" ? "Visitor: " : "Assistant: ") & text), "\\n")';

/**
 * What a template says of an agent: `answer` lists the properties of its JSON
 * answer (all required; without it the agent answers in text), and `tools`
 * only what it has (no HTTP tools, no delegates otherwise).
 */
export interface AgentSpec {
  name: string;
  role: string;
  promptTemplate: string;
  model?: string;
  answer?: Record<string, JsonSchema>;
  tools?: Partial<AgentParams['tools']>;
  /** File expressions whose text the agent reads (PDF, Word, text). */
  files?: string[];
}

export function agent(id: string, position: NodePosition, spec: AgentSpec): WorkflowNode {
  const { answer, tools, files, ...prompt } = spec;
  const params: AgentParams = {
    ...prompt,
    ...(files ? { files } : {}),
    output: answer ? { type: 'json', schema: objectSchema(answer) } : { type: 'text' },
    tools: { http: tools?.http ?? [], delegates: tools?.delegates ?? [], ...(tools?.knowledge ? { knowledge: tools.knowledge } : {}) },
  };
  return { id, type: 'agent', name: spec.name, position, params: { ...params } };
}

/** An app step: one operation of a connector (values may hold `{{ … }}`), no account connected yet. */
export function app(id: string, name: string, position: NodePosition, connector: string, operation: string, params: Record<string, unknown>): WorkflowNode {
  return { id, type: 'connector', name, position, params: { connector, operation, params } };
}

/** An app trigger: a run for each new item a connector's polling trigger reports, no account connected yet. */
export function pollTrigger(id: string, name: string, position: NodePosition, connector: string, trigger: string, params: Record<string, unknown>, intervalMinutes = 5): WorkflowNode {
  return { id, type: 'trigger.poll', name, position, params: { connector, trigger, params, intervalMinutes } };
}

export function condition(id: string, name: string, position: NodePosition, expression: string): WorkflowNode {
  return { id, type: 'condition', name, position, params: { expression } };
}

export function transform(id: string, name: string, position: NodePosition, mapping: string): WorkflowNode {
  return { id, type: 'transform', name, position, params: { mapping } };
}

/** An HTTP step; JSON content type unless headers are given, 10 s timeout unless set. */
export function http(
  id: string,
  name: string,
  position: NodePosition,
  params: Omit<HttpParams, 'headers' | 'timeoutMs'> & Partial<Pick<HttpParams, 'headers' | 'timeoutMs'>>,
): WorkflowNode {
  const { headers = { ...JSON_HEADERS }, timeoutMs = 10_000, ...rest } = params;
  return { id, type: 'http', name, position, params: { ...rest, headers, timeoutMs } };
}

/** An HTTP step that POSTs `body` (JSON) to `url`, with the defaults of http(). */
export function post(id: string, name: string, position: NodePosition, url: string, body: string): WorkflowNode {
  return http(id, name, position, { method: 'POST', url, body });
}

/** An HTTP step that PUTs `body` (JSON) to `url`, with the defaults of http(). */
export function put(id: string, name: string, position: NodePosition, url: string, body: string): WorkflowNode {
  return http(id, name, position, { method: 'PUT', url, body });
}

export function approval(id: string, name: string, position: NodePosition, approvers: string[], message: string): WorkflowNode {
  return { id, type: 'approval', name, position, params: { approvers, message } };
}

export function output(id: string, name: string, position: NodePosition, mapping?: string): WorkflowNode {
  return { id, type: 'output', name, position, params: mapping === undefined ? {} : { mapping } };
}

/** A JSON schema for an object whose listed properties are all required. */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

export const str = (description: string): JsonSchema => ({ type: 'string', description });
export const num = (description: string, minimum?: number, maximum?: number): JsonSchema => ({
  type: 'number',
  description,
  ...(minimum === undefined ? {} : { minimum }),
  ...(maximum === undefined ? {} : { maximum }),
});
export const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
export const oneOf = (description: string, values: string[]): JsonSchema => ({ type: 'string', description, enum: values });
export const list = (description: string, items: JsonSchema = { type: 'string' }): JsonSchema => ({ type: 'array', description, items });

/** [source, target] or [source, target, 'true' | 'false'] for a condition's branch. */
export type EdgeSpec = readonly [source: string, target: string, handle?: 'true' | 'false'];

export function edges(specs: readonly EdgeSpec[]): WorkflowEdge[] {
  return specs.map(([source, target, handle]) =>
    handle === undefined ? { id: `e-${source}-${target}`, source, target } : { id: `e-${source}-${handle}-${target}`, source, sourceHandle: handle, target },
  );
}

/** A condition's two branches, each a path of its own. */
export interface Branches {
  true: readonly string[];
  false: readonly string[];
}

/**
 * The edges of a template as it reads: a path of node ids, optionally ending
 * in a condition whose 'true' and then 'false' branch are paths of their own.
 */
export function flow(path: readonly string[], branches?: Branches): EdgeSpec[] {
  const along = (ids: readonly string[]): EdgeSpec[] => ids.slice(1).map((target, i) => [ids[i]!, target] as const);
  const specs = along(path);
  if (!branches) return specs;
  const condition = path[path.length - 1]!;
  for (const handle of ['true', 'false'] as const) {
    const branch = branches[handle];
    specs.push([condition, branch[0]!, handle], ...along(branch));
  }
  return specs;
}

export interface TemplateSpec {
  id: string;
  name: string;
  description: string;
  category: WorkflowCategory;
  industry: WorkflowIndustry;
  tags: string[];
  nodes: WorkflowNode[];
  edges: readonly EdgeSpec[];
}

export function template(spec: TemplateSpec): Workflow {
  return {
    id: spec.id,
    ownerId: 'system',
    organizationId: null,
    name: spec.name,
    description: spec.description,
    category: spec.category,
    industry: spec.industry,
    tags: spec.tags,
    visibility: 'template',
    version: 1,
    nodes: spec.nodes,
    edges: edges(spec.edges),
    createdAt: null,
    updatedAt: null,
  };
}
