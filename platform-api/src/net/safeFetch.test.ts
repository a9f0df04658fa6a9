// safeFetch against real loopback servers. Refusals must happen before any
// connection: the "blocked" cases point at addresses where nothing listens
// (or that are not routable here), so a request that slipped through would
// fail with a connection error instead of BlockedAddressError.
import {
  BlockedAddressError,
  FetchTimeoutError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnsupportedUrlError,
  addressRange,
  fetchPolicyFromEnv,
  safeFetch,
  type SafeFetchPolicy,
} from './safeFetch';
import { startRecordingServer, type RecordingServer, type SeenRequest } from '../testing/upstream';

const closed: SafeFetchPolicy = { allowPrivateNetworks: false, timeoutMs: 2000, maxResponseBytes: 1_000_000 };
const open: SafeFetchPolicy = { ...closed, allowPrivateNetworks: true };
/** Only this machine's IPv4 loopback, so a redirect elsewhere is still checked. */
const loopbackOnly: SafeFetchPolicy = { ...closed, allowedRanges: ['127.0.0.1/32'] };

let server: RecordingServer;
let base: string;
let port: number;
let seen: SeenRequest[];

beforeAll(async () => {
  // Dual-stack, so 127.0.0.1, 127.0.0.2 (another origin) and localhost (whichever family it resolves to) all reach it.
  // (A host without IPv6 falls back to every IPv4 address.)
  server = await startRecordingServer(
    (req, res, body) => {
      const url = new URL(req.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/hello':
          res.setHeader('x-test', ['a', 'b']);
          res.end('hello world');
          return;
        case '/echo':
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ method: req.method, body, contentType: req.headers['content-type'] ?? null }));
          return;
        case '/redirect':
          res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/hello' });
          res.end();
          return;
        case '/loop':
          res.writeHead(302, { location: '/loop' });
          res.end();
          return;
        case '/big': {
          // Chunked, no content-length: the limit must hold while streaming.
          const chunk = 'x'.repeat(1000);
          let sent = 0;
          const write = () => {
            while (sent < 50) {
              sent++;
              if (!res.write(chunk)) return void res.once('drain', write);
            }
            res.end();
          };
          write();
          return;
        }
        case '/declared-big':
          res.setHeader('content-length', '5000');
          res.end('y'.repeat(5000));
          return;
        case '/slow':
          // Never answers; the client's timeout must end it.
          return;
        default:
          res.statusCode = 404;
          res.end('not found');
      }
    },
    { dualStack: true },
  );
  ({ port, seen, url: base } = server);
});

afterAll(() => server.close());

beforeEach(() => {
  seen.length = 0;
});

