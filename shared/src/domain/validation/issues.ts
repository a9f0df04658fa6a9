// A failed zod parse as one English sentence naming the field, the `error`
// text of a 400 ('roleId is undefined or empty.'). One describer for every
// service; the two wordings of unknown keys are the ones clients already see.
import type { z } from 'zod';

export interface IssueWording {
  /** Put before the field name: the runs routes parse `input` on its own and name 'input.name'. */
  prefix?: string;
  /**
   * 'list' (default): "Unknown field: a" / "Unknown fields: a, b".
   * 'field': "<prefix><first key> is not a known field", the wording of the workflow builder's forms.
   */
  unknownKeys?: 'list' | 'field';
}

/** The first issue of a zod error as "<field> <message>" (or the message alone when it has no path). */
export function describeIssue(error: z.ZodError, { prefix = '', unknownKeys = 'list' }: IssueWording = {}): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') {
    // A nested object's stray key is named with its path ('secrets.stray').
    const at = issue.path.length > 0 ? `${issue.path.join('.')}.` : '';
    if (unknownKeys === 'field') return `${prefix}${at}${issue.keys[0]} is not a known field`;
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((key) => `${prefix}${at}${key}`).join(', ')}`;
  }
  const path = issue.path.join('.');
  // With a prefix and no path ('input.' for a body that is not an object) the field is the prefix alone.
  const field = prefix ? `${prefix}${path}`.replace(/\.$/, '') : path;
  return field ? `${field} ${issue.message}` : issue.message;
}
