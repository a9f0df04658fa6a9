// An example value made from a JSON Schema of the OpenAPI description (issue
// 24): the reference page shows it as a curl body, and the description's tests
// send it to both validators as the valid case. Its own example, default,
// const or first enum value when it has one, else a value of its type that
// fits its bounds and pattern. Pure.

export type JsonSchema = Readonly<Record<string, unknown>>;

/** Looks up a `$ref` ('#/components/schemas/Run') in the description. */
export type SchemaResolver = (ref: string) => JsonSchema | undefined;

/** Follows `$ref`s to the schema itself (a missing one is the empty schema: anything). */
export function resolveSchema(schema: JsonSchema, resolve: SchemaResolver): JsonSchema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 32; depth++) current = resolve(current.$ref) ?? {};
  return current;
}

/** A schema's type, the non-null one of a nullable type (['string', 'null'] → 'string'). */
export function schemaType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return (type as string[]).find((each) => each !== 'null') ?? (type[0] as string | undefined);
  return typeof type === 'string' ? type : undefined;
}

const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  email: 'user@example.com',
  'date-time': '2026-01-01T09:00:00.000Z',
  date: '2026-01-01',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
};

/** Strings tried in turn until one fits a schema's length and pattern. */
const STRING_CANDIDATES = ['string', 'example', 'abc', 'a', 'example-1', 'Example text'];

function fitsString(schema: JsonSchema, value: string): boolean {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (value.length < min || value.length > max) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return new RegExp(schema.pattern, 'u').test(value);
  } catch {
    return true;
  }
}

function exampleString(schema: JsonSchema): string | undefined {
  const byFormat = typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined;
  return [byFormat, ...STRING_CANDIDATES, 'a'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 1)].find((candidate): candidate is string => candidate !== undefined && fitsString(schema, candidate));
}

function exampleNumber(schema: JsonSchema): number {
  const { minimum, maximum, exclusiveMinimum } = schema as { minimum?: number; maximum?: number; exclusiveMinimum?: number };
  if (typeof minimum === 'number') return minimum;
  if (typeof exclusiveMinimum === 'number') return exclusiveMinimum + 1;
  return typeof maximum === 'number' ? Math.min(1, maximum) : 1;
}

/**
 * An example of the schema; `undefined` only where no value could be made
 * (a string pattern none of the candidates fits: declare `.meta({ examples })`).
 * `optional: false` leaves out the object fields that are not required.
 */
export function exampleOf(schema: JsonSchema, resolve: SchemaResolver, options: { optional?: boolean } = {}, depth = 0): unknown {
  const s = resolveSchema(schema, resolve);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union.length > 0) return exampleOf(union.find((each) => schemaType(each) !== 'null') ?? union[0]!, resolve, options, depth + 1);
  if (depth > 8) return null;
  switch (schemaType(s)) {
    case 'string':
      return exampleString(s);
    case 'integer':
    case 'number':
      return exampleNumber(s);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      const item = exampleOf((s.items as JsonSchema | undefined) ?? {}, resolve, options, depth + 1);
      return Array.from({ length: count }, () => item);
    }
    case 'object': {
      const required = new Set((s.required as string[] | undefined) ?? []);
      const entries = Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {}).filter(([name]) => options.optional !== false || required.has(name));
      return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(property, resolve, options, depth + 1)]));
    }
    default:
      // Anything (z.unknown()): an empty object reads as "some JSON".
      return {};
  }
}
