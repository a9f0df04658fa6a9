// The bodies of the public API (issue 24): what /v1 routes take and answer,
// as zod schemas the route table (publicRoutes.ts) names. `.meta({id})`
// makes a schema a reusable component of the OpenAPI description. Pure.
import { z } from 'zod';
import { APPROVAL_DECISIONS, APPROVAL_LIMITS } from '../approvals/api.js';
import { fileRefSchema } from '../files/refs.js';
import { WEBHOOK_ANSWER_LIMITS } from '../workflow/params.js';
import { RUN_STATUSES, RUN_TRIGGER_TYPES, STEP_STATUSES } from '../workflow/runs.js';
import { RUN_FILTER_RANGE_ISSUE, runFilterRangeOk, runFilterShape } from '../workflow/executions.js';
import { IDEMPOTENCY_KEY_HEADER, CLIENT_IDEMPOTENCY_KEY_PATTERN, CLIENT_IDEMPOTENCY_KEY_RULE } from '../validation/idempotencyKey.js';
import { publicPageQuerySchema } from './api.js';
import { isoDate } from './publicRouteKit.js';

export const publicWorkflowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    updatedAt: isoDate().nullable(),
    triggers: z.array(z.object({ nodeId: z.string(), type: z.string(), name: z.string() })).describe('Its trigger steps: how it can be started.'),
  })
  .meta({ id: 'Workflow' });

export const publicRunStepSchema = z
  .object({
    id: z.string(),
    nodeId: z.string(),
    parentStepId: z.string().nullable().describe('The step this one ran inside (a loop, an agent tool call).'),
    name: z.string(),
    type: z.string(),
    status: z.enum(STEP_STATUSES),
    input: z.unknown(),
    output: z.unknown(),
    outputTruncated: z.boolean().describe('The output was above the stored limit and is cut.'),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
    tokens: z.number(),
    startedAt: isoDate().nullable(),
    endedAt: isoDate().nullable(),
  })
  .meta({ id: 'RunStep' });

const runSummaryShape = {
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string().describe("The workflow's name when the run started."),
  status: z.enum(RUN_STATUSES),
  trigger: z.object({ type: z.enum(RUN_TRIGGER_TYPES).describe("How it started: 'api' for runs started with an API key, 'mcp' from an MCP client.") }),
  error: z.string().nullable().describe('Why it failed, was refused or canceled; null otherwise.'),
  errorCode: z.string().nullable().describe('The stable code of that error, when it has one.'),
  tokensUsed: z.number().describe('Platform tokens the run has used so far.'),
  createdAt: isoDate(),
  startedAt: isoDate().nullable(),
  endedAt: isoDate().nullable(),
};

/** A run as lists show it: no input, output or steps (read the run for those). */
export const publicRunSummarySchema = z.object(runSummaryShape).meta({ id: 'RunSummary' });

export const publicRunSchema = z
  .object({
    ...runSummaryShape,
    input: z.record(z.string(), z.unknown()),
    output: z.record(z.string(), z.unknown()).nullable().describe('What the run produced; null until it succeeds.'),
    steps: z.array(publicRunStepSchema),
  })
  .meta({ id: 'Run' });

export type PublicWorkflow = z.infer<typeof publicWorkflowSchema>;
export type PublicRunStep = z.infer<typeof publicRunStepSchema>;
export type PublicRunSummary = z.infer<typeof publicRunSummarySchema>;
export type PublicRun = z.infer<typeof publicRunSchema>;
export type PublicCredential = z.infer<typeof publicCredentialSchema>;

// ---------------------------------------------------------------- starting a run

/** How long a synchronous start may wait: the webhook answer's bounds. */
export const PUBLIC_RUN_WAIT_LIMITS = WEBHOOK_ANSWER_LIMITS;

/** How long a run start's answer is kept for a retry with the same Idempotency-Key. */
export const PUBLIC_IDEMPOTENCY_RETENTION_HOURS = 24;

/** The optional Idempotency-Key of a run start (its shape is every key's: validation/idempotencyKey.ts). */
export const publicIdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: 'must be a string' })
    .regex(CLIENT_IDEMPOTENCY_KEY_PATTERN, CLIENT_IDEMPOTENCY_KEY_RULE)
    .optional()
    .meta({
      description:
        `Names this start so a retry cannot start a second run: 8–100 letters, digits, \`-\` or \`_\` (a UUID fits), new for each run you mean to start. ` +
        `For ${PUBLIC_IDEMPOTENCY_RETENTION_HOURS} hours a request with the same key and the same workflow and body starts nothing and answers as the first did, with \`Idempotent-Replayed: true\`.`,
      examples: ['5f0c7b0e-3d4a-4c2e-9b1f-8a6d2e4c7b19'],
    }),
});

