// What each node type outputs, as a tree of fields: what later steps can
// refer to (`agent_1.score`), what the builder's field picker lists and what
// validation checks references against. Derived from what the engine really
// produces (platform-api runs/steps.ts, agentStep.ts/runAgent.ts, the
// approval decision in runs/router.ts, webhook.ts, scheduler.ts, the
// connectors' declared `output` / `item` schemas). Pure.
import { z } from 'zod';
import type { NodeType, WorkflowNode } from './model.js';
import { isRecord } from './fields.js';
import type { InputField } from './params.js';
import { connectorOf } from '../connectors/registry.js';
import { connectorOperationOf, connectorTriggerOf } from '../connectors/declaration.js';
import { failedRunDetailsSchema } from './errorTrigger.js';

export const OUTPUT_FIELD_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'any'] as const;
export type OutputFieldType = (typeof OUTPUT_FIELD_TYPES)[number];

/**
 * One field of an output. For an array, `children` are its items' fields
 * (JSONata reads `list.name` across the items). `open`: what is below is not
 * known (any field may be there), so references below it are not checked.
 */
export interface OutputField {
  name: string;
  type: OutputFieldType;
  children?: OutputField[];
  description?: string;
  open?: boolean;
}

/** A node's whole output: its type, its fields, and whether fields beyond them may appear (`open`: then none is checked). */
export interface NodeOutput {
  type: OutputFieldType;
  fields: OutputField[];
  open: boolean;
}

/** Deepest JSON Schema nesting read into fields (deeper levels are open). */
const MAX_SCHEMA_DEPTH = 6;

const field = (name: string, type: OutputFieldType, extra: Partial<OutputField> = {}): OutputField => ({ name, type, ...extra });

const FILE_REF_FIELDS: OutputField[] = [field('fileId', 'string'), field('name', 'string'), field('contentType', 'string'), field('size', 'number')];
const fileField = (name: string, description?: string): OutputField => field(name, 'object', { children: FILE_REF_FIELDS, ...(description ? { description } : {}) });

const OPEN: NodeOutput = { type: 'any', fields: [], open: true };
const closed = (type: OutputFieldType, fields: OutputField[] = []): NodeOutput => ({ type, fields, open: false });

// ---------------------------------------------------------------- JSON Schema

const JSON_TYPES: Record<string, OutputFieldType> = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean', object: 'object', array: 'array' };

/** The one field type of a JSON Schema, or 'any' (a union of several, $ref, nothing said). */
function schemaType(schema: Record<string, unknown>): OutputFieldType {
  const declared = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  if (declared.length === 1 && typeof declared[0] === 'string') return JSON_TYPES[declared[0]] ?? 'any';
  if (declared.length === 1 && declared[0] === undefined) {
    if (isRecord(schema.properties)) return 'object';
    if (schema.items !== undefined) return 'array';
    const variants = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])].filter(isRecord).filter((v) => v.type !== 'null');
    if (variants.length === 1) return schemaType(variants[0]!);
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return valueType(schema.enum[0]);
  }
  return 'any';
}

/** The single non-null variant of an anyOf/oneOf (an optional or nullable value), or the schema itself. */
function unwrapped(schema: Record<string, unknown>): Record<string, unknown> {
  const variants = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])].filter(isRecord).filter((v) => v.type !== 'null');
  return schema.type === undefined && variants.length === 1 ? unwrapped(variants[0]!) : schema;
}

/**
 * The fields of an object schema and whether it is open. An object that
 * lists `properties` is closed unless `additionalProperties: true`: the
 * declared fields are what later steps can rely on (a connector's loose
 * output adds fields a provider may send, which are not promised).
 */
function objectShape(schema: Record<string, unknown>, depth: number): { children: OutputField[]; open?: true } {
  if (!isRecord(schema.properties) || depth >= MAX_SCHEMA_DEPTH) return { children: [], open: true };
  const children = Object.entries(schema.properties)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([name, child]) => fieldFromSchema(name, child, depth + 1));
  return schema.additionalProperties === true ? { children, open: true } : { children };
}

function fieldFromSchema(name: string, raw: Record<string, unknown>, depth: number): OutputField {
  const schema = unwrapped(raw);
  const type = schemaType(schema);
  const description = typeof schema.description === 'string' && schema.description !== '' ? { description: schema.description } : {};
  if (type === 'object') return field(name, type, { ...objectShape(schema, depth), ...description });
  if (type === 'array') {
    const items = isRecord(schema.items) ? unwrapped(schema.items) : {};
    const itemType = schemaType(items);
    if (itemType === 'object') return field(name, type, { ...objectShape(items, depth), ...description });
    return field(name, type, itemType === 'any' ? { open: true, ...description } : { children: [], ...description });
  }
  return field(name, type, type === 'any' ? { open: true, ...description } : description);
}

/** A JSON Schema (an agent's output schema, a connector's declared output) as a node output. */
export function outputFromJsonSchema(schema: unknown): NodeOutput {
  if (!isRecord(schema)) return OPEN;
  const root = fieldFromSchema('', schema, 0);
  return { type: root.type, fields: root.children ?? [], open: root.open === true || root.type === 'any' };
}

const zodOutputs = new WeakMap<z.ZodType, NodeOutput>();