describe('refused addresses (allowPrivateNetworks false)', () => {
  it.each([
    ['http://169.254.169.254/', '169.254.169.254'],
    ['http://169.254.169.254/latest/meta-data/iam/', '169.254.169.254'],
    ['http://127.0.0.1', '127.0.0.1'],
    ['http://127.0.0.1:1/', '127.0.0.1'],
    ['http://[::1]/', '::1'],
    ['http://10.0.0.1/', '10.0.0.1'],
    ['http://192.168.1.1/', '192.168.1.1'],
    ['http://172.16.0.1/', '172.16.0.1'],
    ['http://0.0.0.0/', '0.0.0.0'],
    ['http://[fd00::1]/', 'fd00::1'],
    ['http://[fe80::1]/', 'fe80::1'],
    ['http://224.0.0.1/', '224.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    // Decimal and hex forms are normalised by the URL parser to 127.0.0.1.
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
  ])('%s', async (url, address) => {
    const error = await safeFetch({ method: 'GET', url }, closed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toContain(`Refused to connect to ${address}`);
  });

  it('refuses a host name that resolves to a loopback address (localhost), naming the address', async () => {
    const error = await safeFetch({ method: 'GET', url: `http://localhost:${port}/hello` }, closed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toMatch(/Refused to connect to (127\.0\.0\.1|::1) \(localhost\): loopback addresses are not allowed/);
    expect(seen).toHaveLength(0);
  });

  it('the metadata address is named as link-local', async () => {
    await expect(safeFetch({ method: 'GET', url: 'http://169.254.169.254/' }, closed)).rejects.toThrow(
      'Refused to connect to 169.254.169.254: link-local (including cloud metadata) addresses are not allowed',
    );
  });

  it('refuses a redirect to a private address, even from an allowed server', async () => {
    const to = encodeURIComponent('http://10.0.0.1/admin');
    const error = await safeFetch({ method: 'GET', url: `${base}/redirect?to=${to}` }, loopbackOnly).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toContain('10.0.0.1');
    expect(seen.map((s) => s.url)).toEqual([`/redirect?to=${to}`]);
  });

  it('refuses a redirect to a host name that resolves to loopback', async () => {
    const to = encodeURIComponent(`http://localhost:${port}/hello`);
    // Only 127.0.0.2 is allowed: the first hop passes, localhost (127.0.0.1 or ::1) does not.
    const policy: SafeFetchPolicy = { ...closed, allowedRanges: ['127.0.0.2/32'] };
    const error = await safeFetch({ method: 'GET', url: `http://127.0.0.2:${port}/redirect?to=${to}` }, policy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toMatch(/Refused to connect to (127\.0\.0\.1|::1) \(localhost\)/);
    expect(seen).toHaveLength(1);
  });

  it('refuses a redirect to the metadata address', async () => {
    const to = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    await expect(safeFetch({ method: 'GET', url: `${base}/redirect?to=${to}&status=307` }, loopbackOnly)).rejects.toBeInstanceOf(BlockedAddressError);
  });
});

describe('refused URLs', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/file', 'gopher://127.0.0.1:70/', 'javascript:alert(1)', 'data:text/plain,hi', 'not a url', ''])('%s', async (url) => {
    const error = await safeFetch({ method: 'GET', url }, open).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedUrlError);
  });

  it('names the scheme it refuses', async () => {
    await expect(safeFetch({ method: 'GET', url: 'file:///etc/passwd' }, open)).rejects.toThrow('Only http and https URLs are allowed, not file');
  });

  it('refuses URLs with credentials', async () => {
    await expect(safeFetch({ method: 'GET', url: `http://user:pass@127.0.0.1:${port}/hello` }, open)).rejects.toThrow('URLs with credentials in them are not allowed');
  });

  it('refuses a redirect to a file: URL', async () => {
    const to = encodeURIComponent('file:///etc/passwd');
    await expect(safeFetch({ method: 'GET', url: `${base}/redirect?to=${to}` }, open)).rejects.toThrow('Redirect refused: Only http and https URLs are allowed, not file');
  });
});

describe('allowed requests', () => {
  it('fetches from loopback when the policy allows private networks', async () => {
    const response = await safeFetch({ method: 'GET', url: `${base}/hello` }, open);
    expect(response).toEqual({ status: 200, headers: expect.objectContaining({ 'x-test': 'a, b' }), body: 'hello world', bytes: 11 });
  });

  it('fetches through a host name (localhost) when allowed', async () => {
    const response = await safeFetch({ method: 'GET', url: `http://localhost:${port}/hello` }, open);
    expect(response.body).toBe('hello world');
  });

  it('allows an address inside allowedRanges without opening every private network', async () => {
    const response = await safeFetch({ method: 'GET', url: `${base}/hello` }, loopbackOnly);
    expect(response.body).toBe('hello world');
    await expect(safeFetch({ method: 'GET', url: 'http://10.0.0.1/' }, loopbackOnly)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('sends the method, headers and body', async () => {
    const response = await safeFetch({ method: 'post', url: `${base}/echo`, headers: { 'Content-Type': 'application/json', 'X-Custom': 'yes' }, body: '{"a":"é"}' }, open);
    expect(JSON.parse(response.body)).toEqual({ method: 'POST', body: '{"a":"é"}', contentType: 'application/json' });
    expect(seen[0]!.headers['x-custom']).toBe('yes');
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength('{"a":"é"}')));
  });

  it('returns error statuses as responses', async () => {
    const response = await safeFetch({ method: 'GET', url: `${base}/missing` }, open);
    expect(response.status).toBe(404);
    expect(response.body).toBe('not found');
  });

  it('follows redirects, and a 303 after a POST continues as a GET without the body', async () => {
    const response = await safeFetch({ method: 'POST', url: `${base}/redirect?status=303&to=%2Fecho`, headers: { 'content-type': 'text/plain' }, body: 'payload' }, open);
    expect(JSON.parse(response.body)).toEqual({ method: 'GET', body: '', contentType: null });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'GET']);
  });

  it('a 307 keeps the method and body', async () => {
    const response = await safeFetch({ method: 'PUT', url: `${base}/redirect?status=307&to=%2Fecho`, body: 'same' }, open);
    expect(JSON.parse(response.body)).toMatchObject({ method: 'PUT', body: 'same' });
  });

  it('drops credentials on a redirect to another origin, keeps them on the same origin', async () => {
    const other = encodeURIComponent(`http://127.0.0.2:${port}/hello`);
    const response = await safeFetch({ method: 'GET', url: `${base}/redirect?to=${other}`, headers: { Authorization: 'Bearer secret', 'X-Keep': '1' } }, open);
    expect(response.body).toBe('hello world');
    expect(seen[0]!.headers.authorization).toBe('Bearer secret');
    expect(seen[1]!.headers.authorization).toBeUndefined();
    expect(seen[1]!.headers['x-keep']).toBe('1');
    seen.length = 0;
    await safeFetch({ method: 'GET', url: `${base}/redirect?to=%2Fhello`, headers: { Authorization: 'Bearer secret' } }, open);
    expect(seen[1]!.headers.authorization).toBe('Bearer secret');
  });

  it('stops after 5 redirects', async () => {
    await expect(safeFetch({ method: 'GET', url: `${base}/loop` }, open)).rejects.toBeInstanceOf(TooManyRedirectsError);
    expect(seen).toHaveLength(6);
  });
});

