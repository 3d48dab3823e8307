import { z } from 'zod';

/**
 * The venue health check (khám sàng lọc) and the limits it is judged by.
 *
 * Every number a donor is measured against lives in SCREENING_LIMITS, with the provision it comes
 * from, so the day page, the server and the donor's record read one table. The regulation is
 * Thông tư 26/2013/TT-BYT (Bộ Y tế, "Hướng dẫn hoạt động truyền máu"), Điều 4 "Tiêu chuẩn người
 * hiến máu" (age and weight, volume by weight) and its clinical-examination thresholds
 * (haemoglobin, blood pressure, pulse, temperature). docs/adr/0027 cites the text and says which
 * values were confirmed against it.
 *
 * The portal proposes; the physician at the venue decides. Only one limit is enforced rather than
 * proposed: a DONE whose volume the donor's weight does not allow is refused, because recording it
 * would put a false entitlement on the donor's certificate.
 */
export const SCREENING_LIMITS = {
  regulation: 'Thông tư 26/2013/TT-BYT',
  age: { min: 18, max: 60, provision: 'Điều 4, khoản 1' },
  weightKg: {
    /** Whole blood: at least 42 kg for women, 45 kg for men. */
    minFemale: 42,
    minMale: 45,
    /** From 42 kg to under 45 kg: at most 250 ml of whole blood. */
    lightBandBelow: 45,
    lightBandMaxMl: 250,
    /** 45 kg and more: at most 9 ml per kg of body weight, and never above 500 ml. */
    mlPerKg: 9,
    wholeBloodMaxMl: 500,
    /** Components by apheresis: from 50 kg, at most 500 ml in all; from 60 kg, at most 650 ml. */
    apheresisMin: 50,
    apheresisMaxMl: 500,
    apheresisHeavyFrom: 60,
    apheresisHeavyMaxMl: 650,
    provision: 'Điều 4, khoản 2, điểm a và b',
  },
  /** Haemoglobin, g/L: 120 for a 250 ml donation, 125 for more. */
  hemoglobinGL: { min: 120, minAbove250Ml: 125, provision: 'tiêu chuẩn khám lâm sàng và xét nghiệm' },
  /** Blood pressure, mmHg: systolic from 100 to under 160, diastolic from 60 to under 100. */
  systolic: { min: 100, belowMax: 160 },
  diastolic: { min: 60, belowMax: 100 },
  /** Pulse, beats a minute: from 60 to 90. */
  pulse: { min: 60, max: 90 },
  /** Temperature, °C: no fever. */
  temperatureC: { max: 37.5 },
} as const;
const L = SCREENING_LIMITS;

/** The donation types (donation-types.ts's DONATION_TYPES values; kept here so this module imports none). */
type TDonationType = 'WHOLE_BLOOD' | 'APHERESIS_PLATELETS' | 'APHERESIS_PLASMA';

/** The volumes a whole-blood bag is collected in at our venues. */
export const WHOLE_BLOOD_VOLUMES = [250, 350, 450] as const;

export const SCREENING_MESSAGES = {
  weightRange: 'Cân nặng phải là số từ 30 đến 200 kg',
  systolicRange: 'Huyết áp tâm thu phải là số nguyên từ 50 đến 260 mmHg',
  diastolicRange: 'Huyết áp tâm trương phải là số nguyên từ 30 đến 160 mmHg',
  diastolicBelowSystolic: 'Huyết áp tâm trương phải nhỏ hơn tâm thu',
  pulseRange: 'Mạch phải là số nguyên từ 30 đến 200 lần/phút',
  hemoglobinRange: 'Huyết sắc tố phải là số nguyên từ 50 đến 250 g/L',
  temperatureRange: 'Nhiệt độ phải là số từ 34 đến 42 °C',
  screeningRequired: 'Vui lòng ghi kết quả khám sàng lọc trước khi ghi hiến máu',
  /** A DONE whose volume the donor's weight does not allow (the one limit enforced). */
  volumeOverWeight: (maxMl: number, weightKg: number) =>
    maxMl === 0
      ? `Cân nặng ${formatKg(weightKg)} kg chưa đủ để hiến máu`
      : `Với cân nặng ${formatKg(weightKg)} kg, thể tích hiến tối đa là ${maxMl} ml`,
  /** What each out-of-limit value says on the day page (shown in red). */
  lowWeight: (minKg: number) => `Cân nặng dưới ${minKg} kg`,
  lowHemoglobin: (min: number) => `Huyết sắc tố dưới ${min} g/L`,
  systolicOut: `Huyết áp tâm thu ngoài khoảng ${L.systolic.min}–${L.systolic.belowMax - 1} mmHg`,
  diastolicOut: `Huyết áp tâm trương ngoài khoảng ${L.diastolic.min}–${L.diastolic.belowMax - 1} mmHg`,
  pulseOut: `Mạch ngoài khoảng ${L.pulse.min}–${L.pulse.max} lần/phút`,
  fever: `Nhiệt độ trên ${L.temperatureC.max} °C`,
} as const;
const M = SCREENING_MESSAGES;

