// The Airtable executor against a fake Airtable that speaks its wire format:
// every operation, offset pages, a 429 waited out, a refused token and
// Airtable's own error words reaching the user.
import { connectorOf } from '@agentflow/shared/workflow';
import { ALLOW_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { CONNECTOR_EXECUTORS } from '../registry.js';
import { ConnectorRuntime, type ConnectorCall } from '../runtime/runtime.js';
import { startFakeAirtable, type FakeAirtable } from './testing/fake.js';

const BASE = 'appBASE0000000001';
let fake: FakeAirtable;
let waits: number[];
let token: string;

const credential = (): OpenedCredential => ({ id: 'cred-airtable', type: 'airtableToken', settings: {}, secrets: { token } });
const runtime = () =>
  new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async () => credential() },
    baseUrls: { airtable: `${fake.url}/v0` },
    wait: async (ms) => void waits.push(ms),
  });
const call: ConnectorCall = { connectorId: 'airtable', credentialId: 'cred-airtable', ownerId: 'owner', stepName: 'Airtable', policy: ALLOW_LOCAL, signal: new AbortController().signal };
const invoke = (operation: string, values: Record<string, unknown>) => runtime().invoke(call, operation, values);
const outputOf = (operation: string) => connectorOf('airtable')!.operations.find((o) => o.id === operation)!.output;

beforeAll(async () => {
  fake = await startFakeAirtable();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.tables.clear();
  fake.seen.length = 0;
  fake.table(BASE, 'Leads').fields = { Name: 'text', Score: 'number', Status: 'text', Hot: 'checkbox' };
  waits = [];
  token = fake.token;
  fake.pageCap = 100;
});

describe('Airtable operations', () => {
  it('creates a record with the given cells and returns its id, creation time and fields', async () => {
    const output = await invoke('createRecord', { baseId: BASE, table: 'Leads', fields: { Name: 'Ada Lovelace', Score: 42, Hot: true } });
    const stored = fake.table(BASE, 'Leads').records;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.fields).toEqual({ Name: 'Ada Lovelace', Score: 42, Hot: true });
    expect(output).toEqual({ id: stored[0]!.id, createdTime: stored[0]!.createdTime, fields: { Name: 'Ada Lovelace', Score: 42, Hot: true } });
    expect(outputOf('createRecord').safeParse(output).success).toBe(true);
    expect(fake.seen[0]).toMatchObject({ method: 'POST', url: `/v0/${BASE}/Leads` });
    expect(fake.seen[0]!.headers.authorization).toBe(`Bearer ${fake.token}`);
  });

  it('names a table with spaces in the path, encoded', async () => {
    fake.table(BASE, 'Open deals').fields = { Name: 'text' };
    await invoke('createRecord', { baseId: BASE, table: 'Open deals', fields: { Name: 'Acme' } });
    expect(fake.seen[0]!.url).toBe(`/v0/${BASE}/Open%20deals`);
    expect(fake.table(BASE, 'Open deals').records[0]!.fields).toEqual({ Name: 'Acme' });
  });

  it('updates only the given cells with a PATCH', async () => {
    const created = (await invoke('createRecord', { baseId: BASE, table: 'Leads', fields: { Name: 'Grace', Status: 'New' } })) as { id: string };
    const output = await invoke('updateRecord', { baseId: BASE, table: 'Leads', recordId: created.id, fields: { Status: 'Qualified' } });
    expect(fake.seen[1]).toMatchObject({ method: 'PATCH', url: `/v0/${BASE}/Leads/${created.id}` });
    expect(fake.table(BASE, 'Leads').records[0]!.fields).toEqual({ Name: 'Grace', Status: 'Qualified' });
    expect(output).toMatchObject({ id: created.id, fields: { Name: 'Grace', Status: 'Qualified' } });
    expect(outputOf('updateRecord').safeParse(output).success).toBe(true);
  });

  it('finds the records a formula matches', async () => {
    const records = fake.table(BASE, 'Leads').records;
    records.push({ id: 'rec1', createdTime: '2026-11-01T10:00:00.000Z', fields: { Name: 'A', Status: 'New' } });
    records.push({ id: 'rec2', createdTime: '2026-11-02T10:00:00.000Z', fields: { Name: 'B', Status: 'Won' } });
    records.push({ id: 'rec3', createdTime: '2026-11-03T10:00:00.000Z', fields: { Name: 'C', Status: 'New' } });
    const output = (await invoke('findRecords', { baseId: BASE, table: 'Leads', filterByFormula: '{Status} = "New"' })) as { records: { id: string }[] };
    expect(output.records.map((r) => r.id)).toEqual(['rec1', 'rec3']);
    expect(new URL(fake.seen[0]!.url, 'http://x').searchParams.get('filterByFormula')).toBe('{Status} = "New"');
    expect(outputOf('findRecords').safeParse(output).success).toBe(true);
  });

  it('follows offset pages until maxRecords, asking each page for no more than is still wanted', async () => {
    const records = fake.table(BASE, 'Leads').records;
    for (let i = 0; i < 30; i++) records.push({ id: `rec${i}`, createdTime: '2026-11-01T10:00:00.000Z', fields: { Name: `Lead ${i}` } });
    fake.pageCap = 10;
    const output = (await invoke('findRecords', { baseId: BASE, table: 'Leads', maxRecords: 25, view: 'Grid view' })) as { records: { id: string }[] };
    expect(output.records.map((r) => r.id)).toEqual(records.slice(0, 25).map((r) => r.id));
    const asked = fake.seen.map((r) => new URL(r.url, 'http://x').searchParams);
    expect(asked).toHaveLength(3);
    expect(asked.map((q) => q.get('pageSize'))).toEqual(['25', '15', '5']);
    expect(asked[0]!.has('offset')).toBe(false);
    expect(asked[1]!.get('offset')).toMatch(/^itr\d+\/10$/);
    expect(asked[2]!.get('offset')).toMatch(/^itr\d+\/20$/);
    expect(asked.every((q) => q.get('view') === 'Grid view' && q.get('maxRecords') === '25')).toBe(true);
  });

  it('stops when Airtable gives no further offset, with fewer records than asked', async () => {
    const records = fake.table(BASE, 'Leads').records;
    for (let i = 0; i < 12; i++) records.push({ id: `rec${i}`, createdTime: '2026-11-01T10:00:00.000Z', fields: { Name: `Lead ${i}` } });
    fake.pageCap = 5;
    const output = (await invoke('findRecords', { baseId: BASE, table: 'Leads' })) as { records: unknown[] };
    expect(output.records).toHaveLength(12);
    expect(fake.seen).toHaveLength(3);
    expect(new URL(fake.seen[0]!.url, 'http://x').searchParams.get('pageSize')).toBe('100');
  });
});

