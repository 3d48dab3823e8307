import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('dashboard CSV', () => {
  it('starts with a BOM, ends lines with CRLF, quotes what needs it and neutralises formulas', () => {
    expect(
      toCsv(
        ['Chiến dịch', 'Thu được'],
        [
          ['Hiến máu "Giọt Hồng", Quận 1', 12],
          ['=HYPERLINK("x")', -3],
        ],
      ),
    ).toBe(
      '\uFEFFChiến dịch,Thu được\r\n"Hiến máu ""Giọt Hồng"", Quận 1",12\r\n"\'=HYPERLINK(""x"")",-3\r\n',
    );
  });
});
