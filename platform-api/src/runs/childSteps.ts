// Recording a child step an agent reports (a delegated call) in the run's
// step list, where it follows its parent and the parent's earlier children.
import { newStep, type NodeType, type RunStep } from '@agentflow/shared/workflow';
import { truncateValue } from './runModel.js';
import type { ChildStepReport } from './steps.js';

export interface ChildStepContext {
  /** The type of the child's node in the run's snapshot (a delegate: 'agent'). */
  nodeType: NodeType | undefined;
  nowIso: () => string;
  maxStepOutputBytes: number;
}

/** Adds or updates the child step in `steps` (in place). */
export function applyChildStep(steps: RunStep[], update: ChildStepReport, context: ChildStepContext): void {
  let child = steps.find((s) => s.id === update.id);
  const parent = steps.find((s) => s.id === update.parentStepId);
  if (!child) {
    child = newStep({
      id: update.id,
      nodeId: update.nodeId,
      parentStepId: update.parentStepId,
      name: update.name,
      type: update.type ?? context.nodeType ?? 'agent',
      status: 'running',
      attempts: 1,
      startedAt: update.startedAt ?? context.nowIso(),
    });
    const parentIndex = parent ? steps.lastIndexOf(steps.filter((s) => s.id === parent.id || s.parentStepId === parent.id).at(-1)!) : -1;
    if (parentIndex >= 0) steps.splice(parentIndex + 1, 0, child);
    else steps.push(child);
  }
  child.status = update.status;
  if (update.input !== undefined) child.input = truncateValue(update.input, context.maxStepOutputBytes).value;
  if (update.output !== undefined) {
    const shown = truncateValue(update.output, context.maxStepOutputBytes);
    Object.assign(child, { output: shown.value, outputBytes: shown.bytes, outputTruncated: shown.truncated });
  }
  if (update.error !== undefined) child.error = update.error;
  if (update.tokens !== undefined) child.tokens = update.tokens;
  if (update.endedAt !== undefined) child.endedAt = update.endedAt;
  else if (update.status !== 'running') child.endedAt = context.nowIso();
}
