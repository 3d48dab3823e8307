import { describe, expect, it } from 'vitest';
import { csvCellText, exportFileName, parseCsv, toCsv, type TExportTable } from './export-table.ts';

describe('toCsv', () => {
  const table: TExportTable = {
    sheet: 'Danh sách',
    columns: [
      { header: 'Họ và tên', type: 'text' },
      { header: 'Số điện thoại', type: 'text' },
      { header: 'Năm sinh', type: 'number' },
      { header: 'Tạm hoãn đến', type: 'date' },
      { header: 'Giờ check-in', type: 'datetime' },
    ],
    rows: [
      ['Hiến máu "Giọt Hồng", Quận 1', '0912345678', 1995, '2026-12-31', '2026-11-27T01:05:00.000Z'],
      ['=HYPERLINK("x")', null, null, null, null],
    ],
  };
  it('starts with a BOM, quotes every cell, ends lines with CRLF, writes days and times the Vietnamese way', () => {
    expect(toCsv(table)).toBe(
      '\uFEFF"Họ và tên","Số điện thoại","Năm sinh","Tạm hoãn đến","Giờ check-in"\r\n' +
        '"Hiến máu ""Giọt Hồng"", Quận 1","0912345678","1995","31/12/2026","27/11/2026 08:05"\r\n' +
        '"\'=HYPERLINK(""x"")","","","",""\r\n',
    );
  });
  it('neutralises every formula start in text, never in numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCellText(`${start}1`, 'text')).toBe(`'${start}1`);
    expect(csvCellText(-3, 'number')).toBe('-3');
  });
});

describe('exportFileName', () => {
  it('names a file by the campaign and its day, without diacritics', () => {
    expect(exportFileName('Ngày hội hiến máu Phường Bến Nghé', '2026-11-27', 'xlsx')).toBe(
      'ngay-hoi-hien-mau-phuong-ben-nghe-2026-11-27.xlsx',
    );
    expect(exportFileName('Đà Lạt — Đồng hành', '2026-01-02', 'csv')).toBe('da-lat-dong-hanh-2026-01-02.csv');
    expect(exportFileName('!!!', '2026-01-02', 'csv')).toBe('danh-sach-2026-01-02.csv');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells (separators, quotes and line breaks inside), drops the BOM and numbers records by their first line', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"two\nlines",,last\nplain,"",\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', '3'] },
      { line: 4, cells: ['two\nlines', '', 'last'] },
      { line: 6, cells: ['plain', '', ''] },
    ]);
  });
  it('reads back what toCsv writes', () => {
    const table: TExportTable = {
      sheet: 's',
      columns: [
        { header: 'Tên', type: 'text' },
        { header: 'Số', type: 'number' },
      ],
      rows: [['Bệnh viện "Chợ Rẫy", TP.HCM', 2]],
    };
    expect(parseCsv(toCsv(table)).map((r) => r.cells)).toEqual([
      ['Tên', 'Số'],
      ['Bệnh viện "Chợ Rẫy", TP.HCM', '2'],
    ]);
  });
  it("takes ';' as the separator when the header has ';' and no ','", () => {
    expect(parseCsv('a;b\n1,5;2').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });
});
