// How the chat apps pages put the service's refusals and the domain's checks
// into the user's words: a refusal by its code, a settings check by its kind.
import { ApiError } from '@agentflow/shared';
import { en } from './i18n/en';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The key prefix of these pages' texts. */
export const CA = 'workflows.chatApps.';

const TRANSLATED_CODES = new Set(Object.keys(en.workflows.chatApps.codes));

/** Whatever a chat apps call rejected with, in the user's language (never the service's English). */
export function chatAppsErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && TRANSLATED_CODES.has(error.code)) return t(`${CA}codes.${error.code}`);
    if (error.status === 403) return t(`${CA}codes.forbidden`);
    if (error.status === 404) return t(`${CA}codes.chat_not_found`);
    if (error.status === 0) return t(`${CA}codes.unreachable`);
  }
  return t(`${CA}codes.unknown`);
}

export type SettingsErrorKind = keyof typeof en.workflows.chatApps.errors;

/** A settings check of the domain schema (updateChatAppSchema), by kind: its messages are English and terse. */
export function settingsErrorKind(issue: { code: string; message: string; path: readonly PropertyKey[] }): SettingsErrorKind {
  const field = String(issue.path[0] ?? '');
  if (field === 'allowedOrigins' && issue.path.length > 1 && issue.code === 'custom') return 'origin';
  if (issue.message.startsWith('must be a colour')) return 'colour';
  if (field === 'limits' || field === 'memory') return 'number';
  if (issue.code === 'too_big' && issue.path.length === 1 && (field === 'allowedOrigins' || field === 'suggestedQuestions')) return 'tooMany';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'too_small' || issue.message === 'is required' || issue.message === 'must not be empty') return 'required';
  return 'invalid';
}
