// How the app step's form shows each param of an operation or trigger, read
// from the JSON Schema of its zod schema (z.toJSONSchema, input side): a
// select for an enum, a number, a checkbox, a date-time, an e-mail, a key →
// value editor for a record, a file expression, a textarea for `multiline`,
// else one line of text. Pure, so the mapping is tested on its own.
import { z } from 'zod';
import type { ConnectorParamsShape } from '@agentflow/shared/workflow';

export type ParamKind = 'text' | 'textarea' | 'select' | 'number' | 'checkbox' | 'dateTime' | 'email' | 'record' | 'files';

export interface ParamField {
  key: string;
  kind: ParamKind;
  required: boolean;
  /** A select's values. */
  options?: string[];
  /** Whole numbers only (a number input's step). */
  integer?: boolean;
  min?: number;
  max?: number;
  /** The English description (agents read it; the form shows it as a tooltip). */
  description?: string;
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  description?: string;
  multiline?: boolean;
  fileRefs?: boolean;
  additionalProperties?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

function kindOf(input: JsonSchema, output: JsonSchema): Omit<ParamField, 'key' | 'required'> {
  const description = input.description;
  if (input.fileRefs) return { kind: 'files', description };
  if (Array.isArray(input.enum)) return { kind: 'select', options: input.enum.map(String), description };
  if (input.type === 'boolean') return { kind: 'checkbox', description };
  if (input.type === 'number' || input.type === 'integer') return { kind: 'number', integer: input.type === 'integer', min: input.minimum, max: input.maximum, description };
  if (input.type === 'object') return { kind: 'record', description };
  if (input.format === 'date-time') return { kind: 'dateTime', description };
  if (input.multiline) return { kind: 'textarea', description };
  // An e-mail is checked after trimming (a pipe): its format shows on the output side.
  if (output.format === 'email' || input.format === 'email') return { kind: 'email', description };
  return { kind: 'text', description };
}

const cache = new WeakMap<object, ParamField[]>();

/** The form's fields of a param shape, in the declaration's order (computed once per schema). */
export function paramFieldsOf(params: z.ZodObject<ConnectorParamsShape>): ParamField[] {
  const cached = cache.get(params);
  if (cached) return cached;
  const input = toSchema(params, 'input');
  const output = toSchema(params, 'output');
  const required = new Set(input.required ?? []);
  const fields = Object.keys(params.shape).map((key) => ({
    key,
    required: required.has(key),
    ...kindOf(input.properties?.[key] ?? {}, output.properties?.[key] ?? {}),
  }));
  cache.set(params, fields);
  return fields;
}
