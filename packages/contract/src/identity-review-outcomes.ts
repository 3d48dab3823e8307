/*
 * The words a donor's profile shows for staff's last decision on their identity, without the
 * review's schemas (identity-review.ts): the profile page reads them without building those
 * (ADR 76).
 */

/** What staff last decided, as the donor's profile page says it. */
export const IDENTITY_REVIEW_OUTCOME_LABELS = {
  APPROVED: 'Cán bộ đã duyệt thông tin căn cước của bạn',
  REJECTED: 'Cán bộ đã từ chối thông tin căn cước của bạn. Vui lòng thực hiện lại bước xác thực.',
  REVOKED:
    'Xác thực căn cước của bạn đã bị thu hồi vì số căn cước đã được xác thực cho tài khoản khác. Vui lòng liên hệ Hội Chữ thập đỏ.',
} as const;
export type TIdentityReviewOutcome = keyof typeof IDENTITY_REVIEW_OUTCOME_LABELS;
