// The public API's OpenAPI 3.1 description, generated from the route table
// (PUBLIC_ROUTES) with zod 4's own z.toJSONSchema: the schemas mount.ts parses
// requests with are the schemas documented here, so the two cannot drift.
// Draft 2020-12 is OpenAPI 3.1's dialect, so zod's output is used as it is;
// schemas named with `.meta({ id })` become components.schemas. Requests are
// documented as zod takes them (io 'input': defaults optional, coerced query
// values), answers as they come out (io 'output').
import { z } from 'zod';
import {
  API_KEY_SCOPE_LIST,
  PUBLIC_BODY_MEDIA_TYPES,
  PUBLIC_COMMON_REFUSALS,
  PUBLIC_ERROR_CODE_DESCRIPTIONS,
  PUBLIC_REFUSAL_DESCRIPTIONS,
  PUBLIC_ROUTE_LIST,
  openApiPath,
  publicErrorSchema,
  type PublicRoute,
} from '@agentflow/shared/api-keys';

/** The description's own version (info.version): the API is /v1; this moves when the description does. */
export const OPENAPI_DESCRIPTION_VERSION = '1.0.0';

/** The security scheme every operation names. */
export const OPENAPI_SECURITY_SCHEME = 'apiKey';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const AUTH_TEXT = [
  'The Agentflow public API: list and read workflows, start runs and read their results from your own software.',
  '',
  'Every call carries an API key as a bearer token: `Authorization: Bearer afk_…`. Create keys on the API keys page of the app; a key acts as the user who made it, only within its scopes, and may be limited to some IP addresses and a rate.',
  '',
  `Scopes: ${API_KEY_SCOPE_LIST.map((scope) => `\`${scope}\``).join(', ')}. Each operation says the one it needs (\`x-required-scope\`).`,
  '',
  'Errors are JSON `{ error, code, … }`: branch on `code`, which is stable; `error` is English text for people.',
].join('\n');

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const DEFS_PREFIX = '#/$defs/';
const COMPONENTS_PREFIX = '#/components/schemas/';

/** Rewrites zod's local `$ref`s to components (renamed where an input and an output form differ). */
function rewriteRefs(value: unknown, rename: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((each) => rewriteRefs(each, rename));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, each] of Object.entries(value)) {
    if (key === '$ref' && typeof each === 'string' && each.startsWith(DEFS_PREFIX)) {
      const name = each.slice(DEFS_PREFIX.length);
      out[key] = `${COMPONENTS_PREFIX}${rename.get(name) ?? name}`;
    } else out[key] = rewriteRefs(each, rename);
  }
  return out;
}

/** Converts named schemas at once (one conversion: shared named schemas come out once, in $defs). */
function convert(slots: Record<string, z.ZodType>, io: 'input' | 'output'): { slots: Record<string, Json>; defs: Record<string, Json> } {
  if (Object.keys(slots).length === 0) return { slots: {}, defs: {} };
  const json = z.toJSONSchema(z.object(slots), { target: 'draft-2020-12', io }) as Json;
  return { slots: (json.properties ?? {}) as Record<string, Json>, defs: (json.$defs ?? {}) as Record<string, Json> };
}

/** Every schema of the table, converted: request slots as input, answer slots as output, their named schemas as components. */
function convertTable(routes: readonly PublicRoute[]) {
  const inputs: Record<string, z.ZodType> = {};
  const outputs: Record<string, z.ZodType> = { Error: publicErrorSchema };
  for (const route of routes) {
    if (route.params) inputs[`${route.id}.params`] = route.params;
    if (route.query) inputs[`${route.id}.query`] = route.query;
    if (route.headers) inputs[`${route.id}.headers`] = route.headers;
    if (route.body) inputs[`${route.id}.body`] = route.body;
    for (const [status, answer] of Object.entries(route.answers)) if (answer.schema) outputs[`${route.id}.${status}`] = answer.schema;
  }
  const output = convert(outputs, 'output');
  const input = convert(inputs, 'input');
  // A named schema whose request form differs from its answer form (a default, a coercion) is two components.
  const rename = new Map<string, string>();
  for (const [name, schema] of Object.entries(input.defs)) {
    if (output.defs[name] && JSON.stringify(output.defs[name]) !== JSON.stringify(schema)) rename.set(name, `${name}Input`);
  }
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(output.defs)) schemas[name] = rewriteRefs(schema, new Map()) as Json;
  for (const [name, schema] of Object.entries(input.defs)) schemas[rename.get(name) ?? name] = rewriteRefs(schema, rename) as Json;
  const slot = (from: typeof input, names: ReadonlyMap<string, string>) => (key: string) => (from.slots[key] ? (rewriteRefs(from.slots[key], names) as Json) : undefined);
  return { schemas, input: slot(input, rename), output: slot(output, new Map()) };
}

