// Small builders that keep the template files readable. Templates are plain
// data (a Workflow each); these helpers only fill in the repetitive parts:
// positions on a left-to-right grid, edge ids, and the fixed template fields.
//
// Expression convention used by every template (JSONata, never eval):
//   - `input` is the run input (the manual form, the webhook body, or the
//     schedule tick);
//   - every earlier step's output is available under its node id, so node ids
//     are plain identifiers (`qualify.score`, `$.qualify.score`);
//   - `{{ ... }}` in prompt templates, URLs and bodies is a JSONata expression.
import type { NodePosition, Workflow, WorkflowCategory, WorkflowEdge, WorkflowIndustry, WorkflowNode } from '../model.js';

export const COLUMN_WIDTH = 220;
export const ROW_HEIGHT = 160;

/** Grid position: columns run left to right ~220 px apart, rows stack branches. */
export function at(column: number, row = 0): NodePosition {
  return { x: 40 + column * COLUMN_WIDTH, y: 200 + row * ROW_HEIGHT };
}

export type InputFieldType = 'string' | 'number' | 'boolean' | 'text';
export interface InputField {
  key: string;
  label: string;
  type: InputFieldType;
  required: boolean;
}

export interface HttpTool {
  name: string;
  description: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
}

export type JsonSchema = Record<string, unknown>;

export interface AgentParams {
  name: string;
  role: string;
  promptTemplate: string;
  model?: string;
  output: { type: 'text' } | { type: 'json'; schema: JsonSchema };
  tools: { http: HttpTool[]; delegates: string[] };
}

export interface HttpParams {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

const JSON_HEADERS: Record<string, string> = { 'Content-Type': 'application/json' };

export function manualTrigger(id: string, name: string, position: NodePosition, inputSchema: InputField[]): WorkflowNode {
  return { id, type: 'trigger.manual', name, position, params: { inputSchema } };
}

export function webhookTrigger(id: string, name: string, position: NodePosition, path: string, method: 'POST' | 'PUT' = 'POST'): WorkflowNode {
  return { id, type: 'trigger.webhook', name, position, params: { path, method } };
}

export function scheduleTrigger(id: string, name: string, position: NodePosition, cron: string, timeZone: string): WorkflowNode {
  return { id, type: 'trigger.schedule', name, position, params: { cron, timeZone } };
}

export function agent(id: string, position: NodePosition, params: AgentParams): WorkflowNode {
  return { id, type: 'agent', name: params.name, position, params: { ...params } };
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
