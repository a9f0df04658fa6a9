// HubSpot CRM v3: objects (contacts, companies, deals) created, updated and
// found with the search endpoint; deals polled by last modification.
// https://developers.hubspot.com/docs/api/crm/understanding-the-crm
import type { ConnectorExecutor, OperationContext, OperationHandler, PollHandler } from '../runtime/types.js';

type ObjectType = 'contacts' | 'companies' | 'deals';
/** HubSpot's association type id of deal → contact (HUBSPOT_DEFINED). */
const DEAL_TO_CONTACT = 3;
/** The identifying params of each object type (the rest are properties). */
const ID_PARAMS = new Set(['contactId', 'companyId', 'dealId', 'properties']);

/** The HubSpot properties of an operation's values: named fields plus the free `properties`. */
function propertiesOf(values: Record<string, unknown>): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (!ID_PARAMS.has(key) && value !== undefined && value !== null) properties[key] = String(value);
  for (const [key, value] of Object.entries((values.properties as Record<string, unknown> | undefined) ?? {})) if (value !== null) properties[key] = String(value);
  // HubSpot takes dates as ISO text or epoch milliseconds; amounts as text.
  return properties;
}

function simplify(record: unknown) {
  const r = record as { id: string; properties?: Record<string, unknown>; createdAt?: string; updatedAt?: string };
  return { id: r.id, properties: r.properties ?? {}, createdAt: r.createdAt, updatedAt: r.updatedAt };
}

const create =
  (type: ObjectType): OperationHandler =>
  async ({ http }, values) => {
    const associations =
      type === 'deals' && typeof values.contactId === 'string'
        ? [{ to: { id: values.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: DEAL_TO_CONTACT }] }]
        : undefined;
    const { contactId: _link, ...rest } = type === 'deals' ? values : { ...values, contactId: undefined };
    const response = await http.request({ method: 'POST', path: `/crm/v3/objects/${type}`, json: { properties: propertiesOf(rest), ...(associations ? { associations } : {}) } });
    return simplify(response.data);
  };

const update =
  (type: ObjectType, idParam: string): OperationHandler =>
  async ({ http }, values) => {
    const id = encodeURIComponent(String(values[idParam]));
    const response = await http.request({ method: 'PATCH', path: `/crm/v3/objects/${type}/${id}`, json: { properties: propertiesOf(values) } });
    // A deal's contact is an association, not a property: linked with the v4 default association.
    if (type === 'deals' && typeof values.contactId === 'string')
      await http.request({ method: 'PUT', path: `/crm/v4/objects/deals/${id}/associations/default/contacts/${encodeURIComponent(values.contactId)}` });
    return simplify(response.data);
  };

const PROPERTIES: Record<ObjectType, string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'phone', 'company'],
  companies: ['name', 'domain', 'city', 'industry'],
  deals: ['dealname', 'amount', 'dealstage', 'closedate', 'pipeline'],
};

const search =
  (type: ObjectType): OperationHandler =>
  async ({ http }, values) => {
    const response = await http.request({
      method: 'POST',
      path: `/crm/v3/objects/${type}/search`,
      json: { ...(values.query ? { query: values.query } : {}), properties: PROPERTIES[type], limit: (values.limit as number | undefined) ?? 10 },
    });
    const data = response.data as { total?: number; results?: unknown[] };
    return { total: data.total ?? 0, results: (data.results ?? []).map(simplify) };
  };

/**
 * The last-modified time of the most recently changed deal, as HubSpot's
 * clock gives it (epoch ms; 0 when there is none). The first activation
 * stores it rather than this server's "now": a clock ahead of HubSpot's
 * would skip the deals changed in between.
 */
async function newestChange(context: OperationContext): Promise<number> {
  const response = await context.http.request({
    method: 'POST',
    path: '/crm/v3/objects/deals/search',
    json: { sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'DESCENDING' }], properties: ['hs_lastmodifieddate'], limit: 1 },
  });
  const newest = (response.data as { results?: { properties?: Record<string, unknown>; updatedAt?: string }[] }).results?.[0];
  const at = Date.parse(newest?.updatedAt ?? String(newest?.properties?.hs_lastmodifieddate ?? ''));
  return Number.isNaN(at) ? 0 : at;
}

