// The error trigger's zod-free half (the builder's first paint imports it):
// the sample failed-run details, the run's link path, and finding the
// trigger. The details' schema is errorTrigger.ts. Pure.
import type { Workflow, WorkflowNode } from './model.js';
import type { FailedRunDetails } from './errorTrigger.js';

export const ERROR_TRIGGER_TYPE = 'trigger.error' as const;

/** Where the app shows a run (the runs view of the workflows remote under the shell's /workflows). */
export const runPathOf = (workflowId: string, runId: string): string => `/workflows/${encodeURIComponent(workflowId)}/runs/${encodeURIComponent(runId)}`;

/** Sample failed-run details: the picker's sample data and the input of a person's test run of an error workflow. */
export function sampleFailedRunDetails(): FailedRunDetails {
  return {
    workflow: { id: 'sample-workflow', name: 'Sync CRM' },
    run: { id: 'sample-run', path: runPathOf('sample-workflow', 'sample-run'), trigger: 'schedule', startedAt: '2026-01-15T09:00:00.000Z' },
    failedStep: { id: 'http-1', name: 'Create deal', type: 'http' },
    error: { message: 'HTTP 503 Service Unavailable', code: null },
    failedAt: '2026-01-15T09:00:04.000Z',
  };
}

/** The workflow's error trigger (a valid workflow has at most one). */
export const errorTriggerOf = (workflow: Pick<Workflow, 'nodes'>): WorkflowNode | undefined => workflow.nodes.find((node) => node.type === ERROR_TRIGGER_TYPE);

/** Whether the workflow starts from an error trigger (the error-workflow picker offers these first). */
export const hasErrorTrigger = (workflow: { nodes?: readonly unknown[] }): boolean =>
  Array.isArray(workflow.nodes) && workflow.nodes.some((node) => typeof node === 'object' && node !== null && (node as { type?: unknown }).type === ERROR_TRIGGER_TYPE);
