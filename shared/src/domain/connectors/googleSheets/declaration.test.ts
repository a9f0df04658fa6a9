import { connectorOf, connectorOperationOf, connectorTriggerOf } from '../index.js';
import { googleSheets } from './declaration.js';

const operation = (id: string) => connectorOperationOf(googleSheets, id)!;
const problem = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : `${result.error!.issues[0]!.path.join('.')} ${result.error!.issues[0]!.message}`;

describe('the Google Sheets declaration', () => {
  it('is registered, signs in with Google OAuth only, and has its operations and the new-row trigger keyed by row', () => {
    expect(connectorOf('googleSheets')).toBe(googleSheets);
    expect(googleSheets.credentialTypes).toEqual(['googleOAuth']);
    expect(googleSheets.operations.map((o) => o.id)).toEqual(['appendRow', 'lookupRows', 'updateRow']);
    expect(connectorTriggerOf(googleSheets, 'newRow')?.dedupKey).toBe('rowKey');
  });

  it('appendRow takes a spreadsheet, an optional tab and named values', () => {
    const params = operation('appendRow').params;
    expect(params.safeParse({ spreadsheetId: '1AbC', values: { Name: 'Anna', Price: 450000, Sold: false, Notes: null } }).success).toBe(true);
    expect(problem(params.safeParse({ values: { Name: 'Anna' } }))).toBe('spreadsheetId is required');
    expect(problem(params.safeParse({ spreadsheetId: '1AbC', values: 'Anna' }))).toBe('values must be named values');
    expect(problem(params.safeParse({ spreadsheetId: '1AbC', values: { Name: { first: 'Anna' } } }))).toMatch(/^values\.Name /);
    expect(params.safeParse({ spreadsheetId: '1AbC', sheet: 'Leads', values: {}, range: 'A1' }).success).toBe(false);
  });

  it('lookupRows needs the column and the value', () => {
    const params = operation('lookupRows').params;
    expect(params.safeParse({ spreadsheetId: '1AbC', sheet: 'Leads', column: 'Email', value: 'anna@example.com' }).success).toBe(true);
    expect(problem(params.safeParse({ spreadsheetId: '1AbC', value: 'x' }))).toBe('column is required');
    expect(problem(params.safeParse({ spreadsheetId: '1AbC', column: 'Email' }))).toBe('value is required');
  });

  it('updateRow refuses row 1 (the column names) and rows that are not whole numbers', () => {
    const params = operation('updateRow').params;
    expect(params.safeParse({ spreadsheetId: '1AbC', rowNumber: '7', values: { Status: 'Sold' } }).data).toMatchObject({ rowNumber: 7 });
    expect(problem(params.safeParse({ spreadsheetId: '1AbC', rowNumber: 1, values: {} }))).toBe('rowNumber must be at least 2');
    expect(problem(params.safeParse({ spreadsheetId: '1AbC', rowNumber: 2.5, values: {} }))).toBe('rowNumber must be a whole number');
  });

  it('outputs: the written row, found rows and new rows with their cells by column', () => {
    expect(operation('appendRow').output.safeParse({ rowNumber: 6, updatedRange: 'Sheet1!A6:C6' }).success).toBe(true);
    expect(operation('updateRow').output.safeParse({ rowNumber: '6', updatedRange: 'Sheet1!A6:C6' }).success).toBe(false);
    expect(operation('lookupRows').output.safeParse({ rows: [{ rowNumber: 3, values: { Name: 'Anna' } }] }).success).toBe(true);
    expect(operation('lookupRows').output.safeParse({ rows: [{ values: { Name: 'Anna' } }] }).success).toBe(false);
    const item = connectorTriggerOf(googleSheets, 'newRow')!.item;
    expect(item.safeParse({ rowNumber: 3, rowKey: '1AbC/Sheet1#3', values: { Name: 'Anna' } }).success).toBe(true);
    expect(item.safeParse({ rowNumber: 3, values: {} }).success).toBe(false);
  });
});
