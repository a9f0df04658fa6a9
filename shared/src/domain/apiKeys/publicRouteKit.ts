// What every entry of the public route table is made of (publicRoutes.ts):
// the entry's type, the error body every refusal has, the refusals every
// route may give, and small schema helpers. Pure: no Node, no Express.
import { z } from 'zod';
import type { ApiKeyScope } from './model.js';

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
  /** A body sent as multipart/form-data instead of JSON (an upload): its parts, named and described; `body` is then absent. */
  multipart?: Readonly<Record<string, { description: string; file: boolean }>>;
  /** The successful answers by status. */
  answers: Readonly<Record<number, PublicAnswer>>;
  /** The refusals the route may give beyond the ones every route may (400 bad input, 401, 403 scope, 429). */
  refusals: readonly number[];
}

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

export const isoDate = () => z.string().describe('ISO 8601 date-time');
export const idParam = (what: string) => z.string().min(1).max(1500).describe(what);

