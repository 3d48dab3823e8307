/**
 * What the portal promises about personal data (the privacy section of /dieu-khoan-su-dung).
 * NOTE: the server's clean-up of identity-card images must use this same number, so the
 * terms never promise something the code does not do.
 */
export const PRIVACY = {
  /** Days the encrypted ID-card images are kept after the donor profile is confirmed, then deleted. */
  idCardImageRetentionDays: 30,
} as const;
