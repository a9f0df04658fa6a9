// A stored run (the fields EXECUTION_ROW_FIELDS selects) as a row of the
// executions list. Old runs lack startedBy and triggerName: the trigger's
// user stands in for the first, and the second stays absent.
import { RUN_STATUSES, RUN_TRIGGER_TYPES, type ExecutionRow, type RunStatus, type RunTrigger } from '@agentflow/shared/workflow';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function triggerOf(value: unknown): RunTrigger {
  const data = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const type = (RUN_TRIGGER_TYPES as readonly unknown[]).includes(data.type) ? (data.type as RunTrigger['type']) : 'manual';
  return { ...(data as Partial<RunTrigger>), type, userId: text(data.userId) };
}

export function executionRowOf(id: string, data: Record<string, unknown>): ExecutionRow {
  const trigger = triggerOf(data.trigger);
  const status: RunStatus = (RUN_STATUSES as readonly unknown[]).includes(data.status) ? (data.status as RunStatus) : 'failed';
  return {
    id,
    workflowId: text(data.workflowId) ?? '',
    workflowVersion: typeof data.workflowVersion === 'number' ? data.workflowVersion : 0,
    workflowName: text(data.workflowName) ?? '',
    status,
    trigger,
    ...(typeof data.triggerName === 'string' ? { triggerName: data.triggerName } : {}),
    tokensUsed: typeof data.tokensUsed === 'number' ? data.tokensUsed : 0,
    error: text(data.error),
    errorCode: text(data.errorCode),
    startedBy: data.startedBy === undefined ? trigger.userId : text(data.startedBy),
    createdAt: text(data.createdAt) ?? '',
    startedAt: text(data.startedAt),
    endedAt: text(data.endedAt),
  };
}
