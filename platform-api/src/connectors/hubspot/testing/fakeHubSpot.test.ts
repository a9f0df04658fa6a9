// The fake HubSpot answers as HubSpot does where the executor's tests do not
// look: its error bodies and statuses, refused request shapes, search filters
// and paging, and tokens shared with the fake OAuth server.
import { startFakeHubSpot, type FakeHubSpot } from './fakeHubSpot';

let fake: FakeHubSpot;
let valid: Set<string>;
beforeEach(async () => {
  valid = new Set(['oauth-token']);
  fake = await startFakeHubSpot({ tokens: (token) => valid.has(token) });
  fake.grant('pat');
});
afterEach(() => fake.close());

async function hubspot(method: string, path: string, body?: unknown, { token = 'pat', type = 'application/json' } = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': type } : {}) },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

describe('fake HubSpot CRM API', () => {
  it('creates a record with HubSpot’s system properties and dates', async () => {
    const created = await hubspot('POST', '/crm/v3/objects/deals', { properties: { dealname: 'A', amount: 10 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      properties: { dealname: 'A', amount: '10', pipeline: 'default', hs_object_id: created.body.id, createdate: created.body.createdAt, hs_lastmodifieddate: created.body.createdAt },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: created.body.createdAt,
      archived: false,
    });
  });

  it('answers HubSpot’s error bodies: 401 without a known token, 400 for bad values and fields, 415 without JSON, 404 for unknown ids', async () => {
    const unauthorized = await hubspot('POST', '/crm/v3/objects/deals', { properties: {} }, { token: 'nope' });
    expect(unauthorized).toMatchObject({ status: 401, body: { status: 'error', category: 'INVALID_AUTHENTICATION', correlationId: expect.any(String), message: expect.stringContaining('Authentication credentials not found') } });
    expect((await hubspot('POST', '/crm/v3/objects/deals', { properties: { dealname: 'B' } }, { token: 'oauth-token' })).status).toBe(201);

    const invalid = await hubspot('POST', '/crm/v3/objects/deals', { properties: { amount: 'x', dealstage: 'won', hs_object_id: '1' } });
    expect(invalid).toMatchObject({ status: 400, body: { status: 'error', category: 'VALIDATION_ERROR' } });
    const problems = JSON.parse(String(invalid.body.message).replace(/^Property values were not valid: /, '')) as { name: string; error: string }[];
    expect(problems.map((problem) => `${problem.name}:${problem.error}`)).toEqual(['amount:INVALID_DOUBLE', 'dealstage:INVALID_OPTION', 'hs_object_id:READ_ONLY_VALUE']);

    expect(await hubspot('POST', '/crm/v3/objects/deals', { properties: {}, extra: 1 })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Unrecognized field "extra"') } });
    expect((await hubspot('POST', '/crm/v3/objects/deals', 'properties=1', { type: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await hubspot('PATCH', '/crm/v3/objects/deals/424242', { properties: {} })).toMatchObject({ status: 404, body: { category: 'OBJECT_NOT_FOUND' } });
    expect(await hubspot('POST', '/crm/v3/objects/deals', { properties: {}, associations: [{ to: { id: '9' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }] }] })).toMatchObject({ status: 400, body: { message: expect.stringContaining('no contact with id 9') } });
    expect(fake.deals).toHaveLength(1);
  });

  it('answers 429 with Retry-After and HubSpot’s rate-limit body when told to, then serves again', async () => {
    fake.failNext(2, { status: 429, retryAfter: 3 });
    const limited = await hubspot('POST', '/crm/v3/objects/contacts/search', {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body).toMatchObject({ status: 'error', category: 'RATE_LIMITS', errorType: 'RATE_LIMIT', policyName: 'SECONDLY' });
    expect((await hubspot('POST', '/crm/v3/objects/contacts/search', {})).status).toBe(429);
    expect((await hubspot('POST', '/crm/v3/objects/contacts/search', {})).status).toBe(200);
  });

  it('searches with filters (dates as epoch ms), sorts, requested properties and after-paging', async () => {
    const a = fake.seed('deals', { dealname: 'A', amount: '300' });
    const b = fake.seed('deals', { dealname: 'B', amount: '100' });
    const c = fake.seed('deals', { dealname: 'C', amount: '200' });
    const since = { filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: 'GT', value: String(Date.parse(a.updatedAt)) }] }] };
    expect((await hubspot('POST', '/crm/v3/objects/deals/search', since)).body).toMatchObject({ total: 2, results: [{ id: b.id }, { id: c.id }] });

    const byAmount = await hubspot('POST', '/crm/v3/objects/deals/search', { sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }], properties: ['amount'], limit: 2 });
    expect(byAmount.body).toEqual({
      total: 3,
      results: [expect.objectContaining({ id: a.id, properties: { amount: '300', createdate: a.createdAt, hs_lastmodifieddate: a.updatedAt, hs_object_id: a.id } }), expect.objectContaining({ id: c.id })],
      paging: { next: { after: '2' } },
    });
    const rest = await hubspot('POST', '/crm/v3/objects/deals/search', { sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }], limit: 2, after: '2' });
    expect(rest.body).toMatchObject({ total: 3, results: [{ id: b.id }] });
    expect(rest.body).not.toHaveProperty('paging');
    expect((await hubspot('POST', '/crm/v3/objects/deals/search', { limit: 201 })).status).toBe(400);
    expect((await hubspot('POST', '/crm/v3/objects/deals/search', { filterGroups: [{ filters: [{ propertyName: 'amount', operator: 'ABOUT', value: '1' }] }] })).status).toBe(400);
  });

  it('touch moves a deal’s last-modified time forward; requests record method, path and auth', async () => {
    const deal = fake.seed('deals', { dealname: 'A' });
    const before = deal.updatedAt;
    fake.touch(deal.id, { dealstage: 'closedwon' });
    expect(Date.parse(fake.deals[0]!.updatedAt)).toBeGreaterThan(Date.parse(before));
    expect(fake.deals[0]!.properties).toMatchObject({ dealstage: 'closedwon', hs_lastmodifieddate: fake.deals[0]!.updatedAt });
    await hubspot('PATCH', `/crm/v3/objects/deals/${deal.id}`, { properties: { amount: '5' } });
    expect(fake.requests).toEqual([{ method: 'PATCH', path: `/crm/v3/objects/deals/${deal.id}`, authorization: 'Bearer pat', body: { properties: { amount: '5' } } }]);
  });
});
