/** Verification status of a donor profile. NONE = no profile; EXTRACTED = verified; anything else = pending. */
export const DONOR_STATUS = { NONE: 'NONE', EXTRACTED: 'EXTRACTED', PENDING: 'PENDING' } as const;
export type TDonorStatus = (typeof DONOR_STATUS)[keyof typeof DONOR_STATUS];
export const DONOR_STATUS_LABELS = { EXTRACTED: 'Đã xác thực', OTHER: 'Chờ xác thực' } as const;
