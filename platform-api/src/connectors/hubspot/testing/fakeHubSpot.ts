// A fake of HubSpot's CRM v3 objects API for tests (never shipped: testing/
// is excluded from the service build). A real HTTP server on 127.0.0.1 that
// speaks HubSpot's wire format, so the unchanged executor reaches it through
// the connector's base URL: create / update / search of contacts, companies
// and deals (hubspotObjects.ts), the v4 default association, Bearer auth
// against the tokens it was granted or the fake OAuth server issued, and
// HubSpot's error bodies ({status:'error', message, correlationId, category}).
// Tests read its state, script rate limits with failNext, and move a deal's
// last-modified time with touch (the dealChanged trigger).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HubSpotError, HubSpotObjects, OBJECT_TYPES, validationError, wire, type HubSpotObjectType, type HubSpotRecord, type SearchRequest } from './hubspotObjects.js';

export type { HubSpotAssociation, HubSpotObjectType, HubSpotRecord } from './hubspotObjects.js';

export interface FakeHubSpotOptions {
  /** A fixed port (an e2e stack); default: any free one. */
  port?: number;
  host?: string;
  /** Also accept the access tokens this says are valid (the fake OAuth server's isValid: one registry for both fakes). */
  tokens?: (accessToken: string) => boolean;
  /** The clock of records' dates (default Date.now). */
  now?: () => number;
}

export interface FakeHubSpotRequest {
  method: string;
  path: string;
  /** The Authorization header as sent (null: none). */
  authorization: string | null;
  body: unknown;
}

export interface FakeFailure {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  message?: string;
}

export interface FakeHubSpot {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  contacts: HubSpotRecord[];
  companies: HubSpotRecord[];
  deals: HubSpotRecord[];
  /** Every request in arrival order. */
  requests: FakeHubSpotRequest[];
  /** Accept this access token (a private app token) from now on. */
  grant(token: string): void;
  /** Stop accepting a token (a revoked private app token). */
  revoke(token: string): void;
  /** The next `count` requests answer with this failure (e.g. 429 with Retry-After). */
  failNext(count: number, failure: FakeFailure): void;
  /** Changes a deal as if someone edited it in HubSpot: new properties (unchecked) and a new hs_lastmodifieddate. */
  touch(dealId: string, properties?: Record<string, string>): HubSpotRecord;
  /** Adds a record directly (test setup), checked as a create would be. */
  seed(type: HubSpotObjectType, properties: Record<string, string>): HubSpotRecord;
  close(): Promise<void>;
}

/** GET /account-info/v3/details as HubSpot answers it. */
export const FAKE_HUBSPOT_ACCOUNT = {
  portalId: 62515,
  accountType: 'STANDARD',
  timeZone: 'US/Eastern',
  companyCurrency: 'USD',
  additionalCurrencies: [],
  utcOffset: '-05:00',
  utcOffsetMilliseconds: -18_000_000,
  uiDomain: 'app.hubspot.com',
  dataHostingLocation: 'na1',
} as const;

const RATE_LIMIT_BODY = { errorType: 'RATE_LIMIT', policyName: 'SECONDLY' };

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { 'Content-Type': 'application/json;charset=utf-8' } : {}), ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object of a request, refused as HubSpot refuses it (415 without JSON, 400 for bad JSON or unknown fields). */
function parseJson(req: IncomingMessage, text: string, allowed: readonly string[]): Record<string, unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!type.includes('application/json')) throw new HubSpotError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content type '${type || 'none'}' not supported`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw validationError(`Invalid input JSON on line 1: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw validationError('Invalid input JSON: expected an object');
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown) throw validationError(`Invalid input JSON on line 1: Unrecognized field "${unknown}"`);
  return value as Record<string, unknown>;
}

const isType = (value: string | undefined): value is HubSpotObjectType => OBJECT_TYPES.includes(value as HubSpotObjectType);

