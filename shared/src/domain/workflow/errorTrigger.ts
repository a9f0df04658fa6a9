// The error trigger ("When another workflow fails"): a workflow that another
// names as its error workflow (Workflow.errorWorkflowId) starts here when a
// run of that workflow fails (platform-api runs/errors). Its output, the run
// input of the error run, is the failed run's details in one shape, declared
// once here: the engine builds it, the field picker lists its fields and the
// builder's test run uses the sample (errorTriggerSample.ts, free of zod
// for the builder's first paint). Pure.
import { z } from 'zod';

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
