// A workflow problem in the reader's language (issue 19 decision 6): by its
// `reason` and `params` (the domain's PROBLEM_REASONS), else by its `code`.
// The English `message` is for logs and APIs; the UI shows this instead. A
// problem the builder made itself without a reason (a deleted credential)
// arrives already worded in the reader's language, and keeps its message.
import type { WorkflowProblem } from '@agentflow/shared/workflow';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const R = 'workflows.problems.';

/** Value types the domain names in `params.expected` that have a word of their own. */
const KNOWN_TYPES = new Set(['string', 'number', 'int', 'boolean', 'array', 'object']);

/** Problems the builder made itself that carry translated text (no reason, no domain message). */
const isOwnWording = (problem: WorkflowProblem) => problem.reason === undefined && problem.code === 'invalid-params' && problem.nodeId !== undefined && problem.params === undefined;

export function problemText(t: Translate, problem: WorkflowProblem): string {
  const params = problem.params ?? {};
  switch (problem.reason) {
    case undefined:
      return isOwnWording(problem) ? problem.message : t(`${R}codes.${problem.code}`);
    case 'syntax':
      return params.position === undefined ? t(`${R}reasons.syntax`) : t(`${R}variants.syntaxAt`, { position: params.position });
    case 'unknown-key':
      return params.key === undefined ? t(`${R}reasons.unknown-key`) : t(`${R}variants.unknownKeyNamed`, { key: params.key });
    case 'invalid-format':
      return params.format === 'json' ? t(`${R}variants.invalidJson`) : t(`${R}reasons.invalid-format`);
    case 'invalid-type': {
      const expected = typeof params.expected === 'string' && KNOWN_TYPES.has(params.expected) ? params.expected : 'other';
      return t(`${R}reasons.invalid-type`, { expected: t(`${R}types.${expected}`) });
    }
    default:
      return t(`${R}reasons.${problem.reason}`, params);
  }
}
