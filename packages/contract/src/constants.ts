/** Business constants: field limits, timings and the blood service's rules. */
export const LIMITS = {
  usernameMax: 50,
  emailMax: 50,
  passwordMin: 8,
  passwordMax: 50,
  /** Characters that count as "special" in a password. */
  passwordSpecials: '@$!%*?&',
  imageMaxBytes: 5 * 1024 * 1024,
  otpLength: 6,
  otpResendSeconds: 300,
  donationCountMax: 100,
} as const;

export const TIMING = {
  campaignSliderMs: 10_000,
  benefitsCarouselMs: 5_000,
  pastEventsCarouselMs: 8_000,
  toastMs: 5_000,
  newNotificationToastDelayMs: 3_000,
  newsSearchDebounceMs: 500,
  headerScrollThresholdPx: 10,
  heroScrollOffsetPx: 80,
} as const;

export const CACHE = {
  generalStaleMs: 24 * 60 * 60 * 1000,
  /**
   * How long the answer to a page's first GET counts as fresh, for the data asked for again on
   * every visit of a page (the account's role, the donor's bookings, the console's lists). The
   * entry or the route's prefetch asks first (ADR 55); the page's components mount a moment later
   * and read that answer instead of asking again, so each GET is sent once per page load. A change
   * made in the app does not wait for it: its mutation invalidates the data it changes. Longer
   * than a slow phone's gap between the prefetch and the page's first render, far shorter than a
   * visit.
   */
  justFetchedMs: 10_000,
  newsStaleMs: 30_000,
  newsGcMs: 5 * 60_000,
  unreadStaleMs: 30_000,
  unreadGcMs: 5 * 60_000,
} as const;

export const PAGING = {
  newsPageSize: 10,
  notificationPageSize: 10,
  relatedNewsMax: 5,
} as const;

export const DONATION_RULES = {
  /** Whole blood: at least 12 weeks between donations. */
  wholeBloodIntervalDays: 84,
  /** A booking can be cancelled at least this many hours before the campaign. */
  cancelBeforeHours: 24,
} as const;

/**
 * Who may give blood by age, as Vietnam's Ministry of Health rules it: Thông tư 26/2013/TT-BYT
 * (hướng dẫn hoạt động truyền máu), Điều 4: "người hiến máu từ đủ 18 tuổi đến 60 tuổi". Both
 * ends count in whole years on the campaign's date (Vietnam time): a donor may register from
 * their 18th birthday up to the day before their 61st. The minimum-weight rule needs a
 * measurement we do not collect, so it is checked at the venue.
 */
export const DONOR_AGE = {
  min: 18,
  max: 60,
  regulation: 'Thông tư 26/2013/TT-BYT của Bộ Y tế',
} as const;

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;

/** Shown beside a blood group recorded by the laboratory (the self-declared one has no mark). */
export const LAB_BLOOD_GROUP_MARK = 'đã xác định';

/** A blood group as printed ('O-' → 'O−', with the minus sign screen readers say as "minus"). */
export const stockGroupLabel = (group: string) => group.replace('-', '−');

/** Jobs that show an extra id field in the profile. */
export const STUDENT_JOB = 'Sinh viên';
export const MILITARY_JOBS = ['Bộ đội', 'Công an', 'Quân nhân'] as const;

/** The extra id a job asks for: a student id for 'Sinh viên', a military id for the armed jobs. */
export function extraIdKindFor(jobName: string | null | undefined): 'student' | 'military' | null {
  if (!jobName) return null;
  if (jobName === STUDENT_JOB) return 'student';
  return (MILITARY_JOBS as readonly string[]).includes(jobName) ? 'military' : null;
}

export const TIME_ZONE = 'Asia/Ho_Chi_Minh';
