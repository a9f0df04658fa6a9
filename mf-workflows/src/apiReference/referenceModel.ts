// What the reference page reads from the OpenAPI description (GET
// /v1/openapi.json): its operations grouped by tag in the description's order,
// each operation's parameters and body fields (name, type, required,
// description), its answers, and the curl call that makes it. Pure: the page
// renders these, the tests check them.
import { exampleOf, resolveSchema, schemaType, type JsonSchema, type SchemaResolver } from '@agentflow/shared/api-keys';

/** The part of an OpenAPI 3.1 description this page reads. */
export interface OpenApiDescription {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  'x-required-scope'?: string | null;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  /** `x-error-codes`: the codes a refusal may carry beyond its status, code → English (the generator's extension). */
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; 'x-error-codes'?: Record<string, string> }>;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly string[] = ['get', 'post', 'put', 'patch', 'delete'];

/** A field of a parameter list or a body: how the page lists it. */
export interface ReferenceField {
  name: string;
  /** 'string', 'integer', 'string[]', 'Run', 'string | null', 'one of: a, b'. */
  type: string;
  required: boolean;
  description: string | null;
  /** path, query or header for a parameter; body for a body field. */
  in: 'path' | 'query' | 'header' | 'body';
}

/** A code a refusal may carry and what it means (English; the page translates by code). */
export interface ReferenceCode {
  code: string;
  description: string;
}

export interface ReferenceAnswer {
  status: string;
  /** The status's meaning, without the codes' sentences the generator appends (they are `codes`). */
  description: string;
  codes: ReferenceCode[];
  /** The answer's top-level fields ([] without a body, or for an error: the Error schema's). */
  fields: ReferenceField[];
  isError: boolean;
}

export interface ReferenceOperation {
  id: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  /** The English description without the generated scope sentence (the page says the scope itself). */
  description: string | null;
  scope: string | null;
  parameters: ReferenceField[];
  bodyMediaType: string | null;
  bodyFields: ReferenceField[];
  /** An example body (JSON) or form (multipart): null without a body. */
  bodyExample: unknown;
  answers: ReferenceAnswer[];
}

export interface ReferenceGroup {
  tag: string;
  operations: ReferenceOperation[];
}

export const resolverOf =
  (description: OpenApiDescription): SchemaResolver =>
  (ref) =>
    description.components?.schemas?.[ref.replace('#/components/schemas/', '')];

/** A type as a reader says it: a component's name, an item type with [], a nullable one with | null, an enum's values. */
export function typeText(schema: JsonSchema, resolve: SchemaResolver): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map((each) => typeText(each, resolve)).join(' | ');
  const type = schemaType(schema);
  const nullable = Array.isArray(schema.type) && (schema.type as string[]).includes('null') ? ' | null' : '';
  if (type === 'array') return `${typeText((schema.items as JsonSchema | undefined) ?? {}, resolve)}[]${nullable}`;
  if (type === 'string' && typeof schema.contentMediaType === 'string') return `file${nullable}`;
  return `${type ?? 'any'}${nullable}`;
}

/** An object schema's fields (a $ref followed), in their declared order. */
export function fieldsOf(schema: JsonSchema | undefined, resolve: SchemaResolver, where: ReferenceField['in']): ReferenceField[] {
  if (!schema) return [];
  const object = resolveSchema(schema, resolve);
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries((object.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, property]) => ({
    name,
    type: typeText(property, resolve),
    required: required.has(name),
    description: typeof property.description === 'string' ? property.description : typeof resolveSchema(property, resolve).description === 'string' ? (resolveSchema(property, resolve).description as string) : null,
    in: where,
  }));
}

/** The generator adds the scope as a last paragraph ('Needs the `x` scope.'); the page shows it as a chip instead. */
const SCOPE_PARAGRAPH = /\n*\n?(?:Needs the `[^`]+` scope\.|Any valid key may call it\.)$/;

function readOperation(path: string, method: HttpMethod, operation: OpenApiOperation, resolve: SchemaResolver): ReferenceOperation {
  const [mediaType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [null, null];
  const description = operation.description?.replace(SCOPE_PARAGRAPH, '').trim() || null;
  return {
    id: operation.operationId,
    method,
    path,
    tag: operation.tags?.[0] ?? 'API',
    summary: operation.summary ?? operation.operationId,
    description,
    scope: operation['x-required-scope'] ?? null,
    parameters: (operation.parameters ?? [])
      .filter((parameter) => parameter.in !== 'cookie')
      .map((parameter) => ({ name: parameter.name, type: typeText(parameter.schema ?? {}, resolve), required: parameter.required === true, description: parameter.description ?? null, in: parameter.in as 'path' | 'query' | 'header' })),
    bodyMediaType: mediaType,
    bodyFields: fieldsOf(body?.schema, resolve, 'body'),
    bodyExample: body ? exampleOf(body.schema, resolve) : null,
    answers: Object.entries(operation.responses).map(([status, answer]) => ({
      status,
      description: answer.description.split('\n\n')[0]!,
      codes: Object.entries(answer['x-error-codes'] ?? {}).map(([code, text]) => ({ code, description: text })),
      fields: fieldsOf(answer.content?.['application/json']?.schema, resolve, 'body'),
      isError: Number(status) >= 400,
    })),
  };
}

/** The operations by tag: tags in the description's order (then any other), operations in path order. */
export function groupOperations(description: OpenApiDescription): ReferenceGroup[] {
  const resolve = resolverOf(description);
  const groups = new Map<string, ReferenceOperation[]>((description.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(description.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.includes(method)) continue;
      const read = readOperation(path, method as HttpMethod, operation, resolve);
      groups.set(read.tag, [...(groups.get(read.tag) ?? []), read]);
    }
  }
  return [...groups].filter(([, operations]) => operations.length > 0).map(([tag, operations]) => ({ tag, operations }));
}

/** The shell's variable the examples read the key from: never a real key on the page. */
export const API_KEY_VARIABLE = 'AGENTFLOW_API_KEY';

/** A single-quoted shell word ('it'\''s'). */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl call of an operation: path parameters as placeholders, required query parameters with examples, the body as JSON or form fields. */
export function curlCommand(baseUrl: string, operation: ReferenceOperation, description: OpenApiDescription): string {
  const resolve = resolverOf(description);
  const raw = description.paths[operation.path]?.[operation.method];
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => `<${name}>`);
  const query = (raw?.parameters ?? [])
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(exampleOf(parameter.schema ?? {}, resolve)))}`);
  const url = `${baseUrl.replace(/\/+$/, '')}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl${operation.method === 'get' ? '' : ` -X ${operation.method.toUpperCase()}`} "${url}"`, `-H "Authorization: Bearer $${API_KEY_VARIABLE}"`];
  if (operation.bodyMediaType === 'multipart/form-data') {
    for (const field of operation.bodyFields) {
      if (field.type.startsWith('file')) lines.push(`-F "${field.name}=@./${field.name}.pdf"`);
      else if (field.required) lines.push(`-F ${shellQuote(`${field.name}=${String((operation.bodyExample as Record<string, unknown>)[field.name])}`)}`);
    }
  } else if (operation.bodyMediaType) {
    lines.push(`-H "Content-Type: ${operation.bodyMediaType}"`, `-d ${shellQuote(JSON.stringify(operation.bodyExample, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}
