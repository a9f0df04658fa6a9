// The public API's route table (issue 24): one entry per /v1 route, with the
// scope it needs and the zod schemas of its path, query, body and answers.
// platform-api mounts each route from its entry (publicApi/mount.ts parses
// the request with these very schemas), and the OpenAPI description is
// generated from the same entries, so the validator and the documentation
// cannot disagree. Pure: no Node, no Express.
import { z } from 'zod';
import { RUN_STATUSES, RUN_TRIGGER_TYPES, STEP_STATUSES } from '../workflow/runs.js';
import { API_KEY_SCOPE_LIST, type ApiKeyScope } from './model.js';
import { publicPageQuerySchema } from './api.js';

export type PublicRouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An answer of a route: its status, what it means, and its body's schema (none: no body). */
export interface PublicAnswer {
  description: string;
  schema?: z.ZodType;
  /** Response headers the answer carries (name → description). */
  headers?: Readonly<Record<string, string>>;
}

export interface PublicRoute {
  /** Unique and stable: the OpenAPI operationId and the reference page's anchor. */
  id: string;
  method: PublicRouteMethod;
  /** Express pattern ('/v1/runs/:runId'); the description writes it '/v1/runs/{runId}'. */
  path: string;
  /** The scope a key needs; null: any valid key. */
  scope: ApiKeyScope | null;
  /** Groups routes on the reference page (Workflows, Runs…). */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * How the body comes: 'json' (the default) or 'multipart' (multipart/form-data:
   * `body` then describes the form's fields, its file parts made with publicFilePart).
   */
  bodyType?: PublicBodyType;
  /** The successful answers by status. */
  answers: Readonly<Record<number, PublicAnswer>>;
  /** The refusals the route may give beyond the ones every route may (400 bad input, 401, 403 scope, 429); each needs a PUBLIC_REFUSAL_DESCRIPTIONS entry. */
  refusals: readonly number[];
}

export type PublicBodyType = 'json' | 'multipart';

/** The media type each body type is documented with. */
export const PUBLIC_BODY_MEDIA_TYPES: Readonly<Record<PublicBodyType, string>> = { json: 'application/json', multipart: 'multipart/form-data' };

/**
 * A file part of a multipart body: whatever the mount puts there for the uploaded
 * file, documented as binary content (OpenAPI 3.1 writes a file as a string with
 * a contentMediaType, no longer `format: binary`).
 */
export const publicFilePart = (description: string) => z.unknown().meta({ type: 'string', contentMediaType: 'application/octet-stream', description });

/** Declares a route (typed, so a table entry cannot miss a field). */
export const publicRoute = <R extends PublicRoute>(route: R): R => route;

/** Every error answer: the English text, its stable code (the same codes as the app's), details beside. */
export const publicErrorSchema = z
  .object({
    error: z.string().describe('English text for people and logs; branch on `code`, never on this.'),
    code: z.string().describe('A stable code: the same the web app translates.'),
    field: z.string().optional().describe('The request field at fault, for a 400.'),
  })
  .catchall(z.unknown())
  .meta({ id: 'Error' });

/** The statuses every /v1 route may answer besides its own. */
export const PUBLIC_COMMON_REFUSALS = {
  400: 'The request names a field that is missing or invalid (`field` says which).',
  401: 'No API key, an unknown or forged one, or one that was revoked or has expired.',
  403: 'The key lacks the scope the route needs, or the call comes from an address outside its allow-list.',
  429: 'The key or its creator made too many calls; `Retry-After` says when to try again.',
} as const;

/** What a route's own refusals mean, by status (the description says these; a route may not declare one missing here). */
export const PUBLIC_REFUSAL_DESCRIPTIONS: Readonly<Record<number, string>> = {
  402: 'The workspace has not enough tokens left for this.',
  404: 'Not found, or not visible to the key: the same answer for both.',
  408: 'The run did not end within the wait asked for; read it later by its id.',
  409: 'The resource is not in a state that allows this (for example a run that has already ended, or an approval already decided).',
  413: 'The body or the file is too large.',
  415: 'The body is not of the media type the route takes.',
  422: 'The request is well formed but refers to something that cannot be used (for example a workflow without the trigger asked for).',
  503: 'A service the call needs is unavailable; try again later.',
};

const isoDate = () => z.string().describe('ISO 8601 date-time');
const id = (what: string) => z.string().min(1).max(1500).describe(what);

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

export const publicRunSchema = z
  .object({
    id: z.string(),
    workflowId: z.string(),
    workflowName: z.string(),
    status: z.enum(RUN_STATUSES),
    trigger: z.object({ type: z.enum(RUN_TRIGGER_TYPES) }),
    input: z.record(z.string(), z.unknown()),
    output: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
    tokensUsed: z.number(),
    createdAt: isoDate(),
    startedAt: isoDate().nullable(),
    endedAt: isoDate().nullable(),
    steps: z.array(publicRunStepSchema),
  })
  .meta({ id: 'Run' });

export type PublicWorkflow = z.infer<typeof publicWorkflowSchema>;
export type PublicRunStep = z.infer<typeof publicRunStepSchema>;
export type PublicRun = z.infer<typeof publicRunSchema>;

const workflowIdParams = z.strictObject({ workflowId: id('A workflow id (from GET /v1/workflows).') });
const runIdParams = z.strictObject({ runId: id('A run id.') });

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

/** The routes, in the order the reference page shows them; issue 24's remaining routes join here. */
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
  run: (runId: string) => publicPath(PUBLIC_ROUTES.getRun, { runId }),
} as const;
