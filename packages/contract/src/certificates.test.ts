import { describe, expect, it } from 'vitest';
import {
  certificateIdentityText,
  certificateSigningText,
  CERTIFICATE_SERIAL,
  formatCertificateSerial,
  maskedName,
} from './certificates.ts';
import { DEFAULT_HONOUR_MILESTONES, honourProgress, milestonesCrossed, parseMilestones } from './honours.ts';

describe('certificates', () => {
  it('numbers per prefix and year with six digits', () => {
    expect(formatCertificateSerial('GH', 2026, 123)).toBe('GH-2026-000123');
    expect(CERTIFICATE_SERIAL.test('GH-2026-000123')).toBe(true);
    expect(CERTIFICATE_SERIAL.test('GH-2026-123')).toBe(false);
  });
  it('masks the name to the family name and initials', () => {
    expect(maskedName('Nguyễn Văn An')).toBe('Nguyễn V. A.');
    expect(maskedName('  Trần   thị  Ánh Dương ')).toBe('Trần T. Á. D.');
    expect(maskedName('An')).toBe('An');
  });
  it('signs a fixed text of serial, day, volume and the identity hash', () => {
    expect(
      certificateSigningText({
        serial: 'GH-2026-000001',
        donatedOn: '2026-11-27',
        volumeMl: 350,
        identityHash: 'ab',
      }),
    ).toBe('giot-hong-certificate-v1|GH-2026-000001|2026-11-27|350|ab');
    expect(certificateIdentityText('Nguyễn  Văn Đạt', '1990-05-02')).toBe('nguyen van dat|1990-05-02');
  });
});

describe('honours', () => {
  it('reads the ladder from configuration, refusing a disordered one', () => {
    expect(parseMilestones('1, 5,10')).toEqual([1, 5, 10]);
    expect(() => parseMilestones('5,1')).toThrow();
    expect(() => parseMilestones('1,x')).toThrow();
  });
  it('gives the milestones reached with their dates and what remains to the next', () => {
    const days = ['2025-01-10', '2024-05-02', '2025-06-01', '2025-09-09', '2026-01-05'];
    expect(honourProgress(DEFAULT_HONOUR_MILESTONES, days)).toEqual({
      count: 5,
      reached: [
        { milestone: 1, reachedOn: '2024-05-02' },
        { milestone: 5, reachedOn: '2026-01-05' },
      ],
      next: 10,
      remaining: 5,
    });
    expect(honourProgress([1], ['2026-01-01', '2026-04-01']).next).toBeNull();
  });
  it('finds the milestone a donation crosses, once', () => {
    expect(milestonesCrossed(DEFAULT_HONOUR_MILESTONES, 4, 5)).toEqual([5]);
    expect(milestonesCrossed(DEFAULT_HONOUR_MILESTONES, 5, 6)).toEqual([]);
    expect(milestonesCrossed(DEFAULT_HONOUR_MILESTONES, 0, 1)).toEqual([1]);
  });
});
