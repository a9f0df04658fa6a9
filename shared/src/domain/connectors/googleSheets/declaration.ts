// Google Sheets: rows of a sheet whose first row holds the column names,
// appended, looked up and updated by those names, and a polling trigger on
// rows added at the bottom. Google OAuth only.
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

export const GOOGLE_SHEETS_DEFAULT_SHEET = 'Sheet1';
/** Row 1 holds the column names: data rows start at 2. */
export const GOOGLE_SHEETS_FIRST_DATA_ROW = 2;
/** Google's limit: 10 million cells, so never more rows than that. */
const MAX_ROW = 10_000_000;

const spreadsheetId = field.id('The spreadsheet: its id (the part of its address after /d/) or its whole address');
const sheet = field.text(`The tab’s name (default ${GOOGLE_SHEETS_DEFAULT_SHEET})`, 100).optional();
const cells = z.record(z.string(), z.string()).describe('The row’s cells by column name');
const written = out.object({ rowNumber: z.number().int(), updatedRange: z.string() });

export const googleSheets = declareConnector({
  id: 'googleSheets',
  name: 'Google Sheets',
  category: 'spreadsheet',
  icon: { color: '#0F9D58', glyph: 'Sh' },
  credentialTypes: ['googleOAuth'],
  baseUrl: 'https://sheets.googleapis.com',
  operations: [
    {
      id: 'appendRow',
      description: 'Add a row at the bottom of a sheet, with values by column name (the names in the sheet’s first row)',
      params: z.strictObject({ spreadsheetId, sheet, values: field.values('The new row’s values by column name') }),
      output: written,
      mutates: true,
    },
    {
      id: 'lookupRows',
      description: 'Find the rows of a sheet whose cell in one column equals a value',
      params: z.strictObject({
        spreadsheetId,
        sheet,
        column: field.text('The column to look in (its name in the first row)', 200),
        value: field.text('The value to find (the whole cell, ignoring case)', 20_000),
      }),
      output: out.object({ rows: z.array(out.object({ rowNumber: z.number().int(), values: cells })) }),
      mutates: false,
    },
    {
      id: 'updateRow',
      description: 'Change some cells of one row of a sheet by column name; the other cells keep their values',
      params: z.strictObject({
        spreadsheetId,
        sheet,
        rowNumber: field.integer('The row’s number in the sheet (2 or more: row 1 holds the column names)', GOOGLE_SHEETS_FIRST_DATA_ROW, MAX_ROW),
        values: field.values('The cells to change by column name'),
      }),
      output: written,
      mutates: true,
    },
  ],
  triggers: [
    {
      id: 'newRow',
      description: 'A row was added at the bottom of a sheet',
      params: z.strictObject({ spreadsheetId, sheet }),
      item: out.object({
        rowNumber: z.number().int(),
        rowKey: z.string().describe('The spreadsheet, sheet and row number: one run per row'),
        values: cells,
      }),
      dedupKey: 'rowKey',
    },
  ],
});
