// Mounts a /v1 route from its entry in the public route table
// (PUBLIC_ROUTES): the key's scope first, then the path, query, the headers it
// declares and the body parsed with the entry's own schemas (a 400 naming the
// field or header), then the handler.
// The same entries generate the OpenAPI description, so what is validated is
// what is documented. Under test every answer is also checked against the
// entry's answer schema, so a route cannot drift from its description.
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { PublicRoute } from '@agentflow/shared/api-keys';
import { parseOr400 } from '@agentflow/shared/server';
import type { RequireApiKey } from '../apiKeys/authenticate.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface PublicRequest<R extends PublicRoute> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  headers: Parsed<R['headers']>;
  body: Parsed<R['body']>;
}

/** What a handler answers: one of the route's declared statuses (checked when it answers), its body, and headers (Location…). */
export interface PublicReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type PublicHandler<R extends PublicRoute> = (input: PublicRequest<R>, req: Request, res: Response) => Promise<PublicReply>;

/** Whether answers are checked against their schemas (Jest sets NODE_ENV=test). */
const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

export type MountPublicRoute = <R extends PublicRoute>(route: R, handler: PublicHandler<R>) => void;

/** The declared headers a request carries, by their declared names (HTTP's are case-insensitive; Node joins a repeated one with ', ', which a key's shape refuses). */
function declaredHeaders(schema: z.ZodObject, req: Request): Record<string, unknown> {
  const present: Record<string, unknown> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = req.headers[name.toLowerCase()];
    if (value !== undefined) present[name] = value;
  }
  return present;
}

/** `mount(route, handler)` on the router, each route behind requireApiKey(route.scope). */
export const publicRouteMounter = (router: Router, requireApiKey: RequireApiKey): MountPublicRoute => (route, handler) => {
  router[route.method](route.path, requireApiKey(route.scope), async (req, res) => {
    const input = {
      params: route.params ? parseOr400(route.params, req.params) : {},
      query: route.query ? parseOr400(route.query, req.query) : {},
      headers: route.headers ? parseOr400(route.headers, declaredHeaders(route.headers, req)) : {},
      // A multipart body is the handler's to read (the upload path); its schema only describes it.
      body: route.body && route.bodyType !== 'multipart' ? parseOr400(route.body, req.body) : {},
    } as PublicRequest<typeof route>;
    const reply = await handler(input, req, res);
    const answer = route.answers[reply.status];
    if (!answer) throw new Error(`${route.id} answered ${reply.status}, which its route table entry does not declare`);
    if (CHECK_ANSWERS && answer.schema) {
      const checked = answer.schema.safeParse(reply.body);
      if (!checked.success) throw new Error(`${route.id} answered a body its ${reply.status} schema refuses: ${checked.error.message}`);
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    if (answer.schema) res.status(reply.status).json(reply.body);
    else res.status(reply.status).end();
  });
};
