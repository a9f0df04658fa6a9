// The Pipedrive executor against a fake Pipedrive that speaks API v1:
// every operation, the newDeal trigger's cursor, a 429 waited out, a
// refused token and Pipedrive's own error words reaching the user.
import { connectorOf } from '@agentflow/shared/workflow';
import { ALLOW_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { CONNECTOR_EXECUTORS } from '../registry.js';
import { ConnectorRuntime, type ConnectorCall } from '../runtime/runtime.js';
import { startFakePipedrive, type FakePipedrive } from './testing/fake.js';

let fake: FakePipedrive;
let waits: number[];
let apiToken: string;

const runtime = () =>
  new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async (): Promise<OpenedCredential> => ({ id: 'cred-pd', type: 'pipedriveToken', settings: {}, secrets: { apiToken } }) },
    baseUrls: { pipedrive: `${fake.url}/v1` },
    wait: async (ms) => void waits.push(ms),
  });
const call: ConnectorCall = { connectorId: 'pipedrive', credentialId: 'cred-pd', ownerId: 'owner', stepName: 'Pipedrive', policy: ALLOW_LOCAL, signal: new AbortController().signal };
const invoke = (operation: string, values: Record<string, unknown>) => runtime().invoke(call, operation, values);
const poll = (cursor: string | null) => runtime().poll(call, 'newDeal', {}, cursor);
const declaration = connectorOf('pipedrive')!;
const outputOf = (operation: string) => declaration.operations.find((o) => o.id === operation)!.output;
const lastUrl = () => new URL(fake.seen.at(-1)!.url, 'http://x');
const lastBody = () => JSON.parse(fake.seen.at(-1)!.body) as Record<string, unknown>;
const CUSTOM = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

beforeAll(async () => {
  fake = await startFakePipedrive();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  waits = [];
  apiToken = fake.token;
});

describe('Pipedrive persons and organizations', () => {
  it('creates an organization, then a person in it, with e-mail and phone as Pipedrive’s lists', async () => {
    const org = await invoke('createOrganization', { name: 'Acme Logistics', address: 'Hafenstraße 1, Hamburg' });
    expect(org).toEqual({ id: 1, name: 'Acme Logistics', address: 'Hafenstraße 1, Hamburg' });
    expect(outputOf('createOrganization').safeParse(org).success).toBe(true);

    const person = await invoke('createPerson', { name: 'Ada Lovelace', email: 'ada@acme.example', phone: '+49 40 123', orgId: '1', customFields: { [CUSTOM]: 'VIP' } });
    expect(fake.seen.at(-1)!.method).toBe('POST');
    expect(lastUrl().pathname).toBe('/v1/persons');
    expect(lastUrl().searchParams.get('api_token')).toBe(fake.token);
    expect(lastBody()).toEqual({
      name: 'Ada Lovelace',
      email: [{ value: 'ada@acme.example', primary: true, label: 'work' }],
      phone: [{ value: '+49 40 123', primary: true, label: 'work' }],
      org_id: 1,
      [CUSTOM]: 'VIP',
    });
    expect(person).toEqual({ id: 1, name: 'Ada Lovelace', email: 'ada@acme.example', phone: '+49 40 123', orgId: 1 });
    expect(outputOf('createPerson').safeParse(person).success).toBe(true);
    expect(fake.persons[0]).toMatchObject({ name: 'Ada Lovelace', org_id: 1, [CUSTOM]: 'VIP' });
  });

  it('updates a person with PUT, sending only the given fields', async () => {
    await invoke('createPerson', { name: 'Grace', email: 'grace@old.example' });
    const updated = await invoke('updatePerson', { personId: 1, email: 'grace@new.example' });
    expect(fake.seen.at(-1)!.method).toBe('PUT');
    expect(lastUrl().pathname).toBe('/v1/persons/1');
    expect(lastBody()).toEqual({ email: [{ value: 'grace@new.example', primary: true, label: 'work' }] });
    expect(updated).toEqual({ id: 1, name: 'Grace', email: 'grace@new.example', phone: null, orgId: null });
  });

  it('updates an organization', async () => {
    await invoke('createOrganization', { name: 'Acme' });
    const updated = await invoke('updateOrganization', { orgId: 1, address: 'Main St 1' });
    expect(lastUrl().pathname).toBe('/v1/organizations/1');
    expect(lastBody()).toEqual({ address: 'Main St 1' });
    expect(updated).toEqual({ id: 1, name: 'Acme', address: 'Main St 1' });
  });

  it('searches persons by e-mail in name, e-mail and phone, simplifying the search items', async () => {
    await invoke('createOrganization', { name: 'Acme' });
    await invoke('createPerson', { name: 'Ada', email: 'ada@acme.example', orgId: 1 });
    await invoke('createPerson', { name: 'Bob', email: 'bob@other.example' });
    const found = await invoke('searchPersons', { term: 'acme.example', limit: 5 });
    expect(lastUrl().pathname).toBe('/v1/persons/search');
    expect(Object.fromEntries(lastUrl().searchParams)).toMatchObject({ term: 'acme.example', fields: 'name,email,phone', start: '0', limit: '5' });
    expect(found).toEqual({ results: [{ id: 1, name: 'Ada', email: 'ada@acme.example', phone: null, orgId: 1 }], more: false });
    expect(outputOf('searchPersons').safeParse(found).success).toBe(true);
  });

  it('says when there are more results than the limit', async () => {
    for (const name of ['Acme North', 'Acme South', 'Acme East']) await invoke('createOrganization', { name });
    const found = (await invoke('searchOrganizations', { term: 'acme', limit: 2 })) as { results: { name: string }[]; more: boolean };
    expect(found.results.map((r) => r.name)).toEqual(['Acme North', 'Acme South']);
    expect(found.more).toBe(true);
    const exact = (await invoke('searchOrganizations', { term: 'Acme East', exactMatch: true })) as { results: unknown[] };
    expect(lastUrl().searchParams.get('exact_match')).toBe('true');
    expect(exact.results).toEqual([{ id: 3, name: 'Acme East', address: null }]);
  });
});

