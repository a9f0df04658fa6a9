// A streaming fetch through the private-address guard, for clients that hold
// an answer open and read it as it comes (MCP's SSE and streamable HTTP
// transports). guardedFetch reads whole bodies, which would wait forever on an
// event stream. The checks are safeFetch's own: http/https only, every
// resolved address checked inside the socket's lookup (the connection is
// pinned to it), each redirect checked again (credentials dropped across
// origins). A connect timeout bounds the wait for the answer's headers; the
// body then streams until the caller stops, the byte cap or the caller's abort.
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import {
  redirectHop,
  FetchTimeoutError,
  MAX_REDIRECTS,
  REDIRECT_STATUSES,
  ResponseTooLargeError,
  TooManyRedirectsError,
  checkAddress,
  checkedLookup,
  parseUrl,
  type SafeFetchPolicy,
} from './safeFetch.js';

export interface StreamingFetchLimits {
  /** From sending the request to the answer's headers (each redirect hop anew). */
  connectTimeoutMs: number;
  /** Bytes one answer's body may hold; past it the stream errors with ResponseTooLargeError. */
  maxResponseBytes: number;
}

/** Statuses whose Response must not have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function streamingGuardedFetch(policy: Pick<SafeFetchPolicy, 'allowPrivateNetworks' | 'allowedRanges'>, limits: StreamingFetchLimits): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    let method = request.method.toUpperCase();
    let body: Buffer | undefined = method === 'GET' || method === 'HEAD' || request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    let headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
    let url = parseUrl(request.url);
    for (let redirects = 0; ; redirects++) {
      const res = await openOnce({ method, url, headers, body, signal }, policy, limits.connectTimeoutMs);
      const location = res.headers.location;
      // 'manual': the caller follows (the MCP SDK does, within the origin), calling this fetch again, so every hop is still checked.
      if (!REDIRECT_STATUSES.has(res.statusCode ?? 0) || location === undefined || request.redirect === 'manual') return toResponse(res, method, limits.maxResponseBytes);
      res.resume();
      if (request.redirect === 'error') throw new TypeError(`Redirect to ${location} refused (redirect: 'error')`);
      if (redirects >= MAX_REDIRECTS) throw new TooManyRedirectsError(`Stopped after ${MAX_REDIRECTS} redirects`);
      ({ url, method, body, headers } = redirectHop({ url, method, body, headers }, res.statusCode ?? 0, location));
    }
  };
}

interface OpenRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer | undefined;
  signal: AbortSignal | undefined;
}

/** Sends one request and resolves with the answer as soon as its headers arrive. */
function openOnce({ method, url, headers, body, signal }: OpenRequest, policy: Pick<SafeFetchPolicy, 'allowPrivateNetworks' | 'allowedRanges'>, connectTimeoutMs: number): Promise<http.IncomingMessage> {
  signal?.throwIfAborted();
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // A literal IP never goes through lookup, so it is checked here.
  if (ipaddr.isValid(hostname)) checkAddress(hostname, policy);
  const outgoing: Record<string, string> = { 'user-agent': 'Agentflow/1.0', ...headers };
  if (body !== undefined) outgoing['content-length'] = String(body.length);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, headers: outgoing, lookup: checkedLookup(policy), agent: false, ...(signal ? { signal } : {}) });
    const timer = setTimeout(() => {
      req.destroy(new FetchTimeoutError(connectTimeoutMs));
    }, connectTimeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(signal?.aborted ? (signal.reason ?? error) : error);
    });
    req.end(body);
  });
}

/** The answer as a WHATWG Response whose body streams, counted against the cap. */
function toResponse(res: http.IncomingMessage, method: string, maxResponseBytes: number): Response {
  const status = res.statusCode ?? 0;
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  if (NULL_BODY_STATUSES.has(status) || method === 'HEAD') {
    res.resume();
    return new Response(null, { status, headers });
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxResponseBytes) {
    res.destroy();
    throw new ResponseTooLargeError(maxResponseBytes);
  }
  let bytes = 0;
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxResponseBytes) res.destroy(new ResponseTooLargeError(maxResponseBytes));
  });
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers });
}
