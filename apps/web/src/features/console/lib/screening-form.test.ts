import { ZScreeningRequest } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { screeningInitialValues, toScreeningRequest } from './screening-form';

describe('the venue check form', () => {
  it('reads numbers as Vietnamese write them, the temperature optional', () => {
    const v = {
      weightKg: '52,5',
      systolic: '120',
      diastolic: '80',
      pulse: '72',
      hemoglobinGL: '131',
      temperatureC: '',
    };
    expect(toScreeningRequest(v)).toEqual({
      weightKg: 52.5,
      systolic: 120,
      diastolic: 80,
      pulse: 72,
      hemoglobinGL: 131,
      temperatureC: null,
    });
    expect(ZScreeningRequest.safeParse(toScreeningRequest(v)).success).toBe(true);
    expect(ZScreeningRequest.safeParse(toScreeningRequest({ ...v, pulse: '7x' })).success).toBe(false);
  });

  it('starts a second check from the values recorded', () => {
    const values = screeningInitialValues({
      screening: {
        weightKg: 52.5,
        systolic: 120,
        diastolic: 80,
        pulse: 72,
        hemoglobinGL: 131,
        temperatureC: 36.8,
        findings: [],
      },
    });
    expect(values).toMatchObject({ weightKg: '52,5', temperatureC: '36,8' });
    expect(screeningInitialValues({ screening: null }).weightKg).toBe('');
  });
});
