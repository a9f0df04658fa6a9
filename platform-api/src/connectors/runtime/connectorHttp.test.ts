// ConnectorHttp against a recording server: Retry-After waits (seconds and
// dates) for 429/503, transient after the last wait, OAuth tokens refreshed
// before they expire and once on a 401, plain-words refusals, and the
// private-address guard on every request.
import { connectorOf } from '@agentflow/shared/workflow';

const hubspot = connectorOf('hubspot')!;
import { ALLOW_LOCAL, DENY_LOCAL } from '../../testing/runsHarness';
import { startRecordingServer, type RecordingServer } from '../../testing/upstream';
import type { OpenedCredential } from '../../credentials/index';
import { ConnectorHttp, MAX_WAITS, retryAfterMs } from './connectorHttp';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from './errors';
import type { ConnectorExecutor } from './types';

const executor: ConnectorExecutor = {
  id: 'hubspot',
  auth: (credential) => ({ headers: { Authorization: `Bearer ${credential.secrets.token}` } }),
  errorMessage: (_status, body) => ((body as { message?: string } | null)?.message ?? null),
  operations: {},
};

let server: RecordingServer;
let replies: { status: number; body?: unknown; headers?: Record<string, string> }[] = [];

beforeAll(async () => {
  server = await startRecordingServer((_req, res) => {
    const reply = replies.shift() ?? { status: 200, body: { ok: true } };
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  replies = [];
});

const token: OpenedCredential = { id: 'c1', type: 'hubspotToken', settings: {}, secrets: { token: 'pat-secret-1' } };
const oauth = (expiresAt: string): OpenedCredential => ({ id: 'c2', type: 'hubspotOAuth', settings: { expiresAt }, secrets: { accessToken: 'old-access', refreshToken: 'refresh-1' } });

function client(credential: OpenedCredential | null, extra: Partial<ConstructorParameters<typeof ConnectorHttp>[0]> = {}) {
  const waits: number[] = [];
  const http = new ConnectorHttp({
    connector: hubspot,
    executor,
    baseUrl: server.url,
    credential,
    policy: ALLOW_LOCAL,
    signal: new AbortController().signal,
    wait: async (ms) => void waits.push(ms),
    ...extra,
  });
  return { http, waits };
}

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs(new Date(10_000 + 3000).toUTCString(), 10_000)).toBe(3000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

it('signs requests with the credential and sends JSON', async () => {
  const { http } = client(token);
  const response = await http.request({ method: 'POST', path: '/crm/v3/objects/deals', json: { properties: { dealname: 'A' } }, query: { archived: false } });
  expect(response).toMatchObject({ status: 200, data: { ok: true } });
  expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/crm/v3/objects/deals?archived=false', body: '{"properties":{"dealname":"A"}}' });
  expect(server.seen[0]!.headers.authorization).toBe('Bearer pat-secret-1');
});

it('waits as long as a 429 asks (Retry-After) and tries again', async () => {
  replies = [{ status: 429, headers: { 'Retry-After': '2' }, body: { message: 'You have reached your secondly limit.' } }, { status: 200, body: { id: '1' } }];
  const { http, waits } = client(token);
  expect((await http.request({ method: 'GET', path: '/x' })).data).toEqual({ id: '1' });
  expect(waits).toEqual([2000]);
  expect(server.seen).toHaveLength(2);
});

it('gives up as transient after its waits, and at once when asked to wait too long', async () => {
  replies = Array.from({ length: MAX_WAITS + 1 }, () => ({ status: 503, body: { message: 'down for maintenance' } }));
  const { http, waits } = client(token);
  const error = await http.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConnectorBusyError);
  expect((error as Error).message).toBe('HubSpot is unavailable (HTTP 503): down for maintenance');
  expect(waits).toEqual([1000, 2000, 4000]);
  replies = [{ status: 429, headers: { 'Retry-After': '3600' } }];
  const long = client(token);
  await expect(long.http.request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(ConnectorBusyError);
  expect(long.waits).toEqual([]);
});

it('quotes the provider on a refusal, and asks to reconnect on a 401 it cannot refresh', async () => {
  replies = [{ status: 400, body: { status: 'error', message: 'Property values were not valid: amount' } }];
  const refused = await client(token).http.request({ method: 'POST', path: '/x', json: {} }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ConnectorRequestError);
  expect((refused as Error).message).toBe('HubSpot refused the request: Property values were not valid: amount (HTTP 400)');
  replies = [{ status: 401, body: { message: 'Authentication credentials not found.' } }];
  const auth = await client(token).http.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
  expect(auth).toBeInstanceOf(ConnectorAuthError);
  expect((auth as Error).message).toContain('reconnect it');
  expect((auth as Error).message).not.toContain('pat-secret-1');
});

it('refreshes an OAuth token that is about to expire before calling, and once on a 401', async () => {
  const refreshed: string[] = [];
  const refresh = async (credential: OpenedCredential) => {
    refreshed.push(credential.secrets.accessToken!);
    return { ...credential, settings: { expiresAt: new Date(Date.now() + 3600_000).toISOString() }, secrets: { ...credential.secrets, accessToken: `new-${refreshed.length}` } };
  };
  const soon = client(oauth(new Date(Date.now() + 30_000).toISOString()), { refresh });
  await soon.http.request({ method: 'GET', path: '/x' });
  expect(refreshed).toEqual(['old-access']);
  expect(server.seen[0]!.headers.authorization).toBe('Bearer new-1');

  server.seen.length = 0;
  replies = [{ status: 401, body: { message: 'expired' } }, { status: 200, body: {} }];
  const later = client(oauth(new Date(Date.now() + 3600_000).toISOString()), { refresh });
  await later.http.request({ method: 'GET', path: '/x' });
  expect(server.seen.map((s) => s.headers.authorization)).toEqual(['Bearer old-access', 'Bearer new-2']);
  expect(later.http.secrets).toContain('new-2');

  // A second 401 after the refresh: reconnect, no loop.
  server.seen.length = 0;
  replies = [{ status: 401 }, { status: 401 }];
  await expect(client(oauth(new Date(Date.now() + 3600_000).toISOString()), { refresh }).http.request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(ConnectorAuthError);
  expect(server.seen).toHaveLength(2);
});

it('never reaches a private address unless the deployment allows it', async () => {
  const { http } = client(token, { policy: DENY_LOCAL });
  await expect(http.request({ method: 'GET', path: '/x' })).rejects.toThrow(/Refused to connect to 127\.0\.0\.1/);
  expect(server.seen).toHaveLength(0);
});
