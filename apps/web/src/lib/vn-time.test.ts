import { describe, expect, it } from 'vitest';
import {
  formatCampaignTime,
  formatVnDateTime,
  formatVnDay,
  isoToVnLocal,
  vnLocalToIso,
  vnParts,
  vnToday,
} from './vn-time';

describe('formatCampaignTime', () => {
  it('shows dd/mm/yyyy - HH:mm in Vietnam time (UTC+7)', () => {
    expect(formatCampaignTime('2026-11-25T00:00:00.000Z')).toBe('25/11/2026 - 07:00');
    expect(formatCampaignTime('2026-12-31T17:30:00.000Z')).toBe('01/01/2027 - 00:30');
    expect(formatCampaignTime('2027-01-05T06:05:00Z')).toBe('05/01/2027 - 13:05');
  });
  it('leaves a value that is not a date as it is, and shows nothing for a missing one', () => {
    expect(formatCampaignTime('sắp công bố')).toBe('sắp công bố');
    expect(formatCampaignTime(undefined)).toBe('');
  });
});

describe('vnParts', () => {
  it('gives zero-padded parts on a 24-hour clock', () => {
    expect(vnParts('2026-03-04T17:05:00Z')).toEqual({
      day: '05',
      month: '03',
      year: '2026',
      hour: '00',
      minute: '05',
    });
  });
  it('is null for what is not a date', () => {
    expect(vnParts('không phải ngày')).toBeNull();
  });
});

describe('formatVnDay and formatVnDateTime', () => {
  it('show dd/MM/yyyy (HH:mm) in Vietnam time across UTC midnight', () => {
    expect(formatVnDay('2026-12-31T17:30:00.000Z')).toBe('01/01/2027');
    expect(formatVnDateTime('2026-12-31T17:30:00.000Z')).toBe('01/01/2027 00:30');
    expect(formatVnDateTime('2026-03-04T02:05:00Z')).toBe('04/03/2026 09:05');
  });
  it('show nothing for a missing value and a non-date as it came', () => {
    expect(formatVnDateTime(null)).toBe('');
    expect(formatVnDateTime('không rõ')).toBe('không rõ');
  });
});

describe('Vietnam local time of the console forms', () => {
  it('turns a Vietnam date and time into the UTC instant, and back', () => {
    expect(vnLocalToIso('2026-12-05', '07:30')).toBe('2026-12-05T00:30:00.000Z');
    expect(vnLocalToIso('2026-12-05', '06:00')).toBe('2026-12-04T23:00:00.000Z');
    expect(vnLocalToIso('2027-01-01', '00:30')).toBe('2026-12-31T17:30:00.000Z');
    expect(isoToVnLocal('2026-12-04T23:00:00.000Z')).toEqual({ date: '2026-12-05', time: '06:00' });
  });
  it('refuses missing parts and dates or times that do not exist', () => {
    expect(vnLocalToIso('', '07:30')).toBe('');
    expect(vnLocalToIso('2026-12-05', '')).toBe('');
    expect(vnLocalToIso('2026-02-30', '07:30')).toBe('');
    expect(vnLocalToIso('2026-12-05', '25:00')).toBe('');
    expect(isoToVnLocal(null)).toEqual({ date: '', time: '' });
  });
  it("knows today's date in Vietnam across UTC midnight", () => {
    expect(vnToday(new Date('2026-12-04T18:00:00Z'))).toBe('2026-12-05');
    expect(vnToday(new Date('2026-12-04T16:59:00Z'))).toBe('2026-12-04');
  });
});