describe('Pipedrive deals', () => {
  it('creates a deal linked to a person and an organization', async () => {
    await invoke('createOrganization', { name: 'Acme' });
    await invoke('createPerson', { name: 'Ada' });
    const deal = await invoke('createDeal', { title: 'Acme fleet', value: '12500.5', currency: 'eur', personId: 1, orgId: 1, stageId: 2, expectedCloseDate: '2026-12-31' });
    expect(lastBody()).toEqual({ title: 'Acme fleet', value: 12500.5, currency: 'EUR', person_id: 1, org_id: 1, stage_id: 2, expected_close_date: '2026-12-31' });
    expect(deal).toMatchObject({ id: 1, title: 'Acme fleet', value: 12500.5, currency: 'EUR', status: 'open', stageId: 2, personId: 1, orgId: 1 });
    expect((deal as { addTime: string }).addTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(outputOf('createDeal').safeParse(deal).success).toBe(true);
  });

  it('moves a deal to won with PUT', async () => {
    await invoke('createDeal', { title: 'Small one' });
    const deal = await invoke('updateDeal', { dealId: 1, status: 'won', value: 900 });
    expect(lastUrl().pathname).toBe('/v1/deals/1');
    expect(lastBody()).toEqual({ status: 'won', value: 900 });
    expect(deal).toMatchObject({ id: 1, status: 'won', value: 900, personId: null });
    expect(fake.deals[0]).toMatchObject({ status: 'won', value: 900 });
  });

  it('searches deals by title', async () => {
    await invoke('createPerson', { name: 'Ada' });
    await invoke('createDeal', { title: 'Fleet renewal', personId: 1, value: 10 });
    await invoke('createDeal', { title: 'Office chairs' });
    const found = await invoke('searchDeals', { term: 'fleet' });
    expect(lastUrl().searchParams.get('fields')).toBe('title');
    expect(found).toEqual({ results: [{ id: 1, title: 'Fleet renewal', value: 10, currency: 'EUR', status: 'open', stageId: 1, personId: 1, orgId: null, addTime: null }], more: false });
    expect(outputOf('searchDeals').safeParse(found).success).toBe(true);
  });
});

describe('Pipedrive newDeal trigger', () => {
  it('stores the newest add_time on first activation, then reports only deals added after it, oldest first, across pages', async () => {
    fake.addDeal({ title: 'Old A', add_time: '2026-11-20 09:00:00' });
    fake.addDeal({ title: 'Old B', add_time: '2026-11-21 09:00:00' });
    const first = await poll(null);
    expect(first.items).toEqual([]);
    expect(JSON.parse(first.cursor)).toEqual({ addTime: '2026-11-21 09:00:00', ids: [2] });
    expect(Object.fromEntries(lastUrl().searchParams)).toMatchObject({ sort: 'add_time DESC', start: '0' });

    for (let i = 0; i < 120; i++) fake.addDeal({ title: `New ${i}`, add_time: `2026-11-22 10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}` });
    fake.seen.length = 0;
    const second = await poll(first.cursor);
    expect(second.items).toHaveLength(120);
    expect((second.items as { title: string }[]).map((d) => d.title)).toEqual(Array.from({ length: 120 }, (_, i) => `New ${i}`));
    expect(second.items[0]).toMatchObject({ id: 3, addTime: '2026-11-22 10:00:00', status: 'open' });
    expect(declaration.triggers[0]!.item.safeParse(second.items[0]).success).toBe(true);
    // Two pages of 100: the second read from next_start.
    expect(fake.seen.map((r) => new URL(r.url, 'http://x').searchParams.get('start'))).toEqual(['0', '100']);
    expect(JSON.parse(second.cursor)).toEqual({ addTime: '2026-11-22 10:01:59', ids: [122] });

    const third = await poll(second.cursor);
    expect(third.items).toEqual([]);
    expect(third.cursor).toBe(second.cursor);
  });

  it('reports a deal added in the same second as the last one reported, once', async () => {
    fake.addDeal({ title: 'A', add_time: '2026-11-22 10:00:00' });
    const first = await poll(null);
    fake.addDeal({ title: 'B', add_time: '2026-11-22 10:00:00' });
    const second = await poll(first.cursor);
    expect((second.items as { title: string }[]).map((d) => d.title)).toEqual(['B']);
    expect(JSON.parse(second.cursor)).toEqual({ addTime: '2026-11-22 10:00:00', ids: [1, 2] });
    expect((await poll(second.cursor)).items).toEqual([]);
  });

  it('on an empty account, stores a cursor that lets the first deal through', async () => {
    const first = await poll(null);
    expect(first.items).toEqual([]);
    fake.addDeal({ title: 'First ever', add_time: '2026-11-22 10:00:00' });
    const second = await poll(first.cursor);
    expect((second.items as { title: string }[]).map((d) => d.title)).toEqual(['First ever']);
  });
});

describe('Pipedrive refusals', () => {
  it('waits out a 429 for the Retry-After Pipedrive sent, then succeeds', async () => {
    fake.rateLimitNext(2, 3);
    const org = await invoke('createOrganization', { name: 'Patient Inc' });
    expect(waits).toEqual([3000, 3000]);
    expect(org).toMatchObject({ name: 'Patient Inc' });
    expect(fake.organizations).toHaveLength(1);
  });

  it('a refused API token asks the user to reconnect, in plain words, without the token', async () => {
    apiToken = 'revoked-token';
    const error = await invoke('createPerson', { name: 'X' }).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'ConnectorAuthError', message: 'Pipedrive did not accept the connected account (unauthorized access): reconnect it on the Credentials page' });
    expect((error as Error).message).not.toContain('revoked-token');
    expect(fake.persons).toHaveLength(0);
  });

  it('quotes Pipedrive’s error when it refuses a value', async () => {
    await expect(invoke('createDeal', { title: 'Deal', stageId: 99 })).rejects.toMatchObject({
      name: 'ConnectorRequestError',
      message: 'Pipedrive refused the request: Stage with ID 99 not found (HTTP 400)',
    });
    await expect(invoke('createPerson', { name: 'Ada', orgId: 42 })).rejects.toThrow('Pipedrive refused the request: Organization with ID 42 not found (HTTP 400)');
  });

  it('an unknown record is Pipedrive’s "not found"', async () => {
    await expect(invoke('updateDeal', { dealId: 777, title: 'x' })).rejects.toThrow('Pipedrive refused the request: Deal not found (HTTP 404)');
  });
});
