import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime } from './format-news-date';

describe('news dates in Vietnam time', () => {
  it('writes the Vietnamese long date of the day in Vietnam', () => {
    // 17:30 UTC on 21/11 is already 00:30 on 22/11 in Vietnam.
    expect(formatLongDate('2026-11-21T17:30:00.000Z')).toBe('22 tháng 11 năm 2026');
    expect(formatLongDate('2026-01-05T02:00:00.000Z')).toBe('5 tháng 1 năm 2026');
  });
  it('adds the time on 24 hours', () => {
    expect(formatLongDateTime('2026-11-21T17:30:00.000Z')).toBe('22 tháng 11 năm 2026 lúc 00:30');
    expect(formatLongDateTime('2026-11-21T08:05:00.000Z')).toBe('21 tháng 11 năm 2026 lúc 15:05');
  });
});
