// The HubSpot connector end to end against the fake HubSpot CRM API (and the
// fake OAuth server for the refresh): every operation and the dealChanged
// trigger through the ConnectorRuntime, as an app step runs them, with a
// private app token or an OAuth credential; plus rate limits, refused
// credentials and HubSpot's own error messages in plain words.
import type { OpenedCredential } from '../../credentials/index';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { CONNECTOR_EXECUTORS } from '../registry';
import { ConnectorRuntime, type ConnectorCall, type ConnectorRuntimeOptions } from '../runtime/runtime';
import { startFakeAuthServer, type FakeAuthServer } from '../oauth/testing/fakeAuthServer';
import { startFakeHubSpot, type FakeHubSpot } from './testing/fakeHubSpot';

const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';
const tokenCredential = (token = TOKEN): OpenedCredential => ({ id: 'cred-hs', type: 'hubspotToken', settings: {}, secrets: { token } });

let fake: FakeHubSpot;
let waits: number[];

beforeEach(async () => {
  fake = await startFakeHubSpot();
  fake.grant(TOKEN);
  waits = [];
});
afterEach(() => fake.close());

function runtimeWith(credential: OpenedCredential, options: Partial<ConnectorRuntimeOptions> = {}) {
  return new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async () => credential },
    baseUrls: { hubspot: fake.url },
    wait: async (ms) => void waits.push(ms),
    ...options,
  });
}

const call = (stepName = 'HubSpot step'): ConnectorCall => ({
  connectorId: 'hubspot',
  credentialId: 'cred-hs',
  ownerId: 'user-1',
  stepName,
  policy: ALLOW_LOCAL,
  signal: new AbortController().signal,
});

interface Out {
  id: string;
  properties: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
}
interface Found {
  total: number;
  results: Out[];
}
const invoke = async <T = Out>(operation: string, values: Record<string, unknown>, runtime = runtimeWith(tokenCredential())) => (await runtime.invoke(call(), operation, values)) as T;

