import { dayNumber, vnDayOf } from './dates.ts';
import { foldVietnamese } from './text.ts';

/*
 * Every export of the console (the day's list, the audit trail, the dashboard's figures) is one
 * table described once — headers, a type per column, rows — and written as CSV (here, shared by
 * the server and the browser) or as .xlsx (on the server). The types are what a spreadsheet
 * needs to keep the data: text keeps a phone's or an ID number's leading zero, dates are real
 * dates whatever the reader's regional settings, numbers are numbers.
 */

export type TExportColumnType =
  /** Text as it is: phone numbers and ids keep their leading zeros. */
  | 'text'
  | 'number'
  /** A Vietnam day 'yyyy-mm-dd'. */
  | 'date'
  /** An instant (ISO), shown in Vietnam time. */
  | 'datetime';

export type TExportColumn = {
  header: string;
  type: TExportColumnType;
  /** In characters (.xlsx). */ width?: number;
};
export type TExportCell = string | number | null;
export type TExportTable = {
  /** The sheet's name in the .xlsx file (at most 31 characters). */
  sheet: string;
  columns: readonly TExportColumn[];
  rows: readonly (readonly TExportCell[])[];
};

const pad = (n: number) => String(n).padStart(2, '0');

/** 'dd/mm/yyyy' of a day 'yyyy-mm-dd'. */
export function formatExportDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** 'dd/mm/yyyy HH:mm' of an instant, in Vietnam time. */
export function formatExportDateTime(iso: string): string {
  const at = new Date(Date.parse(iso) + 7 * 3_600_000);
  return `${formatExportDay(vnDayOf(iso))} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

/**
 * A cell's text in a CSV: dates in the Vietnamese order, and a leading = + - @ (or tab, CR)
 * neutralised with an apostrophe so that a spreadsheet never runs text someone typed as a formula.
 */
export function csvCellText(value: TExportCell, type: TExportColumnType): string {
  if (value === null || value === '') return '';
  if (type === 'number') return String(value);
  if (type === 'date' && typeof value === 'string' && dayNumber(value) !== null)
    return formatExportDay(value);
  if (type === 'datetime' && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return formatExportDateTime(value);
  const s = String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * The table as CSV: UTF-8 with a BOM (spreadsheet programs read Vietnamese letters only with it),
 * every cell quoted, CRLF lines. Comma-separated: a reader whose regional settings expect ';'
 * should take the .xlsx, which has no such ambiguity.
 */
export function toCsv(table: TExportTable): string {
  const lines = [
    table.columns.map((c) => quote(c.header)).join(','),
    ...table.rows.map((row) =>
      table.columns.map((c, i) => quote(csvCellText(row[i] ?? null, c.type))).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A file name from a campaign's (or any) name and a day: 'ngay-hoi-hien-mau-ben-nghe-2026-11-27'.
 * Diacritics are folded and đ becomes d, so the name survives every file system and mail client.
 */
export function exportFileName(name: string, day: string, ext: 'csv' | 'xlsx'): string {
  const slug = foldVietnamese(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'danh-sach'}-${day}.${ext}`;
}

/** One record of a CSV file read back: its cells and the line it starts on (the first line is 1). */
export type TCsvRecord = { line: number; cells: string[] };

/**
 * Reads CSV text (RFC 4180: quoted cells with "" inside, CRLF or LF lines, a leading BOM dropped).
 * A quoted cell may hold line breaks, so a record's line number is the line it starts on, as a
 * spreadsheet shows it. Blank lines are skipped. The separator is the header's: ',' unless the
 * first line has ';' and no ',' (what a spreadsheet with Vietnamese regional settings writes).
 */
export function parseCsv(text: string): TCsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: TCsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
