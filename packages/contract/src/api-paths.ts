/**
 * HTTP paths of the API. The spec's paths are the public contract and are kept exactly,
 * including the odd ones. Nothing else in the code base types an API path by hand.
 */
export const API = {
  health: '/healthz',
  ready: '/readyz',
  docs: '/api/docs',
  campaigns: '/api/campaigns',
  jobs: '/api/static/jobs',
  organizationsOther: '/api/organization/by-type/other',
  news: '/api/news',
  newsById: (id: number | string) => `/api/news/${id}`,
  newsRelated: (id: number | string) => `/api/news/${id}/related`,
  contact: '/api/contact',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  // Account calls (spec section 7); the refresh path is the spec's odd one.
  authLogin: '/auth/login',
  authRegister: '/auth/register',
  authLogout: '/auth/logout',
  authMe: '/auth/me',
  authChangePassword: '/auth/change-password',
  authForgotPassword: '/auth/forgot-password',
  authVerifyOtp: '/auth/verify-otp',
  authResendVerification: '/auth/resend-verification',
  authResetPassword: '/auth/reset-password',
  authRefreshToken: '/api/v1/auth/refresh-token',
  /** The link in the sign-up mail: marks the e-mail verified and redirects to /verification. */
  authVerifyEmail: '/auth/verify-email',
  /** Development outbox (never in production). */
  devMail: '/dev/mail',
} as const;
