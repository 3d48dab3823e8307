import { describe, expect, it } from 'vitest';
import { registrationPercent } from './format';

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