/** An object schema's properties as parameters (path, query or header), each with its own schema and description. */
function parameters(schema: Json | undefined, where: 'path' | 'query' | 'header', routeId: string): Json[] {
  if (!schema) return [];
  if (schema.type !== 'object' || typeof schema.properties !== 'object') throw new Error(`${routeId}: its ${where} schema must be an object of named fields`);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(schema.properties as Record<string, Json>).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const scopeText = (route: PublicRoute) => (route.scope ? `Needs the \`${route.scope}\` scope.` : 'Any valid key may call it.');

function refusalText(route: PublicRoute, status: number): string {
  const text = (PUBLIC_COMMON_REFUSALS as Record<number, string>)[status] ?? PUBLIC_REFUSAL_DESCRIPTIONS[status];
  if (!text) throw new Error(`${route.id} declares a ${status} refusal that PUBLIC_REFUSAL_DESCRIPTIONS does not describe`);
  return text;
}

/**
 * A refusal's codes the route declares: in its text for any reader of the
 * description, and as `x-error-codes` (code → English) for the reference page,
 * which translates them by code.
 */
function refusalCodes(route: PublicRoute, status: number): { text: string; extension: Json } {
  const codes = route.refusalCodes?.[status] ?? [];
  const described = Object.fromEntries(codes.map((code) => [code, PUBLIC_ERROR_CODE_DESCRIPTIONS[code]]));
  if (codes.length === 0) return { text: '', extension: {} };
  return { text: codes.map((code) => `\n\n\`${code}\`: ${described[code]}`).join(''), extension: { 'x-error-codes': described } };
}

function operation(route: PublicRoute, input: (key: string) => Json | undefined, output: (key: string) => Json | undefined): Json {
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    const schema = output(`${route.id}.${status}`);
    const headers = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
    responses[status] = { description: answer.description, ...(Object.keys(headers).length ? { headers } : {}), ...(schema ? { content: { 'application/json': { schema } } } : {}) };
  }
  const refusals = [...new Set([...Object.keys(PUBLIC_COMMON_REFUSALS).map(Number), ...route.refusals])].sort((a, b) => a - b);
  for (const status of Object.keys(route.refusalCodes ?? {}).map(Number)) {
    if (!route.refusals.includes(status)) throw new Error(`${route.id} names codes of a ${status} it does not declare as a refusal`);
  }
  for (const status of refusals) {
    const headers = status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before the next call.', schema: { type: 'integer' } } } } : {};
    const codes = refusalCodes(route, status);
    responses[String(status)] = { description: refusalText(route, status) + codes.text, ...headers, ...codes.extension, content: { 'application/json': { schema: ERROR_REF } } };
  }
  const body = input(`${route.id}.body`);
  return {
    operationId: route.id,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, scopeText(route)].filter(Boolean).join('\n\n'),
    'x-required-scope': route.scope,
    parameters: [
      ...parameters(input(`${route.id}.params`), 'path', route.id),
      ...parameters(input(`${route.id}.query`), 'query', route.id),
      ...parameters(input(`${route.id}.headers`), 'header', route.id),
    ],
    ...(body ? { requestBody: { required: true, content: { [PUBLIC_BODY_MEDIA_TYPES[route.bodyType ?? 'json']]: { schema: body } } } } : {}),
    responses,
  };
}

export interface OpenApiOptions {
  /** The API's public URL (PLATFORM_API_URL, else the request's origin). */
  serverUrl: string;
  /** The routes described (default: the whole table); tests pass their own. */
  routes?: readonly PublicRoute[];
}

/** The OpenAPI 3.1 description of the routes (each a PUBLIC_ROUTES entry). */
export function buildOpenApiDescription({ serverUrl, routes = PUBLIC_ROUTE_LIST }: OpenApiOptions): OpenApiDocument {
  const { schemas, input, output } = convertTable(routes);
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const route of routes) {
    const path = openApiPath(route.path);
    if (paths[path]?.[route.method]) throw new Error(`${route.id}: ${route.method.toUpperCase()} ${route.path} is described twice`);
    paths[path] = { ...paths[path], [route.method]: operation(route, input, output) };
    if (!tags.includes(route.tag)) tags.push(route.tag);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Agentflow public API', version: OPENAPI_DESCRIPTION_VERSION, description: AUTH_TEXT },
    servers: [{ url: serverUrl.replace(/\/+$/, ''), description: 'This Agentflow installation' }],
    security: [{ [OPENAPI_SECURITY_SCHEME]: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { [OPENAPI_SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'afk_…', description: 'An API key from the API keys page: `Authorization: Bearer afk_…`.' } },
    },
  };
}
