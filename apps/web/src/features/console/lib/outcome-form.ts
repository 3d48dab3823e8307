import { DONATION_TYPES, type TAdminAppointment, type TAdminOutcomeRequest } from '@giot-hong/contract';

// The outcome form's values and their translation to the request (staff console, day page).

export type Result = TAdminOutcomeRequest['result'];
export type FormValues = {
  result: Result | '';
  donationType: string;
  volumeMl: string;
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

export function toRequest(v: FormValues): TAdminOutcomeRequest {
  const late = v.lateReason.trim() ? { lateReason: v.lateReason.trim() } : {};
  if (v.result === 'DONE')
    return {
      result: 'DONE',
      donationType: v.donationType,
      volumeMl: v.volumeMl === '' ? Number.NaN : Number(v.volumeMl),
      ...late,
    } as TAdminOutcomeRequest;
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

/** A correction starts from what was recorded; a first outcome from the usual donation. */
export function initialValues(target: TAdminAppointment): FormValues {
  const recorded = (RESULTS.map((r) => r.value) as string[]).includes(target.status)
    ? (target.status as Result)
    : '';
  const type =
    DONATION_TYPES.find((t) => recorded === 'DONE' && t.value === target.donationType) ?? DONATION_TYPES[0]!;
  return {
    result: recorded,
    donationType: type.value,
    volumeMl: String(
      recorded === 'DONE' && target.volumeMl !== null ? target.volumeMl : type.defaultVolumeMl,
    ),
    reason: recorded === 'DEFERRED' ? (target.deferralReason ?? '') : '',
    reasonText: recorded === 'DEFERRED' ? (target.deferralText ?? '') : '',
    deferredUntil: recorded === 'DEFERRED' ? (target.deferredUntil ?? '') : '',
    lateReason: '',
  };
}
