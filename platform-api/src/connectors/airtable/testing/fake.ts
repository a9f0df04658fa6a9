// A fake Airtable Web API (test code): Bearer-token auth, records created,
// patched and listed with `offset` pages, a small filterByFormula subset
// ({Field} = "value"), field types checked, and Airtable's error bodies:
// {"error":{"type","message"}}, {"error":"NOT_FOUND"}, a 401
// AUTHENTICATION_REQUIRED and, on demand, a 429 with Retry-After: 30;
// /meta/whoami names the token's user (a connection test reads it).
import type http from 'node:http';
import { startRecordingServer, type RecordingServer } from '../../../testing/upstream.js';

export interface FakeRecord {
  id: string;
  createdTime: string;
  fields: Record<string, unknown>;
}

export interface FakeTable {
  /** Field name → the type its cells take. */
  fields: Record<string, 'text' | 'number' | 'checkbox'>;
  records: FakeRecord[];
}

export interface FakeAirtable extends RecordingServer {
  token: string;
  /** Tables by "baseId/tableName". */
  tables: Map<string, FakeTable>;
  table(baseId: string, name: string): FakeTable;
  /** The next `count` requests answer 429 (Airtable asks for 30 s). */
  rateLimitNext(count: number): void;
  /** The token's user as /v0/meta/whoami says it (email: null without the user.email:read scope). */
  user: { id: string; email: string | null };
  /** The most records one page holds (Airtable: 100); lower it to make a test page. */
  pageCap: number;
}

const PAGE_MAX = 100;

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const error = (type: string, message: string) => ({ error: { type, message } });

/** Problems of a record's fields against the table, as Airtable words them. */
function fieldProblem(table: FakeTable, fields: unknown): { status: number; body: unknown } | null {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return { status: 422, body: error('INVALID_REQUEST_MISSING_FIELDS', 'Could not find field "fields" in the request body') };
  for (const [name, value] of Object.entries(fields)) {
    const type = table.fields[name];
    if (!type) return { status: 422, body: error('UNKNOWN_FIELD_NAME', `Unknown field name: "${name}"`) };
    const ok = value === null || (type === 'text' ? typeof value === 'string' : type === 'number' ? typeof value === 'number' : typeof value === 'boolean');
    if (!ok) return { status: 422, body: error('INVALID_VALUE_FOR_COLUMN', `Field "${name}" cannot accept the provided value`) };
  }
  return null;
}

/** {Field} = "value" (or 'value', or a number): the subset the tests use; anything else is refused as Airtable does. */
function formulaFilter(formula: string): ((record: FakeRecord) => boolean) | null {
  const match = /^\s*\{([^}]+)\}\s*=\s*(?:"([^"]*)"|'([^']*)'|(-?\d+(?:\.\d+)?))\s*$/.exec(formula);
  if (!match) return null;
  const [, name, double, single, number] = match;
  const wanted: unknown = number !== undefined ? Number(number) : (double ?? single);
  return (record) => record.fields[name!] === wanted;
}