function formatKg(kg: number): string {
  return Number.isInteger(kg) ? String(kg) : kg.toFixed(1).replace('.', ',');
}

/** What staff record at the check (PUT /api/admin/appointments/{id}/screening). */
export const ZScreeningRequest = z
  .object({
    weightKg: z.number({ error: M.weightRange }).min(30, M.weightRange).max(200, M.weightRange),
    systolic: z
      .number({ error: M.systolicRange })
      .int(M.systolicRange)
      .min(50, M.systolicRange)
      .max(260, M.systolicRange),
    diastolic: z
      .number({ error: M.diastolicRange })
      .int(M.diastolicRange)
      .min(30, M.diastolicRange)
      .max(160, M.diastolicRange),
    pulse: z.number({ error: M.pulseRange }).int(M.pulseRange).min(30, M.pulseRange).max(200, M.pulseRange),
    hemoglobinGL: z
      .number({ error: M.hemoglobinRange })
      .int(M.hemoglobinRange)
      .min(50, M.hemoglobinRange)
      .max(250, M.hemoglobinRange),
    temperatureC: z
      .number({ error: M.temperatureRange })
      .min(34, M.temperatureRange)
      .max(42, M.temperatureRange)
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.diastolic >= v.systolic)
      ctx.addIssue({ code: 'custom', path: ['diastolic'], message: M.diastolicBelowSystolic });
  });
export type TScreeningRequest = z.input<typeof ZScreeningRequest>;
export type TScreening = z.output<typeof ZScreeningRequest>;

export type TSex = 'MALE' | 'FEMALE';

/**
 * The largest volume (ml) the donor's weight allows for a donation type; 0 when the weight allows
 * none. Sex unknown counts as the stricter (male) minimum for whole blood.
 */
export function maxVolumeForWeight(weightKg: number, type: TDonationType, sex: TSex | null): number {
  const w = L.weightKg;
  if (type !== 'WHOLE_BLOOD') {
    if (weightKg >= w.apheresisHeavyFrom) return w.apheresisHeavyMaxMl;
    return weightKg >= w.apheresisMin ? w.apheresisMaxMl : 0;
  }
  const min = sex === 'FEMALE' ? w.minFemale : w.minMale;
  if (weightKg < min) return 0;
  if (weightKg < w.lightBandBelow) return w.lightBandMaxMl;
  return Math.min(w.wholeBloodMaxMl, Math.floor(weightKg * w.mlPerKg));
}

/** One value outside its limit: which field, what the day page says, and the deferral it proposes. */
export type TScreeningFinding = {
  field: keyof TScreening;
  message: string;
  /** The deferral reason it proposes (DEFERRAL_REASONS values). */
  reason: 'LOW_WEIGHT' | 'LOW_HEMOGLOBIN' | 'BLOOD_PRESSURE' | 'RECENT_ILLNESS_OR_MEDICATION';
};

/**
 * The values outside the limits for a planned donation (type and volume; the haemoglobin limit
 * depends on the volume). An empty list means the check proposes nothing: staff may record DONE.
 */
