// Pipedrive API v1: persons, organizations and deals created (POST),
// changed (PUT) and found with the search endpoints; new deals polled from
// GET /deals sorted by add_time, newest first, back to the cursor.
// Every answer is {success, data, additional_data}; errors are
// {success:false, error, error_info}. https://developers.pipedrive.com/docs/api/v1
import { ConnectorRequestError } from '../runtime/errors.js';
import type { ConnectorResponse } from '../runtime/connectorHttp.js';
import type { ConnectorExecutor, OperationContext, OperationHandler, PollHandler } from '../runtime/types.js';

type Kind = 'persons' | 'organizations' | 'deals';
type Raw = Record<string, unknown>;

/** What each simplified param is called on the wire (the rest of a Pipedrive body is customFields). */
const WIRE_NAMES: Record<string, string> = {
  orgId: 'org_id',
  personId: 'person_id',
  stageId: 'stage_id',
  expectedCloseDate: 'expected_close_date',
};
const ID_PARAMS: Record<Kind, string> = { persons: 'personId', organizations: 'orgId', deals: 'dealId' };
/** The fields each search looks in. */
const SEARCH_FIELDS: Record<Kind, string> = { persons: 'name,email,phone', organizations: 'name,address', deals: 'title' };
/** Deals a poll reads before it stops (newer ones first): a backlog beyond is skipped. */
const MAX_POLLED = 500;
const PAGE = 100;

/** {success:true, data} → data; a 2xx that still says success:false is a refusal. */
function dataOf(context: OperationContext, response: ConnectorResponse): unknown {
  const body = response.data as { success?: unknown; data?: unknown; error?: unknown } | null;
  if (body?.success === false) throw new ConnectorRequestError(context.connector.name, response.status, typeof body.error === 'string' ? body.error : null);
  return body?.data ?? null;
}

/** A Pipedrive link: a plain id, {value, name} (a read record) or {id, name} (a search item). */
function linkId(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object') {
    const { value: inner, id } = value as { value?: unknown; id?: unknown };
    if (typeof inner === 'number') return inner;
    if (typeof id === 'number') return id;
  }
  return null;
}

/** The primary entry of [{value, primary}] (a read record) or the first of ['…'] (a search item). */
function primaryOf(list: unknown): string | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const entries = list as unknown[];
  const primary = entries.find((entry) => (entry as { primary?: unknown } | null)?.primary === true) ?? entries[0];
  const value = typeof primary === 'string' ? primary : (primary as { value?: unknown } | null)?.value;
  return typeof value === 'string' && value !== '' ? value : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function simplifyPerson(p: Raw) {
  return { id: p.id as number, name: String(p.name ?? ''), email: primaryOf(p.email ?? p.emails), phone: primaryOf(p.phone ?? p.phones), orgId: linkId(p.org_id ?? p.organization) };
}
export function simplifyOrganization(o: Raw) {
  return { id: o.id as number, name: String(o.name ?? ''), address: text(o.address) };
}
export function simplifyDeal(d: Raw) {
  return {
    id: d.id as number,
    title: String(d.title ?? ''),
    value: typeof d.value === 'number' ? d.value : null,
    currency: text(d.currency),
    status: text(d.status),
    stageId: linkId(d.stage_id ?? d.stage),
    personId: linkId(d.person_id ?? d.person),
    orgId: linkId(d.org_id ?? d.organization),
    addTime: text(d.add_time),
  };
}
const SIMPLIFY: Record<Kind, (raw: Raw) => unknown> = { persons: simplifyPerson, organizations: simplifyOrganization, deals: simplifyDeal };

/** A Pipedrive body from the params: wire names, e-mail and phone as Pipedrive's lists, custom fields as they are. */
function bodyOf(kind: Kind, values: Record<string, unknown>): Raw {
  const body: Raw = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || key === ID_PARAMS[kind] || key === 'customFields') continue;
    if (kind === 'persons' && (key === 'email' || key === 'phone')) body[key] = [{ value, primary: true, label: 'work' }];
    else body[WIRE_NAMES[key] ?? key] = value;
  }
  if (typeof body.currency === 'string') body.currency = body.currency.toUpperCase();
  return { ...body, ...((values.customFields as Raw | undefined) ?? {}) };
}

const create =
  (kind: Kind): OperationHandler =>
  async (context, values) =>
    SIMPLIFY[kind](dataOf(context, await context.http.request({ method: 'POST', path: `/${kind}`, json: bodyOf(kind, values) })) as Raw);

const update =
  (kind: Kind): OperationHandler =>
  async (context, values) =>
    SIMPLIFY[kind](dataOf(context, await context.http.request({ method: 'PUT', path: `/${kind}/${Number(values[ID_PARAMS[kind]])}`, json: bodyOf(kind, values) })) as Raw);

