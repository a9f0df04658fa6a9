// The description and the validator agree (issue 24): for every route with a
// query, declared headers or a body, values made from the description's own schema — its
// example (the one the reference page shows: exampleOf), and one broken per
// rule the schema states (a required field missing, a wrong type, a bound
// crossed, an unknown field) — are accepted or refused
// alike by the route's zod schema (what mount.ts parses with) and by Ajv
// 2020 compiled from the description. Query and header values are strings,
// as on the wire, and Ajv coerces them as OpenAPI's parameters are read.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { PUBLIC_ROUTE_LIST, createApiKeySchema, exampleOf, publicRoute, resolveSchema, type PublicRoute } from '@agentflow/shared/api-keys';
import { buildOpenApiDescription, type OpenApiDocument } from './openApi';

type Schema = Record<string, any>;

const resolverOf = (doc: OpenApiDocument) => (ref: string) => doc.components.schemas[ref.split('/').pop()!];
const deref = (schema: Schema, doc: OpenApiDocument) => resolveSchema(schema, resolverOf(doc)) as Schema;

/** Values that each break one rule of one field of an object schema. */
function broken(schema: Schema, doc: OpenApiDocument, valid: Record<string, unknown>, asQuery: boolean): { why: string; value: Record<string, unknown> }[] {
  const s = deref(schema, doc);
  const out: { why: string; value: Record<string, unknown> }[] = [];
  const withField = (name: string, value: unknown) => ({ ...valid, [name]: value });
  for (const name of (s.required ?? []) as string[]) {
    const { [name]: _dropped, ...rest } = valid;
    out.push({ why: `${name} missing`, value: rest });
  }
  if (s.additionalProperties === false && !asQuery) out.push({ why: 'an unknown field', value: withField('unknownField', 'x') });
  for (const [name, raw] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    const p = deref(raw, doc);
    const type = Array.isArray(p.type) ? p.type.find((each: string) => each !== 'null') : p.type;
    if (type === 'integer' || type === 'number') {
      out.push({ why: `${name} not a number`, value: withField(name, 'not-a-number') });
      if (p.maximum !== undefined) out.push({ why: `${name} above its maximum`, value: withField(name, p.maximum + 1) });
      if (p.minimum !== undefined) out.push({ why: `${name} below its minimum`, value: withField(name, p.minimum - 1) });
      if (type === 'integer') out.push({ why: `${name} not whole`, value: withField(name, 1.5) });
    }
    if (type === 'string') {
      if (!asQuery) out.push({ why: `${name} not a string`, value: withField(name, 12345) });
      if (p.maxLength !== undefined) out.push({ why: `${name} too long`, value: withField(name, 'a'.repeat(p.maxLength + 1)) });
      if (p.minLength) out.push({ why: `${name} too short`, value: withField(name, '') });
      if (p.pattern) {
        const misfit = [' ', '%%%', '/'].find((candidate) => !new RegExp(p.pattern, 'u').test(candidate));
        if (misfit !== undefined) out.push({ why: `${name} off its pattern`, value: withField(name, misfit) });
      }
    }
    if (Array.isArray(p.enum)) out.push({ why: `${name} outside its values`, value: withField(name, 'not-one-of-them') });
    if (type === 'array' && !asQuery) out.push({ why: `${name} not a list`, value: withField(name, 'x') });
    if (type === 'boolean' && !asQuery) out.push({ why: `${name} not a boolean`, value: withField(name, 'yes') });
  }
  return out;
}

/** Whether exampleOf left a field without a value (a pattern none of its strings fits). */
const hasHole = (value: unknown): boolean => value === undefined || (typeof value === 'object' && value !== null && Object.values(value).some(hasHole));

/** In a URL every query value is text. */
const asQueryValues = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([name, each]) => [name, typeof each === 'object' ? each : String(each)]));

type Where = 'query' | 'header' | 'body';

interface Disagreement {
  route: string;
  where: Where;
  why: string;
  value: unknown;
  zod: boolean;
  ajv: boolean;
}