describe('HubSpot operations against the fake CRM', () => {
  it('createContact sends the fields as HubSpot properties with the private app token', async () => {
    const contact = await invoke('createContact', { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', properties: { lifecyclestage: 'lead' } });
    expect(contact).toEqual({ id: fake.contacts[0]!.id, properties: expect.objectContaining({ email: 'ada@example.com', firstname: 'Ada', lifecyclestage: 'lead' }), createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(fake.contacts[0]!.properties).toMatchObject({ email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', lifecyclestage: 'lead', hs_object_id: contact.id });
    expect(fake.requests).toEqual([{ method: 'POST', path: '/crm/v3/objects/contacts', authorization: `Bearer ${TOKEN}`, body: { properties: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', lifecyclestage: 'lead' } } }]);
  });

  it('updateContact changes only the given fields of that contact', async () => {
    const { id } = fake.seed('contacts', { email: 'ada@example.com', firstname: 'Ada' });
    const before = fake.contacts[0]!.updatedAt;
    const updated = await invoke('updateContact', { contactId: id, phone: '+44 20 7946 0000' });
    expect(updated.properties).toMatchObject({ phone: '+44 20 7946 0000', firstname: 'Ada' });
    expect(fake.contacts[0]!.properties).toMatchObject({ email: 'ada@example.com', phone: '+44 20 7946 0000' });
    expect(Date.parse(fake.contacts[0]!.updatedAt)).toBeGreaterThan(Date.parse(before));
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PATCH', path: `/crm/v3/objects/contacts/${id}`, body: { properties: { phone: '+44 20 7946 0000' } } });
  });

  it('searchContacts finds by text and honours the limit', async () => {
    fake.seed('contacts', { email: 'ada@example.com', firstname: 'Ada' });
    fake.seed('contacts', { email: 'grace@navy.example', firstname: 'Grace' });
    fake.seed('contacts', { email: 'alan@example.com', firstname: 'Alan' });
    const found = await invoke<Found>('searchContacts', { query: 'example.com' });
    expect(found.total).toBe(2);
    expect(found.results.map((result) => result.properties.email)).toEqual(['ada@example.com', 'alan@example.com']);
    const limited = await invoke<Found>('searchContacts', { limit: 1 });
    expect(limited).toMatchObject({ total: 3, results: [{ properties: { email: 'ada@example.com' } }] });
  });

  it('createCompany, updateCompany and searchCompanies work on companies', async () => {
    const company = await invoke('createCompany', { name: 'Acme Roofing', domain: 'acme-roofing.example', city: 'Leeds' });
    expect(fake.companies).toHaveLength(1);
    expect(fake.companies[0]!.properties).toMatchObject({ name: 'Acme Roofing', domain: 'acme-roofing.example', city: 'Leeds' });
    await invoke('updateCompany', { companyId: company.id, city: 'York' });
    expect(fake.companies[0]!.properties.city).toBe('York');
    fake.seed('companies', { name: 'Other Ltd', domain: 'other.example' });
    const found = await invoke<Found>('searchCompanies', { query: 'roofing' });
    expect(found).toMatchObject({ total: 1, results: [{ id: company.id, properties: { name: 'Acme Roofing', domain: 'acme-roofing.example', city: 'York' } }] });
  });

  it('createDeal sends the amount as text and links the deal to the contact (association type 3)', async () => {
    const contact = fake.seed('contacts', { email: 'lead@example.com' });
    const deal = await invoke('createDeal', { dealname: 'Roof repair', amount: 1250.5, dealstage: 'qualifiedtobuy', closedate: '2026-12-01T10:00:00Z', contactId: contact.id });
    expect(fake.deals[0]!.properties).toMatchObject({ dealname: 'Roof repair', amount: '1250.5', dealstage: 'qualifiedtobuy', closedate: '2026-12-01T10:00:00Z', pipeline: 'default' });
    expect(fake.deals[0]!.associations).toEqual([{ toObjectType: 'contacts', toId: contact.id, associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }]);
    expect(fake.contacts[0]!.associations).toEqual([{ toObjectType: 'deals', toId: deal.id, associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 4 }]);
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('properties.contactId');
  });

  it('updateDeal moves the stage, and links a contact given on the update', async () => {
    const deal = fake.seed('deals', { dealname: 'Roof repair', dealstage: 'qualifiedtobuy' });
    const contact = fake.seed('contacts', { email: 'lead@example.com' });
    const updated = await invoke('updateDeal', { dealId: deal.id, dealstage: 'closedwon', contactId: contact.id });
    expect(updated.properties.dealstage).toBe('closedwon');
    expect(fake.deals[0]!.properties.dealstage).toBe('closedwon');
    expect(fake.deals[0]!.associations).toEqual([expect.objectContaining({ toObjectType: 'contacts', toId: contact.id, associationTypeId: 3 })]);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH /crm/v3/objects/deals/${deal.id}`, `PUT /crm/v4/objects/deals/${deal.id}/associations/default/contacts/${contact.id}`]);
  });

  it('searchDeals finds deals by name', async () => {
    fake.seed('deals', { dealname: 'Roof repair – Smith', amount: '900' });
    fake.seed('deals', { dealname: 'Boiler service – Jones', amount: '120' });
    const found = await invoke<Found>('searchDeals', { query: 'boiler' });
    expect(found).toMatchObject({ total: 1, results: [{ properties: { dealname: 'Boiler service – Jones', amount: '120' } }] });
  });

  it('an unknown deal is a plain-words 404 quoting HubSpot', async () => {
    await expect(invoke('updateDeal', { dealId: '999999', dealstage: 'closedwon' })).rejects.toThrow('HubSpot refused the request: resource not found (HTTP 404)');
  });
});

describe('HubSpot dealChanged trigger', () => {
  const poll = (cursor: string | null, values: Record<string, unknown> = {}) =>
    runtimeWith(tokenCredential()).poll(call('New or updated deal'), 'dealChanged', values, cursor) as Promise<{ items: { id: string; version: string; updatedAt: string; properties: Record<string, unknown> }[]; cursor: string }>;

  it('first activation replays no history and stores a cursor; later polls return only changes since, oldest first, with a new version per update', async () => {
    const old = fake.seed('deals', { dealname: 'Old deal' });
    const first = await poll(null);
    expect(first.items).toEqual([]);
    expect(Number(first.cursor)).toBe(Date.parse(old.updatedAt));

    expect((await poll(first.cursor)).items).toEqual([]);

    const fresh = fake.seed('deals', { dealname: 'New deal', dealstage: 'appointmentscheduled' });
    fake.touch(old.id, { dealstage: 'closedwon' });
    const second = await poll(first.cursor);
    expect(second.items.map((item) => item.id)).toEqual([fresh.id, old.id]);
    expect(second.items[1]).toEqual({ id: old.id, version: `${old.id}@${fake.deals[0]!.updatedAt}`, updatedAt: fake.deals[0]!.updatedAt, properties: expect.objectContaining({ dealname: 'Old deal', dealstage: 'closedwon' }) });
    expect(Number(second.cursor)).toBe(Date.parse(fake.deals[0]!.updatedAt));

    expect((await poll(second.cursor)).items).toEqual([]);
    const before = second.items[0]!.version;
    fake.touch(fresh.id, { amount: '500' });
    const third = await poll(second.cursor);
    expect(third.items.map((item) => item.id)).toEqual([fresh.id]);
    expect(third.items[0]!.version).not.toBe(before);
    expect(third.items[0]!.properties.amount).toBe('500');
  });

  it('asks HubSpot for the changes as a filtered, sorted search and follows the pages', async () => {
    const { cursor } = await poll(null);
    expect(cursor).toBe('0');
    for (let i = 0; i < 105; i++) fake.seed('deals', { dealname: `Deal ${i}` });
    const result = await poll(cursor);
    expect(result.items.map((item) => item.properties.dealname)).toEqual(Array.from({ length: 105 }, (_, i) => `Deal ${i}`));
    const searches = fake.requests.filter((request) => request.path === '/crm/v3/objects/deals/search').slice(1);
    expect(searches).toHaveLength(2);
    expect(searches[0]!.body).toMatchObject({ filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: 'GT', value: '0' }] }], sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'ASCENDING' }], limit: 100 });
    expect(searches[1]!.body).toMatchObject({ after: '100' });
    expect(Number(result.cursor)).toBe(Date.parse(fake.deals[104]!.updatedAt));
  });

  it('with a stage, returns only the deals in that stage', async () => {
    const { cursor } = await poll(null, { stage: 'closedwon' });
    const won = fake.seed('deals', { dealname: 'Won', dealstage: 'closedwon' });
    fake.seed('deals', { dealname: 'Lost', dealstage: 'closedlost' });
    expect((await poll(cursor, { stage: 'closedwon' })).items.map((item) => item.id)).toEqual([won.id]);
  });
});

describe('HubSpot refusals and limits', () => {
  it('waits out a 429 for the Retry-After HubSpot asked, then the request succeeds', async () => {
    fake.failNext(1, { status: 429, retryAfter: 2 });
    await invoke('createDeal', { dealname: 'After the limit' });
    expect(waits).toEqual([2000]);
    expect(fake.requests.map((request) => request.path)).toEqual(['/crm/v3/objects/deals', '/crm/v3/objects/deals']);
    expect(fake.deals.map((deal) => deal.properties.dealname)).toEqual(['After the limit']);
  });

  it('a refused private app token is a plain-words "reconnect" error, without the token in it', async () => {
    const refused = invoke('createContact', { email: 'ada@example.com' }, runtimeWith(tokenCredential('pat-na1-revoked')));
    await expect(refused).rejects.toThrow('HubSpot did not accept the connected account (Authentication credentials not found.');
    await expect(refused).rejects.toThrow(/reconnect it on the Credentials page$/);
    await expect(refused).rejects.not.toThrow(/pat-na1/);
    expect(fake.contacts).toEqual([]);
  });

  it('HubSpot’s validation message is quoted in plain words, naming the property', async () => {
    const refused = invoke('createDeal', { dealname: 'Bad amount', properties: { amount: 'lots' } });
    await expect(refused).rejects.toThrow('HubSpot refused the request: Property values were not valid: amount: lots was not a valid number. (HTTP 400)');
    await expect(invoke('createDeal', { dealname: 'X', properties: { hs_priority_x: 'high' } })).rejects.toThrow('Property values were not valid: Property "hs_priority_x" does not exist');
    expect(fake.deals).toEqual([]);
  });

  it('a second contact with the same e-mail is HubSpot’s conflict, quoted', async () => {
    const first = fake.seed('contacts', { email: 'ada@example.com' });
    await expect(invoke('createContact', { email: 'ADA@example.com' })).rejects.toThrow(`HubSpot refused the request: Contact already exists. Existing ID: ${first.id} (HTTP 409)`);
  });
});

describe('HubSpot with an OAuth credential', () => {
  let auth: FakeAuthServer;
  const REDIRECT = 'http://127.0.0.1:9/callback';

  beforeEach(async () => {
    auth = await startFakeAuthServer({ provider: 'hubspot', clientId: 'client-1', clientSecret: 'secret-1' });
    await fake.close();
    fake = await startFakeHubSpot({ tokens: auth.isValid });
  });
  afterEach(() => auth.close());

  /** Connects an account the way the OAuth client does: authorize with PKCE, consent, exchange the code. */
  async function connect(): Promise<OpenedCredential> {
    const verifier = 'v'.repeat(43);
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(auth.urls.authorization);
    for (const [key, value] of Object.entries({ response_type: 'code', client_id: 'client-1', redirect_uri: REDIRECT, scope: 'oauth crm.objects.deals.write', state: 's1', code_challenge: challenge, code_challenge_method: 'S256' })) url.searchParams.set(key, value);
    const back = await auth.consent(url.toString());
    const body = new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier, client_id: 'client-1', client_secret: 'secret-1' });
    const tokens = (await (await fetch(auth.urls.token, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })).json()) as { access_token: string; refresh_token: string };
    return { id: 'cred-hs', type: 'hubspotOAuth', settings: { account: 'owner@example.com' }, secrets: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token } };
  }

  /** The TokenRefresher: a refresh_token grant at the fake server. */
  const refresh = async (credential: OpenedCredential): Promise<OpenedCredential> => {
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: credential.secrets.refreshToken!, client_id: 'client-1', client_secret: 'secret-1' });
    const tokens = (await (await fetch(auth.urls.token, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })).json()) as { access_token: string; refresh_token: string; expires_in: number };
    return { ...credential, settings: { ...credential.settings, expiresAt: new Date(Date.now() + tokens.expires_in * 1000).toISOString() }, secrets: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token } };
  };

  it('a 401 for an expired access token refreshes it and the request is sent again with the new one', async () => {
    const credential = await connect();
    auth.expireAll();
    const deal = await invoke('createDeal', { dealname: 'After refresh' }, runtimeWith(credential, { refresh }));
    expect(auth.refreshCount).toBe(1);
    const fresh = auth.issued.at(-1)!.accessToken;
    expect(fake.requests.map((request) => request.authorization)).toEqual([`Bearer ${credential.secrets.accessToken}`, `Bearer ${fresh}`]);
    expect(fake.deals).toEqual([expect.objectContaining({ id: deal.id, properties: expect.objectContaining({ dealname: 'After refresh' }) })]);
  });

  it('a token past its expiresAt is refreshed before the first request', async () => {
    const credential = await connect();
    auth.expireAll();
    const expiring = { ...credential, settings: { ...credential.settings, expiresAt: new Date(Date.now() - 1000).toISOString() } };
    await invoke('createContact', { email: 'ada@example.com' }, runtimeWith(expiring, { refresh }));
    expect(auth.refreshCount).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${auth.issued.at(-1)!.accessToken}`);
  });

  it('a refresh token revoked at HubSpot ends in the reconnect error', async () => {
    const credential = await connect();
    auth.expireAll();
    const revoked = await fetch(`${auth.urls.revocation}/${credential.secrets.refreshToken}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    const failingRefresh = async (opened: OpenedCredential) => {
      const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: opened.secrets.refreshToken!, client_id: 'client-1', client_secret: 'secret-1' });
      const answer = await fetch(auth.urls.token, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      if (!answer.ok) return opened; // the real client marks the credential for reconnection; the old token is sent once more
      return refresh(opened);
    };
    await expect(invoke('createDeal', { dealname: 'X' }, runtimeWith(credential, { refresh: failingRefresh }))).rejects.toThrow(/reconnect it on the Credentials page/);
    expect(auth.refreshCount).toBe(0);
    expect(fake.deals).toEqual([]);
  });
});
