import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockedAddressError, FetchTimeoutError, ResponseTooLargeError } from './safeFetch';
import { streamingGuardedFetch } from './streamingFetch';

const closed = { allowPrivateNetworks: false };
// The test server is on loopback: allowed by range, as an internal MCP server would be.
const loopbackOnly = { allowPrivateNetworks: false, allowedRanges: ['127.0.0.1/32'] };
const limits = { connectTimeoutMs: 2000, maxResponseBytes: 10_000 };

let server: http.Server;
let base: string;
let port: number;
let requests = 0;
/** Resolves the pending /events stream's next event. */
let sendEvent: ((data: string) => void) | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      sendEvent = (data) => res.write(`data: ${data}\n\n`);
      return;
    }
    if (req.url === '/silent') return; // never answers
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 20; i++) res.write('x'.repeat(1000));
      res.end();
      return;
    }
    if (req.url === '/to-other-loopback') {
      res.writeHead(302, { location: `http://127.0.0.2:${port}/echo` }).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = 0;
});

describe('streamingGuardedFetch', () => {
  it('sends the method, headers and body, and answers a Response', async () => {
    const response = await streamingGuardedFetch(loopbackOnly, limits)(`${base}/echo`, { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer t' });
  });

  it('delivers a stream incrementally: the first event is read while the server still holds the answer open', async () => {
    const response = await streamingGuardedFetch(loopbackOnly, limits)(`${base}/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    sendEvent!('one');
    expect(decoder.decode((await reader.read()).value)).toBe('data: one\n\n');
    sendEvent!('two');
    expect(decoder.decode((await reader.read()).value)).toBe('data: two\n\n');
    await reader.cancel();
  });

  it('refuses a private (loopback) address when private networks are not allowed, before connecting', async () => {
    await expect(streamingGuardedFetch(closed, limits)(`${base}/echo`)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(streamingGuardedFetch(closed, limits)('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(/link-local/);
    expect(requests).toBe(0);
  });

  it('refuses a DNS name that resolves to a private address, and a redirect to a refused address', async () => {
    const error = await streamingGuardedFetch(closed, limits)(`http://localhost:${port}/echo`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toMatch(/Refused to connect to (127\.0\.0\.1|::1) \(localhost\)/);
    expect(requests).toBe(0);
    // A redirect is checked again: 127.0.0.1 is allowed, 127.0.0.2 is not.
    await expect(streamingGuardedFetch(loopbackOnly, limits)(`${base}/to-other-loopback`)).rejects.toThrow(/Refused to connect to 127\.0\.0\.2: loopback/);
    expect(requests).toBe(1);
  });

  it('times out when the headers do not come within the connect timeout', async () => {
    await expect(streamingGuardedFetch(loopbackOnly, { ...limits, connectTimeoutMs: 150 })(`${base}/silent`)).rejects.toBeInstanceOf(FetchTimeoutError);
  });

  it('errors the stream past the byte cap', async () => {
    const response = await streamingGuardedFetch(loopbackOnly, limits)(`${base}/big`);
    await expect(response.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
