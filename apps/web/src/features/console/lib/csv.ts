import { saveDownload } from '../../../lib/save-download';

const cell = (v: string | number) => {
  const s = String(v);
  // Quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A table as CSV for a spreadsheet: UTF-8 with a BOM (Excel reads Vietnamese then), CRLF lines. */
export function toCsv(headers: string[], rows: (string | number)[][]): string {
  return `\uFEFF${[headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, headers: string[], rows: (string | number)[][]): void {
  saveDownload(new Blob([toCsv(headers, rows)]), 'text/csv;charset=utf-8', filename);
}