export async function startFakeHubSpot(options: FakeHubSpotOptions = {}): Promise<FakeHubSpot> {
  const host = options.host ?? '127.0.0.1';
  const objects = new HubSpotObjects(options.now ?? Date.now);
  const granted = new Set<string>();
  const failures: FakeFailure[] = [];
  const requests: FakeHubSpotRequest[] = [];

  const authorized = (header: string | undefined) => {
    const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    return token !== undefined && (granted.has(token) || (options.tokens?.(token) ?? false));
  };

  async function route(req: IncomingMessage, res: ServerResponse, path: string, text: string) {
    const method = req.method ?? 'GET';
    const parts = path.split('/').filter(Boolean);
    // /crm/v3/objects/{type}[/{id}|/search]
    if (parts[0] === 'crm' && parts[1] === 'v3' && parts[2] === 'objects' && isType(parts[3])) {
      const type = parts[3];
      if (parts.length === 4 && method === 'POST') return send(res, 201, wire(objects.create(type, parseJson(req, text, ['properties', 'associations']))));
      if (parts.length === 5 && parts[4] === 'search' && method === 'POST') return send(res, 200, objects.search(type, readSearch(parseJson(req, text, ['query', 'filterGroups', 'sorts', 'properties', 'limit', 'after']))));
      if (parts.length === 5 && method === 'PATCH') return send(res, 200, wire(objects.update(type, decodeURIComponent(parts[4]!), parseJson(req, text, ['properties']))));
      if (parts.length === 5 && method === 'GET') return send(res, 200, wire(objects.find(type, decodeURIComponent(parts[4]!))));
    }
    // The account's details (Connection test): https://developers.hubspot.com/docs/api/settings/account-information-api
    if (path === '/account-info/v3/details' && method === 'GET') return send(res, 200, FAKE_HUBSPOT_ACCOUNT);
    // /crm/v4/objects/{from}/{id}/associations/default/{to}/{toId}
    if (parts[0] === 'crm' && parts[1] === 'v4' && parts[2] === 'objects' && isType(parts[3]) && parts[5] === 'associations' && parts[6] === 'default' && isType(parts[7]) && parts.length === 9 && method === 'PUT') {
      const link = objects.associateDefault(parts[3], decodeURIComponent(parts[4]!), parts[7], decodeURIComponent(parts[8]!));
      return send(res, 200, { status: 'COMPLETE', results: [link], startedAt: new Date().toISOString(), completedAt: new Date().toISOString() });
    }
    throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `No route for ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake-hubspot.invalid').pathname;
    readBody(req)
      .then(async (text) => {
        let body: unknown = text;
        try {
          body = text ? (JSON.parse(text) as unknown) : null;
        } catch {
          // kept as text; the route refuses it
        }
        requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null, body });
        const failure = failures.shift();
        if (failure) {
          const limited = failure.status === 429;
          return send(
            res,
            failure.status,
            limited
              ? { status: 'error', message: failure.message ?? 'You have reached your secondly limit.', correlationId: randomUUID(), category: 'RATE_LIMITS', ...RATE_LIMIT_BODY }
              : { status: 'error', message: failure.message ?? 'internal error', correlationId: randomUUID() },
            failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {},
          );
        }
        if (!authorized(req.headers.authorization))
          throw new HubSpotError(
            401,
            'INVALID_AUTHENTICATION',
            'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
          );
        await route(req, res, path, text);
      })
      .catch((error: unknown) => {
        if (error instanceof HubSpotError) return send(res, error.status, error.body());
        send(res, 500, { status: 'error', message: error instanceof Error ? error.message : String(error), correlationId: randomUUID() });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    port,
    contacts: objects.contacts,
    companies: objects.companies,
    deals: objects.deals,
    requests,
    grant: (token) => void granted.add(token),
    revoke: (token) => void granted.delete(token),
    failNext: (count, failure) => {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    touch: (dealId, properties = {}) => objects.apply('deals', objects.find('deals', dealId), properties),
    seed: (type, properties) => objects.create(type, { properties }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The search body with its types checked as HubSpot's JSON binding does. */
function readSearch(body: Record<string, unknown>): SearchRequest {
  if (body.query !== undefined && typeof body.query !== 'string') throw validationError('Invalid input JSON: "query" must be text');
  if (body.limit !== undefined && typeof body.limit !== 'number') throw validationError('Invalid input JSON: "limit" must be a number');
  if (body.properties !== undefined && !(Array.isArray(body.properties) && body.properties.every((name) => typeof name === 'string'))) throw validationError('Invalid input JSON: "properties" must be a list of names');
  if (body.filterGroups !== undefined && !Array.isArray(body.filterGroups)) throw validationError('Invalid input JSON: "filterGroups" must be a list');
  if (body.sorts !== undefined && !Array.isArray(body.sorts)) throw validationError('Invalid input JSON: "sorts" must be a list');
  return body as SearchRequest;
}