export const publicStartRunBodySchema = z
  .strictObject({
    input: z
      .record(z.string(), z.unknown(), { error: 'must be an object' })
      .default({})
      .describe("The run's input: the fields of the workflow's manual trigger form, by key. A file field takes the `file` of POST /v1/files."),
    wait: z
      .strictObject({
        timeoutMs: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(PUBLIC_RUN_WAIT_LIMITS.minTimeoutMs, `must be at least ${PUBLIC_RUN_WAIT_LIMITS.minTimeoutMs}`)
          .max(PUBLIC_RUN_WAIT_LIMITS.maxTimeoutMs, `must be at most ${PUBLIC_RUN_WAIT_LIMITS.maxTimeoutMs}`)
          .default(PUBLIC_RUN_WAIT_LIMITS.defaultTimeoutMs)
          .describe(`How long to wait for the run to end, in milliseconds (${PUBLIC_RUN_WAIT_LIMITS.minTimeoutMs}–${PUBLIC_RUN_WAIT_LIMITS.maxTimeoutMs}, default ${PUBLIC_RUN_WAIT_LIMITS.defaultTimeoutMs}).`),
      })
      .optional()
      .describe('Present: answer when the run has ended (200 with the run) or when the timeout passes (202, as without it).'),
  })
  .meta({ id: 'StartRunRequest' });

export const publicRunLinksSchema = z
  .object({
    run: z.string().describe('GET: the run with its steps.'),
    cancel: z.string().describe('POST: cancels it.'),
    approvals: z.string().describe('GET: its approval steps waiting for a decision.'),
  })
  .meta({ id: 'RunLinks' });

export const publicRunStartedSchema = z
  .object({
    runId: z.string(),
    status: z.enum(RUN_STATUSES).describe('Its status when the answer was sent.'),
    links: publicRunLinksSchema,
  })
  .meta({ id: 'RunStarted' });

// ---------------------------------------------------------------- listing runs

export const publicRunsQuerySchema = z
  .strictObject({
    ...runFilterShape,
    cursor: publicPageQuerySchema.shape.cursor.describe('`nextCursor` of the previous page.'),
    limit: publicPageQuerySchema.shape.limit.describe('Runs per page (1–100, default 25).'),
  })
  .refine(runFilterRangeOk, RUN_FILTER_RANGE_ISSUE);

// ---------------------------------------------------------------- approvals

export const publicApproverSchema = z.object({
  kind: z.enum(['user', 'email', 'role']).describe('A user (uid), an e-mail address, or everyone holding a role.'),
  id: z.string().describe('The uid, e-mail or role id as the step names it.'),
  label: z.string().describe("A user's display name or e-mail, the e-mail, or the role's name."),
});

export const publicRunApprovalSchema = z
  .object({
    nodeId: z.string().describe('The approval step to decide: the path parameter of POST /v1/runs/{runId}/approvals/{nodeId}.'),
    stepId: z.string(),
    name: z.string().describe("The step's name."),
    waitingSince: isoDate().nullable(),
    mayDecide: z.boolean().describe("Whether the key's creator may decide it now (the decide route's own rule)."),
    approvers: z.array(publicApproverSchema),
  })
  .meta({ id: 'RunApproval' });

export const publicDecisionBodySchema = z
  .strictObject({
    decision: z.enum(APPROVAL_DECISIONS, { error: "must be 'approve' or 'reject'" }).describe('Approve lets the run go on; reject fails it.'),
    comment: z
      .string({ error: 'must be a string' })
      .max(APPROVAL_LIMITS.maxCommentLength, `must be at most ${APPROVAL_LIMITS.maxCommentLength} characters`)
      .optional()
      .describe('Recorded with the decision on the step.'),
  })
  .meta({ id: 'DecisionRequest' });

export const publicDecisionSchema = z
  .object({ runId: z.string(), nodeId: z.string(), stepId: z.string(), decision: z.enum(APPROVAL_DECISIONS) })
  .meta({ id: 'Decision' });

// ---------------------------------------------------------------- credentials and files

export const publicCredentialSchema = z
  .object({
    id: z.string().describe('What a workflow step names to use it.'),
    name: z.string(),
    type: z.string().describe('The credential type (an AI provider, an app, HTTP authentication…).'),
    secretFields: z.array(z.string()).describe('The names of its secret fields that hold a value; the values themselves are never answered.'),
    createdAt: isoDate().nullable(),
    updatedAt: isoDate().nullable(),
    lastUsedAt: isoDate().nullable().describe('When a run last used it.'),
  })
  .meta({ id: 'Credential' });

export const publicFileRefSchema = fileRefSchema.meta({ id: 'FileRef', description: "A stored file: put this object in a file field of a run's `input`." });

export const publicUploadSchema = z
  .object({
    file: publicFileRefSchema,
    expiresAt: isoDate().describe('An upload no run uses by then is deleted.'),
  })
  .meta({ id: 'Upload' });
