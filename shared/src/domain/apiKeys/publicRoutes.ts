// The public API's route table (issue 24): one entry per /v1 route, with the
// scope it needs and the zod schemas of its path, query, body and answers
// (publicSchemas.ts). platform-api mounts each route from its entry
// (publicApi/mount.ts parses the request with these very schemas), and the
// OpenAPI description is generated from the same entries, so the validator
// and the documentation cannot disagree. Pure: no Node, no Express.
import { z } from 'zod';
import { API_KEY_SCOPE_LIST, type ApiKeyScope } from './model.js';
import { publicPageQuerySchema } from './api.js';
import { idParam, isoDate, publicFilePart, publicRoute, type PublicRoute } from './publicRouteKit.js';
import {
  PUBLIC_RUN_WAIT_LIMITS,
  publicCredentialSchema,
  publicDecisionBodySchema,
  publicDecisionSchema,
  publicIdempotencyHeadersSchema,
  PUBLIC_IDEMPOTENCY_RETENTION_HOURS,
  publicRunApprovalSchema,
  publicRunSchema,
  publicRunStartedSchema,
  publicRunSummarySchema,
  publicRunsQuerySchema,
  publicStartRunBodySchema,
  publicUploadSchema,
  publicWorkflowSchema,
} from './publicSchemas.js';
import { RUN_STATUSES } from '../workflow/runs.js';
import { FILE_LIMITS } from '../files/model.js';
import { IDEMPOTENCY_ERROR_CODES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../validation/idempotencyKey.js';

export * from './publicRouteKit.js';
export * from './publicSchemas.js';

const workflowIdParams = z.strictObject({ workflowId: idParam('A workflow id (from GET /v1/workflows).') });
const runIdParams = z.strictObject({ runId: idParam('A run id.') });

const meSchema = z.object({
  key: z.object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPE_LIST as [ApiKeyScope, ...ApiKeyScope[]])),
    workspaceId: z.string(),
    expiresAt: isoDate().nullable(),
    status: z.enum(['active', 'expired', 'revoked']),
  }),
  user: z.object({ uid: z.string(), email: z.string().nullable() }),
});

const LOCATION = { Location: 'The run: /v1/runs/{runId}.' };
const REPLAYED = { [IDEMPOTENT_REPLAYED_HEADER]: `\`true\` when this answers a retry with the same ${IDEMPOTENCY_KEY_HEADER} (nothing was started); absent on the first answer.` };

