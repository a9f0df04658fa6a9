// The Google Sheets executor through the ConnectorRuntime against the fake
// Google server: rows by column name (append, look up, update keeping the
// other cells and formulas), the new-row trigger's cursor, and Google's
// errors, waits and refresh.
import { startFakeGoogle, type FakeGoogle } from '../google/testing/fakeGoogle.js';
import { ACCESS_TOKEN, googleCredential, googleHarness, type GoogleHarness } from '../google/testing/harness.js';
import { columnLetter, firstRowOf, sheetRef, spreadsheetIdOf } from './a1.js';

let fake: FakeGoogle;
let h: GoogleHarness;
const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
const HEADERS = ['Address', 'Price', 'Agent', 'Status'];

beforeEach(async () => {
  fake = await startFakeGoogle();
  h = googleHarness(fake);
  fake.sheets.add(ID, {
    Sheet1: [HEADERS, ['12 Elm St', 450000, 'anna@example.com', 'New'], ['3 Oak Ave', 320000, 'bo@example.com', 'New', '=B3*0.03'], ['9 Pine Rd', 510000, 'ANNA@example.com ', 'Sold']],
    'Listings 2026': [['Title', 'Price'], ['Loft', 1]],
  });
});
afterEach(() => fake.close());

const url = (index: number) => new URL(fake.requests[index]!.url, fake.url);

