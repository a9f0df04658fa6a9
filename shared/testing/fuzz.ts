// Property-based fuzzing of every route of a service (fast-check), for the
// services' fuzz suites. Each case is one request with generated path
// values, query, headers and body, sent to the real app on loopback; the
// properties: no 5xx, an answer within the timeout, and no Firestore
// document created, changed or deleted by a 4xx (the emulator's documents
// of the suite's project are listed before and after).
import fc from 'fast-check';
import type { RouteInfo } from '../src/server/routeTable.js';
import { REQUEST_ERROR_CODES } from '../src/domain/validation/errorCodes.js';
import { emulatorHosts } from './emulators.js';

export interface DocumentChange {
  /** 'rbacAuditLogs/abc' */
  path: string;
  kind: 'created' | 'updated' | 'deleted';
}

export interface FuzzOptions {
  service: string;
  baseUrl: string;
  routes: readonly RouteInfo[];
  /** The Firestore emulator project the service writes to. */
  projectId: string;
  /** Ids that exist, by path parameter name: most cases use one, so they get past the 404s. */
  params: Readonly<Record<string, readonly string[]>>;
  /** Read before each route: ids that earlier cases may have changed (a rotated secret). */
  refreshParams?: () => Promise<Readonly<Record<string, readonly string[]>>>;
  /**
   * Finishes the work a service does on its own after a request that succeeded
   * (platform-api returns an idle token block within a second), before the
   * documents are read for the next case: its writes are then never taken for
   * a refused request's.
   */
  settle?: () => Promise<void>;
  /** Authorization header values of real users, by a label (cases show the label, not the token). */
  authorizations: Readonly<Record<string, string>>;
  /** Body field names the service reads, so bodies get past 'unknown field'. */
  fields: readonly string[];
  /** Values some field accepts (ids, plan names, e-mails...). */
  values?: readonly (string | number | boolean)[];
  /**
   * Valid bodies of some routes, keyed 'POST /api/...', and the user (a
   * label of `authorizations`) who may send them. Each of their values is
   * first replaced by each of SWEEP_VALUES in turn (fast-check's examples),
   * then random cases mutate them (a value replaced, a field dropped or
   * added) to get past strict schemas. Other routes get generated bodies.
   */
  examples?: Readonly<Record<string, FuzzExamples>>;
  /** Query parameter names the service reads. */
  queryKeys?: readonly string[];
  casesPerRoute: number;
  /** An answer must arrive within this (default 10 s). */
  timeoutMs?: number;
  seed?: number;
  /** A write a 4xx makes on purpose (the audit entry of a refused change). */
  allowedOn4xx?: (change: DocumentChange, status: number, read: (path: string) => Promise<Record<string, unknown> | null>) => Promise<boolean> | boolean;
}

export interface FuzzExamples {
  /** The authorization label to send them with (default: the first). */
  as?: string;
  /** Path parameters to send them to (default: the first value of `params`). */
  params?: Readonly<Record<string, string>>;
  bodies: readonly Record<string, unknown>[];
}

export interface FuzzReport {
  routes: number;
  cases: number;
  seconds: number;
  statuses: Record<string, number>;
  /** Routes no case reached past the kit's guards (see fuzzRoutes). */
  unreached: string[];
  /** Routes the fuzzer cannot build a request for. */
  unsupported: string[];
  /** Status counts per route ('POST /api/x': { 201: 3, 400: 22 }). */
  byRoute: Record<string, Record<number, number>>;
}

interface FuzzRequest {
  path: string;
  query: string;
  /** Headers as sent, except that a user's Authorization is named by its label. */
  headers: Record<string, string>;
  body: string | undefined;
}

