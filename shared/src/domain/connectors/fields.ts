// Field builders for connector param schemas. The descriptions are English
// (agents read them as tool parameter descriptions); the builder labels
// fields by key from its catalogs and reads the JSON Schema of the operation
// (z.toJSONSchema) for the input kind: a format, an enum, a number, a
// boolean, or `multiline` from meta.
import { z } from 'zod';

const missing = (input: unknown) => input === undefined || input === null;
const string = () => z.string({ error: (issue) => (missing(issue.input) ? 'is required' : 'must be text') });

export const field = {
  /** One line of text, required. */
  text: (description: string, max = 500) => string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`).describe(description),
  /** Several lines (a message, a body). */
  longText: (description: string, max = 20_000) =>
    string().min(1, 'is required').max(max, `must be at most ${max} characters`).describe(description).meta({ multiline: true }),
  email: (description: string) => string().trim().pipe(z.email('must be an e-mail address')).describe(description),
  /** A comma-separated list of e-mail addresses. */
  emails: (description: string) =>
    string()
      .trim()
      .min(1, 'is required')
      .max(2000)
      .refine((value) => value.split(',').every((part) => z.email().safeParse(part.trim()).success), 'must be e-mail addresses separated by commas')
      .describe(description),
  /** An id at the provider (a record, a channel, a spreadsheet). */
  id: (description: string) => string().trim().min(1, 'is required').max(200, 'must be at most 200 characters').describe(description),
  number: (description: string) => z.coerce.number({ error: 'must be a number' }).refine(Number.isFinite, 'must be a number').describe(description),
  integer: (description: string, min: number, max: number) =>
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).describe(description),
  boolean: (description: string) =>
    z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'must be true or false' })).describe(description),
  select: <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
    z.enum(values, { error: `must be one of ${values.join(', ')}` }).describe(description),
  /** An ISO 8601 date-time ('2026-11-26T14:00:00Z' or with an offset). */
  dateTime: (description: string) =>
    string()
      .trim()
      .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date and time such as 2026-11-26T14:00:00Z')
      .describe(description)
      .meta({ format: 'date-time' }),
  /** Named values (a record's fields, a row's columns): a key-value editor in the builder. */
  values: (description: string) =>
    z
      .record(z.string().min(1, 'is required').max(200), z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]), { error: 'must be named values' })
      .refine((record) => Object.keys(record).length <= 100, 'must have at most 100 values')
      .describe(description),
  /** A run file (a FileRef from the run's input or a step), or a list of them. */
  files: (description: string) => z.unknown().describe(description).meta({ fileRefs: true }),
};

/** The same fields, each optional: an update operation's params made from its create operation's. */
export function allOptional<T extends Record<string, z.ZodType>>(shape: T) {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema instanceof z.ZodOptional ? schema : schema.optional()])) as { [K in keyof T]: z.ZodOptional<z.ZodType<z.output<T[K]>>> };
}

/** Loose objects for outputs: providers add fields over time; what is declared is what later steps can rely on. */
export const out = {
  object: <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape),
};