/** Every sample on which the route's zod schema and the description's schema answer differently. */
function disagreements(routes: readonly PublicRoute[]): { checked: number; found: Disagreement[] } {
  const doc = buildOpenApiDescription({ serverUrl: 'https://api.example.test', routes });
  const found: Disagreement[] = [];
  let checked = 0;
  for (const route of routes) {
    const operation = doc.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]![route.method] as Schema;
    const slots: { where: Where; zod: z.ZodType; schema: Schema }[] = [];
    // Parameters say nothing of unknown ones; the object they make is what Ajv checks.
    const asObject = (where: 'query' | 'header') => {
      const named = (operation.parameters as Schema[]).filter((p) => p.in === where);
      return { type: 'object', properties: Object.fromEntries(named.map((p) => [p.name, p.schema])), required: named.filter((p) => p.required).map((p) => p.name) };
    };
    if (route.query) slots.push({ where: 'query', zod: route.query, schema: asObject('query') });
    if (route.headers) slots.push({ where: 'header', zod: route.headers, schema: asObject('header') });
    // A multipart body is read by its handler (the upload path), not by zod: nothing to agree on.
    if (route.body && route.bodyType !== 'multipart') slots.push({ where: 'body', zod: route.body, schema: Object.values(operation.requestBody.content as Record<string, { schema: Schema }>)[0]!.schema });
    for (const slot of slots) {
      // A header's value is text too, as a query's.
      const asQuery = slot.where !== 'body';
      const ajv = new Ajv2020({ strict: false, coerceTypes: asQuery });
      addFormats(ajv);
      const check = ajv.compile({ ...slot.schema, components: doc.components });
      // The examples the reference page shows: with every field, and with the required ones only.
      const valid = exampleOf(slot.schema, resolverOf(doc)) as Record<string, unknown>;
      const minimal = exampleOf(slot.schema, resolverOf(doc), { optional: false }) as Record<string, unknown>;
      if (hasHole(valid)) throw new Error(`${route.id}: no example fits a field of its ${slot.where}; declare .meta({ examples }) on it`);
      const cases = [{ why: 'a valid value', value: valid }, { why: 'only what is required', value: minimal }, ...broken(slot.schema, doc, valid, asQuery)];
      for (const { why, value } of cases) {
        const sent = asQuery ? asQueryValues(value) : value;
        const byZod = slot.zod.safeParse(structuredClone(sent)).success;
        const byAjv = check(structuredClone(sent)) === true;
        checked++;
        if (byZod !== byAjv) found.push({ route: route.id, where: slot.where, why, value: sent, zod: byZod, ajv: byAjv });
      }
    }
  }
  return { checked, found };
}

test('for every route of the table, zod and the description accept and refuse the same queries and bodies', () => {
  const { checked, found } = disagreements(PUBLIC_ROUTE_LIST);
  expect(found).toEqual([]);
  // listWorkflows' page query at least: a valid page, and limit and cursor each broken.
  expect(checked).toBeGreaterThanOrEqual(PUBLIC_ROUTE_LIST.filter((route) => route.query || route.body).length * 3);
});

test('a declared header agrees too: the run start’s Idempotency-Key, valid, absent and off its pattern', () => {
  const route = PUBLIC_ROUTE_LIST.find((each) => each.headers)!;
  expect(route.id).toBe('startRun');
  const { checked, found } = disagreements([{ ...route, body: undefined }]);
  expect(found).toEqual([]);
  // A valid key, none (it is optional), one off its pattern.
  expect(checked).toBeGreaterThanOrEqual(3);
});

test('a JSON body with nested lists, enums, bounds and nulls agrees too (the API keys create body as a /v1 body)', () => {
  const route = publicRoute({ id: 'createSample', method: 'post', path: '/v1/samples', scope: null, tag: 'Misc', summary: 'Sample', body: createApiKeySchema, answers: { 201: { description: 'Made.' } }, refusals: [] });
  const { checked, found } = disagreements([route]);
  expect(found).toEqual([]);
  expect(checked).toBeGreaterThan(10);
});

test('a rule zod checks that JSON Schema cannot say is reported as a disagreement', () => {
  // A refinement is code: the description cannot carry it, so a value it refuses passes Ajv.
  const route = publicRoute({ id: 'refined', method: 'post', path: '/v1/refined', scope: null, tag: 'Misc', summary: 'Refined', body: z.strictObject({ name: z.string().refine((name) => name.startsWith('wf_'), 'must start with wf_') }), answers: { 200: { description: 'Done.' } }, refusals: [] });
  const { found } = disagreements([route]);
  expect(found).toContainEqual(expect.objectContaining({ route: 'refined', where: 'body', why: 'a valid value', value: { name: 'string' }, zod: false, ajv: true }));
  // Only the refinement disagrees: every other case is refused by both.
  expect(found.every((each) => each.zod === false && each.ajv === true)).toBe(true);
});