// Path segments that have crashed services or that no id may be.
const ODD_SEGMENTS = ['%ZZ', '%', '%C0%AF', '%ED%A0%80', '%E0%A4%A', '%00', 'a%0Ab', '..', '.', '%2E%2E', 'a%2Fb', '__x__', '__name__', 'x'.repeat(129), 'x'.repeat(600), '%F0%9F%98%80', 'a b', '%20'];
// Strings that have crashed services: lone surrogates, controls, prototype keys, sizes.
const ODD_STRINGS = ['\ud800', 'name \udc00', '\ud83d', '\u0000', 'a\nb', '__proto__', 'constructor', '..', 'a/b', '', ' ', 'x'.repeat(129), 'x'.repeat(5000), '😀', '<script>', "'; --", '%ZZ'];
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const ODD_BODIES = [nested(5000), nested(33), `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, '{"name":"\\ud800"}', '{"input":{"\\udc00":1}}', '{"a":', '"text"', 'null', '[]', '{"__proto__":{"polluted":1}}', 'x'.repeat(120_000), '\u0000'];
const ODD_QUERIES = ['?%ZZ', '?a=%ED%A0%80', '?before=not-a-date', '?limit=-1', '?force=true', '?token=x.y.z', '?a[b][c]=1'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16le', 'application/json; charset=latin1', 'application/json; charset=klingon', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset="'];

function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be percent-encoded as UTF-8: send its raw bytes
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The paths of an example's values ('input.name'), two levels deep. */
function leafPaths(example: Record<string, unknown>): string[][] {
  return Object.entries(example).flatMap(([key, inner]) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length > 0 ? Object.keys(inner).map((child) => [key, child]) : [[key]],
  );
}

function withValue(example: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...example, [head!]: value };
  return { ...example, [head!]: withValue((example[head!] ?? {}) as Record<string, unknown>, rest, value) };
}

type Fault = 'none' | 'path' | 'auth' | 'headers' | 'query' | 'body';

/**
 * One request: valid in every part but (usually) one, so that a case gets
 * past the checks of the parts it does not fault and reaches deep code:
 * known ids in the path, a real user's token, the route's example body.
 */
function requestArbitrary(route: RouteInfo, options: FuzzOptions): fc.Arbitrary<FuzzRequest> {
  const odd = fc.constantFrom(...ODD_STRINGS);
  const text = fc.oneof({ weight: 2, arbitrary: odd }, fc.string({ maxLength: 24 }), fc.string({ unit: 'binary', maxLength: 12 }));
  const valid = (options.values ?? []).length > 0 ? fc.constantFrom(...options.values!) : text;
  const scalar: fc.Arbitrary<Json> = fc.oneof({ weight: 4, arbitrary: text }, valid, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
  const value: fc.Arbitrary<Json> = fc.oneof({ weight: 4, arbitrary: scalar }, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.constantFrom(...options.fields), scalar, { maxKeys: 3 }));

  // Path: known ids, or one parameter replaced by an odd segment.
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const oddSegment = fc.oneof(fc.constantFrom(...ODD_SEGMENTS), text.map(encodeSegment));
  const validSegment = (name: string) => {
    const known = options.params[name] ?? [];
    return known.length > 0 ? fc.constantFrom(...known.map(encodeSegment)) : oddSegment;
  };
  const fill = (values: string[]) => {
    let index = 0;
    return route.path.replace(/:\w+/g, () => values[index++]!);
  };
  const validPath = fc.tuple(...names.map(validSegment)).map(fill);
  const oddPath = names.length === 0 ? validPath : fc.nat(names.length - 1).chain((at) => fc.tuple(...names.map((name, i) => (i === at ? oddSegment : validSegment(name)))).map(fill));

  // Body: the route's example, or a mutation of it, or something generated or odd.
  const generated = fc.dictionary(fc.constantFrom(...options.fields), value, { maxKeys: 3 }).map((object) => JSON.stringify(object));
  const examples = options.examples?.[`${route.method} ${route.path}`]?.bodies ?? [];
  const mutated = fc.constantFrom(...(examples.length > 0 ? examples : [{}])).chain((example) => {
    const paths = leafPaths(example);
    const variants: fc.WeightedArbitrary<Record<string, unknown>>[] = [{ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...options.fields), value).map(([key, inner]) => ({ ...example, [key]: inner })) }];
    if (paths.length > 0) {
      variants.push({ weight: 4, arbitrary: fc.tuple(fc.constantFrom(...paths), value).map(([at, inner]) => withValue(example, at, inner)) });
      variants.push({ weight: 1, arbitrary: fc.constantFrom(...Object.keys(example)).map((key) => Object.fromEntries(Object.entries(example).filter(([k]) => k !== key))) });
    }
    return fc.oneof(...variants).map((object) => JSON.stringify(object));
  });
  const validBody = examples.length > 0 ? fc.constantFrom(...examples.map((example) => JSON.stringify(example))) : generated;
  const oddBody = fc.oneof(
    ...(examples.length > 0 ? [{ weight: 5, arbitrary: mutated }] : []),
    { weight: 3, arbitrary: generated },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_BODIES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

  const labels = Object.keys(options.authorizations);
  const validAuth = labels.length > 0 ? fc.constantFrom(...labels) : fc.constant('');
  const oddAuth = fc.constantFrom('', 'Bearer x.y.z', 'Bearer', 'Basic dXNlcjpwYXNz');
  const validHeaders = fc.constant({ contentType: 'application/json', contentEncoding: '', forwardedFor: '' });
  const oddHeaders = fc.record({
    contentType: fc.constantFrom(...CONTENT_TYPES),
    contentEncoding: fc.constantFrom('', 'gzip', 'br', 'deflate', 'identity', 'x-klingon'),
    forwardedFor: fc.option(fc.ipV4(), { nil: '' }),
  });
  const keys = options.queryKeys ?? [];
  const oddQuery = fc.oneof(
    fc.constantFrom(...ODD_QUERIES),
    ...(keys.length > 0 ? [fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(valid, text)), { minLength: 1, maxLength: 3 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeSegment(String(v))}`).join('&')}`)] : []),
  );

  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const faults: fc.WeightedArbitrary<Fault>[] = [
    { weight: 1, arbitrary: fc.constant('none') },
    { weight: names.length > 0 ? 3 : 0, arbitrary: fc.constant('path') },
    { weight: 1, arbitrary: fc.constant('auth') },
    { weight: hasBody ? 1 : 0, arbitrary: fc.constant('headers') },
    { weight: 1, arbitrary: fc.constant('query') },
    { weight: hasBody ? 5 : 0, arbitrary: fc.constant('body') },
  ];
  return fc.oneof(...faults.filter((fault) => fault.weight > 0)).chain((fault) =>
    fc
      .record({
        path: fault === 'path' ? oddPath : validPath,
        query: fault === 'query' ? oddQuery : fc.constant(''),
        auth: fault === 'auth' ? oddAuth : validAuth,
        headers: fault === 'headers' ? oddHeaders : validHeaders,
        body: !hasBody ? fc.constant(undefined) : fault === 'body' ? oddBody : validBody,
      })
      .map(({ path, query, auth, headers, body }) => {
        const out: Record<string, string> = {};
        if (auth) out.authorization = auth;
        if (body !== undefined) out['content-type'] = headers.contentType;
        if (body !== undefined && headers.contentEncoding) out['content-encoding'] = headers.contentEncoding;
        if (headers.forwardedFor) out['x-forwarded-for'] = headers.forwardedFor;
        return { path, query, headers: out, body };
      }),
  );
}

// Values that have broken ids and strings: each replaces each value of each example once.
const SWEEP_VALUES: Json[] = ['..', 'a/b', '__x__', '\ud800', 'x'.repeat(129), '', null];

/** Every example with one value replaced by one sweep value, sent by the example's user to known ids. */
function sweepRequests(route: RouteInfo, options: FuzzOptions): FuzzRequest[] {
  const examples = options.examples?.[`${route.method} ${route.path}`];
  if (!examples) return [];
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeSegment(examples.params?.[name] ?? options.params[name]?.[0] ?? 'x'));
  const authorization = examples.as ?? Object.keys(options.authorizations)[0] ?? '';
  return examples.bodies.flatMap((body) =>
    leafPaths(body).flatMap((at) =>
      SWEEP_VALUES.map((value) => ({ path, query: '', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(withValue(body, at, value)) })),
    ),
  );
}

type Listing = Map<string, string>;

/** Every document of the project (subcollections too) with its update time, in one kindless query. */
async function listDocuments(projectId: string): Promise<Listing> {
  const { firestore } = emulatorHosts();
  const root = `projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(`http://${firestore}/v1/${root}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }], select: { fields: [{ fieldPath: '__name__' }] } } }),
  });
  if (!response.ok) throw new Error(`Listing the documents of ${projectId} failed: ${response.status} ${await response.text()}`);
  const rows = (await response.json()) as { document?: { name: string; updateTime: string } }[];
  return new Map(rows.filter((row) => row.document).map((row) => [row.document!.name.slice(root.length + 1), row.document!.updateTime]));
}

async function readDocument(projectId: string, path: string): Promise<Record<string, unknown> | null> {
  const { firestore } = emulatorHosts();
  const response = await fetch(`http://${firestore}/v1/projects/${projectId}/databases/(default)/documents/${path}`, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) return null;
  return ((await response.json()) as { fields?: Record<string, unknown> }).fields ?? {};
}