/** A zod schema's output (connectors declare theirs in zod), computed once per schema. */
function outputFromZod(schema: z.ZodType): NodeOutput {
  let output = zodOutputs.get(schema);
  if (!output) {
    try {
      output = outputFromJsonSchema(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
    } catch {
      output = OPEN;
    }
    zodOutputs.set(schema, output);
  }
  return output;
}

// ---------------------------------------------------------------- per node type

const INPUT_FIELD_OUTPUT: Record<InputField['type'], OutputFieldType> = { string: 'string', text: 'string', number: 'number', boolean: 'boolean', file: 'object' };

/** The run input a manual trigger's form gives: exactly its fields (the runs API refuses others). */
function manualInput(params: Record<string, unknown>): NodeOutput {
  const inputs = Array.isArray(params.inputSchema) ? params.inputSchema.filter(isRecord) : [];
  const fields = inputs
    .filter((input) => typeof input.key === 'string' && input.key !== '')
    .map((input) => {
      const label = typeof input.label === 'string' && input.label !== '' ? input.label : undefined;
      if (input.type === 'file') return fileField(input.key as string, label);
      return field(input.key as string, INPUT_FIELD_OUTPUT[input.type as InputField['type']] ?? 'any', label ? { description: label } : {});
    });
  return closed('object', fields);
}

/** What an HTTP step outputs (steps.ts httpCall): the status, the headers, and the answer's body, or the file it was kept as. */
function httpOutput(params: Record<string, unknown>): NodeOutput {
  const status = field('status', 'number', { description: 'HTTP status code' });
  const headers = field('headers', 'object', { open: true, description: 'Response headers, lower-case names' });
  const body = field('body', 'any', { open: true, description: 'Response body: parsed JSON, or text' });
  const file = fileField('file', 'The answer kept as a run file');
  return closed('object', params.saveResponse === 'always' ? [status, headers, file] : [status, headers, body, file]);
}

/** An approval's output once decided (runs/router.ts decide): the decision. */
const APPROVAL_OUTPUT = closed('object', [
  field('approved', 'boolean'),
  field('by', 'string', { description: 'User id of the approver' }),
  field('byEmail', 'string'),
  field('comment', 'string'),
  field('decidedAt', 'string', { description: 'ISO date-time' }),
  field('attachments', 'array', { children: FILE_REF_FIELDS }),
]);

/** A chat trigger's output: the visitor's message, the recent turns and the summary of older ones. */
const CHAT_TRIGGER_OUTPUT = closed('object', [
  field('message', 'string', { description: "The visitor's message" }),
  field('history', 'array', { description: 'Recent turns, oldest first: {role, text}', children: [field('role', 'string'), field('text', 'string')] }),
  field('summary', 'string', { description: 'Older turns in brief' }),
  field('conversationId', 'string'),
]);

/** What a node outputs: the fields later steps can refer to, and whether others may appear. */
export function nodeOutput(node: Pick<WorkflowNode, 'type' | 'params'> | { type: NodeType; params: unknown }): NodeOutput {
  const params = isRecord(node.params) ? node.params : {};
  switch (node.type) {
    case 'trigger.manual':
      return manualInput(params);
    case 'trigger.schedule':
      return closed('object', [field('scheduledFor', 'string', { description: 'ISO date-time of the tick' })]);
    case 'trigger.webhook':
      // The delivered JSON body (or multipart fields and files): its shape is the caller's.
      return OPEN;
    case 'trigger.chat':
      // One visitor message with the conversation's memory (shared/src/domain/chat/memory.ts ChatRunInput).
      return CHAT_TRIGGER_OUTPUT;
    case 'trigger.error':
      // The failed run's details (errorTrigger.ts), built by platform-api runs/errors.
      return outputFromZod(failedRunDetailsSchema);
    case 'trigger.poll': {
      const connector = connectorOf(params.connector);
      const trigger = connector && typeof params.trigger === 'string' ? connectorTriggerOf(connector, params.trigger) : undefined;
      return trigger ? outputFromZod(trigger.item) : OPEN;
    }
    case 'connector': {
      const connector = connectorOf(params.connector);
      const operation = connector && typeof params.operation === 'string' ? connectorOperationOf(connector, params.operation) : undefined;
      return operation ? outputFromZod(operation.output) : OPEN;
    }
    case 'agent': {
      const output = isRecord(params.output) ? params.output : { type: 'text' };
      // A text agent answers a string; a JSON agent the object its schema describes.
      return output.type === 'json' ? outputFromJsonSchema(output.schema) : closed('string');
    }
    case 'condition':
      return closed('boolean');
    case 'http':
      return httpOutput(params);
    case 'approval':
      return APPROVAL_OUTPUT;
    case 'transform':
    case 'output':
    default:
      // A JSONata mapping's result (or the whole step input): not known before it runs.
      return OPEN;
  }
}

// ---------------------------------------------------------------- checking a path

/**
 * The first name of `path` the output does not have, or null when the path
 * can be there (every name found, or an open or `any` level reached).
 */
export function missingField(output: NodeOutput, path: readonly string[]): { field: string; depth: number } | null {
  if (output.open || output.type === 'any') return null;
  let fields = output.fields;
  for (let depth = 0; depth < path.length; depth++) {
    const found = fields.find((f) => f.name === path[depth]);
    if (!found) return { field: path[depth]!, depth };
    if (found.open || found.type === 'any') return null;
    fields = found.children ?? [];
  }
  return null;
}

/** The type of a value as a field type. */
export function valueType(value: unknown): OutputFieldType {
  if (Array.isArray(value)) return 'array';
  if (value === null || value === undefined) return 'any';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return type === 'object' ? 'object' : 'any';
}
