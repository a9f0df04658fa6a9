// Several triggers per workflow and the on/off switch (issue 20, item 6).
// A workflow may start from any of its trigger nodes (at most one manual);
// each run records the node that fired (RunTrigger.nodeId). Webhook,
// schedule and poll triggers fire only while the workflow accepts trigger
// events: switched on (Workflow.active, absent = on) and not in the trash.
// Manual, voice and re-runs work either way. Pure: the scheduler, the poller,
// the webhook route and the builder all import these rules.
import type { NodeType, Workflow, WorkflowNode } from './model.js';
import { isTrigger } from './graph.js';
import type { RunTriggerType } from './runs.js';

/** The stable code of a webhook call (404) to a workflow that is switched off. */
export const WORKFLOW_INACTIVE_CODE = 'workflow-inactive';
export type WorkflowTriggerErrorCode = typeof WORKFLOW_INACTIVE_CODE;

/** Switched on: `active` absent (workflows from before the switch) or true. */
export const isWorkflowActive = (workflow: { active?: unknown }): boolean => workflow.active !== false;

/** In the trash: deletedAt set (an ISO time, or a server timestamp not yet read back). */
const inTrash = (workflow: { deletedAt?: unknown }): boolean => workflow.deletedAt !== undefined && workflow.deletedAt !== null && workflow.deletedAt !== '';

/** Whether webhook, schedule and poll triggers may start runs of this workflow now. */
export function acceptsTriggerEvents(workflow: { active?: unknown; deletedAt?: unknown }): boolean {
  return isWorkflowActive(workflow) && !inTrash(workflow);
}

/** Every trigger node of the workflow, in document order (nodes that are not objects are skipped). */
export function triggerNodesOf(workflow: { nodes: readonly unknown[] }): WorkflowNode[] {
  return workflow.nodes.filter((node): node is WorkflowNode => typeof node === 'object' && node !== null && isTrigger((node as WorkflowNode).type));
}

/** The trigger nodes of one type (every schedule, every poll…), in document order; tolerates a malformed `nodes`. */
export function triggerNodesOfType(nodes: unknown, type: NodeType): WorkflowNode[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.filter((node): node is WorkflowNode => typeof node === 'object' && node !== null && (node as WorkflowNode).type === type);
}

/** The manual trigger (a valid workflow has at most one). */
export const manualTriggerOf = (workflow: Pick<Workflow, 'nodes'>): WorkflowNode | undefined => workflow.nodes.find((node) => node.type === 'trigger.manual');

/**
 * The trigger node a run a person starts (manual, voice, re-run) fires: the
 * manual trigger, or the first trigger when the workflow has none (a webhook
 * workflow run by hand with an input typed in); the error trigger last, when
 * it is the only one (a test run with sample failed-run details).
 */
export function personTriggerOf(workflow: Pick<Workflow, 'nodes'>): WorkflowNode | undefined {
  const triggers = triggerNodesOf(workflow);
  return manualTriggerOf(workflow) ?? triggers.find((node) => node.type !== 'trigger.error') ?? triggers[0];
}

/**
 * Whether a person's run needs the run form first: the manual trigger asks
 * for a required input. Otherwise the voice command "run workflow X" starts
 * the run at once (trigger 'voice').
 */
export function needsRunForm(workflow: Pick<Workflow, 'nodes'>): boolean {
  const fields = (manualTriggerOf(workflow)?.params as { inputSchema?: unknown } | undefined)?.inputSchema;
  return Array.isArray(fields) && fields.some((field) => typeof field === 'object' && field !== null && (field as { required?: unknown }).required === true);
}

/** The node a run's trigger names: RunTrigger.nodeId, or the first trigger for runs recorded before it existed. */
export function firedTriggerOf(workflow: Pick<Workflow, 'nodes'>, trigger: { nodeId?: string | null }): WorkflowNode | undefined {
  const triggers = triggerNodesOf(workflow);
  if (trigger.nodeId) return triggers.find((node) => node.id === trigger.nodeId);
  return triggers[0];
}

/** The run trigger types only a switched-on workflow accepts. */
export const UNATTENDED_TRIGGER_TYPES: readonly RunTriggerType[] = ['webhook', 'schedule', 'poll'];
