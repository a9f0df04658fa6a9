// The reference page's words in the reader's language: its chrome by key,
// and the description's own words (tags, summaries, descriptions, answers,
// refusals) by tag, operation id (and success status), status and error code, with the description's English
// as the fallback for anything added after the last translation.
import type { ReferenceAnswer, ReferenceCode, ReferenceOperation } from './referenceModel';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The key prefix of this page's texts. */
export const AR = 'workflows.apiReference.';

export const tagText = (t: Translate, tag: string) => t(`${AR}tags.${tag}`, { defaultValue: tag });

export const summaryText = (t: Translate, operation: ReferenceOperation) => t(`${AR}operations.${operation.id}.summary`, { defaultValue: operation.summary });

export const descriptionText = (t: Translate, operation: ReferenceOperation): string | null =>
  operation.description === null ? null : t(`${AR}operations.${operation.id}.description`, { defaultValue: operation.description });

/** A success answer by the operation's own text for its status (startRun answers 200 and 202); a refusal by its status (the same meaning on every route). */
export const answerText = (t: Translate, operation: ReferenceOperation, answer: ReferenceAnswer) =>
  answer.isError ? t(`${AR}statuses.${answer.status}`, { defaultValue: answer.description }) : t(`${AR}operations.${operation.id}.answers.${answer.status}`, { defaultValue: answer.description });

/** A refusal's code by the code (the same meaning on every route), as a status by its status. */
export const codeText = (t: Translate, code: ReferenceCode) => t(`${AR}codes.${code.code}`, { defaultValue: code.description });
