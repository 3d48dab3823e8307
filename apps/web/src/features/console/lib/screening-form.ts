import type { TAdminAppointment, TScreeningRequest } from '@giot-hong/contract';

// The venue check's form (khám sàng lọc, day page): text inputs for the numbers, a request from them.

export type ScreeningValues = {
  weightKg: string;
  systolic: string;
  diastolic: string;
  pulse: string;
  hemoglobinGL: string;
  temperatureC: string;
};
export type ScreeningField = keyof ScreeningValues;
export const SCREENING_FIELDS: { name: ScreeningField; label: string; decimal: boolean }[] = [
  { name: 'weightKg', label: 'Cân nặng (kg)', decimal: true },
  { name: 'systolic', label: 'Huyết áp tâm thu (mmHg)', decimal: false },
  { name: 'diastolic', label: 'Huyết áp tâm trương (mmHg)', decimal: false },
  { name: 'pulse', label: 'Mạch (lần/phút)', decimal: false },
  { name: 'hemoglobinGL', label: 'Huyết sắc tố (g/L)', decimal: false },
  { name: 'temperatureC', label: 'Nhiệt độ (°C, không bắt buộc)', decimal: true },
];

/** A typed number ('52,5' as Vietnamese write it, or '52.5'); NaN when it is not one. */
const num = (s: string) => {
  const t = s.trim().replace(',', '.');
  return t === '' || !/^-?\d+(\.\d+)?$/.test(t) ? Number.NaN : Number(t);
};

export function toScreeningRequest(v: ScreeningValues): TScreeningRequest {
  return {
    weightKg: num(v.weightKg),
    systolic: num(v.systolic),
    diastolic: num(v.diastolic),
    pulse: num(v.pulse),
    hemoglobinGL: num(v.hemoglobinGL),
    temperatureC: v.temperatureC.trim() === '' ? null : num(v.temperatureC),
  };
}

/** A new check starts empty; a second one from the values recorded. */
export function screeningInitialValues(target: Pick<TAdminAppointment, 'screening'>): ScreeningValues {
  const s = target.screening;
  const text = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','));
  return {
    weightKg: text(s?.weightKg),
    systolic: text(s?.systolic),
    diastolic: text(s?.diastolic),
    pulse: text(s?.pulse),
    hemoglobinGL: text(s?.hemoglobinGL),
    temperatureC: text(s?.temperatureC),
  };
}
