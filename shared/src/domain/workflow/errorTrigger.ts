// The error trigger ("When another workflow fails"): a workflow that another
// names as its error workflow (Workflow.errorWorkflowId) starts here when a
// run of that workflow fails (platform-api runs/errors). Its output, the run
// input of the error run, is the failed run's details in one shape, declared
// once here: the engine builds it, the field picker lists its fields and the
// builder's test run uses the sample. Pure.
import { z } from 'zod';
import type { Workflow, WorkflowNode } from './model.js';

export const ERROR_TRIGGER_TYPE = 'trigger.error' as const;

/** What the error trigger outputs: the failed run's details. */
export const failedRunDetailsSchema = z.object({
  workflow: z.object({
    id: z.string().describe('Id of the workflow whose run failed'),
    name: z.string().describe('Name of the workflow whose run failed'),
  }),
  run: z.object({
    id: z.string().describe('Id of the failed run'),
    path: z.string().describe('Where the failed run is shown in the app: /workflows/{id}/runs/{runId}'),
    trigger: z.string().describe('How the failed run was started: manual, webhook, schedule…'),
    startedAt: z.string().nullable().describe('ISO date-time the failed run started'),
  }),
  failedStep: z
    .object({
      id: z.string().describe('Node id of the step that failed the run'),
      name: z.string().describe('Name of the step that failed the run'),
      type: z.string().describe('Node type of the step that failed the run'),
    })
    .nullable(),
  error: z.object({
    message: z.string().describe('Why the run failed'),
    code: z.string().nullable().describe('Stable code of the failure, when there is one'),
  }),
  failedAt: z.string().describe('ISO date-time the run failed'),
});
export type FailedRunDetails = z.output<typeof failedRunDetailsSchema>;

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