describe('Airtable refusals', () => {
  it('waits out a 429 for the 30 s Airtable asks, then succeeds', async () => {
    fake.rateLimitNext(1);
    const output = await invoke('createRecord', { baseId: BASE, table: 'Leads', fields: { Name: 'Retry' } });
    expect(waits).toEqual([30_000]);
    expect(output).toMatchObject({ fields: { Name: 'Retry' } });
    expect(fake.table(BASE, 'Leads').records).toHaveLength(1);
  });

  it('a refused token asks the user to reconnect, in plain words', async () => {
    token = 'patREVOKED.token';
    await expect(invoke('createRecord', { baseId: BASE, table: 'Leads', fields: { Name: 'X' } })).rejects.toMatchObject({
      name: 'ConnectorAuthError',
      message: expect.stringMatching(/^Airtable did not accept the connected account \(Authentication required \(AUTHENTICATION_REQUIRED\)\): reconnect it on the Credentials page$/),
    });
    expect(fake.table(BASE, 'Leads').records).toHaveLength(0);
  });

  it('says what Airtable said about a value a column cannot take', async () => {
    await expect(invoke('createRecord', { baseId: BASE, table: 'Leads', fields: { Score: 'lots' } })).rejects.toMatchObject({
      name: 'ConnectorRequestError',
      message: 'Airtable refused the request: Field "Score" cannot accept the provided value (INVALID_VALUE_FOR_COLUMN) (HTTP 422)',
    });
  });

  it('an unknown record is "not found" in words, with Airtable’s code', async () => {
    await expect(invoke('updateRecord', { baseId: BASE, table: 'Leads', recordId: 'recMISSING', fields: { Name: 'X' } })).rejects.toThrow(
      'Airtable refused the request: the base, table or record was not found (NOT_FOUND) (HTTP 404)',
    );
  });

  it('an unknown table quotes Airtable’s message', async () => {
    await expect(invoke('findRecords', { baseId: BASE, table: 'Nope' })).rejects.toThrow(`Could not find table Nope in application ${BASE} (TABLE_NOT_FOUND)`);
  });

  it('a formula Airtable cannot read is refused with its words', async () => {
    await expect(invoke('findRecords', { baseId: BASE, table: 'Leads', filterByFormula: 'AND(' })).rejects.toThrow(/The formula for filtering records is invalid.*INVALID_FILTER_BY_FORMULA/);
  });
});
