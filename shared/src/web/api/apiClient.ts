// The one browser client for Agentflow's services (billing-api, platform-api):
// every call carries the signed-in user's Firebase ID token and a JSON body
// when it has one; whatever fails rejects with an ApiError. The remotes' API
// modules and the shell's providers build their endpoints on it.

/**
 * A failed call to a service: its HTTP status (0 when the network failed, so
 * isUnreachable() sees it), the service's stable error `code` when it sent one
 * (pages translate or act by it), and a message for logs: the service's
 * `{error}` text, else the client's own words.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The service's `{error}` text; null when it sent none or never answered. */
  readonly serverMessage: string | null;
  /** What the answer named beside error and code (a refused file's field and limit, a plan refusal's plan). */
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, status: number, code: string | null = null, serverMessage: string | null = null, details: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
  }
}

export interface ApiClientOptions {
  /** The service's origin (usePlatform().config.apis.*). */
  baseUrl: string;
  getIdToken: () => Promise<string | null>;
  /** Defaults to the global fetch, looked up at call time (so a test may replace it). */
  fetch?: typeof fetch;
}

export interface ApiRequest {
  /** Empty values (undefined, null, '') are left out of the query string. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON when present; a FormData is sent as multipart/form-data (file uploads). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type ApiCall = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, request?: ApiRequest) => Promise<T>;

/** Calls `${baseUrl}${path}`; resolves with the parsed JSON answer (undefined when it has no body). */
export function createApiClient({ baseUrl, getIdToken, fetch: fetchImpl }: ApiClientOptions): ApiCall {
  return async (method, path, { query = {}, body, headers } = {}) => {
    const token = await getIdToken();
    if (!token) throw new ApiError('Not signed in', 401);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value != null && value !== '') search.set(key, String(value));
    const queryString = `${search}`;
    const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers, Authorization: `Bearer ${token}` } };
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      // The browser writes the multipart boundary into Content-Type itself.
      init.body = body;
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(`${baseUrl}${path}${queryString && `?${queryString}`}`, init);
    } catch (cause) {
      throw new ApiError(String((cause as Error)?.message ?? cause), 0);
    }
    const text = await response.text();
    if (response.ok) return (text ? JSON.parse(text) : undefined) as never;
    let error: unknown, code: unknown;
    let details: Record<string, unknown> = {};
    try {
      ({ error, code, ...details } = Object(JSON.parse(text)) as { error?: unknown; code?: unknown });
    } catch {
      // not JSON: the status line speaks
    }
    const message = typeof error == 'string' && error.trim() ? error : null;
    throw new ApiError(message ?? `HTTP ${response.status}`, response.status, (typeof code == 'string' && code) || null, message, details);
  };
}
