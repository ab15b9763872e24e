// CSV text (RFC 4180) for spreadsheets, safe to open: a cell is quoted when it holds a comma, a
// quote or a line break (quotes doubled), and a cell that starts with = + - @ (or a tab or carriage
// return) is prefixed with ' so Excel, LibreOffice and Google Sheets show it as text instead of
// running it as a formula.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, escaped. Empty for null and undefined. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the data rows, CRLF line ends as RFC 4180 has them. */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