/** The routes, in the order the reference page shows them. */
export const PUBLIC_ROUTES = {
  me: publicRoute({
    id: 'getMe',
    method: 'get',
    path: '/v1/me',
    scope: null,
    tag: 'Keys',
    summary: 'The key the call is made with and the user it acts as',
    answers: { 200: { description: 'The key (never its secret) and its creator.', schema: meSchema } },
    refusals: [],
  }),
  listWorkflows: publicRoute({
    id: 'listWorkflows',
    method: 'get',
    path: '/v1/workflows',
    scope: 'workflows:read',
    tag: 'Workflows',
    summary: "The key's workspace's workflows its creator may see",
    description: 'Paged: pass `nextCursor` as `cursor` for the next page; `nextCursor` is null on the last one. Templates and workflows in the trash are not listed.',
    query: publicPageQuerySchema,
    answers: { 200: { description: 'A page of workflows.', schema: z.object({ workflows: z.array(publicWorkflowSchema), nextCursor: z.string().nullable() }) } },
    refusals: [],
  }),
  getWorkflow: publicRoute({
    id: 'getWorkflow',
    method: 'get',
    path: '/v1/workflows/:workflowId',
    scope: 'workflows:read',
    tag: 'Workflows',
    summary: 'One workflow, with its triggers',
    params: workflowIdParams,
    answers: { 200: { description: 'The workflow.', schema: z.object({ workflow: publicWorkflowSchema }) } },
    refusals: [404],
  }),
  startRun: publicRoute({
    id: 'startRun',
    method: 'post',
    path: '/v1/workflows/:workflowId/runs',
    scope: 'runs:write',
    tag: 'Runs',
    summary: 'Start a run of a workflow with input',
    description:
      "Starts the workflow's manual trigger (or its first trigger) as the key's creator, with trigger type `api`. The input is checked against the trigger's form: " +
      'a missing or invalid field is a 400 naming it (`input.<key>`). The run is metered like any run: the workspace owner pays, and a 402 `insufficient_tokens` means the owner is out of tokens (nothing is started). ' +
      'Without `wait` the answer is 202 at once, with `Location` to poll. With `wait` the call holds until the run ends or `wait.timeoutMs` passes ' +
      `(at most ${PUBLIC_RUN_WAIT_LIMITS.maxTimeoutMs} ms): a run that ended is answered 200 with the whole run — also when it failed, was canceled or refused: read its \`status\` and \`error\` ` +
      '(the request itself succeeded). A run still going (or waiting for an approval) at the timeout is answered 202 as without `wait`.\n\n' +
      `Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely: it is kept per API key for ${PUBLIC_IDEMPOTENCY_RETENTION_HOURS} hours with a hash of the workflow id and body. ` +
      `A retry with the same key and request starts nothing and is charged nothing; it answers with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`: without \`wait\`, the first answer as it was (202, the same \`runId\`); ` +
      'with `wait`, the same run answered the way the first was — it waits again for at most `wait.timeoutMs`, then 200 with the run as it is now if it has ended, else 202 with its current status. ' +
      `The same key with another workflow or body is a 422 \`${IDEMPOTENCY_ERROR_CODES.reused}\`; while the first request with it is still being started, a 409 \`${IDEMPOTENCY_ERROR_CODES.inProgress}\` (retry shortly). ` +
      'A refused first request (400, 402, 403, 404, 409, 413) started nothing and is not kept: the same key may be sent again once the cause is fixed. Without the header every request starts a run.',
    params: workflowIdParams,
    headers: publicIdempotencyHeadersSchema,
    body: publicStartRunBodySchema,
    answers: {
      200: { description: 'With `wait`: the run ended within the timeout (whatever its status).', schema: z.object({ run: publicRunSchema }), headers: REPLAYED },
      202: { description: 'Started (without `wait`, or not ended within the timeout): poll `links.run`.', schema: publicRunStartedSchema, headers: { ...LOCATION, ...REPLAYED } },
    },
    refusals: [402, 403, 404, 409, 413, 422],
    refusalCodes: { 409: [IDEMPOTENCY_ERROR_CODES.inProgress], 422: [IDEMPOTENCY_ERROR_CODES.reused] },
  }),
  listRuns: publicRoute({
    id: 'listRuns',
    method: 'get',
    path: '/v1/runs',
    scope: 'runs:read',
    tag: 'Runs',
    summary: "The key's workspace's runs, newest first",
    description:
      'Every run of the workspace (as the executions page lists them), filtered by workflow, status, trigger type and creation time, newest first. ' +
      'Paged: pass `nextCursor` as `cursor` (with the same filters) for the next page; `nextCursor` is null on the last one. Read a run for its input, output and steps. ' +
      "An organization key's creator must still be allowed to see the organization's workflows (else 403 `workspace_forbidden`).",
    query: publicRunsQuerySchema,
    answers: { 200: { description: 'A page of runs.', schema: z.object({ runs: z.array(publicRunSummarySchema), nextCursor: z.string().nullable() }) } },
    refusals: [403],
  }),
  getRun: publicRoute({
    id: 'getRun',
    method: 'get',
    path: '/v1/runs/:runId',
    scope: 'runs:read',
    tag: 'Runs',
    summary: 'A run with its steps, their inputs and outputs',
    params: runIdParams,
    answers: { 200: { description: 'The run.', schema: z.object({ run: publicRunSchema }) } },
    refusals: [404],
  }),
  cancelRun: publicRoute({
    id: 'cancelRun',
    method: 'post',
    path: '/v1/runs/:runId/cancel',
    scope: 'runs:write',
    tag: 'Runs',
    summary: 'Cancel a run that has not ended',
    description: "Its steps under way stop and the ones not begun are skipped; its sub-workflow runs are canceled too. The key's creator must have started it or be allowed to run its workflow (else 403). A run that has ended is a 409.",
    params: runIdParams,
    answers: { 200: { description: 'Canceled.', schema: z.object({ runId: z.string(), status: z.enum(RUN_STATUSES).describe("'canceled', or how it ended if it ended meanwhile.") }) } },
    refusals: [403, 404, 409],
  }),
  listRunApprovals: publicRoute({
    id: 'listRunApprovals',
    method: 'get',
    path: '/v1/runs/:runId/approvals',
    scope: 'runs:read',
    tag: 'Approvals',
    summary: "A run's approval steps waiting for a decision",
    description: "Each with its approvers and whether the key's creator may decide it (by the same rule as POST …/approvals/{nodeId}). Empty when nothing waits.",
    params: runIdParams,
    answers: { 200: { description: 'The waiting approval steps.', schema: z.object({ approvals: z.array(publicRunApprovalSchema) }) } },
    refusals: [404],
  }),
  decideApproval: publicRoute({
    id: 'decideApproval',
    method: 'post',
    path: '/v1/runs/:runId/approvals/:nodeId',
    scope: 'approvals:decide',
    tag: 'Approvals',
    summary: 'Approve or reject a waiting approval step',
    description:
      "Decides as the key's creator, who must be one of the step's approvers (else 403). Approve: the run goes on. Reject: the run fails. " +
      'A step that is not waiting (decided meanwhile, or the run moved on) is a 409 `approval-not-waiting`.',
    params: runIdParams.extend({ nodeId: idParam('The approval step (`nodeId` of GET /v1/runs/{runId}/approvals).') }),
    body: publicDecisionBodySchema,
    answers: { 200: { description: 'Decided.', schema: publicDecisionSchema } },
    refusals: [403, 404, 409],
  }),
  listCredentials: publicRoute({
    id: 'listCredentials',
    method: 'get',
    path: '/v1/credentials',
    scope: 'credentials:read',
    tag: 'Credentials',
    summary: "The key's workspace's credentials, without their secrets",
    description:
      "Names, types and dates, and which secret fields are set; never a secret or any part of one. Sorted by name. An organization key's creator must still be allowed to use the organization's credentials (else 403).",
    answers: { 200: { description: 'The credentials.', schema: z.object({ credentials: z.array(publicCredentialSchema) }) } },
    refusals: [403],
  }),
  uploadFile: publicRoute({
    id: 'uploadFile',
    method: 'post',
    path: '/v1/files',
    scope: 'files:write',
    tag: 'Files',
    summary: "Upload a file for a run's file field",
    description:
      'Send one file as `multipart/form-data` in the part `file`. Its type is read from its bytes (a type the platform does not take is a 400 `file_type_not_allowed`); ' +
      `its size is limited by the plan (413 \`file_too_large\`, at most ${FILE_LIMITS.maxUploadBytes} bytes) and so is all storage (403 \`plan_limit_reached\`). ` +
      'Put the answered `file` in the run\'s `input` under a file field\'s key; an upload no run uses within a day is deleted.',
    bodyType: 'multipart',
    body: z.strictObject({ file: publicFilePart('The file.') }),
    answers: { 201: { description: 'Stored.', schema: publicUploadSchema } },
    refusals: [403, 413],
  }),
} as const satisfies Record<string, PublicRoute>;

