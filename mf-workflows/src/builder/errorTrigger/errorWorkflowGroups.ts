// The error-workflow picker's choices in two groups: workflows that start at
// an error trigger (made to report failures) first, then the others (older
// error workflows reading input.failedRun, or any workflow). And the
// workflows that name a given one as their error workflow (its trigger's note).
// Pure, and free of the model's schemas (the type check is inline).
import type { Workflow } from '@agentflow/shared/workflow';

export interface ErrorWorkflowChoice {
  id: string;
  name: string;
}

/** Whether the workflow has an error trigger node (shared errorTrigger.ts's rule, without loading its schema). */
export const startsAtErrorTrigger = (workflow: Pick<Workflow, 'nodes'>): boolean => workflow.nodes.some((node) => node.type === 'trigger.error');

/** Whether its only triggers are error triggers: a person's run of it is a test with sample details (shared personTriggerOf). */
export const startsOnlyAtErrorTrigger = (workflow: Pick<Workflow, 'nodes'>): boolean =>
  startsAtErrorTrigger(workflow) && workflow.nodes.every((node) => !node.type.startsWith('trigger.') || node.type === 'trigger.error');

/** The choices split by whether they have an error trigger, each in the given order. */
export function errorWorkflowGroups(workflows: readonly Workflow[]): { withTrigger: ErrorWorkflowChoice[]; others: ErrorWorkflowChoice[] } {
  const withTrigger: ErrorWorkflowChoice[] = [];
  const others: ErrorWorkflowChoice[] = [];
  for (const workflow of workflows) (startsAtErrorTrigger(workflow) ? withTrigger : others).push({ id: workflow.id, name: workflow.name });
  return { withTrigger, others };
}

/** The workflows whose failures start `workflowId` (they name it as their error workflow), by name. */
export function reportingWorkflows(workflows: readonly Workflow[], workflowId: string): string[] {
  return workflows.filter((workflow) => workflow.errorWorkflowId === workflowId).map((workflow) => workflow.name);
}
