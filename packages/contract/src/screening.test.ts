import { describe, expect, it } from 'vitest';
import {
  maxVolumeForWeight,
  SCREENING_MESSAGES as M,
  screeningFindings,
  sexOf,
  volumeRefusal,
  ZScreeningRequest,
  type TScreening,
} from './screening.ts';

const normal: TScreening = { weightKg: 60, systolic: 120, diastolic: 80, pulse: 75, hemoglobinGL: 140 };
const wb = (volumeMl: number, sex: 'MALE' | 'FEMALE' | null = 'MALE') => ({
  type: 'WHOLE_BLOOD' as const,
  volumeMl,
  sex,
});
const fields = (s: Partial<TScreening>, plan = wb(350)) =>
  screeningFindings({ ...normal, ...s }, plan).map((f) => `${f.field}:${f.reason}`);

describe('volume by weight (Thông tư 26/2013/TT-BYT, Điều 4, khoản 2)', () => {
  it('whole blood: women from 42 kg, men from 45 kg; 42–<45 kg at most 250 ml', () => {
    expect(maxVolumeForWeight(41.9, 'WHOLE_BLOOD', 'FEMALE')).toBe(0);
    expect(maxVolumeForWeight(42, 'WHOLE_BLOOD', 'FEMALE')).toBe(250);
    expect(maxVolumeForWeight(44.9, 'WHOLE_BLOOD', 'FEMALE')).toBe(250);
    expect(maxVolumeForWeight(44.9, 'WHOLE_BLOOD', 'MALE')).toBe(0);
    // Sex unknown: the stricter minimum.
    expect(maxVolumeForWeight(43, 'WHOLE_BLOOD', null)).toBe(0);
  });
  it('45 kg and more: 9 ml/kg, never above 500 ml', () => {
    expect(maxVolumeForWeight(45, 'WHOLE_BLOOD', 'MALE')).toBe(405);
    expect(maxVolumeForWeight(50, 'WHOLE_BLOOD', 'FEMALE')).toBe(450);
    expect(maxVolumeForWeight(55.5, 'WHOLE_BLOOD', 'MALE')).toBe(499);
    expect(maxVolumeForWeight(55.6, 'WHOLE_BLOOD', 'MALE')).toBe(500);
    expect(maxVolumeForWeight(90, 'WHOLE_BLOOD', 'MALE')).toBe(500);
  });
  it('apheresis: from 50 kg at most 500 ml, from 60 kg at most 650 ml', () => {
    expect(maxVolumeForWeight(49.9, 'APHERESIS_PLATELETS', 'MALE')).toBe(0);
    expect(maxVolumeForWeight(50, 'APHERESIS_PLASMA', 'FEMALE')).toBe(500);
    expect(maxVolumeForWeight(59.9, 'APHERESIS_PLASMA', 'MALE')).toBe(500);
    expect(maxVolumeForWeight(60, 'APHERESIS_PLASMA', 'MALE')).toBe(650);
  });
  it('refuses a volume above the weight’s, in words that name both', () => {
    expect(volumeRefusal(45, 'WHOLE_BLOOD', 405, 'MALE')).toBeNull();
    expect(volumeRefusal(45, 'WHOLE_BLOOD', 450, 'MALE')).toBe(
      'Với cân nặng 45 kg, thể tích hiến tối đa là 405 ml',
    );
    expect(volumeRefusal(43.5, 'WHOLE_BLOOD', 350, 'FEMALE')).toBe(
      'Với cân nặng 43,5 kg, thể tích hiến tối đa là 250 ml',
    );
    expect(volumeRefusal(41, 'WHOLE_BLOOD', 250, 'FEMALE')).toBe('Cân nặng 41 kg chưa đủ để hiến máu');
  });
});

describe('findings at their edges', () => {
  it('a normal check proposes nothing', () => {
    expect(fields({})).toEqual([]);
  });
  it('haemoglobin: 120 g/L for 250 ml, 125 g/L above', () => {
    expect(fields({ hemoglobinGL: 120 }, wb(250))).toEqual([]);
    expect(fields({ hemoglobinGL: 119 }, wb(250))).toEqual(['hemoglobinGL:LOW_HEMOGLOBIN']);
    expect(fields({ hemoglobinGL: 124 }, wb(350))).toEqual(['hemoglobinGL:LOW_HEMOGLOBIN']);
    expect(fields({ hemoglobinGL: 125 }, wb(350))).toEqual([]);
    expect(screeningFindings({ ...normal, hemoglobinGL: 124 }, wb(350))[0]!.message).toBe(
      M.lowHemoglobin(125),
    );
  });
  it('blood pressure: systolic 100 to under 160, diastolic 60 to under 100', () => {
    expect(fields({ systolic: 100 })).toEqual([]);
    expect(fields({ systolic: 99 })).toEqual(['systolic:BLOOD_PRESSURE']);
    expect(fields({ systolic: 159 })).toEqual([]);
    expect(fields({ systolic: 160 })).toEqual(['systolic:BLOOD_PRESSURE']);
    expect(fields({ diastolic: 60 })).toEqual([]);
    expect(fields({ diastolic: 59 })).toEqual(['diastolic:BLOOD_PRESSURE']);
    expect(fields({ systolic: 150, diastolic: 99 })).toEqual([]);
    expect(fields({ systolic: 150, diastolic: 100 })).toEqual(['diastolic:BLOOD_PRESSURE']);
  });
  it('pulse 60–90, temperature up to 37.5 °C, weight by sex', () => {
    expect(fields({ pulse: 60 })).toEqual([]);
    expect(fields({ pulse: 91 })).toEqual(['pulse:RECENT_ILLNESS_OR_MEDICATION']);
    expect(fields({ temperatureC: 37.5 })).toEqual([]);
    expect(fields({ temperatureC: 37.6 })).toEqual(['temperatureC:RECENT_ILLNESS_OR_MEDICATION']);
    expect(fields({ weightKg: 44 }, wb(250, 'MALE'))).toEqual(['weightKg:LOW_WEIGHT']);
    expect(fields({ weightKg: 44 }, wb(250, 'FEMALE'))).toEqual([]);
  });
});

describe('the request', () => {
  it('takes plausible numbers and refuses others in Vietnamese', () => {
    expect(ZScreeningRequest.safeParse(normal).success).toBe(true);
    const messages = (v: object) =>
      ZScreeningRequest.safeParse({ ...normal, ...v }).error?.issues.map((i) => i.message);
    expect(messages({ hemoglobinGL: 12.5 })).toEqual([M.hemoglobinRange]);
    expect(messages({ systolic: 80, diastolic: 90 })).toEqual([M.diastolicBelowSystolic]);
    expect(messages({ weightKg: '60' })).toEqual([M.weightRange]);
  });
  it('reads the stored sex', () => {
    expect(sexOf('Nữ')).toBe('FEMALE');
    expect(sexOf('NAM')).toBe('MALE');
    expect(sexOf(null)).toBeNull();
  });
});
