import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNotificationDate } from './format-notification-date';

describe('formatNotificationDate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an ISO instant as dd/MM/yyyy HH:mm in Vietnam time', () => {
    expect(formatNotificationDate('2026-11-24T12:00:00.000Z')).toBe('24/11/2026 19:00');
    // 17:05 UTC on the 31st is already the 1st in Vietnam.
    expect(formatNotificationDate('2026-12-31T17:05:00Z')).toBe('01/01/2027 00:05');
    expect(formatNotificationDate('2026-03-05T08:07:00+07:00')).toBe('05/03/2026 08:07');
  });

  it('accepts the day/month/year shape with the time first', () => {
    expect(formatNotificationDate('14:30 22/11/2026')).toBe('22/11/2026 14:30');
    expect(formatNotificationDate('7:05:09 2/3/2026')).toBe('02/03/2026 07:05');
    expect(formatNotificationDate('07:05 02-03-2026')).toBe('02/03/2026 07:05');
  });

  it('logs an unparseable value and shows it raw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatNotificationDate('hôm qua')).toBe('hôm qua');
    expect(formatNotificationDate('25:99 40/13/2026')).toBe('25:99 40/13/2026');
    expect(formatNotificationDate('')).toBe('');
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
