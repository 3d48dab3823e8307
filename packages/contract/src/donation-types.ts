import { DONATION_RULES } from './constants.ts';

/*
 * What a donation is and why one is put off: the donation types with the interval each sets
 * before the next donation, and the reasons staff defer a donor. The day desk records them; a
 * donor's record, the exports and the audit trail say them in words.
 */

/** Donation types, with the volume a collection usually has (the outcome form's default). */
export const DONATION_TYPES = [
  { value: 'WHOLE_BLOOD', label: 'Máu toàn phần', defaultVolumeMl: 350 },
  { value: 'APHERESIS_PLATELETS', label: 'Gạn tách tiểu cầu', defaultVolumeMl: 250 },
  { value: 'APHERESIS_PLASMA', label: 'Gạn tách huyết tương', defaultVolumeMl: 500 },
] as const;
export type TDonationType = (typeof DONATION_TYPES)[number]['value'];

/**
 * Days from a donation until the next one is allowed, by the type of that donation, as set by
 * Thông tư 26/2013/TT-BYT (Bộ Y tế, hướng dẫn hoạt động truyền máu): whole blood at least
 * 12 weeks apart; blood components taken by apheresis at least 2 weeks apart.
 */
export const DONATION_INTERVAL_DAYS: Record<TDonationType, number> = {
  WHOLE_BLOOD: DONATION_RULES.wholeBloodIntervalDays,
  APHERESIS_PLATELETS: 14,
  APHERESIS_PLASMA: 14,
};

export const DEFERRAL_REASONS = [
  { value: 'LOW_HEMOGLOBIN', label: 'Huyết sắc tố thấp' },
  { value: 'BLOOD_PRESSURE', label: 'Huyết áp không đạt' },
  { value: 'LOW_WEIGHT', label: 'Cân nặng không đạt' },
  { value: 'RECENT_ILLNESS_OR_MEDICATION', label: 'Mới ốm hoặc đang dùng thuốc' },
  { value: 'RECENT_TATTOO_OR_PIERCING', label: 'Mới xăm hình hoặc xỏ khuyên' },
  { value: 'OTHER', label: 'Lý do khác' },
] as const;
export type TDeferralReason = (typeof DEFERRAL_REASONS)[number]['value'];

/** The label of a deferral reason, or the staff's text for OTHER. */
export const deferralReasonLabel = (reason: string, text?: string | null) =>
  reason === 'OTHER' && text ? text : (DEFERRAL_REASONS.find((r) => r.value === reason)?.label ?? reason);
