/**
 * CSV for spreadsheets (product decision 33): UTF-8 with a byte-order mark so Excel reads the
 * Japanese, CRLF line ends (RFC 4180), and a cell that a spreadsheet would run as a formula
 * (it starts with = + - @, a tab or a carriage return: OWASP "CSV injection") prefixed with a
 * single quote so it is shown as text.
 */
export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralised and quoted where needed. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