function changesBetween(before: Listing, after: Listing): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const [path, time] of after) {
    const earlier = before.get(path);
    if (earlier === undefined) changes.push({ path, kind: 'created' });
    else if (earlier !== time) changes.push({ path, kind: 'updated' });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, kind: 'deleted' });
  return changes;
}

// Refusals of the service kit itself: they prove the guards ran, not the route.
// not_found is also the generic code of every 404 a route answers, so the
// kit's own 404s (an id no document can have, an unknown route) are told by
// their text, 'Not found: ...', below.
const KIT_CODES = new Set<string>(
  Object.values(REQUEST_ERROR_CODES).filter((code) => code !== REQUEST_ERROR_CODES.rateLimited && code !== REQUEST_ERROR_CODES.invalidId && code !== REQUEST_ERROR_CODES.notFound),
);

function reachedRoute(status: number, text: string): boolean {
  if (status === 404 && text.startsWith('{"error":"Not found: ')) return false;
  if (status < 400 || status >= 500) return true;
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code !== 'string' || !KIT_CODES.has(code);
  } catch {
    return true;
  }
}

/**
 * Drives every route with `casesPerRoute` generated requests, one after
 * another (so a 4xx's writes are its own). Throws on the first case that
 * breaks a property, with fast-check's seed and shrunk counterexample.
 */
