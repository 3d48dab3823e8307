/** Verification status of a donor profile. NONE = no profile; EXTRACTED = verified; anything else = pending. */
export const DONOR_STATUS = { NONE: 'NONE', EXTRACTED: 'EXTRACTED', PENDING: 'PENDING' } as const;
export type TDonorStatus = (typeof DONOR_STATUS)[keyof typeof DONOR_STATUS];
export const DONOR_STATUS_LABELS = { EXTRACTED: 'Đã xác thực', OTHER: 'Chờ xác thực' } as const;

/** The console's words for a donor's verification, with staff's last decision on the profile. */
export const DONOR_STATUS_STAFF_LABELS = {
  EXTRACTED: 'Đã xác thực',
  PENDING: 'Chờ xác thực',
  REJECTED: 'Bị từ chối',
  REVOKED: 'Bị thu hồi xác thực',
  NONE: 'Chưa xác thực',
} as const;

/**
 * A donor's state as staff see it. A rejected (or revoked) card puts the profile back to NONE so
 * the donor can start again; `reviewOutcome` (kept on the profile until the next confirmation)
 * tells that apart from a donor who never sent a card.
 */
export function donorStatusStaffLabel(status: string, reviewOutcome?: string | null): string {
  const L = DONOR_STATUS_STAFF_LABELS;
  if (status === DONOR_STATUS.EXTRACTED) return L.EXTRACTED;
  if (status === DONOR_STATUS.PENDING) return L.PENDING;
  if (reviewOutcome === 'REJECTED') return L.REJECTED;
  if (reviewOutcome === 'REVOKED') return L.REVOKED;
  return status === DONOR_STATUS.NONE ? L.NONE : L.PENDING;
}
