// What every entry of the public route table is made of (publicRoutes.ts):
// the entry's type, the error body every refusal has, the refusals every
// route may give, and small schema helpers. Pure: no Node, no Express.
import { z } from 'zod';
import type { ApiKeyScope } from './model.js';
import { IDEMPOTENCY_ERROR_CODES } from '../validation/idempotencyKey.js';

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
  /** Request headers the route reads, by their canonical name (only these are parsed: a 400 naming the header). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /**
   * How the body comes: 'json' (the default) or 'multipart' (multipart/form-data:
   * `body` then describes the form's parts, its file parts made with publicFilePart,
   * and the route's handler reads the upload itself).
   */
  bodyType?: PublicBodyType;
  /** The successful answers by status. */
  answers: Readonly<Record<number, PublicAnswer>>;
  /** The refusals the route may give beyond the ones every route may (400 bad input, 401, 403 scope, 429); each needs a PUBLIC_REFUSAL_DESCRIPTIONS entry. */
  refusals: readonly number[];
  /** Codes of the route's own refusals that the status alone does not say, by status; each needs a PUBLIC_ERROR_CODE_DESCRIPTIONS entry. */
  refusalCodes?: Readonly<Partial<Record<number, readonly PublicErrorCode[]>>>;
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
  403: 'The key lacks the scope, or its creator may not do this on this resource.',
  404: 'Not found, or not visible to the key: the same answer for both.',
  408: 'The run did not end within the wait asked for; read it later by its id.',
  409: 'The resource is not in a state that allows this (for example a run that has already ended, or an approval already decided).',
  413: 'The body or the file is too large.',
  415: 'The body is not of the media type the route takes.',
  422: 'The request is well formed but refers to something that cannot be used (for example a workflow without the trigger asked for).',
  503: 'A service the call needs is unavailable; try again later.',
};

/**
 * Codes a route declares beside a status (refusalCodes), and what each means:
 * the description lists them under the status, the reference page translates
 * them by code as it translates statuses by status.
 */
export const PUBLIC_ERROR_CODE_DESCRIPTIONS = {
  [IDEMPOTENCY_ERROR_CODES.inProgress]: 'A request with this Idempotency-Key is still being started: retry in a moment for its answer.',
  [IDEMPOTENCY_ERROR_CODES.reused]: 'This Idempotency-Key was used for another request (another workflow or body) within its retention: use a new key for a new run.',
} as const satisfies Readonly<Record<string, string>>;
export type PublicErrorCode = keyof typeof PUBLIC_ERROR_CODE_DESCRIPTIONS;

export const isoDate = () => z.string().describe('ISO 8601 date-time');
export const idParam = (what: string) => z.string().min(1).max(1500).describe(what);