export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzReport> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const statuses: Record<string, number> = {};
  const unreached: string[] = [];
  const unsupported: string[] = [];
  const byRoute: FuzzReport['byRoute'] = {};
  let cases = 0;
  await options.settle?.();
  let current = await listDocuments(options.projectId);
  let stale = false;

  for (const route of options.routes) {
    const label = `${route.method} ${route.path}`;
    // path-to-regexp 8 groups ({...}) and wildcards (*name), or app.all: no request shape to build.
    if (route.method === 'ALL' || !route.path.startsWith('/') || /[{}*()]/.test(route.path)) {
      unsupported.push(label);
      continue;
    }
    let reached = false;
    const routeOptions = options.refreshParams ? { ...options, params: { ...options.params, ...(await options.refreshParams()) } } : options;
    const sweep = sweepRequests(route, routeOptions);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route, routeOptions), async (request) => {
        if (stale) {
          await options.settle?.();
          current = await listDocuments(options.projectId);
          stale = false;
        }
        const url = `${options.baseUrl}${request.path}${request.query}`;
        const what = `${route.method} ${request.path.slice(0, 200)}${request.query}`;
        let response: Response;
        try {
          const auth = request.headers.authorization;
          const headers = auth && auth in options.authorizations ? { ...request.headers, authorization: options.authorizations[auth]! } : request.headers;
          response = await fetch(url, { method: route.method, headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        } catch (error) {
          throw new Error(`${what}: no answer within ${timeoutMs} ms (${String(error)})`);
        }
        // An event stream stays open while its run lives: the headers are the answer.
        const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
        const text = streaming ? (await response.body?.cancel(), '') : await response.text();
        cases++;
        const counts = (byRoute[label] ??= {});
        counts[response.status] = (counts[response.status] ?? 0) + 1;
        statuses[`${Math.floor(response.status / 100)}xx`] = (statuses[`${Math.floor(response.status / 100)}xx`] ?? 0) + 1;
        if (reachedRoute(response.status, text)) reached = true;
        if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
        if (response.status < 400) {
          stale = true;
          return;
        }
        const after = await listDocuments(options.projectId);
        const changes: DocumentChange[] = [];
        for (const change of changesBetween(current, after)) {
          if (!(await options.allowedOn4xx?.(change, response.status, (path) => readDocument(options.projectId, path)))) changes.push(change);
        }
        current = after;
        if (changes.length > 0) throw new Error(`${what} answered ${response.status} ${text.slice(0, 200)} yet changed Firestore: ${JSON.stringify(changes)}`);
      }),
      // fast-check runs the examples first, within numRuns.
      { numRuns: options.casesPerRoute + sweep.length, examples: sweep.map((request) => [request] as [FuzzRequest]), seed: options.seed, endOnFailure: false },
    );
    if (!reached) unreached.push(label);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  return { routes: options.routes.length - unsupported.length, cases, seconds, statuses, unreached, unsupported, byRoute };
}

/** The line a fuzz suite prints (and, with FUZZ_VERBOSE=1, one line per route). */
export function describeFuzzReport(service: string, report: FuzzReport): string {
  const perRoute = process.env.FUZZ_VERBOSE ? Object.entries(report.byRoute).map(([route, counts]) => `\n  ${route}: ${JSON.stringify(counts)}`).join('') : '';
  return `[fuzz] ${service}: ${report.routes} routes × ${Math.round(report.cases / Math.max(1, report.routes))} cases on average = ${report.cases} requests in ${report.seconds} s (${Object.entries(report.statuses)
    .sort()
    .map(([key, count]) => `${key} ${count}`)
    .join(', ')})${perRoute}`;
}
