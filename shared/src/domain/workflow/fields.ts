// Small zod field builders and path helpers shared by params.ts, validate.ts,
// nodeProblems.ts and graph.ts (internal: not re-exported by the index).
import { z } from 'zod';

const missing = (input: unknown) => input === undefined || input === null;

/** A string; says 'is required' when absent and 'must be a string' otherwise. */
export const str = () => z.string({ error: (issue) => (missing(issue.input) ? 'is required' : 'must be a string') });

/** A string of at most `max` characters. */
export const text = (max: number) => str().max(max, `must be at most ${max} characters`);

/** A string of at most `max` characters that is not blank. */
export const requiredText = (max: number) => text(max).refine((s) => s.trim() !== '', 'is required');

/** A name or id: a string, required, at most `max` characters, matching `pattern` (`rule` says how it must look). */
export const identifier = (pattern: RegExp, rule: string, max = 64) =>
  z.string({ error: 'must be a string' }).min(1, 'is required').max(max, `must be at most ${max} characters`).regex(pattern, rule);

/** One of a list of literals, with a readable message. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (missing(issue.input) ? 'is required' : `must be one of ${values.join(', ')}`) });

/** The message of a zod issue, unwrapping record-key issues. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key' && issue.issues[0]) return issue.issues[0].message;
  if (issue.code === 'invalid_element' && issue.issues[0]) return issue.issues[0].message;
  return issue.message;
}

/** A zod issue as (path, message) pairs: an unknown-keys issue gives one per key. */
export function issueEntries(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string }[] {
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...issue.path, key], message: 'is not a known field' }));
  return [{ path: [...issue.path], message: issueMessage(issue) }];
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A zod issue path as the dotted path problems carry ('tools.http.0.url'). */
export function pathOf(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'symbol' ? key.description ?? '' : String(key))).join('.');
}
