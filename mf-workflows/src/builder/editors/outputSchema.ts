// An agent's JSON output schema as rows the form edits (name, type, required,
// description; an object or a list of objects one level deep) and back. Pure.
// A schema the rows cannot say (deeper nesting, enums, $ref…) is not
// representable: the form then leaves it to the JSON view, untouched.

export const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];
/** What a list holds. */
export const ITEM_TYPES = ['string', 'number', 'integer', 'boolean', 'object'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export interface SchemaRow {
  name: string;
  type: SchemaType;
  required: boolean;
  description: string;
  /** For 'array': what it holds. */
  items?: ItemType;
  /** For 'object', or 'array' of 'object': its fields (one level; theirs have none). */
  children?: SchemaRow[];
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const PROPERTY_KEYS = new Set(['type', 'description', 'properties', 'required', 'items', 'additionalProperties']);

function isType<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** The rows of an object schema's properties, or null when the rows cannot say it. */
function rowsOfObject(schema: Json, depth: number): SchemaRow[] | null {
  if (Object.keys(schema).some((k) => !PROPERTY_KEYS.has(k))) return null;
  if (schema.type !== undefined && schema.type !== 'object') return null;
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return null;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const rows: SchemaRow[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const row = rowOf(name, property, required.includes(name), depth);
    if (!row) return null;
    rows.push(row);
  }
  return rows;
}

function rowOf(name: string, property: unknown, required: boolean, depth: number): SchemaRow | null {
  if (!isRecord(property) || !isType(SCHEMA_TYPES, property.type)) return null;
  if (Object.keys(property).some((k) => !PROPERTY_KEYS.has(k))) return null;
  if (property.description !== undefined && typeof property.description !== 'string') return null;
  const row: SchemaRow = { name, type: property.type, required, description: property.description ?? '' };
  if (property.type === 'object') {
    if (property.properties === undefined) return row;
    if (depth > 0) return null;
    const children = rowsOfObject(property, depth + 1);
    return children ? { ...row, children } : null;
  }
  if (property.type === 'array') {
    if (property.items === undefined) return { ...row, items: 'string' };
    if (!isRecord(property.items) || !isType(ITEM_TYPES, property.items.type)) return null;
    row.items = property.items.type;
    if (property.items.type === 'object' && property.items.properties !== undefined) {
      if (depth > 0) return null;
      const children = rowsOfObject(property.items, depth + 1);
      return children ? { ...row, children } : null;
    }
    return Object.keys(property.items).length === 1 ? row : null;
  }
  return property.properties === undefined && property.items === undefined ? row : null;
}

/** The schema's rows, or null when the form cannot show it (then only the JSON view edits it). */
export function schemaRowsOf(schema: unknown): SchemaRow[] | null {
  if (schema === undefined) return [];
  return isRecord(schema) ? rowsOfObject(schema, 0) : null;
}

function objectSchemaOf(rows: readonly SchemaRow[]): Json {
  const named = rows.filter((r) => r.name.trim() !== '');
  const properties: Json = {};
  for (const row of named) properties[row.name.trim()] = propertyOf(row);
  const required = named.filter((r) => r.required).map((r) => r.name.trim());
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function propertyOf(row: SchemaRow): Json {
  const description = row.description.trim() ? { description: row.description } : {};
  if (row.type === 'object') return { ...objectSchemaOf(row.children ?? []), ...description };
  if (row.type === 'array') {
    const items = (row.items ?? 'string') === 'object' ? objectSchemaOf(row.children ?? []) : { type: row.items ?? 'string' };
    return { type: 'array', items, ...description };
  }
  return { type: row.type, ...description };
}

/** The JSON schema the rows say (rows without a name are left out). */
export const schemaOfRows = (rows: readonly SchemaRow[]): Json => objectSchemaOf(rows);

/** A name not yet used: field1, field2, … */
export function freshName(rows: readonly { name: string }[], base = 'field'): string {
  const used = new Set(rows.map((r) => r.name));
  let n = rows.length + 1;
  while (used.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}