export function screeningFindings(
  s: TScreening,
  plan: { type: TDonationType; volumeMl: number; sex: TSex | null },
): TScreeningFinding[] {
  const out: TScreeningFinding[] = [];
  const minWeight =
    plan.type === 'WHOLE_BLOOD'
      ? plan.sex === 'FEMALE'
        ? L.weightKg.minFemale
        : L.weightKg.minMale
      : L.weightKg.apheresisMin;
  if (s.weightKg < minWeight)
    out.push({ field: 'weightKg', message: M.lowWeight(minWeight), reason: 'LOW_WEIGHT' });
  const minHb = plan.volumeMl > 250 ? L.hemoglobinGL.minAbove250Ml : L.hemoglobinGL.min;
  if (s.hemoglobinGL < minHb)
    out.push({ field: 'hemoglobinGL', message: M.lowHemoglobin(minHb), reason: 'LOW_HEMOGLOBIN' });
  if (s.systolic < L.systolic.min || s.systolic >= L.systolic.belowMax)
    out.push({ field: 'systolic', message: M.systolicOut, reason: 'BLOOD_PRESSURE' });
  if (s.diastolic < L.diastolic.min || s.diastolic >= L.diastolic.belowMax)
    out.push({ field: 'diastolic', message: M.diastolicOut, reason: 'BLOOD_PRESSURE' });
  if (s.pulse < L.pulse.min || s.pulse > L.pulse.max)
    out.push({ field: 'pulse', message: M.pulseOut, reason: 'RECENT_ILLNESS_OR_MEDICATION' });
  if (s.temperatureC != null && s.temperatureC > L.temperatureC.max)
    out.push({ field: 'temperatureC', message: M.fever, reason: 'RECENT_ILLNESS_OR_MEDICATION' });
  return out;
}

/**
 * The refusal of a DONE whose volume the weight forbids, or null. The server applies it to every
 * DONE that has a recorded check; the day page shows the same words before sending.
 */
export function volumeRefusal(
  weightKg: number,
  type: TDonationType,
  volumeMl: number,
  sex: TSex | null,
): string | null {
  const max = maxVolumeForWeight(weightKg, type, sex);
  return volumeMl > max ? M.volumeOverWeight(max, weightKg) : null;
}

/** The sex of the ID card's 'Giới tính' text as the donor record stores it ('Nam' / 'Nữ'). */
export function sexOf(gender: string | null | undefined): TSex | null {
  const g = gender?.trim().normalize('NFC').toLowerCase();
  if (g === 'nữ') return 'FEMALE';
  if (g === 'nam') return 'MALE';
  return null;
}

/** A recorded check as the API shows it (the day list, the donor record). */
export const ZScreening = z.object({
  weightKg: z.number(),
  systolic: z.number().int(),
  diastolic: z.number().int(),
  pulse: z.number().int(),
  hemoglobinGL: z.number().int(),
  temperatureC: z.number().nullable(),
});

/** PUT /api/admin/appointments/{id}/screening */
export const screeningPath = (id: number | `:${string}`) => `/api/admin/appointments/${id}/screening`;

/** A recorded check as a left join reads it: every column null when there is none. */
export type TScreeningColumns = {
  weightKg: number | null;
  systolic: number | null;
  diastolic: number | null;
  pulse: number | null;
  hemoglobinGL: number | null;
  temperatureC: number | null;
};

/**
 * A joined check with its findings, judged against the donation recorded (or the usual
 * whole-blood 350 ml before one is: haemoglobin's limit depends on the volume); null without one.
 * The day list and the donor's record show it the same way.
 */
export function screeningWithFindings(
  s: TScreeningColumns | null | undefined,
  donation: { donationType: string | null; volumeMl: number | null; gender: string | null | undefined },
): (Required<TScreening> & { temperatureC: number | null; findings: TScreeningFinding[] }) | null {
  if (!s || s.weightKg === null) return null;
  const values = {
    weightKg: s.weightKg,
    systolic: s.systolic!,
    diastolic: s.diastolic!,
    pulse: s.pulse!,
    hemoglobinGL: s.hemoglobinGL!,
    temperatureC: s.temperatureC,
  };
  const plan = {
    type: (donation.donationType ?? 'WHOLE_BLOOD') as TDonationType,
    volumeMl: donation.volumeMl ?? 350,
    sex: sexOf(donation.gender),
  };
  return { ...values, findings: screeningFindings(values, plan) };
}
