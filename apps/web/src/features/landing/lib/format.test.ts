import { describe, expect, it } from 'vitest';
import { formatLandingTime, registrationPercent } from './format';

describe('formatLandingTime', () => {
  it('shows dd/mm/yyyy - HH:mm in Vietnam time (UTC+7)', () => {
    expect(formatLandingTime('2026-11-25T00:00:00.000Z')).toBe('25/11/2026 - 07:00');
    expect(formatLandingTime('2026-12-31T17:30:00.000Z')).toBe('01/01/2027 - 00:30');
    expect(formatLandingTime('2027-01-05T06:05:00Z')).toBe('05/01/2027 - 13:05');
  });
  it('leaves a value that is not a date as it is', () => {
    expect(formatLandingTime('sắp công bố')).toBe('sắp công bố');
  });
});

describe('registrationPercent', () => {
  it('is appointmentCount / targetBloodUnits, rounded', () => {
    expect(registrationPercent(0, 500)).toBe(0);
    expect(registrationPercent(123, 500)).toBe(25);
    expect(registrationPercent(1, 3)).toBe(33);
    expect(registrationPercent(2, 3)).toBe(67);
  });
  it('is capped at 100 %', () => {
    expect(registrationPercent(500, 500)).toBe(100);
    expect(registrationPercent(750, 500)).toBe(100);
  });
  it('does not divide by a missing target', () => {
    expect(registrationPercent(0, 0)).toBe(0);
    expect(registrationPercent(4, 0)).toBe(100);
  });
});
