/**
 * A route parameter (`:id`, `:kind`): the server registers a route with the same builder the
 * client calls, passing the parameter's pattern where the client passes a value.
 */
export type RouteParam = `:${string}`;

/**
 * HTTP paths of the API. These paths are the public API the web app and existing clients call,
 * kept exactly, including the odd ones. Nothing else in the code base types an API path by hand.
 */
export const API = {
  health: '/healthz',
  ready: '/readyz',
  /** Prometheus metrics: loopback callers on the main port, or METRICS_PORT (apps/server/src/plugins/metrics.ts). */
  metrics: '/metrics',
  docs: '/api/docs',
  campaigns: '/api/campaigns',
  /** A campaign's picture (WebP), public and immutable per version. */
  campaignImage: (id: number | string) => `/api/campaigns/${id}/image`,
  jobs: '/api/static/jobs',
  organizationsOther: '/api/organization/by-type/other',
  news: '/api/news',
  newsById: (id: number | string) => `/api/news/${id}`,
  newsRelated: (id: number | string) => `/api/news/${id}/related`,
  contact: '/api/contact',
  chapterContact: '/api/chapter/contact',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  // Account calls; the refresh path (under /api/v1) is the odd one out, kept as clients call it.
  authLogin: '/auth/login',
  authRegister: '/auth/register',
  authLogout: '/auth/logout',
  authMe: '/auth/me',
  authChangePassword: '/auth/change-password',
  authForgotPassword: '/auth/forgot-password',
  authVerifyOtp: '/auth/verify-otp',
  authResendVerification: '/auth/resend-verification',
  authResetPassword: '/auth/reset-password',
  /** The staff welcome page reads its invitation: who is invited (the username to log in with). */
  authStaffInvitation: '/auth/staff-invitation',
  authRefreshToken: '/api/v1/auth/refresh-token',
  /** Staff login, step 2: the challenge of a right password and the authenticator's (or a recovery) code. */
  authSecondFactor: '/auth/second-factor',
  /** Staff login without an authenticator yet: a new secret and its `otpauth://` URI. */
  authSecondFactorEnrolment: '/auth/second-factor/enrolment',
  /** The app's first code: the authenticator is enrolled, the tokens and ten recovery codes are answered. */
  authSecondFactorEnrolmentConfirm: '/auth/second-factor/enrolment/confirm',
  /** The link in the sign-up mail: marks the e-mail verified and redirects to /verification. */
  authVerifyEmail: '/auth/verify-email',
  /** Development outbox (never in production). */
  devMail: '/dev/mail',
  // Donation registration: question sets, answers, the registration check and share links.
  questionSet: '/questionset',
  answer: '/answer',
  answersOfCampaign: (campaignId: number | string) => `/answer/${campaignId}`,
  registrationCheck: '/api/campaigns/validationregister',
  /** Our own link shortener: POST {campaignId} → {link, long_url}; `/s/{code}` redirects. */
  shareLinks: '/api/share-links',
  shortLink: (code: string) => `/s/${code}`,
  // Appointments. Two calls cancel: `DELETE /answer/{campaignId}` (what existing clients call, naming
  // the campaign) and `POST /api/appointments/{id}/cancel` (what the web app calls).
  appointmentsHistory: '/api/appointments/history',
  appointmentsNextEligible: '/api/appointments/next-eligible',
  appointmentsUserInfo: '/api/appointments/user-info',
  appointmentById: (id: number | string) => `/api/appointments/${id}`,
  appointmentCancel: (id: number | string) => `/api/appointments/${id}/cancel`,
  appointmentFeedback: (id: number | string) => `/api/appointments/${id}/feedback`,
  /** iCalendar (.ics) event of a BOOKING appointment. */
  appointmentCalendar: (id: number | string) => `/api/appointments/${id}/calendar.ics`,
  /** Unread-notification count: `data` is the count. */
  notificationsUnread: '/api/notifications/user/unread',
  /** The donor's own notifications, paged (page from 0, size, type, unread, sortBy, sortDir). */
  notifications: '/api/notifications/user',
  notificationsReadAll: '/api/notifications/user/read-all',
  notificationById: (id: number | string) => `/api/notifications/user/${id}`,
  /** `?status=true` marks read, `false` unread. */
  notificationToggle: (id: number | string) => `/api/notifications/user/${id}/toggle`,
  // Donor profile and identity card.
  userStatus: '/api/users/user-status',
  userFullInfo: '/api/users/full-info',
  userDetail: '/api/users/detail',
  userCreateDetail: '/api/users/create-detail',
  userUpdateDetail: '/api/users/update-detail',
  /** POST multipart `file` to replace, GET to read one's own avatar. */
  userAvatar: '/api/users/avatar',
  /** Wizard step 1: records which terms the donor accepted and when. */
  userTermsAcceptance: '/api/users/terms-acceptance',
  recognitionId: '/recognition-id',
  extractById: (id: string) => `/extract/${id}`,
  extractStatus: '/status',
  /** Administrative units since 1 July 2025: provinces, then wards/communes of a province. */
  provinces: '/api/administrative-units/provinces',
  wardsOfProvince: (provinceCode: string) => `/api/administrative-units/provinces/${provinceCode}/wards`,
} as const;
