// The API side (/v1/...): Bearer test keys, the failures a test queued with
// failNext, idempotency keys replayed as Stripe does, and dispatch to the
// route tables (catalogueRoutes.ts, subscriptionRoutes.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import type { StripeEvents } from './events.js';
import type { StripeObjects, StripeState } from './objects.js';
import type { FakeStripeRequest, StripeObject } from './types.js';
import { StripeHttpError, readBody, sendError, sendJson } from './wire.js';

export type Handler = (params: StripeObject, match: string[]) => StripeObject;
export type Route = (method: string, path: string, handler: Handler) => void;

/** What a route table works with. */
export interface RouteContext {
  state: StripeState;
  objects: StripeObjects;
  events: StripeEvents;
}

export interface QueuedFailure {
  method?: string;
  path: string;
  error: { status: number; message: string; type?: string; code?: string };
}

export function createApi(log: FakeStripeRequest[], failures: QueuedFailure[]) {
  const idempotent = new Map<string, { status: number; body: string; params: string }>();
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const route = (method: string, path: string, handler: Handler) => {
    routes.push({ method, pattern: new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}$`), handler });
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const params = qs.parse(raw, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as StripeObject;
    log.push({ method, path: url.pathname, params, at: Date.now() });
    const authorization = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(authorization)) {
      sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided. This fake accepts test secret keys (sk_test_...).' } });
      return;
    }
    const failureIndex = failures.findIndex((failure) => (!failure.method || failure.method === method) && url.pathname.startsWith(failure.path));
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      const error = failure!.error;
      sendError(res, new StripeHttpError(error.status, error.message, undefined, error.code, error.type ?? 'api_error'));
      return;
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const cacheKey = typeof key === 'string' ? `${url.pathname} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached && cached.params !== raw) {
      // Stripe's own answer to a key reused with other parameters.
      sendError(
        res,
        new StripeHttpError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
          undefined,
          undefined,
          'idempotency_error',
        ),
      );
      return;
    }
    if (cached) {
      res.writeHead(cached.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
      res.end(cached.body);
      return;
    }
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(url.pathname);
      if (!match) continue;
      try {
        const body = candidate.handler(params, match.slice(1).map(decodeURIComponent));
        if (cacheKey) idempotent.set(cacheKey, { status: 200, body: JSON.stringify(body), params: raw });
        sendJson(res, 200, body);
      } catch (error) {
        if (error instanceof StripeHttpError) sendError(res, error);
        else sendJson(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
      }
      return;
    }
    sendError(res, new StripeHttpError(404, `Unrecognized request URL (${method}: ${url.pathname}).`));
  };

  return { route, handleApi };
}