/**
 * Deals changed since the cursor (an epoch-millisecond lastmodified date),
 * oldest first; each page follows `paging.next.after`. The first
 * activation stores the newest change so far and starts no run.
 */
const dealChanged: PollHandler = async (context: OperationContext, values, cursor) => {
  if (cursor === null) return { items: [], cursor: String(await newestChange(context)) };
  const items: { id: string; version: string; updatedAt: string; properties: Record<string, unknown> }[] = [];
  let after: string | undefined;
  let newest = Number(cursor);
  do {
    const filters: unknown[] = [{ propertyName: 'hs_lastmodifieddate', operator: 'GT', value: cursor }];
    if (values.stage) filters.push({ propertyName: 'dealstage', operator: 'EQ', value: values.stage });
    const response = await context.http.request({
      method: 'POST',
      path: '/crm/v3/objects/deals/search',
      json: { filterGroups: [{ filters }], sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'ASCENDING' }], properties: PROPERTIES.deals, limit: 100, ...(after ? { after } : {}) },
    });
    const data = response.data as { results?: { id: string; properties?: Record<string, unknown>; updatedAt?: string }[]; paging?: { next?: { after?: string } } };
    for (const deal of data.results ?? []) {
      const updatedAt = deal.updatedAt ?? String(deal.properties?.hs_lastmodifieddate ?? '');
      const at = Date.parse(updatedAt);
      if (!Number.isNaN(at)) newest = Math.max(newest, at);
      items.push({ id: deal.id, version: `${deal.id}@${updatedAt}`, updatedAt, properties: deal.properties ?? {} });
    }
    after = data.paging?.next?.after;
  } while (after && items.length < 500);
  return { items, cursor: String(newest) };
};

/**
 * HubSpot's validation message embeds a JSON list ("Property values were not
 * valid: [{"message":"abc was not a valid number.","name":"amount",…}]"):
 * said as "…: amount: abc was not a valid number." for a person to read.
 */
function plainMessage(message: string): string {
  const listed = /^([^[]*?):\s*(\[[\s\S]*\])\s*$/.exec(message);
  if (!listed) return message;
  try {
    const problems = JSON.parse(listed[2]!) as { message?: unknown; name?: unknown }[];
    const said = problems.filter((p) => typeof p.message === 'string').map((p) => (typeof p.name === 'string' && !(p.message as string).includes(`"${p.name}"`) ? `${p.name}: ${String(p.message)}` : String(p.message)));
    return said.length > 0 ? `${listed[1]}: ${said.join('; ')}` : message;
  } catch {
    return message;
  }
}

/** "Test connection": the account's details (any token may read them), named by its portal (Hub ID) and domain. */
async function test(context: OperationContext): Promise<{ account: string | null }> {
  const response = await context.http.request({ method: 'GET', path: '/account-info/v3/details' });
  const details = (response.data ?? {}) as { portalId?: unknown; uiDomain?: unknown };
  if (details.portalId === undefined || details.portalId === null) return { account: null };
  return { account: `Portal ${String(details.portalId)}${typeof details.uiDomain === 'string' && details.uiDomain ? ` (${details.uiDomain})` : ''}` };
}

export const hubspotExecutor: ConnectorExecutor = {
  id: 'hubspot',
  auth: (credential) => ({ headers: { Authorization: `Bearer ${credential.secrets.token ?? ''}` } }),
  // {"status":"error","message":"Property values were not valid: …","category":"VALIDATION_ERROR"}
  errorMessage: (_status, body) => {
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? plainMessage(message) : null;
  },
  operations: {
    createContact: create('contacts'),
    updateContact: update('contacts', 'contactId'),
    searchContacts: search('contacts'),
    createCompany: create('companies'),
    updateCompany: update('companies', 'companyId'),
    searchCompanies: search('companies'),
    createDeal: create('deals'),
    updateDeal: update('deals', 'dealId'),
    searchDeals: search('deals'),
  },
  triggers: { dealChanged },
  test,
};
