import {
  DONATION_TYPES,
  SCREENING_MESSAGES,
  WHOLE_BLOOD_VOLUMES,
  sexOf,
  volumeRefusal,
  type TAdminAppointment,
  type TAdminOutcomeRequest,
} from '@giot-hong/contract';

// The outcome form's values and their translation to the request (staff console, day page).

export type Result = TAdminOutcomeRequest['result'];
export type FormValues = {
  result: Result | '';
  donationType: string;
  volumeMl: string;
  /** DONE: the bag's unit number, typed or scanned (ISBT 128 or a facility's own). */
  unitNumber: string;
  /** DONE: given in an emergency (hiến máu khẩn cấp). */
  emergency: boolean;
  reason: string;
  reasonText: string;
  deferredUntil: string;
  /** Why it is written after the campaign's day (asked only then). */
  lateReason: string;
};
export type FormField = keyof FormValues;
export const FIELDS: FormField[] = [
  'result',
  'donationType',
  'volumeMl',
  'unitNumber',
  'emergency',
  'reason',
  'reasonText',
  'deferredUntil',
  'lateReason',
];

export const RESULTS: { value: Result; label: string }[] = [
  { value: 'DONE', label: 'Đã hiến máu' },
  { value: 'DEFERRED', label: 'Tạm hoãn' },
  { value: 'NO_SHOW', label: 'Vắng mặt' },
];

/** The volumes offered for a donation type: a whole-blood bag's sizes, or none (typed) for apheresis. */
export function volumeChoices(donationType: string, current: string): number[] | null {
  if (donationType !== 'WHOLE_BLOOD') return null;
  const volumes: number[] = [...WHOLE_BLOOD_VOLUMES];
  const n = Number(current);
  // A correction of a volume recorded otherwise keeps it on offer.
  if (current !== '' && Number.isInteger(n) && !volumes.includes(n)) volumes.push(n);
  return volumes.sort((a, b) => a - b);
}

export function toRequest(v: FormValues): TAdminOutcomeRequest {
  const late = v.lateReason.trim() ? { lateReason: v.lateReason.trim() } : {};
  if (v.result === 'DONE')
    return {
      result: 'DONE',
      donationType: v.donationType,
      volumeMl: v.volumeMl === '' ? Number.NaN : Number(v.volumeMl),
      unitNumber: v.unitNumber,
      emergency: v.emergency,
      ...late,
    } as unknown as TAdminOutcomeRequest;
  if (v.result === 'DEFERRED')
    return {
      result: 'DEFERRED',
      reason: v.reason,
      reasonText: v.reasonText.trim() || undefined,
      deferredUntil: v.deferredUntil,
      ...late,
    } as TAdminOutcomeRequest;
  return { result: v.result, ...late } as TAdminOutcomeRequest;
}

/**
 * What the form says before sending a DONE, as the server would refuse it: without a recorded
 * check (under the result), or with a volume the donor's weight does not allow (under the volume).
 */
export function doneRefusals(
  v: FormValues,
  target: Pick<TAdminAppointment, 'screening' | 'gender'>,
): Partial<Record<FormField, string>> {
  if (v.result !== 'DONE') return {};
  if (!target.screening) return { result: SCREENING_MESSAGES.screeningRequired };
  const volume = Number(v.volumeMl);
  if (v.volumeMl === '' || !Number.isFinite(volume)) return {};
  const type = DONATION_TYPES.find((t) => t.value === v.donationType)?.value;
  if (!type) return {};
  const refusal = volumeRefusal(target.screening.weightKg, type, volume, sexOf(target.gender));
  return refusal ? { volumeMl: refusal } : {};
}

/**
 * The deferral the venue check proposes: the reason of its first value outside a limit, or null.
 * A proposal only — the physician decides, and staff may choose another outcome.
 */
export function proposedDeferral(target: Pick<TAdminAppointment, 'screening'>): string | null {
  return target.screening?.findings[0]?.reason ?? null;
}

/**
 * A correction starts from what was recorded; a first outcome from the usual donation, or from
 * the deferral the check proposes when a value is outside its limit.
 */
export function initialValues(target: TAdminAppointment): FormValues {
  const recorded = (RESULTS.map((r) => r.value) as string[]).includes(target.status)
    ? (target.status as Result)
    : '';
  const proposal = recorded === '' ? proposedDeferral(target) : null;
  const type =
    DONATION_TYPES.find((t) => recorded === 'DONE' && t.value === target.donationType) ?? DONATION_TYPES[0]!;
  return {
    result: proposal ? 'DEFERRED' : recorded,
    donationType: type.value,
    volumeMl: String(
      recorded === 'DONE' && target.volumeMl !== null ? target.volumeMl : type.defaultVolumeMl,
    ),
    unitNumber: recorded === 'DONE' ? (target.unitNumber ?? '') : '',
    emergency: recorded === 'DONE' ? target.emergency : false,
    reason: proposal ?? (recorded === 'DEFERRED' ? (target.deferralReason ?? '') : ''),
    reasonText: recorded === 'DEFERRED' ? (target.deferralText ?? '') : '',
    deferredUntil: recorded === 'DEFERRED' ? (target.deferredUntil ?? '') : '',
    lateReason: '',
  };
}
