/** The leads' CSV (RFC 4180): the header row, then a row per lead, lines ended by CRLF. */
export const CSV_HEADER = ['received', 'name', 'email', 'status', 'source', 'landing page', 'value'] as const;

/** A spreadsheet runs a cell beginning with one of these as a formula (tab and CR start some too). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value a spreadsheet would run as a formula is written after an apostrophe (OWASP's
 * advice), and a cell holding a quote, a comma or a line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
