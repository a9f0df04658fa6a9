// Small zod field builders and path helpers shared by params.ts, validate.ts,
// nodeProblems.ts and graph.ts (internal: not re-exported by the index).
import { z } from 'zod';
import { isProblemReason, type ProblemParams, type ProblemReason } from './problemReasons.js';

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

/** The innermost issue of a record-key or array-element issue (whose own message is generic). */
function innerIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if ((issue.code === 'invalid_key' || issue.code === 'invalid_element') && issue.issues[0]) return innerIssue(issue.issues[0]);
  return issue;
}

/** The message of a zod issue, unwrapping record-key issues. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return innerIssue(issue).message;
}

/** A reason and its params. */
export interface IssueReason {
  reason: ProblemReason;
  params: ProblemParams;
}

/**
 * Reasons of the custom (refine) messages of the domain's schemas and the
 * connectors', tried in order. A custom issue can also name its reason itself
 * (`params: { reason }`), which wins.
 */
const CUSTOM_MESSAGE_REASONS: readonly [RegExp, (m: RegExpExecArray) => IssueReason][] = [
  [/^is required: connect an account/, () => ({ reason: 'credential-required', params: {} })],
  [/^is required/, () => ({ reason: 'required', params: {} })],
  [/^is not a known field$/, () => ({ reason: 'unknown-key', params: {} })],
  [/^is not a known app$/, () => ({ reason: 'unknown-app', params: {} })],
  [/^is not an operation of /, () => ({ reason: 'unknown-operation', params: {} })],
  [/^is not a trigger of /, () => ({ reason: 'unknown-trigger', params: {} })],
  [/^must be a fixed value here/, () => ({ reason: 'template-not-allowed', params: {} })],
  [/^duplicate .+ "(.*)"$/, (m) => ({ reason: 'duplicate', params: { value: m[1]! } })],
  [/^must have at most (\d+)/, (m) => ({ reason: 'too-many', params: { max: Number(m[1]) } })],
  [/JSON of at most (\d+)/, (m) => ({ reason: 'too-large', params: { max: Number(m[1]) } })],
  [/^must be at most (\d+) characters/, (m) => ({ reason: 'too-long', params: { max: Number(m[1]) } })],
  [/^must be a finite number$/, () => ({ reason: 'not-finite', params: {} })],
  [/^must be an http or https URL$/, () => ({ reason: 'invalid-url', params: {} })],
  [/^a GET request cannot send a file/, () => ({ reason: 'get-with-body', params: {} })],
  [/\(at character (\d+)\)$/, (m) => ({ reason: 'syntax', params: { position: Number(m[1]) } })],
  [/^is not a valid expression/, () => ({ reason: 'syntax', params: {} })],
];

const SIZED_COLLECTIONS = new Set(['array', 'set', 'object', 'record', 'map']);
const NUMBERS = new Set(['number', 'int', 'bigint']);

/** Only the string and number params a problem carries. */
function plainParams(params: Record<string, unknown> | undefined): ProblemParams {
  const plain: ProblemParams = {};
  for (const [key, value] of Object.entries(params ?? {})) if (key !== 'reason' && (typeof value === 'string' || typeof value === 'number')) plain[key] = value;
  return plain;
}

/** The stable reason of a zod issue (PROBLEM_REASONS) and the values its message names. */
export function issueReason(raw: z.core.$ZodIssue): IssueReason {
  const issue = innerIssue(raw);
  // The schemas' helpers word an absent value 'is required' whatever zod's code.
  if (issue.message === 'is required') return { reason: 'required', params: {} };
  switch (issue.code) {
    case 'invalid_type':
      return { reason: 'invalid-type', params: { expected: String(issue.expected) } };
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { reason: 'too-long', params: { max } };
      return { reason: SIZED_COLLECTIONS.has(issue.origin) ? 'too-many' : 'too-big', params: { max } };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? { reason: 'required', params: {} } : { reason: 'too-short', params: { min } };
      return { reason: NUMBERS.has(issue.origin) ? 'too-small' : 'too-few', params: { min } };
    }
    case 'invalid_format':
      return { reason: issue.format === 'url' ? 'invalid-url' : 'invalid-format', params: {} };
    case 'invalid_value':
      return { reason: 'invalid-option', params: { options: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { reason: 'unknown-key', params: issue.keys.length === 1 ? { key: issue.keys[0]! } : {} };
    case 'custom': {
      if (isProblemReason(issue.params?.reason)) return { reason: issue.params.reason, params: plainParams(issue.params) };
      for (const [pattern, reason] of CUSTOM_MESSAGE_REASONS) {
        const match = pattern.exec(issue.message);
        if (match) return reason(match);
      }
      return { reason: 'invalid-value', params: {} };
    }
    default:
      return { reason: 'invalid-value', params: {} };
  }
}

/** A problem's reason fields: `params` only when there are some. */
export function reasonFields({ reason, params }: IssueReason): { reason: ProblemReason; params?: ProblemParams } {
  return Object.keys(params).length > 0 ? { reason, params } : { reason };
}

/** One problem entry of a zod issue: where, the English message, and its reason. */
export interface IssueEntry extends IssueReason {
  path: PropertyKey[];
  message: string;
}

/** A zod issue as problem entries: an unknown-keys issue gives one per key. */
export function issueEntries(issue: z.core.$ZodIssue): IssueEntry[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...issue.path, key], message: 'is not a known field', reason: 'unknown-key', params: { key } }));
  }
  return [{ path: [...issue.path], message: issueMessage(issue), ...issueReason(issue) }];
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A zod issue path as the dotted path problems carry ('tools.http.0.url'). */
export function pathOf(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'symbol' ? key.description ?? '' : String(key))).join('.');
}