export const PUBLIC_ROUTE_LIST: readonly PublicRoute[] = Object.values(PUBLIC_ROUTES);

/** A route's URL path with its parameters filled in (each encoded): publicPath(PUBLIC_ROUTES.getRun, { runId }). */
export function publicPath(route: Pick<PublicRoute, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`publicPath: ${route.path} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/** The route pattern as OpenAPI writes it: '/v1/runs/:runId' → '/v1/runs/{runId}'. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** URLs of the public API for callers (tests, the keys page's curl example), built from the table. */
export const PUBLIC_API = {
  base: '/v1',
  /** The OpenAPI 3.1 description of these routes: public (no key), not a table entry since it describes the table. */
  openApi: '/v1/openapi.json',
  me: PUBLIC_ROUTES.me.path,
  workflows: PUBLIC_ROUTES.listWorkflows.path,
  workflow: (workflowId: string) => publicPath(PUBLIC_ROUTES.getWorkflow, { workflowId }),
  workflowRuns: (workflowId: string) => publicPath(PUBLIC_ROUTES.startRun, { workflowId }),
  runs: PUBLIC_ROUTES.listRuns.path,
  run: (runId: string) => publicPath(PUBLIC_ROUTES.getRun, { runId }),
  cancelRun: (runId: string) => publicPath(PUBLIC_ROUTES.cancelRun, { runId }),
  runApprovals: (runId: string) => publicPath(PUBLIC_ROUTES.listRunApprovals, { runId }),
  decideApproval: (runId: string, nodeId: string) => publicPath(PUBLIC_ROUTES.decideApproval, { runId, nodeId }),
  credentials: PUBLIC_ROUTES.listCredentials.path,
  files: PUBLIC_ROUTES.uploadFile.path,
} as const;
