// The run input a manual trigger's form asks for, as one zod schema: the runs
// API checks a start request with it and the run form parses what was typed
// with it, so both accept and refuse the same input.
//
// - A blank value (absent, null, or a string of only whitespace) is an absent
//   one: left out of the input, or 'is required' when the field must be given.
// - 'string' fields are trimmed; 'text' (long text) is kept as typed.
// - 'number' fields take a number or its text (forms send text).
// - 'boolean' fields take true or false (the form sends false for an unticked box).
// - Unknown keys are refused (the API names them 'is not a known field').
import { z } from 'zod';
import type { InputField } from './params.js';
import { RUN_LIMITS } from './runs.js';
import { fileRefSchema } from '../files/refs.js';

/** The messages of the schema's issues (the API prefixes the field path; the form maps them to its codes). */
export const RUN_INPUT_MESSAGES = {
  required: 'is required',
  number: 'must be a number',
  finite: 'must be a finite number',
  boolean: 'must be true or false',
  string: 'must be a string',
  tooLong: 'is too long',
  file: 'must be an uploaded file',
} as const;

/** What the schema needs of a field: its key, type and whether it must be given. */
export type RunInputField = Pick<InputField, 'key' | 'type' | 'required'> & Partial<Pick<InputField, 'accept'>>;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const typeError = (message: string) => (issue: { input: unknown }) => (issue.input === undefined ? RUN_INPUT_MESSAGES.required : message);

function fieldSchema(field: RunInputField): z.ZodType {
  let base: z.ZodType;
  let prepare: (value: unknown) => unknown;
  if (field.type === 'file') {
    // The file's bytes were uploaded first; the input holds its reference (the API then checks it is the caller's upload).
    base = z.custom((value) => fileRefSchema.safeParse(value).success, { error: typeError(RUN_INPUT_MESSAGES.file) });
    prepare = (value) => value;
  } else if (field.type === 'number') {
    base = z.number({ error: typeError(RUN_INPUT_MESSAGES.number) }).refine(Number.isFinite, RUN_INPUT_MESSAGES.finite);
    prepare = (value) => (typeof value === 'string' && Number.isFinite(Number(value)) ? Number(value) : value);
  } else if (field.type === 'boolean') {
    base = z.boolean({ error: typeError(RUN_INPUT_MESSAGES.boolean) });
    prepare = (value) => value;
  } else {
    base = z.string({ error: typeError(RUN_INPUT_MESSAGES.string) }).max(RUN_LIMITS.maxInputBytes, RUN_INPUT_MESSAGES.tooLong);
    prepare = (value) => (field.type === 'string' && typeof value === 'string' ? value.trim() : value);
  }
  return z.preprocess((value) => (blank(value) ? undefined : prepare(value)), field.required ? base : base.optional());
}

/** The schema of a manual trigger's run input; its output leaves absent fields out. */
export function runInputSchema(fields: readonly RunInputField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) shape[field.key] = fieldSchema(field);
  return z
    .strictObject(shape)
    .transform((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<string, unknown>);
}
