// A1 notation for the Sheets API: a tab's name quoted when it needs it
// ('Leads 2026'!A2:D2), column letters, and the row number of a range
// Google answers with.
// https://developers.google.com/sheets/api/guides/concepts#cell
/** The 0-based column index as letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A tab name as a range's prefix: plain names as they are, others single-quoted with quotes doubled. */
export function sheetRef(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet) && !/^[A-Za-z]{1,3}\d+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

/** A range for the URL path (percent-encoded: its ':' must not read as a custom method such as ':append'). */
export function rangePath(sheet: string, cells?: string): string {
  return encodeURIComponent(cells ? `${sheetRef(sheet)}!${cells}` : sheetRef(sheet));
}

/** The first row of a range Google names ('Sheet1!A6:C6' → 6; "'My tab'!A6" → 6). */
export function firstRowOf(range: string): number | null {
  const match = /!\$?[A-Z]*\$?(\d+)/.exec(range);
  return match ? Number(match[1]) : null;
}

/** A spreadsheet id, also when the whole address was pasted (…/spreadsheets/d/<id>/edit#gid=0). */
export function spreadsheetIdOf(value: string): string {
  return /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(value)?.[1] ?? value.trim();
}