const search =
  (kind: Kind): OperationHandler =>
  async (context, values) => {
    const response = await context.http.request({
      method: 'GET',
      path: `/${kind}/search`,
      query: { term: values.term as string, fields: SEARCH_FIELDS[kind], exact_match: values.exactMatch === true ? true : undefined, start: 0, limit: (values.limit as number | undefined) ?? 10 },
    });
    const data = dataOf(context, response) as { items?: { item?: Raw }[] } | null;
    const pagination = (response.data as { additional_data?: { pagination?: { more_items_in_collection?: unknown } } }).additional_data?.pagination;
    return { results: (data?.items ?? []).flatMap((entry) => (entry.item ? [SIMPLIFY[kind](entry.item)] : [])), more: pagination?.more_items_in_collection === true };
  };

/** The newest add_time reported and the deals added at that second already reported (several deals can share one). */
interface DealCursor {
  addTime: string;
  ids: number[];
}

function readCursor(cursor: string): DealCursor {
  try {
    const parsed = JSON.parse(cursor) as Partial<DealCursor>;
    if (typeof parsed.addTime === 'string' && Array.isArray(parsed.ids)) return { addTime: parsed.addTime, ids: parsed.ids.filter((id): id is number => typeof id === 'number') };
  } catch {
    // An unreadable cursor reads as a bare add_time.
  }
  return { addTime: cursor, ids: [] };
}

/** Deals newest first, page by page, while `keep` says the page is still newer than what is wanted. */
async function dealsNewestFirst(context: OperationContext, limit: number, keep: (deal: Raw) => boolean): Promise<Raw[]> {
  const deals: Raw[] = [];
  for (let start = 0; deals.length < limit; ) {
    const response = await context.http.request({ method: 'GET', path: '/deals', query: { sort: 'add_time DESC', status: 'all_not_deleted', start, limit: Math.min(PAGE, limit) } });
    const page = (dataOf(context, response) as Raw[] | null) ?? [];
    const pagination = (response.data as { additional_data?: { pagination?: { more_items_in_collection?: unknown; next_start?: unknown } } }).additional_data?.pagination;
    for (const deal of page) {
      if (!keep(deal)) return deals;
      deals.push(deal);
    }
    if (pagination?.more_items_in_collection !== true || typeof pagination.next_start !== 'number') break;
    start = pagination.next_start;
  }
  return deals.slice(0, limit);
}

function cursorAfter(deals: Raw[], previous: DealCursor): string {
  const newest = deals.reduce((max, deal) => (String(deal.add_time ?? '') > max ? String(deal.add_time) : max), previous.addTime);
  const atNewest = deals.filter((deal) => deal.add_time === newest).map((deal) => deal.id as number);
  const ids = newest === previous.addTime ? [...new Set([...previous.ids, ...atNewest])] : atNewest;
  return JSON.stringify({ addTime: newest, ids });
}

/**
 * New deals since the cursor, oldest first. The first activation stores the
 * newest add_time (and the deals of that second) and starts no run.
 */
const newDeal: PollHandler = async (context, _values, cursor) => {
  if (cursor === null) {
    const newest = await dealsNewestFirst(context, PAGE, () => true);
    const top = newest[0]?.add_time;
    return { items: [], cursor: cursorAfter(newest.filter((deal) => deal.add_time === top), { addTime: '', ids: [] }) };
  }
  const previous = readCursor(cursor);
  const isNew = (deal: Raw) => String(deal.add_time ?? '') > previous.addTime || (deal.add_time === previous.addTime && !previous.ids.includes(deal.id as number));
  // Newest first: stop at the first deal older than the cursor; deals of the cursor's second are checked by id.
  const fresh = (await dealsNewestFirst(context, MAX_POLLED, (deal) => String(deal.add_time ?? '') >= previous.addTime)).filter(isNew);
  return { items: fresh.map(simplifyDeal).reverse(), cursor: cursorAfter(fresh, previous) };
};

/** "Test connection": the token's user, named with their e-mail and company. */
async function test(context: OperationContext): Promise<{ account: string | null }> {
  const user = (dataOf(context, await context.http.request({ method: 'GET', path: '/users/me' })) ?? {}) as { name?: unknown; email?: unknown; company_name?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const [name, email, company] = [text(user.name), text(user.email), text(user.company_name)];
  const who = name && email ? `${name} <${email}>` : (name ?? email);
  return { account: who && company ? `${who}, ${company}` : (who ?? company) };
}

export const pipedriveExecutor: ConnectorExecutor = {
  id: 'pipedrive',
  auth: (credential) => ({ query: { api_token: credential.secrets.apiToken ?? '' } }),
  // {"success":false,"error":"Deal not found","error_info":"Please check developers.pipedrive.com…","errorCode":404}
  errorMessage: (_status, body) => {
    const error = (body as { error?: unknown } | null)?.error;
    return typeof error === 'string' && error !== '' ? error : null;
  },
  operations: {
    createPerson: create('persons'),
    updatePerson: update('persons'),
    searchPersons: search('persons'),
    createOrganization: create('organizations'),
    updateOrganization: update('organizations'),
    searchOrganizations: search('organizations'),
    createDeal: create('deals'),
    updateDeal: update('deals'),
    searchDeals: search('deals'),
  },
  triggers: { newDeal },
  test,
};
