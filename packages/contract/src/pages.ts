/**
 * The portal's page routes, shared by the web router, the server's per-page
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
  /** A staff member's invitation link (token in the URL fragment): the username, then a password. */
  staffWelcome: '/chao-mung-can-bo',
  /** The link of the account-deletion e-mail (token in the URL fragment). */
  deletionConfirm: '/xac-nhan-xoa-tai-khoan',
  /** Anyone a donation certificate is shown to checks it here (its QR code's link). */
  certificateVerify: (serial: string) => `/xac-minh/${serial}`,
  /** Appeals that reached the logged-in donor (APPEAL_PAGES.mine), and one of them (a notification's link). */
  appeals: '/loi-keu-goi',
  appeal: (id: number | string) => `/loi-keu-goi/${id}`,
} as const;

/** Where the staff console lives; the donor router knows only this prefix (its pages are one lazy area). */
export const CONSOLE_ROOT = '/quan-tri';

/**
 * The cookie that carries the access token with the document request of a page behind the login
 * rendered with its first data (ADR 71: the console; ADR 72: the donor's profile). It is written
 * once for each of `PAGE_SESSION_PATHS`, and only documents read it: the API takes the token from
 * its header alone. The web app writes it with the tokens it stores and removes it with them.
 */
export const PAGE_SESSION_COOKIE = 'gh_page_session';

/** The paths `PAGE_SESSION_COOKIE` is written for (one cookie each): the console, the profile. */
export const PAGE_SESSION_PATHS = [CONSOLE_ROOT, PAGES.profile] as const;

/** Whether the document request for `pathname` carries `PAGE_SESSION_COOKIE` (a cookie's path rule). */
export const carriesPageSession = (pathname: string) =>
  PAGE_SESSION_PATHS.some((root) => pathname === root || pathname.startsWith(`${root}/`));

/** Pages of the staff console (not indexed, not in the sitemap). */
export const CONSOLE_PAGES = {
  /** The dashboard (today's campaigns, then the charts): where staff land after logging in. */
  home: CONSOLE_ROOT,
  /** The campaign list. */
  campaigns: `${CONSOLE_ROOT}/chien-dich`,
  questionSets: `${CONSOLE_ROOT}/bo-cau-hoi`,
  questionSetNew: `${CONSOLE_ROOT}/bo-cau-hoi/tao-moi`,
  questionSet: (id: number | string) => `${CONSOLE_ROOT}/bo-cau-hoi/${id}`,
  campaignNew: `${CONSOLE_ROOT}/chien-dich/tao-moi`,
  campaignEdit: (id: number | string) => `${CONSOLE_ROOT}/chien-dich/${id}`,
  campaignDay: (id: number | string) => `${CONSOLE_ROOT}/chien-dich/${id}/ngay-hien-mau`,
  /** Today's campaigns, each leading to its day page. */
  today: `${CONSOLE_ROOT}/ngay-hien-mau`,
  /** Identity review queue and one review (staff console II). */
  identityReviews: `${CONSOLE_ROOT}/xac-thuc`,
  identityReview: (extractId: string) => `${CONSOLE_ROOT}/xac-thuc/${extractId}`,
  donors: `${CONSOLE_ROOT}/nguoi-hien-mau`,
  donor: (id: number | string) => `${CONSOLE_ROOT}/nguoi-hien-mau/${id}`,
  /** ADMIN only. */
  audit: `${CONSOLE_ROOT}/nhat-ky`,
  news: `${CONSOLE_ROOT}/tin-tuc`,
  newsNew: `${CONSOLE_ROOT}/tin-tuc/tao-moi`,
  newsEdit: (id: number | string) => `${CONSOLE_ROOT}/tin-tuc/${id}`,
  inbox: `${CONSOLE_ROOT}/hop-thu`,
  broadcasts: `${CONSOLE_ROOT}/thong-bao`,
  staff: `${CONSOLE_ROOT}/tai-khoan`,
  /** Donors who reached a milestone in a period (the ceremony list). */
  honours: `${CONSOLE_ROOT}/vinh-danh`,
  /** The blood stock board: the level of each group, shown on the landing page. */
  stock: `${CONSOLE_ROOT}/ton-kho-mau`,
  /** The rare-blood club: members of one Rh-negative group, to phone when a hospital asks. */
  rareBlood: `${CONSOLE_ROOT}/mau-hiem`,
  /** The blood centre's unit events uploaded as a CSV file, and the report of each upload. */
  unitImport: `${CONSOLE_ROOT}/don-vi-mau`,
  /** Tasks beside the inbox's messages: lab blood groups that disagree, results to counsel. */
  bloodGroupTasks: `${CONSOLE_ROOT}/hop-thu/nhom-mau-chenh-lech`,
  /** ADMIN, or staff with the permission RESULT_COUNSELLING. */
  counselling: `${CONSOLE_ROOT}/hop-thu/tu-van-ket-qua`,
  /** ADMIN only: the blood centre's API keys. */
  apiKeys: `${CONSOLE_ROOT}/khoa-truy-cap`,
  /** Appeals by blood group: the list with the form, and one appeal with its sending and counts. */
  appeals: `${CONSOLE_ROOT}/loi-keu-goi`,
  appeal: (id: number | string) => `${CONSOLE_ROOT}/loi-keu-goi/${id}`,
} as const;

/** Hash tabs of /trang-ca-nhan. */
export const PROFILE_TABS = {
  personalInfo: 'thong-tin-ca-nhan',
  history: 'lich-su-hien-mau',
  /** The donor's record: donations, venue checks, certificates, honours. */
  record: 'ho-so-hien-mau',
  createDonorProfile: 'tao-ho-so-hien-mau',
  privacy: 'quyen-rieng-tu',
  appointment: (id: number | string) => `xem-lich-hen-${id}`,
} as const;

/** Pages a visitor may see without logging in and that search engines may index. */
export const INDEXABLE_PAGES = [PAGES.home, PAGES.news, PAGES.faq, PAGES.contact, PAGES.terms] as const;

/**
 * A page path builder as a pattern: `(id) => '/quan-tri/tin-tuc/${id}'` matches '/quan-tri/tin-tuc/12'.
 * The console's pages are all derived from CONSOLE_PAGES, so a page added there answers 200 on a
 * reload or a bookmark without a second list to keep in step (several once answered 404).
 */
function patternOf(build: (param: string) => string): RegExp {
  const marker = '\u0001';
  const escaped = build(marker).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(marker, '[\\w-]+')}$`);
}
const consolePages = Object.values(CONSOLE_PAGES);

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
  PAGES.deletionConfirm,
  PAGES.staffWelcome,
  PAGES.appeals,
  ...consolePages.filter((p) => typeof p === 'string'),
];
export const DYNAMIC_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/tin-tuc\/\d+$/,
  /^\/thong-bao\/\d+$/,
  /^\/xac-minh\/[A-Z]{2,6}-\d{4}-\d{6}$/,
  patternOf(PAGES.appeal),
  ...consolePages.filter((p) => typeof p === 'function').map(patternOf),
];

export function isKnownPage(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return STATIC_PAGE_PATHS.includes(p) || DYNAMIC_PAGE_PATTERNS.some((re) => re.test(p));
}
