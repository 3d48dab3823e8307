import { describe, expect, it } from 'vitest';
import { isoToVnLocal, vnLocalToIso, vnToday } from './vn-local';

describe('Vietnam local time of the console forms', () => {
  it('turns a Vietnam date and time into the UTC instant, and back', () => {
    expect(vnLocalToIso('2026-12-05', '07:30')).toBe('2026-12-05T00:30:00.000Z');
    expect(vnLocalToIso('2026-12-05', '06:00')).toBe('2026-12-04T23:00:00.000Z');
    expect(isoToVnLocal('2026-12-04T23:00:00.000Z')).toEqual({ date: '2026-12-05', time: '06:00' });
  });
  it('refuses missing parts and dates that do not exist', () => {
    expect(vnLocalToIso('', '07:30')).toBe('');
    expect(vnLocalToIso('2026-12-05', '')).toBe('');
    expect(vnLocalToIso('2026-02-30', '07:30')).toBe('');
    expect(isoToVnLocal(null)).toEqual({ date: '', time: '' });
  });
  it("knows today's date in Vietnam across UTC midnight", () => {
    expect(vnToday(new Date('2026-12-04T18:00:00Z'))).toBe('2026-12-05');
    expect(vnToday(new Date('2026-12-04T16:59:00Z'))).toBe('2026-12-04');
  });
});
