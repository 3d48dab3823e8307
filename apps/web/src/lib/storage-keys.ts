/** Every local-storage key the web app uses. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  selectedCampaign: 'selectedCampaign',
  /** The e-mail entered at sign-up, kept for the "check your mail" and resend screens. */
  signupEmail: 'signupEmail',
  /** The e-mail entered on the forgot-password screen, read by the code and reset screens. */
  recoveryEmail: 'recoveryEmail',
  /** The reset token returned by the code check, read by the new-password screen. */
  resetToken: 'resetToken',
  /** When the last recovery code was sent (ms since epoch): the code page's 300 s resend countdown. */
  recoveryCodeSentAt: 'recoveryCodeSentAt',
  /**
   * 'Để sau' on the offer to receive appeals, per account (a shared phone may hold several in
   * turn). Logging out clears it with the rest of the storage, so the offer comes back once a login.
   */
  appealOfferLater: (userId: number) => `appealOfferLater:${userId}`,
} as const;
