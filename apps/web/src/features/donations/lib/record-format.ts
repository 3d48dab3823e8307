import {
  CERTIFICATE_STATES,
  DONATION_RECORD_TEXTS as T,
  DONATION_TYPES,
  SCREENING_LIMITS as L,
  type TDonationRecord,
} from '@giot-hong/contract';

type Donation = TDonationRecord['donations'][number];
type Screening = NonNullable<Donation['screening']>;

/** dd/MM/yyyy of a yyyy-mm-dd day. */
export const dmy = (day: string) => day.split('-').reverse().join('/');

export const donationTypeLabel = (type: string | null) =>
  DONATION_TYPES.find((t) => t.value === type)?.label ?? DONATION_TYPES[0].label;

const kg = (n: number) => String(n).replace('.', ',');

/**
 * The venue check's rows: value, the limit it is judged by, and whether it was outside (the
 * server's findings). Read "Huyết sắc tố: 118 g/L (tối thiểu 125 g/L)".
 */
export type ScreeningRow = { label: string; value: string; limit: string; out: boolean };

export function screeningRows(s: Screening): ScreeningRow[] {
  const out = (field: string) => s.findings.some((f) => f.field === field);
  const rows: ScreeningRow[] = [
    {
      label: T.weight,
      value: `${kg(s.weightKg)} kg`,
      limit: `nữ từ ${L.weightKg.minFemale} kg, nam từ ${L.weightKg.minMale} kg`,
      out: out('weightKg'),
    },
    {
      label: T.bloodPressure,
      value: `${s.systolic}/${s.diastolic} mmHg`,
      limit: `tâm thu ${L.systolic.min}–${L.systolic.belowMax - 1}, tâm trương ${L.diastolic.min}–${L.diastolic.belowMax - 1}`,
      out: out('systolic') || out('diastolic'),
    },
    {
      label: T.pulse,
      value: `${s.pulse} lần/phút`,
      limit: `${L.pulse.min}–${L.pulse.max}`,
      out: out('pulse'),
    },
    {
      label: T.hemoglobin,
      value: `${s.hemoglobinGL} g/L`,
      limit: `từ ${L.hemoglobinGL.min} g/L (250 ml), ${L.hemoglobinGL.minAbove250Ml} g/L (trên 250 ml)`,
      out: out('hemoglobinGL'),
    },
  ];
  if (s.temperatureC !== null)
    rows.push({
      label: T.temperature,
      value: `${kg(s.temperatureC)} °C`,
      limit: `đến ${kg(L.temperatureC.max)} °C`,
      out: out('temperatureC'),
    });
  return rows;
}

export const certificateLine = (c: NonNullable<Donation['certificate']>) =>
  `${c.serial} · ${CERTIFICATE_STATES[c.state]}${c.state === 'VALID' ? ` · còn ${c.remainingMl} ml` : ''}`;
