import { MODEL_CALL_LIMITS, guardedFetch, modelCallPolicy } from './guardedFetch';
import { BlockedAddressError, type SafeFetchPolicy } from './safeFetch';
import { startRecordingServer, type RecordingServer, type SeenRequest } from '../testing/upstream';

const closed: SafeFetchPolicy = { allowPrivateNetworks: false, timeoutMs: 2000, maxResponseBytes: 1_000_000 };
const loopbackOnly: SafeFetchPolicy = { ...closed, allowedRanges: ['127.0.0.1/32'] };

let server: RecordingServer;
let base: string;
let seen: SeenRequest[];

beforeAll(async () => {
  server = await startRecordingServer((req, res, body) => {
    if (req.url === '/empty') {
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 1000);
      return;
    }
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
    res.end(JSON.stringify({ echo: body.length > 0 ? JSON.parse(body) : null, note: 'héllo' }));
  });
  base = server.url;
  seen = server.seen;
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
});

describe('guardedFetch', () => {
  it('sends the method, headers and body, and returns status, headers and the UTF-8 body as a Response', async () => {
    const fetch = guardedFetch(loopbackOnly);
    const response = await fetch(`${base}/v1/things`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(await response.json()).toEqual({ echo: { a: 1 }, note: 'héllo' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/things', body: '{"a":1}' });
    expect(seen[0]!.headers.authorization).toBe('Bearer k');
  });

  it('accepts a Request and a Headers object, and passes error statuses through', async () => {
    const fetch = guardedFetch(loopbackOnly);
    const response = await fetch(new Request(`${base}/missing`, { headers: new Headers({ 'x-a': '1' }) }));
    expect(response.status).toBe(404);
    expect(seen[0]!.headers['x-a']).toBe('1');
  });

  it('returns a body-less Response for 204', async () => {
    const response = await guardedFetch(loopbackOnly)(`${base}/empty`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('refuses loopback under a closed policy before any connection', async () => {
    await expect(guardedFetch(closed)(`${base}/v1/things`)).rejects.toBeInstanceOf(BlockedAddressError);
    expect(seen).toHaveLength(0);
  });

  it('refuses the cloud metadata address at once', async () => {
    const started = Date.now();
    await expect(guardedFetch(loopbackOnly)('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(/link-local/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("rejects with the caller's abort reason", async () => {
    const controller = new AbortController();
    const pending = guardedFetch(loopbackOnly)(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('modelCallPolicy', () => {
  test('keeps the address rules and raises the time and size limits to the model-call floors, never lowering them', () => {
    const strict = { allowPrivateNetworks: false, allowedRanges: ['10.1.2.0/24'], timeoutMs: 10_000, maxResponseBytes: 1_000_000 };
    expect(modelCallPolicy(strict)).toEqual({ allowPrivateNetworks: false, allowedRanges: ['10.1.2.0/24'], timeoutMs: MODEL_CALL_LIMITS.timeoutMs, maxResponseBytes: MODEL_CALL_LIMITS.maxResponseBytes });
    const generous = { allowPrivateNetworks: true, timeoutMs: 600_000, maxResponseBytes: 50_000_000 };
    expect(modelCallPolicy(generous)).toEqual(generous);
  });
});
