/**
 * CSV written for spreadsheets (RELIABILITY row 15): a cell that starts with a formula trigger
 * (= + - @ tab CR) gets a leading apostrophe so Excel, Sheets and LibreOffice show it as text;
 * cells with commas, quotes or line breaks are quoted. `unescapeFormulaCell` undoes the apostrophe
 * when such a file is imported again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let s = value == null ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export function unescapeFormulaCell(s: string): string {
  return s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}