export async function startFakeAirtable(token = 'patFAKE.token'): Promise<FakeAirtable> {
  const tables = new Map<string, FakeTable>();
  let limited = 0;
  let serial = 0;
  const newId = () => `rec${(++serial).toString().padStart(14, '0')}`;

  const server = await startRecordingServer((req, res, raw) => {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, error('AUTHENTICATION_REQUIRED', 'Authentication required'));
    if (limited > 0) {
      limited--;
      return send(res, 429, { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] }, { 'Retry-After': '30' });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    // Who the token is (https://airtable.com/developers/web/api/get-user-id-scopes): the e-mail only with the user.email:read scope.
    if (url.pathname === '/v0/meta/whoami' && req.method === 'GET') return send(res, 200, { id: fake.user.id, ...(fake.user.email ? { email: fake.user.email } : {}) });
    if (parts[0] !== 'v0' || parts.length < 3 || parts.length > 4) return send(res, 404, { error: 'NOT_FOUND' });
    const [, baseId, tableName, recordId] = parts as [string, string, string, string | undefined];
    const table = tables.get(`${baseId}/${tableName}`);
    if (!table) return send(res, 404, error('TABLE_NOT_FOUND', `Could not find table ${tableName} in application ${baseId}`));
    let body: { fields?: unknown } = {};
    if (raw !== '') {
      if (!/application\/json/.test(req.headers['content-type'] ?? '')) return send(res, 415, error('INVALID_REQUEST_UNKNOWN', 'Invalid request: unsupported content type'));
      try {
        body = JSON.parse(raw) as { fields?: unknown };
      } catch {
        return send(res, 422, error('INVALID_REQUEST_BODY', 'Could not parse request body'));
      }
    }

    if (req.method === 'POST' && recordId === undefined) {
      const problem = fieldProblem(table, body.fields);
      if (problem) return send(res, problem.status, problem.body);
      const record: FakeRecord = { id: newId(), createdTime: new Date().toISOString(), fields: Object.fromEntries(Object.entries(body.fields as object).filter(([, v]) => v !== null)) };
      table.records.push(record);
      return send(res, 200, record);
    }
    if (req.method === 'PATCH' && recordId !== undefined) {
      const record = table.records.find((r) => r.id === recordId);
      if (!record) return send(res, 404, { error: 'NOT_FOUND' });
      const problem = fieldProblem(table, body.fields);
      if (problem) return send(res, problem.status, problem.body);
      for (const [name, value] of Object.entries(body.fields as object)) {
        if (value === null) delete record.fields[name];
        else record.fields[name] = value;
      }
      return send(res, 200, record);
    }
    if (req.method === 'GET' && recordId === undefined) {
      const maxRecords = url.searchParams.has('maxRecords') ? Number(url.searchParams.get('maxRecords')) : Infinity;
      const pageSize = url.searchParams.has('pageSize') ? Number(url.searchParams.get('pageSize')) : PAGE_MAX;
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_MAX) return send(res, 422, error('INVALID_PAGE_SIZE', 'The page size must be between 1 and 100'));
      const formula = url.searchParams.get('filterByFormula');
      const filter = formula === null ? () => true : formulaFilter(formula);
      if (!filter) return send(res, 422, error('INVALID_FILTER_BY_FORMULA', `The formula for filtering records is invalid: Invalid formula. Please check your formula text.`));
      const view = url.searchParams.get('view');
      if (view !== null && view !== 'Grid view') return send(res, 422, error('VIEW_NAME_NOT_FOUND', `Could not find view ${view} in table ${tableName}`));
      const offset = url.searchParams.get('offset');
      const start = offset === null ? 0 : Number(/^itr\d+\/(\d+)$/.exec(offset)?.[1] ?? NaN);
      if (Number.isNaN(start)) return send(res, 422, error('LIST_RECORDS_ITERATOR_NOT_AVAILABLE', 'The offset is not valid'));
      const matching = table.records.filter(filter).slice(0, maxRecords);
      const size = Math.min(pageSize, fake.pageCap);
      const page = matching.slice(start, start + size);
      const next = start + size < matching.length ? `itr${serial}/${start + size}` : undefined;
      return send(res, 200, { records: page, ...(next ? { offset: next } : {}) });
    }
    return send(res, 404, { error: 'NOT_FOUND' });
  });

  const fake: FakeAirtable = Object.assign(server, {
    token,
    pageCap: PAGE_MAX,
    user: { id: 'usrFAKE0000000001', email: 'ops@acme.example' as string | null },
    tables,
    table(baseId: string, name: string): FakeTable {
      const key = `${baseId}/${name}`;
      if (!tables.has(key)) tables.set(key, { fields: {}, records: [] });
      return tables.get(key)!;
    },
    rateLimitNext(count: number) {
      limited = count;
    },
  });
  return fake;
}
