// The one browser API client against a real loopback HTTP server (Node's own
// fetch, as the browser's would call it): headers, query, JSON bodies, and how
// each kind of failure becomes an ApiError.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient } from './apiClient';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[];

/** Each path answers what a service would: JSON, nothing, a refusal with or without `{error, code}`, or HTML. */
const ANSWERS: Record<string, { status: number; type?: string; body?: string }> = {
  '/ok': { status: 200, type: 'application/json', body: JSON.stringify({ hello: 'world' }) },
  '/empty': { status: 204 },
  '/refused': { status: 409, type: 'application/json', body: JSON.stringify({ error: 'Already a member', code: 'already-member' }) },
  '/refused-plain': { status: 403, type: 'application/json', body: JSON.stringify({ error: 'Forbidden' }) },
  '/blank-error': { status: 400, type: 'application/json', body: JSON.stringify({ error: '  ', code: '' }) },
  '/html': { status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = ANSWERS[new URL(request.url ?? '/', 'http://x').pathname] ?? { status: 404 };
      response.writeHead(answer.status, answer.type ? { 'Content-Type': answer.type } : {});
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  seen = [];
});

const signedIn = () => createApiClient({ baseUrl, getIdToken: async () => 'id-token-1' });

describe('createApiClient', () => {
  test('a GET carries the ID token and asks for JSON, leaves empty query values out, and resolves with the parsed answer', async () => {
    const api = signedIn();
    await expect(api('GET', '/ok', { query: { period: 'week', page: 2, all: true, none: undefined, nothing: null, blank: '' } })).resolves.toEqual({ hello: 'world' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/ok?period=week&page=2&all=true', body: '' });
    expect(seen[0]!.headers.authorization).toBe('Bearer id-token-1');
    expect(seen[0]!.headers.accept).toBe('application/json');
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  test('a body is sent as JSON; extra headers go along, but never replace the ID token', async () => {
    const api = signedIn();
    await api('POST', '/ok', { body: { feature: 'voice_command', amount: 1 }, headers: { 'Accept-Language': 'de', Authorization: 'Bearer forged' } });
    expect(seen[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ feature: 'voice_command', amount: 1 }) });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['accept-language']).toBe('de');
    expect(seen[0]!.headers.authorization).toBe('Bearer id-token-1');
  });

  test('an answer without a body (204) resolves with undefined', async () => {
    await expect(signedIn()('DELETE', '/empty')).resolves.toBeUndefined();
    expect(seen[0]!.method).toBe('DELETE');
  });

  test("a refusal rejects with an ApiError carrying the status, the service's stable code and its text", async () => {
    const failure = await signedIn()('PATCH', '/refused', { body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ name: 'ApiError', status: 409, code: 'already-member', message: 'Already a member', serverMessage: 'Already a member' });
  });

  test('a refusal without a code has code null', async () => {
    await expect(signedIn()('GET', '/refused-plain')).rejects.toMatchObject({ status: 403, code: null, message: 'Forbidden', serverMessage: 'Forbidden' });
  });

  test('a blank error text or code counts as none: the status line speaks', async () => {
    await expect(signedIn()('GET', '/blank-error')).rejects.toMatchObject({ status: 400, code: null, message: 'HTTP 400', serverMessage: null });
  });

  test('a refusal that is not JSON (a proxy page) keeps the status line', async () => {
    await expect(signedIn()('GET', '/html')).rejects.toMatchObject({ status: 502, code: null, message: 'HTTP 502', serverMessage: null });
  });

  test('signed out: rejects with 401 before calling the service', async () => {
    const api = createApiClient({ baseUrl, getIdToken: async () => null });
    await expect(api('GET', '/ok')).rejects.toMatchObject({ name: 'ApiError', status: 401, code: null, serverMessage: null });
    expect(seen).toHaveLength(0);
  });

  test('an unreachable service rejects with status 0 and the network error text', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getIdToken: async () => 'id-token-1' });
    const failure = await api('GET', '/ok').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: null, serverMessage: null, message: expect.stringContaining('fetch failed') });
  });

  test('an injected fetch is used instead of the global one; the global one is looked up at call time', async () => {
    const injected = jest.fn(async () => new Response(JSON.stringify([1]), { status: 200 }));
    await expect(createApiClient({ baseUrl: 'http://service.test', getIdToken: async () => 't', fetch: injected })('GET', '/list')).resolves.toEqual([1]);
    expect(injected).toHaveBeenCalledWith('http://service.test/list', expect.objectContaining({ method: 'GET' }));

    const api = createApiClient({ baseUrl: 'http://service.test', getIdToken: async () => 't' });
    const original = globalThis.fetch;
    const replaced = jest.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = replaced as unknown as typeof fetch;
    try {
      await api('POST', '/later');
    } finally {
      globalThis.fetch = original;
    }
    expect(replaced).toHaveBeenCalledTimes(1);
  });
});
