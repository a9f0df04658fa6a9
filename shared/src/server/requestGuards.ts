// What every service refuses before a route runs, so that no client input
// reaches code that can fault on it: path segments that do not decode (or
// are too long), JSON bodies that are too deep or hold lone surrogates, and
// the body parser's own refusals (an undecodable Content-Encoding...), each
// a 4xx `{ error, code }` naming the problem.
import type { Application, Request, RequestHandler } from 'express';
import { REQUEST_ERROR_CODES, type RequestErrorBody } from '../domain/validation/errorCodes.js';
import { cannotNameDocument, decodePathSegment, isWellFormedText, toWellFormedText } from '../domain/validation/ids.js';
import { describeJsonProblem, findJsonProblem } from '../domain/validation/json.js';
import { listRoutes, pathSegments, type RouteInfo } from './routeTable.js';

/** The largest JSON body a service reads (createServiceApp's default; its refusal names it). */
export const JSON_BODY_LIMIT = '100kb';

export interface ClientErrorAnswer {
  status: number;
  body: RequestErrorBody;
}

const patternsByApp = new WeakMap<Application, string[][]>();

function patternsOf(app: Application): string[][] {
  let patterns = patternsByApp.get(app);
  if (!patterns) {
    patterns = listRoutes(app).map((route: RouteInfo) => pathSegments(route.path));
    patternsByApp.set(app, patterns);
  }
  return patterns;
}

/** 'runId' when a route of the app has a parameter at that position, else 'path segment N'. */
export function nameOfSegment(app: Application | undefined, segments: readonly string[], index: number): string {
  const fallback = `path segment ${index + 1}`;
  if (!app) return fallback;
  for (const pattern of patternsOf(app)) {
    if (pattern.length !== segments.length) continue;
    const sameStatics = pattern.every((part, i) => part.startsWith(':') || i === index || part.toLowerCase() === segments[i]?.toLowerCase());
    const name = pattern[index];
    if (sameStatics && name?.startsWith(':')) return name.slice(1).replace(/\W.*$/, '');
  }
  return fallback;
}

/**
 * Every segment of the path must decode safely (see decodePathSegment): a
 * 400 `invalid_path_param` names the parameter otherwise. Runs before the
 * router, which would throw on '%ZZ' while matching. A segment that decodes
 * to what no document id can be ('..', 'a/b', '__x__') is a 404 `not_found`
 * for every route, so no route hands such a value to Firestore.
 */
export const pathGuard: RequestHandler = (req, res, next) => {
  const segments = pathSegments(req.path);
  for (let index = 0; index < segments.length; index++) {
    const result = decodePathSegment(segments[index]!);
    if (!result.ok) {
      const body: RequestErrorBody = { error: `${nameOfSegment(req.app, segments, index)} ${result.problem}`, code: REQUEST_ERROR_CODES.invalidPathParam };
      res.status(400).json(body);
      return;
    }
    if (cannotNameDocument(result.value)) {
      const body: RequestErrorBody = { error: `Not found: ${nameOfSegment(req.app, segments, index)} '${toWellFormedText(result.value)}' cannot name anything`, code: REQUEST_ERROR_CODES.notFound };
      res.status(404).json(body);
      return;
    }
  }
  next();
};

// Express 5's query parser yields strings and arrays of strings; 8 levels is ample.
const QUERY_DEPTH = 8;

function queryProblem(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  const problem = findJsonProblem(query, QUERY_DEPTH);
  if (!problem) return null;
  return `query parameter ${problem.path || '?'} ${problem.kind === 'depth' ? `is nested deeper than ${QUERY_DEPTH} levels` : 'is not well-formed Unicode'}`;
}

/**
 * A parsed JSON body at most MAX_JSON_DEPTH (32) deep with well-formed text in
 * every key and string, and a query string of well-formed text. Raw bodies
 * (a Buffer for a signed webhook) are the route's to check.
 */
export const bodyGuard: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const problem = findJsonProblem(body);
    if (problem) {
      const answer: RequestErrorBody = {
        error: describeJsonProblem(problem),
        code: problem.kind === 'depth' ? REQUEST_ERROR_CODES.bodyTooDeep : REQUEST_ERROR_CODES.invalidUnicode,
      };
      res.status(400).json(answer);
      return;
    }
  }
  const problem = queryProblem(req.query);
  if (problem) {
    res.status(400).json({ error: problem, code: REQUEST_ERROR_CODES.invalidUnicode } satisfies RequestErrorBody);
    return;
  }
  next();
};

interface HttpishError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
  encoding?: unknown;
  charset?: unknown;
}

function contentEncoding(req: Request): string {
  return (req.headers['content-encoding'] ?? 'identity').toLowerCase();
}

/**
 * The 4xx a failure of request handling deserves, or null for a genuine
 * server fault. Covers body-parser's errors (size, JSON, charset, encoding,
 * a body that does not decode with its Content-Encoding), the router's
 * URIError for a parameter it cannot decode, and any other error that
 * carries an exposed 4xx status (http-errors).
 */
export function clientErrorFor(error: unknown, req: Request, bodyLimit: string): ClientErrorAnswer | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as HttpishError;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
  const answer = (code: RequestErrorBody['code'], message: string, answerStatus = status ?? 400): ClientErrorAnswer => ({ status: answerStatus, body: { error: message, code } });
  switch (e.type) {
    case 'entity.too.large':
      return answer(REQUEST_ERROR_CODES.bodyTooLarge, `Request body exceeds the ${bodyLimit} limit`, 413);
    case 'entity.parse.failed':
      return answer(REQUEST_ERROR_CODES.malformedJson, 'Malformed JSON body', 400);
    case 'charset.unsupported':
      return answer(REQUEST_ERROR_CODES.unsupportedCharset, 'Unsupported body encoding or charset', 415);
    case 'encoding.unsupported':
      return answer(REQUEST_ERROR_CODES.unsupportedContentEncoding, `Unsupported Content-Encoding '${contentEncoding(req)}': send the body as identity, gzip, deflate or br`, 415);
    default:
      break;
  }
  if (status === null || status < 400 || status > 499) return null;
  if (error instanceof URIError) return answer(REQUEST_ERROR_CODES.invalidPathParam, 'Malformed URL: a path segment is not valid percent-encoding', 400);
  // body-parser passes the decompressor's failure on as a bare 400.
  if (status === 400 && e.type === undefined && contentEncoding(req) !== 'identity') {
    return answer(REQUEST_ERROR_CODES.invalidBodyEncoding, `The body is not valid ${contentEncoding(req)} data, as its Content-Encoding says`, 400);
  }
  const message = e.expose !== false && typeof e.message === 'string' && e.message && isWellFormedText(e.message) ? e.message : 'Bad request';
  return answer(REQUEST_ERROR_CODES.badRequest, message);
}
