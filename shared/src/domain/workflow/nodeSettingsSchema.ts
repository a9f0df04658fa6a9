// The zod schema of a node's settings (nodeSettings.ts) and the problems
// validateWorkflow() reports for them and for error-branch edges.
import { z } from 'zod';
import type { WorkflowProblem } from './model.js';
import { ERROR_HANDLE, NODE_SETTINGS_LIMITS, ON_ERROR, RETRY_ON, type NodeSettings } from './nodeSettings.js';
import { issueEntries, oneOf, pathOf, reasonFields } from './fields.js';

const whole = (min: number, max: number) =>
  z.int({ error: 'must be a whole number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

export const retrySettingsSchema = z.strictObject({
  attempts: whole(NODE_SETTINGS_LIMITS.minAttempts, NODE_SETTINGS_LIMITS.maxAttempts),
  backoffMs: whole(NODE_SETTINGS_LIMITS.minBackoffMs, NODE_SETTINGS_LIMITS.maxBackoffMs),
  on: oneOf(RETRY_ON),
});

export const nodeSettingsSchema: z.ZodType<NodeSettings> = z.strictObject({
  retry: retrySettingsSchema.optional(),
  onError: oneOf(ON_ERROR).optional(),
});

/** The problems of one node's settings (invalid-params at 'settings.…'); none when absent. */
export function nodeSettingsProblems(nodeId: string, settings: unknown): WorkflowProblem[] {
  if (settings === undefined) return [];
  const parsed = nodeSettingsSchema.safeParse(settings);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap(issueEntries).map((issue) => {
    const rest = pathOf(issue.path);
    const path = rest === '' ? 'settings' : `settings.${rest}`;
    return { code: 'invalid-params', nodeId, path, message: `${path}: ${issue.message}`, ...reasonFields(issue) };
  });
}

/** An edge on the error handle of a node whose failures do not branch: it would never run. */
export function errorEdgeProblems(
  edges: readonly { id: string; source: string; sourceHandle?: string | null }[],
  settingsOf: (nodeId: string) => unknown,
): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  for (const edge of edges) {
    if (edge.sourceHandle !== ERROR_HANDLE) continue;
    const settings = settingsOf(edge.source) as { onError?: unknown } | undefined;
    if (settings?.onError === 'branch') continue;
    problems.push({
      code: 'invalid-workflow',
      edgeId: edge.id,
      path: 'sourceHandle',
      message: `Edge "${edge.id}" leaves the error branch of "${edge.source}", whose failures do not branch (set its "On error" to "error branch")`,
      reason: 'error-branch-off',
      params: { edge: edge.id, node: edge.source },
    });
  }
  return problems;
}
