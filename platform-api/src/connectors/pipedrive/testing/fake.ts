// A fake Pipedrive API v1 (test code): api_token in the query, persons,
// organizations and deals created (POST), changed (PUT), found with the
// /search endpoints ({items:[{result_score, item}]} with start/limit
// pagination), deals listed with sort and pagination (data: null when
// empty, as Pipedrive does), Pipedrive's error bodies
// ({success:false, error, error_info, errorCode}), and a 429 with
// Retry-After on demand, and the token's user (/users/me, which a
// connection test reads). Unknown body keys are refused (Pipedrive ignores
// them) so a misnamed field fails a test instead of vanishing.
import type http from 'node:http';
import { startRecordingServer, type RecordingServer } from '../../../testing/upstream.js';

type Raw = Record<string, unknown>;
type Kind = 'persons' | 'organizations' | 'deals';

export interface FakePipedrive extends RecordingServer {
  token: string;
  persons: Raw[];
  organizations: Raw[];
  deals: Raw[];
  /** Pipedrive stage ids that exist. */
  stages: number[];
  /** The add_time the next created record gets ("YYYY-MM-DD HH:MM:SS", UTC); default: now. */
  clock: string | null;
  /** Adds a deal as if someone created it in Pipedrive. */
  addDeal(fields: { title: string; add_time: string } & Raw): Raw;
  /** The next `count` requests answer 429 with Retry-After: `seconds`. */
  rateLimitNext(count: number, seconds?: number): void;
  /** Empties the account (ids start at 1 again) and the request log. */
  reset(): void;
}

const INFO = 'Please check developers.pipedrive.com for more information about Pipedrive API.';
const CUSTOM_KEY = /^[0-9a-f]{40}$/;
const FIELDS: Record<Kind, string[]> = {
  persons: ['name', 'email', 'phone', 'org_id', 'owner_id', 'visible_to'],
  organizations: ['name', 'address', 'owner_id', 'visible_to'],
  deals: ['title', 'value', 'currency', 'person_id', 'org_id', 'stage_id', 'status', 'expected_close_date', 'user_id', 'visible_to'],
};
const SEARCHABLE: Record<Kind, string[]> = { persons: ['name', 'email', 'phone'], organizations: ['name', 'address'], deals: ['title'] };
const NAMES: Record<Kind, string> = { persons: 'Person', organizations: 'Organization', deals: 'Deal' };

/** GET /v1/users/me: the token's user (https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser), trimmed to the common fields. */
export const FAKE_PIPEDRIVE_USER = {
  id: 12345,
  name: 'Grace Hopper',
  default_currency: 'EUR',
  locale: 'en_US',
  lang: 1,
  email: 'grace@acme.example',
  phone: null,
  activated: true,
  last_login: '2026-11-20 08:15:00',
  created: '2024-01-10 09:00:00',
  modified: '2026-11-20 08:15:00',
  has_created_company: true,
  active_flag: true,
  timezone_name: 'Europe/Berlin',
  timezone_offset: '+01:00',
  role_id: 1,
  icon_url: null,
  is_you: true,
  is_admin: 1,
  company_id: 777,
  company_name: 'Acme Logistics',
  company_domain: 'acme-logistics',
  company_country: 'DE',
  company_industry: 'Logistics',
  language: { language_code: 'en', country_code: 'US' },
} as const;

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
const refuse = (res: http.ServerResponse, status: number, error: string) => send(res, status, { success: false, error, error_info: INFO, data: null, additional_data: null, errorCode: status });
const ok = (res: http.ServerResponse, data: unknown, additional: unknown = null, status = 200) => send(res, status, { success: true, data, additional_data: additional });
const pipedriveTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** Pipedrive's [{value, primary, label}] lists. */
const isContactList = (value: unknown) =>
  Array.isArray(value) && value.every((entry) => entry && typeof entry === 'object' && typeof (entry as Raw).value === 'string' && ['boolean', 'undefined'].includes(typeof (entry as Raw).primary));

