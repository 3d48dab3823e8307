import { describe, expect, it } from 'vitest';
import { formatCampaignTime, vnParts } from './vn-time';

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
