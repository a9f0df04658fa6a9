// An agent's JSON output schema as rows the form edits (name, type, required,
// description, allowed values; an object or a list of objects one level deep)
// and back. Pure. Keywords the form does not edit (minimum, pattern,
// additionalProperties…) ride along on their row and come back unchanged; a
// schema nested deeper than the rows go is not representable, and only the
// JSON view edits it.

export const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];
/** What a list holds. */
export const ITEM_TYPES = ['string', 'number', 'integer', 'boolean', 'object'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

type Json = Record<string, unknown>;

export interface SchemaRow {
  name: string;
  type: SchemaType;
  required: boolean;
  description: string;
  /** A text's allowed values (JSON schema `enum`); empty: any text. */
  choices?: string[];
  /** For 'array': what it holds. */
  items?: ItemType;
  /** For 'object', or 'array' of 'object': its fields (one level; theirs have none). */
  children?: SchemaRow[];
  /** The property's other keywords, kept as they are. */
  extra?: Json;
  /** A list's item keywords besides type/properties/required, kept as they are. */
  itemsExtra?: Json;
}

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const EDITED = new Set(['type', 'description', 'properties', 'required', 'items', 'enum']);
const OBJECT_KEYS = new Set(['type', 'properties', 'required']);

function isType<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

const without = (value: Json, keys: Set<string>): Json | undefined => {
  const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !keys.has(k)));
  return Object.keys(rest).length > 0 ? rest : undefined;
};

/** The rows of an object schema's properties, or null when the rows cannot say them. */
function rowsOfObject(schema: Json, depth: number): SchemaRow[] | null {
  if (schema.type !== undefined && schema.type !== 'object') return null;
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return null;
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))) return null;
  const required = (schema.required as string[] | undefined) ?? [];
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
  if (property.description !== undefined && typeof property.description !== 'string') return null;
  const row: SchemaRow = { name, type: property.type, required, description: property.description ?? '' };
  const extra = without(property, EDITED);
  if (extra) row.extra = extra;
  if (property.enum !== undefined) {
    if (property.type !== 'string' || !Array.isArray(property.enum) || !property.enum.every((v) => typeof v === 'string')) return null;
    row.choices = property.enum;
  }
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
    const itemsExtra = without(property.items, OBJECT_KEYS);
    if (itemsExtra) row.itemsExtra = itemsExtra;
    if (property.items.type === 'object' && property.items.properties !== undefined) {
      if (depth > 0) return null;
      const children = rowsOfObject(property.items, depth + 1);
      return children ? { ...row, children } : null;
    }
    return property.items.properties === undefined ? row : null;
  }
  return property.properties === undefined && property.items === undefined ? row : null;
}

/** The schema's rows, or null when the form cannot show it (then only the JSON view edits it). */
export function schemaRowsOf(schema: unknown): SchemaRow[] | null {
  if (schema === undefined) return [];
  return isRecord(schema) ? rowsOfObject(schema, 0) : null;
}

function objectSchemaOf(rows: readonly SchemaRow[], base: Json = {}): Json {
  const named = rows.filter((r) => r.name.trim() !== '');
  const properties: Json = {};
  for (const row of named) properties[row.name.trim()] = propertyOf(row);
  const required = named.filter((r) => r.required).map((r) => r.name.trim());
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...without(base, OBJECT_KEYS) };
}

function propertyOf(row: SchemaRow): Json {
  const description = row.description.trim() ? { description: row.description } : {};
  if (row.type === 'object') return { ...objectSchemaOf(row.children ?? [], row.extra), ...description };
  if (row.type === 'array') {
    const kind = row.items ?? 'string';
    const items = kind === 'object' ? objectSchemaOf(row.children ?? [], row.itemsExtra) : { type: kind, ...row.itemsExtra };
    return { type: 'array', ...description, items, ...row.extra };
  }
  const choices = row.type === 'string' && row.choices && row.choices.length > 0 ? { enum: row.choices } : {};
  return { type: row.type, ...description, ...choices, ...row.extra };
}

/** The JSON schema the rows say (rows without a name are left out); `base`: the schema's own other keywords, kept. */
export const schemaOfRows = (rows: readonly SchemaRow[], base?: unknown): Json => objectSchemaOf(rows, isRecord(base) ? base : {});

/** A name not yet used: field1, field2, … */
export function freshName(rows: readonly { name: string }[], base = 'field'): string {
  const used = new Set(rows.map((r) => r.name));
  let n = rows.length + 1;
  while (used.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}
