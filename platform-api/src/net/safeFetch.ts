// Outbound HTTP for workflow steps and agent tools. The URLs come from users
// (and from language models), so every request is checked before it leaves:
// http/https only, and the address actually connected to must be a public
// unicast address unless the deployment allows private networks. The check
// runs inside the socket's DNS lookup, so the connection is pinned to the
// address that was checked (no DNS rebinding between check and connect).
// Redirects are followed by hand so each hop gets the same checks.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressInRanges, addressRange } from './ipRanges.js';

export { addressRange } from './ipRanges.js';
import { PARAM_LIMITS, RUN_LIMITS } from '@agentflow/shared/workflow';

export interface SafeFetchPolicy {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Non-public ranges allowed even when allowPrivateNetworks is false (CIDRs, e.g. an internal API at 10.1.2.0/24). */
  allowedRanges?: readonly string[];
}
export interface SafeFetchRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** Text is sent as UTF-8; bytes as they are (a file an HTTP step sends). */
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /**
   * The byte limit of this answer, decided on its headers (an answer kept as
   * a file may be larger than one read as text); absent: the policy's
   * maxResponseBytes. Past it the request fails with ResponseTooLargeError.
   */
  responseLimit?: (headers: Record<string, string>) => number;
  /** Also return the body's bytes (`raw`): an answer that may be kept as a file is not text. */
  keepBytes?: boolean;
}
export interface SafeFetchResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body's bytes as received, when the request asked for them (keepBytes). */
  raw?: Buffer;
  bytes: number;
}

/** The request would reach an address the policy refuses; the message names it. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(
    readonly address: string,
    readonly range: string,
    host?: string,
  ) {
    super(
      `Refused to connect to ${address}${host && host !== address ? ` (${host})` : ''}: ${describeRange(range)} addresses are not allowed (set HTTP_ALLOW_PRIVATE_NETWORKS=true to allow them)`,
    );
  }
}
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  constructor(readonly limit: number) {
    super(`The response is larger than the limit of ${limit} bytes`);
  }
}
/** Not an http(s) URL, or not a URL at all. */
export class UnsupportedUrlError extends Error {
  override name = 'UnsupportedUrlError';
}
export class FetchTimeoutError extends Error {
  override name = 'FetchTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The request timed out after ${timeoutMs} ms`);
  }
}
export class TooManyRedirectsError extends Error {
  override name = 'TooManyRedirectsError';
}

export const MAX_REDIRECTS = 5;
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
export const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * Env: HTTP_ALLOW_PRIVATE_NETWORKS=true (tests and local dev set it explicitly), HTTP_TIMEOUT_MS,
 * HTTP_MAX_RESPONSE_BYTES, HTTP_ALLOWED_RANGES (comma-separated CIDRs allowed although private).
 * A malformed value throws (a configuration error at start beats a silently open or closed network).
 */