export async function startFakePipedrive(token = 'pd-fake-api-token-0001'): Promise<FakePipedrive> {
  const ids: Record<Kind, number> = { persons: 0, organizations: 0, deals: 0 };
  let limited = 0;
  let retryAfter = 2;
  const now = () => fake.clock ?? pipedriveTime(new Date());
  const find = (kind: Kind, id: unknown) => fake[kind].find((record) => record.id === id);
  const link = (kind: 'persons' | 'organizations', id: unknown) => {
    const record = find(kind, id);
    return record ? { value: record.id, name: record.name } : null;
  };

  /** The problem with a body, in Pipedrive's words; null: fine. */
  function problem(kind: Kind, body: Raw, creating: boolean): string | null {
    for (const key of Object.keys(body)) if (!FIELDS[kind].includes(key) && !CUSTOM_KEY.test(key)) return `Unknown field: ${key}`;
    const nameKey = kind === 'deals' ? 'title' : 'name';
    if (creating && (typeof body[nameKey] !== 'string' || body[nameKey] === '')) return kind === 'deals' ? 'Title must be given.' : 'Name must be given.';
    for (const key of ['email', 'phone']) if (key in body && !isContactList(body[key])) return `${key} must be an array of objects with value and primary`;
    if (body.org_id !== undefined && body.org_id !== null && !find('organizations', body.org_id)) return `Organization with ID ${String(body.org_id)} not found`;
    if (body.person_id !== undefined && body.person_id !== null && !find('persons', body.person_id)) return `Person with ID ${String(body.person_id)} not found`;
    if (body.stage_id !== undefined && !fake.stages.includes(body.stage_id as number)) return `Stage with ID ${String(body.stage_id)} not found`;
    if (body.value !== undefined && typeof body.value !== 'number') return 'Value must be a number.';
    if (body.currency !== undefined && !/^[A-Z]{3}$/.test(String(body.currency))) return 'Currency must be a 3-letter code.';
    if (body.status !== undefined && !['open', 'won', 'lost', 'deleted'].includes(String(body.status))) return 'Invalid status.';
    return null;
  }

  /** A record as Pipedrive reads it back: links expanded to {value, name}. */
  function view(kind: Kind, record: Raw): Raw {
    if (kind === 'persons') return { ...record, org_id: record.org_id ? link('organizations', record.org_id) : null };
    if (kind === 'deals') return { ...record, person_id: record.person_id ? link('persons', record.person_id) : null, org_id: record.org_id ? link('organizations', record.org_id) : null };
    return record;
  }

  /** A search item as /…/search returns it (different from a read record: emails as plain strings, links as {id, name}). */
  function searchItem(kind: Kind, record: Raw): Raw {
    const org = record.org_id ? find('organizations', record.org_id) : undefined;
    const person = record.person_id ? find('persons', record.person_id) : undefined;
    const base = { id: record.id, type: kind.slice(0, -1), visible_to: 3, owner: { id: 1 }, custom_fields: [], update_time: record.update_time };
    if (kind === 'persons')
      return {
        ...base,
        name: record.name,
        emails: ((record.email as Raw[] | undefined) ?? []).map((e) => e.value),
        phones: ((record.phone as Raw[] | undefined) ?? []).map((p) => p.value),
        organization: org ? { id: org.id, name: org.name, address: org.address ?? null } : null,
        notes: [],
      };
    if (kind === 'organizations') return { ...base, name: record.name, address: record.address ?? null, notes: [] };
    return {
      ...base,
      title: record.title,
      value: record.value,
      currency: record.currency,
      status: record.status,
      stage: { id: record.stage_id, name: `Stage ${String(record.stage_id)}` },
      person: person ? { id: person.id, name: person.name } : null,
      organization: org ? { id: org.id, name: org.name, address: org.address ?? null } : null,
      notes: [],
    };
  }

  function matches(kind: Kind, record: Raw, term: string, fields: string[], exact: boolean): boolean {
    const wanted = term.toLowerCase();
    return fields.some((field) => {
      const raw = record[field];
      const values = Array.isArray(raw) ? raw.map((entry) => String((entry as Raw).value ?? '')) : raw === undefined || raw === null ? [] : [String(raw)];
      return values.some((value) => (exact ? value.toLowerCase() === wanted : value.toLowerCase().includes(wanted)));
    });
  }

  const page = <T>(list: T[], url: URL) => {
    const start = Number(url.searchParams.get('start') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const slice = list.slice(start, start + limit);
    const more = start + limit < list.length;
    return { slice, pagination: { start, limit, more_items_in_collection: more, ...(more ? { next_start: start + limit } : {}) } };
  };

  const server = await startRecordingServer((req, res, raw) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.searchParams.get('api_token') !== token) return refuse(res, 401, 'unauthorized access');
    if (limited > 0) {
      limited--;
      return send(res, 429, { success: false, error: 'Request over limit', error_info: INFO, errorCode: 429 }, { 'Retry-After': String(retryAfter) });
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v1') return refuse(res, 404, 'Unknown method .');
    if (parts[1] === 'users' && parts[2] === 'me' && parts.length === 3 && req.method === 'GET') return ok(res, FAKE_PIPEDRIVE_USER);
    const kind = parts[1] as Kind;
    if (!(kind in FIELDS)) return refuse(res, 404, 'Unknown method .');
    let body: Raw = {};
    if (raw !== '') {
      try {
        body = JSON.parse(raw) as Raw;
      } catch {
        return refuse(res, 400, 'Malformed JSON body');
      }
    }

    if (req.method === 'POST' && parts.length === 2) {
      const wrong = problem(kind, body, true);
      if (wrong) return refuse(res, 400, wrong);
      const at = now();
      const record: Raw = { ...(kind === 'deals' ? { value: 0, currency: 'EUR', status: 'open', stage_id: fake.stages[0] } : {}), ...body, id: ++ids[kind], add_time: at, update_time: at };
      fake[kind].push(record);
      return ok(res, view(kind, record), null, 201);
    }
    if (req.method === 'PUT' && parts.length === 3) {
      const record = find(kind, Number(parts[2]));
      if (!record) return refuse(res, 404, `${NAMES[kind]} not found`);
      const wrong = problem(kind, body, false);
      if (wrong) return refuse(res, 400, wrong);
      Object.assign(record, body, { update_time: now() });
      return ok(res, view(kind, record));
    }
    if (req.method === 'GET' && parts[2] === 'search' && parts.length === 3) {
      const term = (url.searchParams.get('term') ?? '').trim();
      const exact = url.searchParams.get('exact_match') === 'true';
      if (term.length < (exact ? 1 : 2)) return refuse(res, 400, 'Search term must be at least 2 characters long');
      const fields = (url.searchParams.get('fields') ?? SEARCHABLE[kind].join(',')).split(',');
      const unknown = fields.find((field) => !SEARCHABLE[kind].includes(field) && field !== 'custom_fields' && field !== 'notes');
      if (unknown) return refuse(res, 400, `Invalid field: ${unknown}`);
      const found = fake[kind].filter((record) => matches(kind, record, term, fields, exact)).map((record) => ({ result_score: 1, item: searchItem(kind, record) }));
      const { slice, pagination } = page(found, url);
      return ok(res, { items: slice }, { pagination });
    }
    if (req.method === 'GET' && kind === 'deals' && parts.length === 2) {
      const sort = /^(\w+) (ASC|DESC)$/i.exec(url.searchParams.get('sort') ?? 'id ASC');
      if (!sort) return refuse(res, 400, 'Invalid sort');
      const [, field, direction] = sort as unknown as [string, string, string];
      const status = url.searchParams.get('status') ?? 'all_not_deleted';
      const listed = fake.deals
        .filter((deal) => (status === 'all_not_deleted' ? deal.status !== 'deleted' : deal.status === status))
        .sort((a, b) => {
          const order = String(a[field]).localeCompare(String(b[field]), 'en', { numeric: true }) || (a.id as number) - (b.id as number);
          return direction.toUpperCase() === 'DESC' ? -order : order;
        });
      const { slice, pagination } = page(listed, url);
      return ok(res, slice.length > 0 ? slice.map((deal) => view('deals', deal)) : null, { pagination });
    }
    return refuse(res, 404, 'Unknown method .');
  });

  const fake: FakePipedrive = Object.assign(server, {
    token,
    persons: [] as Raw[],
    organizations: [] as Raw[],
    deals: [] as Raw[],
    stages: [1, 2, 3, 4, 5],
    clock: null as string | null,
    addDeal(fields: { title: string; add_time: string } & Raw): Raw {
      const deal: Raw = { value: 0, currency: 'EUR', status: 'open', stage_id: 1, person_id: null, org_id: null, update_time: fields.add_time, ...fields, id: ++ids.deals };
      fake.deals.push(deal);
      return deal;
    },
    rateLimitNext(count: number, seconds = 2) {
      limited = count;
      retryAfter = seconds;
    },
    reset() {
      for (const kind of ['persons', 'organizations', 'deals'] as const) {
        fake[kind].length = 0;
        ids[kind] = 0;
      }
      fake.seen.length = 0;
      fake.clock = null;
      limited = 0;
    },
  });
  return fake;
}
