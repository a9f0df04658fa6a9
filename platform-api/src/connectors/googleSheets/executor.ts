// Google Sheets API v4: a sheet is a table whose first row names the
// columns. Rows are appended, found and updated by those names, and polled
// for new rows at the bottom (the cursor is the last row number seen).
// https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values
import { StepFailure } from '../../runs/steps.js';
import { googleErrorMessage } from '../google/errors.js';
import type { ConnectorExecutor, OperationContext, OperationHandler, PollHandler } from '../runtime/types.js';
import { columnLetter, firstRowOf, rangePath, spreadsheetIdOf } from './a1.js';

/** As the declaration says: a new spreadsheet's first tab. */
const DEFAULT_SHEET = 'Sheet1';
/** Matching rows lookupRows returns at most. */
const MAX_LOOKUP_ROWS = 200;
/** Rows one poll reads below the cursor; more wait for the next poll. */
const MAX_POLL_ROWS = 500;

type Cell = string | number | boolean;
type Values = Record<string, string | number | boolean | null>;

interface Target {
  id: string;
  sheet: string;
  /** The spreadsheet's values path: /v4/spreadsheets/{id}/values/ */
  base: string;
}

function targetOf(values: Record<string, unknown>): Target {
  const id = spreadsheetIdOf(String(values.spreadsheetId));
  const sheet = typeof values.sheet === 'string' && values.sheet.trim() !== '' ? values.sheet.trim() : DEFAULT_SHEET;
  return { id, sheet, base: `/v4/spreadsheets/${encodeURIComponent(id)}/values/` };
}

async function read({ http }: OperationContext, target: Target, cells?: string, render?: 'FORMULA'): Promise<Cell[][]> {
  const response = await http.request({ method: 'GET', path: target.base + rangePath(target.sheet, cells), query: { valueRenderOption: render } });
  return (response.data as { values?: Cell[][] }).values ?? [];
}

/** The column names of row 1; a blank one is named by its letter, as the sheet shows it. */
async function headersOf(context: OperationContext, target: Target): Promise<string[]> {
  const [row = []] = await read(context, target, '1:1');
  const headers = row.map((cell, index) => String(cell).trim() || columnLetter(index));
  if (headers.length === 0) throw new StepFailure(`Google Sheets: the sheet "${target.sheet}" has no column names: put them in its first row`);
  return headers;
}

/** A column's index by its name (exact, else ignoring case and spaces); unknown: a failure naming the columns there are. */
function columnOf(headers: readonly string[], name: string, sheet: string): number {
  const exact = headers.indexOf(name);
  if (exact >= 0) return exact;
  const loose = headers.findIndex((header) => header.trim().toLowerCase() === name.trim().toLowerCase());
  if (loose >= 0) return loose;
  throw new StepFailure(`Google Sheets: the sheet "${sheet}" has no column "${name}" (its columns: ${headers.join(', ')})`);
}

/** Named values placed in their columns ('' for a cleared value). */
function place(row: Cell[], headers: readonly string[], values: Values, sheet: string): Cell[] {
  if (Object.keys(values).length === 0) throw new StepFailure(`Google Sheets: name at least one column of "${sheet}" to fill (its columns: ${headers.join(', ')})`);
  const placed = [...row];
  for (const [name, value] of Object.entries(values)) {
    const index = columnOf(headers, name, sheet);
    while (placed.length <= index) placed.push('');
    placed[index] = value ?? '';
  }
  return placed;
}

const named = (headers: readonly string[], row: readonly Cell[]) => Object.fromEntries(headers.map((header, index) => [header, String(row[index] ?? '')]));

const appendRow: OperationHandler = async (context, params) => {
  const target = targetOf(params);
  const headers = await headersOf(context, target);
  const row = place([], headers, params.values as Values, target.sheet);
  const response = await context.http.request({
    method: 'POST',
    path: `${target.base}${rangePath(target.sheet, 'A1')}:append`,
    query: { valueInputOption: 'USER_ENTERED', insertDataOption: 'INSERT_ROWS' },
    json: { majorDimension: 'ROWS', values: [row] },
  });
  const updatedRange = (response.data as { updates?: { updatedRange?: string } }).updates?.updatedRange ?? '';
  return { rowNumber: firstRowOf(updatedRange) ?? 0, updatedRange };
};

const lookupRows: OperationHandler = async (context, params) => {
  const target = targetOf(params);
  const [first = [], ...rows] = await read(context, target);
  const headers = first.map((cell, index) => String(cell).trim() || columnLetter(index));
  const column = columnOf(headers, String(params.column), target.sheet);
  const wanted = String(params.value).trim().toLowerCase();
  const found: { rowNumber: number; values: Record<string, string> }[] = [];
  for (const [index, row] of rows.entries()) {
    if (String(row[column] ?? '').trim().toLowerCase() !== wanted) continue;
    found.push({ rowNumber: index + 2, values: named(headers, row) });
    if (found.length >= MAX_LOOKUP_ROWS) break;
  }
  return { rows: found };
};

/**
 * The row is read as formulas and written back whole with the changed
 * cells: cells not named keep their values and formulas (a value read as
 * displayed would overwrite a formula with its result).
 */
const updateRow: OperationHandler = async (context, params) => {
  const target = targetOf(params);
  const headers = await headersOf(context, target);
  const rowNumber = Number(params.rowNumber);
  const cells = `A${rowNumber}:${columnLetter(headers.length - 1)}${rowNumber}`;
  const [current = []] = await read(context, target, cells, 'FORMULA');
  const row = place(current.slice(0, headers.length), headers, params.values as Values, target.sheet);
  while (row.length < headers.length) row.push('');
  const range = decodeURIComponent(rangePath(target.sheet, cells));
  const response = await context.http.request({
    method: 'PUT',
    path: target.base + rangePath(target.sheet, cells),
    query: { valueInputOption: 'USER_ENTERED' },
    json: { range, majorDimension: 'ROWS', values: [row] },
  });
  return { rowNumber, updatedRange: (response.data as { updatedRange?: string }).updatedRange ?? range };
};

/**
 * Rows below the cursor (the last row number seen), each once: its key is
 * the spreadsheet, sheet and row number. Blank rows are skipped but passed.
 * The first activation stores the current last row and starts no run.
 */
const newRow: PollHandler = async (context, params, cursor) => {
  const target = targetOf(params);
  if (cursor === null) return { items: [], cursor: String(Math.max(1, (await read(context, target)).length)) };
  const last = Number(cursor);
  if (!Number.isInteger(last) || last < 1) throw new StepFailure(`Google Sheets: the trigger’s stored row "${cursor}" is not a row number`);
  const headers = await headersOf(context, target);
  const rows = await read(context, target, `${last + 1}:${last + MAX_POLL_ROWS}`);
  const items = rows.flatMap((row, index) => {
    if (row.every((cell) => String(cell).trim() === '')) return [];
    const rowNumber = last + 1 + index;
    return [{ rowNumber, rowKey: `${target.id}/${target.sheet}#${rowNumber}`, values: named(headers, row) }];
  });
  return { items, cursor: String(last + rows.length) };
};

export const googleSheetsExecutor: ConnectorExecutor = {
  id: 'googleSheets',
  errorMessage: googleErrorMessage,
  operations: { appendRow, lookupRows, updateRow },
  triggers: { newRow },
};
