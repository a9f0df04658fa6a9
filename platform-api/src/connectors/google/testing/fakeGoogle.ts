// A fake of Google's REST APIs on 127.0.0.1 (test code): Gmail
// (/gmail/v1), Sheets (/v4/spreadsheets) and Calendar (/calendar/v3) on one
// port, as a Google account reached with one OAuth token would. It accepts
// only access tokens a test granted (others: 401 UNAUTHENTICATED, as Google
// answers an expired token), can answer 429 RESOURCE_EXHAUSTED with a
// Retry-After for the next requests, records every request, and keeps the
// state a test reads: sent mail (decoded), sheets as arrays, events.
import type http from 'node:http';
import { startUpstream, type Upstream } from '../../../testing/upstream.js';
import { FakeGmail } from './fakeGmail.js';
import { FakeSheets } from './fakeSheets.js';
import { FakeCalendar } from './fakeCalendar.js';
import { googleError, type FakeReply, type FakeRequest } from './wire.js';

export interface SeenGoogleRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The Bearer token the request carried ('' without one). */
  token: string;
  body: unknown;
}

export interface FakeGoogle extends Upstream {
  /** Base URL of the Calendar API (the connector's base URL includes /calendar/v3). */
  calendarUrl: string;
  gmail: FakeGmail;
  sheets: FakeSheets;
  calendar: FakeCalendar;
  /** Every request so far, in arrival order. */
  requests: SeenGoogleRequest[];
  /** Accept this access token from now on. */
  grant(token: string): void;
  /** Stop accepting it (as when it expires): its requests get 401. */
  revoke(token: string): void;
  /** The next `count` requests get 429 RESOURCE_EXHAUSTED with Retry-After: `seconds`. */
  rateLimitNext(count: number, seconds: number): void;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const tokens = new Set<string>();
  const requests: SeenGoogleRequest[] = [];
  const gmail = new FakeGmail();
  const sheets = new FakeSheets();
  const calendar = new FakeCalendar();
  let limited = 0;
  let limitSeconds = 1;

  const route = async (request: FakeRequest, token: string): Promise<FakeReply> => {
    if (limited > 0) {
      limited--;
      return { ...googleError(429, 'Quota exceeded for quota metric \'Requests\' and limit \'Requests per minute per user\'.', 'rateLimitExceeded'), headers: { 'Retry-After': String(limitSeconds) } };
    }
    if (!tokens.has(token)) {
      return {
        ...googleError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.', 'authError'),
        headers: { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      };
    }
    if (request.rawPath.startsWith('/gmail/v1/users/me/')) return gmail.handle(request);
    if (request.rawPath.startsWith('/v4/spreadsheets/')) return sheets.handle(request);
    if (request.rawPath.startsWith('/calendar/v3/')) return calendar.handle(request);
    return googleError(404, `The requested URL ${request.rawPath} was not found on this server.`, 'notFound');
  };

  const upstream = await startUpstream((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.google');
      const text = await readBody(req);
      const auth = req.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
      let body: unknown;
      try {
        body = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch (error) {
        body = text;
        requests.push({ method: req.method ?? '', url: req.url ?? '', token, body });
        res.writeHead(400, { 'Content-Type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(googleError(400, `Invalid JSON payload received. ${(error as Error).message}`).body));
        return;
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', token, body });
      const reply = await route({ method: req.method ?? 'GET', rawPath: url.pathname, query: url.searchParams, body }, token);
      res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=UTF-8', ...reply.headers });
      res.end(JSON.stringify(reply.body));
    })().catch((error: unknown) => {
      // A fault of the fake itself: a 500 the test sees, not a hung request.
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  });

  return {
    ...upstream,
    calendarUrl: `${upstream.url}/calendar/v3`,
    gmail,
    sheets,
    calendar,
    requests,
    grant: (token) => void tokens.add(token),
    revoke: (token) => void tokens.delete(token),
    rateLimitNext: (count, seconds) => {
      limited = count;
      limitSeconds = seconds;
    },
  };
}
