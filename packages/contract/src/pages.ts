/**
 * The portal's page routes (spec section 2), shared by the web router, the server's per-page
 * meta tags and the sitemap. Nothing else types a page path by hand.
 */
export const PAGES = {
  home: '/',
  register: '/dang-ky',
  login: '/dang-nhap',
  forgotPassword: '/quen-mat-khau',
  otp: '/xac-thuc-otp',
  resetPassword: '/thay-doi-mat-khau',
  registerDone: '/hoan-thanh-dang-ky',
  verification: '/verification',
  contact: '/lien-he',
  faq: '/cau-hoi-thuong-gap',
  news: '/tin-tuc',
  newsDetail: (id: number | string) => `/tin-tuc/${id}`,
  terms: '/dieu-khoan-su-dung',
  donationRegistration: '/dang-ky-hien-mau',
  profile: '/trang-ca-nhan',
  changePassword: '/doi-mat-khau',
  notifications: '/thong-bao',
  notificationDetail: (id: number | string) => `/thong-bao/${id}`,
} as const;

/** Where the staff console lives; the donor router knows only this prefix (its pages are one lazy area). */
export const CONSOLE_ROOT = '/quan-tri';

/** Pages of the staff console (not indexed, not in the sitemap). */
export const CONSOLE_PAGES = {
  /** The campaign list: where staff land after logging in. */
  home: CONSOLE_ROOT,
  campaignNew: `${CONSOLE_ROOT}/chien-dich/tao-moi`,
  campaignEdit: (id: number | string) => `${CONSOLE_ROOT}/chien-dich/${id}`,
  campaignDay: (id: number | string) => `${CONSOLE_ROOT}/chien-dich/${id}/ngay-hien-mau`,
  /** Today's campaigns, each leading to its day page. */
  today: `${CONSOLE_ROOT}/ngay-hien-mau`,
} as const;

/** Hash tabs of /trang-ca-nhan. */
export const PROFILE_TABS = {
  personalInfo: 'thong-tin-ca-nhan',
  history: 'lich-su-hien-mau',
  createDonorProfile: 'tao-ho-so-hien-mau',
  appointment: (id: number | string) => `xem-lich-hen-${id}`,
} as const;

/** Pages a visitor may see without logging in and that search engines may index. */
export const INDEXABLE_PAGES = [PAGES.home, PAGES.news, PAGES.faq, PAGES.contact, PAGES.terms] as const;

/** Pages that exist for the SPA (exact paths); dynamic ones are matched by pattern. */
export const STATIC_PAGE_PATHS: readonly string[] = [
  PAGES.home,
  PAGES.register,
  PAGES.login,
  PAGES.forgotPassword,
  PAGES.otp,
  PAGES.resetPassword,
  PAGES.registerDone,
  PAGES.verification,
  PAGES.contact,
  PAGES.faq,
  PAGES.news,
  PAGES.terms,
  PAGES.donationRegistration,
  PAGES.profile,
  PAGES.changePassword,
  PAGES.notifications,
  CONSOLE_PAGES.home,
  CONSOLE_PAGES.campaignNew,
  CONSOLE_PAGES.today,
];
export const DYNAMIC_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/tin-tuc\/\d+$/,
  /^\/thong-bao\/\d+$/,
  /^\/quan-tri\/chien-dich\/\d+(\/ngay-hien-mau)?$/,
];

export function isKnownPage(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return STATIC_PAGE_PATHS.includes(p) || DYNAMIC_PAGE_PATTERNS.some((re) => re.test(p));
}
