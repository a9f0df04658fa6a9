// How the Knowledge page puts the service's facts into the user's words: a
// refusal or a source's failure by its stable code, a 400 under the field it
// names, a form check by its kind, a citation with the page word of the
// user's language. Service messages are English: the page never shows them.
import { ApiError, refusedField } from '@agentflow/shared';
import { citationLabel, type Citation } from '@agentflow/shared/knowledge';
import { en } from './i18n/en';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const K = 'workflows.knowledge.';

const TRANSLATED_CODES = new Set(Object.keys(en.workflows.knowledge.codes));

/** A code (a refusal's, a source failure's) in the user's language; an unknown one as the generic line. */
export function codeText(t: Translate, code: string | null | undefined): string {
  return t(`${K}codes.${code && TRANSLATED_CODES.has(code) ? code : 'unknown'}`);
}

/** Whatever a knowledge call rejected with, in the user's language. */
export function errorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && TRANSLATED_CODES.has(error.code)) return codeText(t, error.code);
    if (error.status === 0) return t(`${K}codes.unreachable`);
  }
  return codeText(t, null);
}

export type FieldErrorKind = keyof typeof en.workflows.knowledge.form.errors;

/** A domain schema's check, by kind (its messages are English and terse). */
export function fieldErrorKind(issue: { code: string; message: string }): FieldErrorKind {
  if (issue.message.includes('% of the size')) return 'overlapShare';
  if (issue.message === 'is required') return 'required';
  if (issue.message === 'must be a whole number') return 'whole';
  if (issue.message === 'must be a number') return 'number';
  if (issue.message === 'must be an http or https URL') return 'url';
  if (issue.code === 'too_big') return issue.message.includes('characters') ? 'tooLong' : 'tooBig';
  if (issue.code === 'too_small') return 'tooSmall';
  return 'invalid';
}

/** The schema's issues by field path ('name', 'chunking.overlap'), the first per field. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[]): Record<string, FieldErrorKind> {
  const errors: Record<string, FieldErrorKind> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field && !errors[field]) errors[field] = fieldErrorKind(issue);
  }
  return errors;
}

/**
 * A refusal about one field: the field it names (`field` beside the code, or
 * the message's first word, which describeIssue makes the field's path) and
 * its text, when that field is one of `fields`; null otherwise.
 */
export function fieldRefusal(t: Translate, error: unknown, fields: readonly string[]): { field: string; text: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const named = refusedField(error) ?? error.serverMessage?.split(' ')[0]?.replace(/:$/, '') ?? null;
  if (!named || !fields.includes(named)) return null;
  const translated = error.code && error.code !== 'invalid_request' && TRANSLATED_CODES.has(error.code);
  return { field: named, text: translated ? codeText(t, error.code) : t(`${K}form.errors.invalid`) };
}

/** A passage's citation in one line, the page word in the user's language. */
export const citationText = (t: Translate, citation: Citation): string => citationLabel(citation, t(`${K}search.page`));
