import { describe, expect, it } from 'vitest';
import type { TAppointment } from '@giot-hong/contract';
import {
  appointmentStatusLabel,
  formatAppointmentTime,
  locationOrDefault,
  nextEligibleLabel,
  showsFormDetail,
  summarise,
} from './appointment-format';
import { formatVnDay } from '../../../lib/vn-time';

const row = (status: string, appointmentDate: string): TAppointment => ({
  id: 1,
  campaignId: 1,
  campaignName: 'X',
  appointmentDate,
  location: 'Y',
  status,
  canCancel: false,
});

describe('appointment formatting', () => {
  it('shows times as HH:mm - dd/MM/yyyy in Vietnam time', () => {
    expect(formatAppointmentTime('2026-11-25T00:00:00.000Z')).toBe('07:00 - 25/11/2026');
    expect(formatAppointmentTime('2026-12-31T17:30:00.000Z')).toBe('00:30 - 01/01/2027');
    expect(formatAppointmentTime(null)).toBe('');
    expect(formatAppointmentTime('không phải ngày')).toBe('không phải ngày');
    expect(formatVnDay('2027-01-01T17:00:00.000Z')).toBe('02/01/2027');
  });

  it('labels statuses as spec section 4 does', () => {
    expect(
      ['BOOKING', 'DONE', 'COMPLETED', 'CANCELLED', 'PENDING', 'LẠ'].map(appointmentStatusLabel),
    ).toEqual(['Đã đặt lịch', 'Hoàn thành', 'Hoàn thành', 'Đã hủy', 'Đang chờ', 'LẠ']);
    expect(['BOOKING', 'DONE', 'COMPLETED', 'CANCELLED', 'PENDING'].map(showsFormDetail)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("falls back to 'Chưa cập nhật' without a location", () => {
    expect(locationOrDefault('')).toBe('Chưa cập nhật');
    expect(locationOrDefault('  ')).toBe('Chưa cập nhật');
    expect(locationOrDefault(null)).toBe('Chưa cập nhật');
    expect(locationOrDefault('Hà Nội')).toBe('Hà Nội');
  });

  it('counts donations, upcoming bookings and cancellations', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    expect(
      summarise(
        [
          row('DONE', '2026-10-01T00:00:00Z'),
          row('COMPLETED', '2026-06-01T00:00:00Z'),
          row('BOOKING', '2026-11-25T00:00:00Z'),
          row('BOOKING', '2026-11-01T00:00:00Z'),
          row('CANCELLED', '2026-11-28T00:00:00Z'),
          row('PENDING', '2026-11-28T00:00:00Z'),
        ],
        now,
      ),
    ).toEqual({ done: 2, upcoming: 1, cancelled: 1 });
  });

  it('shows the next eligible date only while it is ahead', () => {
    expect(nextEligibleLabel(undefined)).toBe('-');
    expect(nextEligibleLabel({ lastDonationDate: null, nextEligibleDate: null, eligibleNow: true })).toBe(
      'Có thể hiến ngay',
    );
    expect(
      nextEligibleLabel({
        lastDonationDate: '2026-10-10T03:00:00.000Z',
        nextEligibleDate: '2027-01-01T17:00:00.000Z',
        eligibleNow: false,
      }),
    ).toBe('02/01/2027');
    expect(
      nextEligibleLabel({
        lastDonationDate: '2026-01-10T03:00:00.000Z',
        nextEligibleDate: '2026-04-03T17:00:00.000Z',
        eligibleNow: true,
      }),
    ).toBe('Có thể hiến ngay');
  });
});