describe('limits', () => {
  it('stops reading past maxResponseBytes while streaming', async () => {
    const error = await safeFetch({ method: 'GET', url: `${base}/big` }, { ...open, maxResponseBytes: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe('The response is larger than the limit of 10000 bytes');
  });

  it('refuses a declared content-length over the limit', async () => {
    await expect(safeFetch({ method: 'GET', url: `${base}/declared-big` }, { ...open, maxResponseBytes: 4999 })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('a response exactly at the limit is fine', async () => {
    const response = await safeFetch({ method: 'GET', url: `${base}/declared-big` }, { ...open, maxResponseBytes: 5000 });
    expect(response.bytes).toBe(5000);
  });

  it('times out', async () => {
    const started = Date.now();
    const error = await safeFetch({ method: 'GET', url: `${base}/slow` }, { ...open, timeoutMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchTimeoutError);
    expect((error as Error).message).toBe('The request timed out after 150 ms');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("the caller's signal cancels with its own reason", async () => {
    const controller = new AbortController();
    const pending = safeFetch({ method: 'GET', url: `${base}/slow`, signal: controller.signal }, open);
    setTimeout(() => controller.abort(new Error('run canceled')), 50);
    await expect(pending).rejects.toThrow('run canceled');
  });
});

describe('addressRange', () => {
  it('classifies addresses with ipaddr.js, mapped IPv6 as its IPv4', () => {
    expect(addressRange('8.8.8.8')).toBe('unicast');
    expect(addressRange('2606:4700:4700::1111')).toBe('unicast');
    expect(addressRange('::ffff:10.0.0.1')).toBe('private');
    expect(addressRange('100.64.0.1')).toBe('carrierGradeNat');
    expect(addressRange('nonsense')).toBe('invalid');
  });
});

describe('fetchPolicyFromEnv', () => {
  it('defaults: private networks refused, 10 s, 1 MB', () => {
    expect(fetchPolicyFromEnv({})).toEqual({ allowPrivateNetworks: false, timeoutMs: 10_000, maxResponseBytes: 1_000_000 });
  });

  it('reads the variables', () => {
    expect(
      fetchPolicyFromEnv({ HTTP_ALLOW_PRIVATE_NETWORKS: 'true', HTTP_TIMEOUT_MS: '2500', HTTP_MAX_RESPONSE_BYTES: '2048', HTTP_ALLOWED_RANGES: '10.1.2.0/24, fd00::/8' }),
    ).toEqual({ allowPrivateNetworks: true, timeoutMs: 2500, maxResponseBytes: 2048, allowedRanges: ['10.1.2.0/24', 'fd00::/8'] });
  });

  it('rejects malformed values, naming the variable', () => {
    expect(() => fetchPolicyFromEnv({ HTTP_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow('HTTP_ALLOW_PRIVATE_NETWORKS');
    expect(() => fetchPolicyFromEnv({ HTTP_TIMEOUT_MS: '-1' })).toThrow('HTTP_TIMEOUT_MS');
    expect(() => fetchPolicyFromEnv({ HTTP_TIMEOUT_MS: 'soon' })).toThrow('HTTP_TIMEOUT_MS');
    expect(() => fetchPolicyFromEnv({ HTTP_ALLOWED_RANGES: '10.1.2.0' })).toThrow('HTTP_ALLOWED_RANGES');
  });
});
