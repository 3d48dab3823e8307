import { dayNumber, type TExportTable } from '@giot-hong/contract';

/*
 * The console's exports as .xlsx (ExcelJS), from the same table description as the CSV
 * (packages/contract/src/export-table.ts). Typed cells are the point: a text cell keeps a phone's
 * leading zero, a date cell is a date whatever the reader's regional settings, and a value someone
 * typed is never a formula (only `{ formula }` cells are, and none are written).
 */

const VN_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A spreadsheet date has no time zone: it is the wall time shown. So a Vietnam day is written as
 * that day at midnight (UTC, which ExcelJS stores as is) and an instant as its Vietnam wall time.
 */
function cellValue(value: string | number | null, type: TExportTable['columns'][number]['type']) {
  if (value === null || value === '') return null;
  if (type === 'number') return typeof value === 'number' ? value : Number(value);
  if (type === 'date' && typeof value === 'string') {
    const n = dayNumber(value);
    return n === null ? value : new Date(n * DAY_MS);
  }
  if (type === 'datetime' && typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : new Date(ms + VN_OFFSET_MS);
  }
  return String(value);
}

const FORMATS = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm', number: '0', text: '@' } as const;

/** A workbook with one sheet per table: a bold, frozen header row and a filter on it. */
export async function toXlsx(tables: readonly TExportTable[]): Promise<Buffer> {
  // Loaded on the first export, not at start: ExcelJS costs the process about 25 MB (ADR 37).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Giọt Hồng';
  for (const table of tables) {
    // Sheet names: at most 31 characters, none of : \ / ? * [ ].
    const sheet = book.addWorksheet(table.sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = table.columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.max(10, Math.min(40, c.header.length + 4)),
      style: { numFmt: FORMATS[c.type] },
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of table.rows)
      sheet.addRow(table.columns.map((c, i) => cellValue(row[i] ?? null, c.type)));
    if (table.columns.length > 0)
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Content type of an .xlsx answer. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A Content-Disposition for a download named `fileName` (ASCII, from exportFileName): quoted, and
 * repeated as filename* so that no browser mangles it.
 */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