describe('A1 notation', () => {
  it('names columns, quotes tab names that need it, and reads the row of a range', () => {
    expect([0, 25, 26, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
    expect([sheetRef('Sheet1'), sheetRef('Listings 2026'), sheetRef("Bo's"), sheetRef('A1')]).toEqual(['Sheet1', "'Listings 2026'", "'Bo''s'", "'A1'"]);
    expect([firstRowOf('Sheet1!A6:C6'), firstRowOf("'My tab'!A12"), firstRowOf('Sheet1')]).toEqual([6, 12, null]);
    expect(spreadsheetIdOf(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`)).toBe(ID);
  });
});

describe('appendRow', () => {
  it('reads the column names, orders the values by them and appends below the last row', async () => {
    const output = await h.invoke('googleSheets', 'appendRow', { spreadsheetId: ID, values: { Status: 'New', Address: '1 Bay Rd', Price: 275000, agent: null } });
    expect(output).toEqual({ rowNumber: 5, updatedRange: 'Sheet1!A5:D5' });
    expect(fake.sheets.rows(ID)[4]).toEqual(['1 Bay Rd', 275000, '', 'New']);
    expect(decodeURIComponent(url(0).pathname)).toBe(`/v4/spreadsheets/${ID}/values/Sheet1!1:1`);
    expect(url(1).pathname).toBe(`/v4/spreadsheets/${ID}/values/Sheet1!A1:append`);
    expect([url(1).searchParams.get('valueInputOption'), url(1).searchParams.get('insertDataOption')]).toEqual(['USER_ENTERED', 'INSERT_ROWS']);
  });

  it('finds a tab whose name has a space, and takes the spreadsheet’s whole address', async () => {
    const output = await h.invoke('googleSheets', 'appendRow', { spreadsheetId: `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`, sheet: 'Listings 2026', values: { Title: 'Barn', Price: 2 } });
    expect(output).toEqual({ rowNumber: 3, updatedRange: "'Listings 2026'!A3:B3" });
    expect(fake.sheets.rows(ID, 'Listings 2026')[2]).toEqual(['Barn', 2]);
  });

  it('refuses a column the sheet does not have, naming it and the columns there are, before writing', async () => {
    await expect(h.invoke('googleSheets', 'appendRow', { spreadsheetId: ID, values: { Address: 'x', Bedrooms: 3 } })).rejects.toThrow('Google Sheets: the sheet "Sheet1" has no column "Bedrooms" (its columns: Address, Price, Agent, Status)');
    expect(fake.sheets.rows(ID)).toHaveLength(4);
    await expect(h.invoke('googleSheets', 'appendRow', { spreadsheetId: ID, values: {} })).rejects.toThrow('Google Sheets: name at least one column of "Sheet1" to fill (its columns: Address, Price, Agent, Status)');
    expect(fake.sheets.rows(ID)).toHaveLength(4);
  });

  it('says Google’s refusal of an unknown tab in plain words, quoting it', async () => {
    await expect(h.invoke('googleSheets', 'appendRow', { spreadsheetId: ID, sheet: 'Leads', values: { A: 1 } })).rejects.toThrow('Google Sheets refused the request: Unable to parse range: Leads!1:1 (HTTP 400)');
    await expect(h.invoke('googleSheets', 'appendRow', { spreadsheetId: 'nope', values: { A: 1 } })).rejects.toThrow('Google Sheets refused the request: Requested entity was not found. (HTTP 404)');
  });
});

describe('lookupRows', () => {
  it('gives the rows whose cell in the column equals the value (ignoring case and spaces), with their numbers', async () => {
    const output = await h.invoke('googleSheets', 'lookupRows', { spreadsheetId: ID, column: 'Agent', value: 'anna@example.com' });
    expect(output).toEqual({
      rows: [
        { rowNumber: 2, values: { Address: '12 Elm St', Price: '450000', Agent: 'anna@example.com', Status: 'New' } },
        { rowNumber: 4, values: { Address: '9 Pine Rd', Price: '510000', Agent: 'ANNA@example.com ', Status: 'Sold' } },
      ],
    });
    expect(decodeURIComponent(url(0).pathname)).toBe(`/v4/spreadsheets/${ID}/values/Sheet1`);
    expect(await h.invoke('googleSheets', 'lookupRows', { spreadsheetId: ID, column: 'Status', value: 'Rented' })).toEqual({ rows: [] });
  });

  it('refuses an unknown column, naming the columns', async () => {
    await expect(h.invoke('googleSheets', 'lookupRows', { spreadsheetId: ID, column: 'Email', value: 'x' })).rejects.toThrow('has no column "Email" (its columns: Address, Price, Agent, Status)');
  });
});

describe('updateRow', () => {
  it('changes the named cells and keeps the others, formulas included', async () => {
    fake.sheets.rows(ID)[2] = ['3 Oak Ave', 320000, '=LOWER("BO@EXAMPLE.COM")', 'New'];
    const output = await h.invoke('googleSheets', 'updateRow', { spreadsheetId: ID, rowNumber: 3, values: { Status: 'Sold', Price: 315000 } });
    expect(output).toEqual({ rowNumber: 3, updatedRange: 'Sheet1!A3:D3' });
    expect(fake.sheets.rows(ID)[2]).toEqual(['3 Oak Ave', 315000, '=LOWER("BO@EXAMPLE.COM")', 'Sold']);
    expect(url(1).searchParams.get('valueRenderOption')).toBe('FORMULA');
    expect([fake.requests[2]!.method, decodeURIComponent(url(2).pathname), url(2).searchParams.get('valueInputOption')]).toEqual(['PUT', `/v4/spreadsheets/${ID}/values/Sheet1!A3:D3`, 'USER_ENTERED']);
  });

  it('fills a row below the data, and refuses an unknown column', async () => {
    expect(await h.invoke('googleSheets', 'updateRow', { spreadsheetId: ID, rowNumber: 8, values: { Address: 'Lot 4' } })).toEqual({ rowNumber: 8, updatedRange: 'Sheet1!A8:D8' });
    expect(fake.sheets.rows(ID)[7]).toEqual(['Lot 4', '', '', '']);
    await expect(h.invoke('googleSheets', 'updateRow', { spreadsheetId: ID, rowNumber: 2, values: { Colour: 'red' } })).rejects.toThrow('has no column "Colour"');
  });
});

describe('the newRow trigger', () => {
  const trigger = { spreadsheetId: ID };

  it('first activation stores the last row and starts no run', async () => {
    expect(await h.poll('googleSheets', 'newRow', trigger, null)).toEqual({ items: [], cursor: '4' });
  });

  it('gives the rows below the cursor, each keyed by spreadsheet, sheet and row, skipping blank ones', async () => {
    const rows = fake.sheets.rows(ID);
    rows.push(['1 Bay Rd', 275000, 'anna@example.com', 'New'], ['', ''], ['7 Ash Ct', 199000]);
    const polled = await h.poll('googleSheets', 'newRow', trigger, '4');
    expect(polled).toEqual({
      items: [
        { rowNumber: 5, rowKey: `${ID}/Sheet1#5`, values: { Address: '1 Bay Rd', Price: '275000', Agent: 'anna@example.com', Status: 'New' } },
        { rowNumber: 7, rowKey: `${ID}/Sheet1#7`, values: { Address: '7 Ash Ct', Price: '199000', Agent: '', Status: '' } },
      ],
      cursor: '7',
    });
    expect(decodeURIComponent(fake.requests.map((r) => new URL(r.url, fake.url).pathname).at(-1)!)).toBe(`/v4/spreadsheets/${ID}/values/Sheet1!5:504`);
    expect(await h.poll('googleSheets', 'newRow', trigger, polled.cursor)).toEqual({ items: [], cursor: '7' });
  });
});

describe('the runtime against Google', () => {
  it('waits out a 429 for the Retry-After Google sent, then retries', async () => {
    fake.rateLimitNext(2, 3);
    expect(await h.invoke('googleSheets', 'lookupRows', { spreadsheetId: ID, column: 'Status', value: 'sold' })).toMatchObject({ rows: [{ rowNumber: 4 }] });
    expect(h.waits).toEqual([3000, 3000]);
  });

  it('on a 401 refreshes the token and retries with the new one', async () => {
    fake.revoke(ACCESS_TOKEN);
    fake.grant('ya29.renewed');
    const renewing = googleHarness(fake, { refresh: async (credential) => ({ ...credential, secrets: { ...credential.secrets, accessToken: 'ya29.renewed' } }) });
    fake.revoke(ACCESS_TOKEN);
    await renewing.invoke('googleSheets', 'appendRow', { spreadsheetId: ID, values: { Address: 'x' } });
    expect(fake.requests.map((request) => request.token)).toEqual([ACCESS_TOKEN, 'ya29.renewed', 'ya29.renewed']);
    expect(fake.sheets.rows(ID)[4]).toEqual(['x']);
  });

  it('a token Google refuses with no refresh asks the user to reconnect', async () => {
    const stale = googleHarness(fake, { credential: googleCredential('ya29.revoked') });
    await expect(stale.invoke('googleSheets', 'lookupRows', { spreadsheetId: ID, column: 'Status', value: 'x' })).rejects.toThrow(/^Google Sheets did not accept the connected account \(Request had invalid authentication credentials\..*reconnect it on the Credentials page$/);
  });
});