export function fetchPolicyFromEnv(env: NodeJS.ProcessEnv): SafeFetchPolicy {
  const allow = (env.HTTP_ALLOW_PRIVATE_NETWORKS ?? '').trim().toLowerCase();
  if (allow !== '' && allow !== 'true' && allow !== 'false') {
    throw new Error(`HTTP_ALLOW_PRIVATE_NETWORKS must be "true" or "false", not "${env.HTTP_ALLOW_PRIVATE_NETWORKS}"`);
  }
  const allowedRanges = (env.HTTP_ALLOWED_RANGES ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter((cidr) => cidr !== '');
  for (const cidr of allowedRanges) {
    if (!ipaddr.isValidCIDR(cidr)) throw new Error(`HTTP_ALLOWED_RANGES: "${cidr}" is not a CIDR such as 10.1.2.0/24`);
  }
  return {
    allowPrivateNetworks: allow === 'true',
    timeoutMs: positiveInt(env, 'HTTP_TIMEOUT_MS', PARAM_LIMITS.defaultTimeoutMs),
    maxResponseBytes: positiveInt(env, 'HTTP_MAX_RESPONSE_BYTES', RUN_LIMITS.maxHttpResponseBytes),
    ...(allowedRanges.length > 0 ? { allowedRanges } : {}),
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return value;
}

/** Throws BlockedAddressError unless the address is public or the policy allows it. */
export function checkAddress(address: string, policy: Pick<SafeFetchPolicy, 'allowPrivateNetworks' | 'allowedRanges'>, host?: string): void {
  const range = addressRange(address);
  if (range === 'invalid') throw new BlockedAddressError(address, range, host);
  if (range === 'unicast' || policy.allowPrivateNetworks || addressInRanges(address, policy.allowedRanges)) return;
  throw new BlockedAddressError(address, range, host);
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    loopback: 'loopback',
    private: 'private network',
    linkLocal: 'link-local (including cloud metadata)',
    uniqueLocal: 'unique-local',
    unspecified: 'unspecified',
    multicast: 'multicast',
    broadcast: 'broadcast',
    carrierGradeNat: 'carrier-grade NAT',
    reserved: 'reserved',
    invalid: 'invalid',
  };
  return names[range] ?? `non-public (${range})`;
}

/** A DNS lookup that refuses (before connecting) any resolved address the policy refuses. */
export function checkedLookup(policy: Pick<SafeFetchPolicy, 'allowPrivateNetworks' | 'allowedRanges'>): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      try {
        if (list.length === 0) throw Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' });
        // Every address must pass: a host that also resolves to a private address is refused.
        for (const entry of list) checkAddress(entry.address, policy, hostname);
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsupportedUrlError(`"${truncate(raw, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsupportedUrlError(`Only http and https URLs are allowed, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') throw new UnsupportedUrlError('URLs with credentials in them are not allowed');
  return url;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** One request of a chain of redirects: where it goes, how, with what. */
export interface RedirectHop<B> {
  url: URL;
  method: string;
  body: B | undefined;
  headers: Record<string, string>;
}

/**
 * The next request after a redirect answer: its URL checked like the first
 * (http/https, no credentials in it), credential headers dropped when it
 * leaves the origin, and, as browsers do, a GET without a body after a 303,
 * or after a 301/302 to a POST. Shared by safeFetch and the streaming fetch.
 */
export function redirectHop<B>(hop: RedirectHop<B>, status: number, location: string): RedirectHop<B> {
  let next: URL;
  try {
    next = parseUrl(new URL(location, hop.url).toString());
  } catch (error) {
    throw error instanceof UnsupportedUrlError ? new UnsupportedUrlError(`Redirect refused: ${error.message}`) : error;
  }
  let { method, body, headers } = hop;
  if (next.origin !== hop.url.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    if (method !== 'HEAD') method = 'GET';
    body = undefined;
    headers = withoutHeaders(headers, ['content-type', 'content-length']);
  }
  return { url: next, method, body, headers };
}

/** http/https only; refuses non-public addresses unless allowed; pins the connection to the checked address; checks every redirect; stops past maxResponseBytes; times out. */
export async function safeFetch(request: SafeFetchRequest, policy: SafeFetchPolicy): Promise<SafeFetchResponse> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let method = request.method.toUpperCase();
  let body = request.body;
  let headers: Record<string, string> = { ...(request.headers ?? {}) };
  let url = parseUrl(request.url);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await requestOnce({ method, url, headers, body, signal, responseLimit: request.responseLimit, keepBytes: request.keepBytes === true }, policy);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.status) || location === undefined) return response;
      if (redirects >= MAX_REDIRECTS) throw new TooManyRedirectsError(`Stopped after ${MAX_REDIRECTS} redirects`);
      ({ url, method, body, headers } = redirectHop({ url, method, body, headers }, response.status, location));
    }
  } catch (error) {
    if (timeout.aborted && !request.signal?.aborted) throw new FetchTimeoutError(policy.timeoutMs);
    if (request.signal?.aborted) throw request.signal.reason ?? error;
    throw error;
  }
}

export function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}

interface OneRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  signal: AbortSignal;
  responseLimit: ((headers: Record<string, string>) => number) | undefined;
  keepBytes: boolean;
}

async function requestOnce({ method, url, headers, body, signal, responseLimit, keepBytes }: OneRequest, policy: SafeFetchPolicy): Promise<SafeFetchResponse> {
  signal.throwIfAborted();
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // A literal IP never goes through lookup, so it is checked here.
  if (ipaddr.isValid(hostname)) checkAddress(hostname, policy);
  const payload = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const outgoing: Record<string, string> = { 'user-agent': 'Agentflow/1.0', ...headers };
  if (payload !== undefined) outgoing['content-length'] = String(payload.length);
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<SafeFetchResponse>((resolve, reject) => {
    const req = client.request(
      url,
      { method, headers: outgoing, lookup: checkedLookup(policy), signal, agent: false },
      (res) => {
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const limit = responseLimit ? responseLimit(responseHeaders) : policy.maxResponseBytes;
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limit) {
          res.destroy();
          reject(new ResponseTooLargeError(limit));
          return;
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > limit) {
            res.destroy();
            req.destroy();
            reject(new ResponseTooLargeError(limit));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: responseHeaders, body: raw.toString('utf8'), ...(keepBytes ? { raw } : {}), bytes });
        });
        res.on('error', reject);
        // A connection closed mid-body ends without 'end'; a settled promise ignores this.
        res.on('close', () => {
          if (!res.complete) reject(new Error('The connection closed before the response was complete'));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
