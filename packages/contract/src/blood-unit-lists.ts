/*
 * The lists a blood unit's events are made of (the blood centre's API, its CSV import and the
 * console's hints), without the schemas built from them: the console's texts and the donor's pages
 * read them without building the blood centre's schemas (blood-centre.ts; ADR 76).
 */

export const UNIT_EVENT_TYPES = ['TESTED', 'PROCESSED', 'ISSUED', 'DISCARDED'] as const;
export type TUnitEventType = (typeof UNIT_EVENT_TYPES)[number];
export const SCREENING_RESULTS = ['NEGATIVE', 'REACTIVE'] as const;
export const BLOOD_COMPONENTS = ['RED_CELLS', 'PLASMA', 'PLATELETS'] as const;
export type TBloodComponent = (typeof BLOOD_COMPONENTS)[number];
export const BLOOD_COMPONENT_LABELS: Record<TBloodComponent, string> = {
  RED_CELLS: 'Hồng cầu',
  PLASMA: 'Huyết tương',
  PLATELETS: 'Tiểu cầu',
};
/** Why a unit was not used; staff see it, the donor never does. */
export const DISCARD_REASONS = ['TEST_RESULT', 'EXPIRED', 'DAMAGED', 'VOLUME', 'OTHER'] as const;
export const DISCARD_REASON_LABELS: Record<(typeof DISCARD_REASONS)[number], string> = {
  TEST_RESULT: 'Kết quả xét nghiệm',
  EXPIRED: 'Hết hạn sử dụng',
  DAMAGED: 'Hư hỏng túi máu',
  VOLUME: 'Không đủ thể tích',
  OTHER: 'Lý do khác',
};

/** At most this many events in one call (or rows in one CSV file). */
export const UNIT_EVENT_BATCH_MAX = 500;
