// The Sheets API v4 of the fake Google server (test code):
// spreadsheets.values get (FORMATTED_VALUE or FORMULA; trailing empty rows
// and cells left out, as Google does), append (the row goes below the last
// row with data) and update (only within the range in the URL), each range
// in A1 notation with its sheet ('Sheet1!A2:D2', 'My tab'!1:1, Sheet1).
// https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values
import { googleError, notFound, ok, textOf, type FakeReply, type FakeRequest } from './wire.js';

export type Cell = string | number | boolean;

interface Range {
  sheet: string;
  /** 1-based; undefined: open (a whole row or column). */
  row1?: number;
  col1?: number;
  row2?: number;
  col2?: number;
}

export const columnLetter = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : columnLetter(Math.floor(index / 26) - 1) + columnLetter(index % 26));
const columnIndex = (letters: string) => [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);
const quote = (sheet: string) => (/^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`);

function parseRange(text: string): Range | null {
  const whole = /^(?:'((?:[^']|'')+)'|([^!':]+))(?:!(.+))?$/.exec(text);
  if (!whole) return null;
  const sheet = whole[1]?.replace(/''/g, "'") ?? whole[2]!;
  if (whole[3] === undefined) return { sheet };
  const cells = /^([A-Z]*)(\d*)(?::([A-Z]*)(\d*))?$/.exec(whole[3]);
  if (!cells || (cells[1] === '' && cells[2] === '')) return null;
  const num = (value: string | undefined) => (value ? Number(value) : undefined);
  const col = (value: string | undefined) => (value ? columnIndex(value) : undefined);
  const single = cells[3] === undefined && cells[4] === undefined;
  return {
    sheet,
    ...(num(cells[2]) !== undefined ? { row1: num(cells[2]) } : {}),
    ...(col(cells[1]) !== undefined ? { col1: col(cells[1]) } : {}),
    ...((single ? num(cells[2]) : num(cells[4])) !== undefined ? { row2: single ? num(cells[2])! : num(cells[4])! } : {}),
    ...((single ? col(cells[1]) : col(cells[3])) !== undefined ? { col2: single ? col(cells[1])! : col(cells[3])! } : {}),
  };
}

const isEmpty = (cell: Cell | undefined) => cell === undefined || cell === '';
function trimRow(row: Cell[]): Cell[] {
  let end = row.length;
  while (end > 0 && isEmpty(row[end - 1])) end--;
  return row.slice(0, end);
}

export class FakeSheets {
  /** Spreadsheet id → tab name → rows (row 1 first). */
  readonly spreadsheets = new Map<string, Map<string, Cell[][]>>();

  add(spreadsheetId: string, sheets: Record<string, Cell[][]>): void {
    this.spreadsheets.set(spreadsheetId, new Map(Object.entries(sheets).map(([name, rows]) => [name, rows.map((row) => [...row])])));
  }

  /** A tab's rows as stored. */
  rows(spreadsheetId: string, sheet = 'Sheet1'): Cell[][] {
    return this.spreadsheets.get(spreadsheetId)?.get(sheet) ?? [];
  }

  private lastRow(rows: Cell[][]): number {
    let last = rows.length;
    while (last > 0 && trimRow(rows[last - 1] ?? []).length === 0) last--;
    return last;
  }

  private get(rows: Cell[][], range: Range, render: string): FakeReply {
    const row1 = range.row1 ?? 1;
    const row2 = Math.min(range.row2 ?? rows.length, rows.length);
    const col1 = range.col1 ?? 1;
    const shown = (cell: Cell): Cell => (render === 'FORMULA' ? cell : typeof cell === 'string' && cell.startsWith('=') ? `(value of ${cell})` : typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : String(cell));
    const values: Cell[][] = [];
    for (let r = row1; r <= row2; r++) values.push(trimRow((rows[r - 1] ?? []).slice(col1 - 1, range.col2)).map((cell) => shown(cell)));
    while (values.length > 0 && values[values.length - 1]!.length === 0) values.pop();
    const width = Math.max(1, ...values.map((row) => row.length));
    const a1 = `${quote(range.sheet)}!${columnLetter(col1 - 1)}${row1}:${columnLetter(range.col2 !== undefined ? range.col2 - 1 : col1 + width - 2)}${range.row2 ?? Math.max(row1, rows.length)}`;
    return ok({ range: a1, majorDimension: 'ROWS', ...(values.length > 0 ? { values } : {}) });
  }

  private write(rows: Cell[][], row: number, col: number, values: Cell[][]): void {
    values.forEach((cells, r) => {
      const target = (rows[row - 1 + r] ??= []);
      cells.forEach((cell, c) => {
        while (target.length < col - 1 + c) target.push('');
        target[col - 1 + c] = cell === null ? '' : cell;
      });
    });
    for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  }

  private valuesOf(body: unknown): Cell[][] | null {
    const values = body !== null && typeof body === 'object' ? (body as { values?: unknown }).values : undefined;
    if (!Array.isArray(values) || !values.every((row) => Array.isArray(row) && row.every((cell) => cell === null || ['string', 'number', 'boolean'].includes(typeof cell)))) return null;
    return values as Cell[][];
  }

  handle(request: FakeRequest): FakeReply {
    const path = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+)$/.exec(request.rawPath);
    if (!path) return googleError(404, `Not Found: ${request.rawPath}`, 'notFound');
    const book = this.spreadsheets.get(decodeURIComponent(path[1]!));
    // The custom method (':append') follows the range outside its percent-encoding.
    const colon = path[2]!.lastIndexOf(':');
    const [rawRange, method] = colon >= 0 ? [path[2]!.slice(0, colon), path[2]!.slice(colon + 1)] : [path[2]!, ''];
    if (!book) return notFound();
    const text = decodeURIComponent(rawRange);
    const range = parseRange(text);
    const rows = range ? book.get(range.sheet) : undefined;
    if (!range || !rows) return googleError(400, `Unable to parse range: ${text}`, 'badRequest');
    if (request.method === 'GET' && method === '') return this.get(rows, range, request.query.get('valueRenderOption') ?? 'FORMATTED_VALUE');
    const input = request.query.get('valueInputOption');
    if (input !== 'USER_ENTERED' && input !== 'RAW') return googleError(400, input ? `Invalid valueInputOption: ${input}` : "'valueInputOption' is required but not specified", 'badRequest');
    const values = this.valuesOf(request.body);
    if (!values) return googleError(400, "Invalid value at 'data.values' (type.googleapis.com/google.protobuf.ListValue)", 'badRequest');
    const width = Math.max(0, ...values.map((row) => row.length));
    const col = range.col1 ?? 1;
    const spreadsheetId = decodeURIComponent(path[1]!);
    if (request.method === 'POST' && method === 'append') {
      const option = request.query.get('insertDataOption') ?? 'OVERWRITE';
      if (option !== 'INSERT_ROWS' && option !== 'OVERWRITE') return googleError(400, `Invalid insertDataOption: ${option}`, 'badRequest');
      const last = this.lastRow(rows);
      const row = last + 1;
      if (option === 'INSERT_ROWS') rows.splice(last, 0, ...values.map(() => []));
      this.write(rows, row, col, values);
      const updatedRange = `${quote(range.sheet)}!${columnLetter(col - 1)}${row}:${columnLetter(col + width - 2)}${row + values.length - 1}`;
      return ok({
        spreadsheetId,
        tableRange: `${quote(range.sheet)}!A1:${columnLetter(Math.max(0, ...rows.map((r) => trimRow(r).length)) - 1)}${last}`,
        updates: { spreadsheetId, updatedRange, updatedRows: values.length, updatedColumns: width, updatedCells: values.reduce((n, r) => n + r.length, 0) },
      });
    }
    if (request.method === 'PUT' && method === '') {
      const declared = textOf(request.body, 'range');
      if (declared !== undefined && declared !== text) return googleError(400, `Requested writing within range [${text}], but tried writing to [${declared}]`, 'badRequest');
      const row = range.row1 ?? 1;
      if (range.col2 !== undefined && col + width - 1 > range.col2) return googleError(400, `Requested writing within range [${text}], but tried writing to column [${columnLetter(col + width - 2)}]`, 'badRequest');
      if (range.row2 !== undefined && row + values.length - 1 > range.row2) return googleError(400, `Requested writing within range [${text}], but tried writing to row [${row + values.length - 1}]`, 'badRequest');
      this.write(rows, row, col, values);
      return ok({ spreadsheetId, updatedRange: `${quote(range.sheet)}!${columnLetter(col - 1)}${row}:${columnLetter(col + width - 2)}${row + values.length - 1}`, updatedRows: values.length, updatedColumns: width, updatedCells: values.reduce((n, r) => n + r.length, 0) });
    }
    return googleError(404, `Not Found: ${request.method} ${request.rawPath}`, 'notFound');
  }
}
