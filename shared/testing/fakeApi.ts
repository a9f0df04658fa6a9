// The HTTP half every fake API server of the remotes' tests shares (billing-api's
// for mf-billing, platform-api's access routes for mf-rbac): it turns a fetch
// call into method, path, query and body, records it, answers a foreign origin
// with 404, plays queued failures once, refuses a call without a Bearer token
// like the services do, and hands the rest to the server's own routes.

/** What the apps read of a Response (jsdom has none); a string body is sent as it is, anything else as JSON. */
export function fakeResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  } as Response;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

/** A server's routes: what its real service would answer to an authorised call. */
export type FakeRoutes = (method: string, path: string, query: Record<string, string>, body: Record<string, unknown>) => Response;

interface Failure {
  method: string;
  path: string | RegExp;
  status: number;
  body: unknown;
}

/**
 * `extra` adds what one server's tests also assert on from the headers
 * (billing: Accept-Language) to each recorded request.
 */
export function createFakeApi<Extra extends object = object>(base: string, routes: FakeRoutes, extra?: (headers: Record<string, string>) => Extra) {
  const requests: Array<RecordedRequest & Extra> = [];
  const failures: Failure[] = [];

  async function fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const query = Object.fromEntries(url.searchParams.entries());
    const recorded: RecordedRequest = { method, path: url.pathname, query, body: typeof init.body === 'string' ? body : undefined, authorization: headers.Authorization ?? headers.authorization ?? null };
    requests.push({ ...recorded, ...(extra?.(headers) as Extra) });
    if (`${url.protocol}//${url.host}` !== base) return fakeResponse(404, { error: `Unknown origin ${url.origin}` });
    const failure = failures.findIndex((candidate) => candidate.method === method && (typeof candidate.path === 'string' ? candidate.path === url.pathname : candidate.path.test(url.pathname)));
    if (failure >= 0) {
      const [{ status, body: errorBody }] = failures.splice(failure, 1) as [Failure];
      if (status === 0) throw new TypeError('Failed to fetch');
      return fakeResponse(status, errorBody);
    }
    if (!headers.Authorization?.startsWith('Bearer ')) return fakeResponse(401, { error: 'Missing or malformed Authorization header' });
    return routes(method, url.pathname, query, body);
  }

  return {
    requests,
    fetch,
    /** The next `method path` call answers `status` with `body` (status 0: the network fails). */
    failOnce(method: string, path: string | RegExp, status: number, body: unknown) {
      failures.push({ method, path, status, body });
    },
  };
}
