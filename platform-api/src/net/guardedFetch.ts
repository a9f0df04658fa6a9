// safeFetch behind the WHATWG fetch signature, for libraries that take a
// `fetch` option (the AI SDK's providers): a user's base URL reaches the same
// checks as an HTTP step's URL (http/https only, no private, loopback or
// link-local address unless the policy allows it, the connection pinned to
// the checked address, every redirect checked, a size limit and a timeout).
//
// safeFetch reads the whole answer before returning, so a streamed response
// (server-sent events) arrives in one piece: correct, only not incremental.
// Request bodies are sent as UTF-8 text, which is what JSON APIs send.
import { safeFetch, type SafeFetchPolicy } from './safeFetch.js';

/** Headers describing the bytes on the wire; the Response built here holds decoded text, so they no longer apply. */
const WIRE_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);
/** Statuses whose Response must not have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function guardedFetch(policy: SafeFetchPolicy): typeof globalThis.fetch {
  return async (input, init) => {
    // Request normalises every form of input/init (URL, Request, Headers, arrays of pairs).
    const request = new Request(input, init);
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' || request.body === null ? undefined : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // The caller's own signal (Request's is a copy that is never reported as the abort reason).
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const response = await safeFetch({ method, url: request.url, headers, ...(body !== undefined ? { body } : {}), ...(signal ? { signal } : {}) }, policy);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (!WIRE_HEADERS.has(name.toLowerCase())) responseHeaders.set(name, value);
    }
    return new Response(NULL_BODY_STATUSES.has(response.status) || method === 'HEAD' ? null : response.body, {
      status: response.status,
      headers: responseHeaders,
    });
  };
}

/**
 * A model call waits longer and may answer more than an HTTP step: the step
 * policy's address rules stay, its time and size limits grow to these floors.
 */
export const MODEL_CALL_LIMITS = { timeoutMs: 120_000, maxResponseBytes: 5_000_000 } as const;

export function modelCallPolicy(policy: SafeFetchPolicy): SafeFetchPolicy {
  return { ...policy, timeoutMs: Math.max(policy.timeoutMs, MODEL_CALL_LIMITS.timeoutMs), maxResponseBytes: Math.max(policy.maxResponseBytes, MODEL_CALL_LIMITS.maxResponseBytes) };
}
