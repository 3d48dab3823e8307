import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';
import { stockGroupLabel } from './constants.ts';
import { singleLineText } from './text-field.ts';

/**
 * The rare-blood club (Câu lạc bộ máu hiếm). Rh(D)-negative blood is rare in Vietnam (0.04–0.07 %
 * of people) and is not kept in stock: when a hospital needs it for a patient, staff phone donors of
 * that group, at night too. A donor joins only with a group the laboratory confirmed (the group a
 * donor typed does not count), gives the club's own consent by joining, says whether and when they
 * may be called, and can leave at any time. Staff list the members of one group, each listing
 * audited and written to every listed member's "who saw my data".
 */

export const RARE_BLOOD_API = {
  /** GET the donor's own state (and whether they may join); PUT join, leave, on call and hours. */
  mine: '/api/users/rare-blood',
} as const;

export const ADMIN_RARE_BLOOD_API = {
  /** GET `?group=O-` (required), optionally `&province=<code>&ward=<code>`: the members to call. */
  members: '/api/admin/rare-blood',
} as const;

/** The Rh-negative groups: only a laboratory result of one of these lets a donor join. */
export const RARE_BLOOD_GROUPS = ['O-', 'A-', 'B-', 'AB-'] as const;
export type TRareBloodGroup = (typeof RARE_BLOOD_GROUPS)[number];
export const isRareBloodGroup = (group: string | null | undefined): group is TRareBloodGroup =>
  (RARE_BLOOD_GROUPS as readonly string[]).includes(group ?? '');

/** At most this many members are listed at once (a chapter's club is far smaller). */
export const RARE_BLOOD_LIST_MAX = 500;

/** A time of day, Vietnam time, as the time input gives it: '20:00'. */
const CALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of a valid 'HH:MM'. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Vietnam's wall time of an instant as 'HH:MM' (UTC+7, no daylight saving). */
export function vnTimeOfDay(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(11, 16);
}

/**
 * Whether `at` falls within the hours a member may be called, in Vietnam time: from `from`
 * included to `to` excluded, across midnight when `from` is later than `to` (20:00–06:00 holds
 * 23:30 and 05:59 but not 06:00). Minutes count, seconds do not.
 */
export function isWithinCallHours(hours: { from: string; to: string }, at: Date): boolean {
  const now = minutesOf(vnTimeOfDay(at));
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

export const RARE_BLOOD_TEXTS = {
  title: 'Câu lạc bộ máu hiếm',
  /** The card's opening on the privacy tab. */
  intro:
    'Nhóm máu Rh âm tính rất hiếm ở Việt Nam (khoảng 0,04–0,07 % dân số) và không có sẵn trong kho máu. Khi một người bệnh cần máu nhóm của bạn, Hội cần gọi được ngay người hiến phù hợp.',
  /** What joining means: the club's consent (CONSENT_TEXTS.RARE_BLOOD_CLUB repeats it). */
  membership:
    'Khi tham gia Câu lạc bộ máu hiếm, tôi đồng ý: cán bộ của Hội có thể gọi điện cho tôi khi bệnh viện cần máu nhóm của tôi cho một người bệnh, có thể vào ban đêm nếu tôi chọn sẵn sàng trong khung giờ đó; để gọi được, họ tên, số điện thoại, nhóm máu, phường/xã, ngày hiến máu gần nhất và ngày có thể hiến lại của tôi được hiển thị cho cán bộ của Hội. Tôi có thể rời câu lạc bộ bất cứ lúc nào.',
  yourGroup: (group: string) => `Nhóm máu theo kết quả xét nghiệm: ${stockGroupLabel(group)}`,
  join: 'Tham gia Câu lạc bộ máu hiếm',
  memberSince: (day: string) => `Bạn là thành viên từ ngày ${day}.`,
  onCall: 'Sẵn sàng khi được gọi',
  onCallHint:
    'Cán bộ chỉ gọi bạn trong khung giờ bạn chọn (giờ Việt Nam). Khung giờ có thể qua nửa đêm, ví dụ 20:00 đến 06:00.',
  callFrom: 'Có thể gọi từ',
  callTo: 'Đến',
  save: 'Lưu',
  leave: 'Rời câu lạc bộ',
  leaveTitle: 'Rời Câu lạc bộ máu hiếm?',
  leaveText:
    'Cán bộ sẽ không còn thấy thông tin của bạn trong danh sách câu lạc bộ và không gọi bạn nữa. Bạn có thể tham gia lại bất cứ lúc nào.',
  stay: 'Ở lại',
  joined: 'Bạn đã tham gia Câu lạc bộ máu hiếm. Cảm ơn bạn!',
  saved: 'Đã lưu lựa chọn của bạn',
  left: 'Bạn đã rời Câu lạc bộ máu hiếm',
  loadFailed: 'Không thể tải thông tin Câu lạc bộ máu hiếm',
  // The console page.
  consoleSub:
    'Thành viên có nhóm máu Rh âm tính do phòng xét nghiệm xác nhận, để gọi khi bệnh viện cần máu cho người bệnh. Mỗi lần xem danh sách đều được ghi nhật ký và hiện trong mục “Ai đã xem dữ liệu của tôi” của từng thành viên.',
  groupLabel: 'Nhóm máu',
  groupPlaceholder: 'Chọn nhóm máu',
  provinceLabel: 'Tỉnh/thành phố',
  wardLabel: 'Phường/xã',
  anyPlace: 'Tất cả',
  show: 'Xem danh sách',
  chooseGroup: 'Chọn nhóm máu để xem danh sách thành viên.',
  empty: 'Chưa có thành viên nào phù hợp',
  count: (n: number) => `${n} thành viên`,
  truncated: (n: number) =>
    `Chỉ hiển thị ${n} thành viên đầu tiên; hãy lọc theo tỉnh/thành phố hoặc phường/xã.`,
  place: 'Nơi ở',
  phone: 'Số điện thoại',
  call: (name: string) => `Gọi ${name}`,
  lastDonation: 'Hiến máu gần nhất',
  nextEligible: 'Có thể hiến lại',
  eligibleNow: 'Có thể hiến ngay',
  neverDonated: 'Chưa có',
  onCallNow: (from: string, to: string) => `Sẵn sàng khi được gọi, ${from}–${to}`,
  notOnCall: 'Hiện không nhận cuộc gọi',
  listFailed: 'Không thể tải danh sách Câu lạc bộ máu hiếm',
} as const;

export const RARE_BLOOD_MESSAGES = {
  /** GET's reason and PUT's refusal to a donor without a laboratory Rh-negative group. */
  notEligible: 'Chỉ người hiến máu có nhóm máu Rh âm tính do phòng xét nghiệm xác nhận mới có thể tham gia.',
  callFromRequired: 'Vui lòng chọn giờ bắt đầu có thể được gọi',
  callToRequired: 'Vui lòng chọn giờ kết thúc có thể được gọi',
  callTimeInvalid: 'Giờ không hợp lệ (dạng HH:MM, ví dụ 20:00)',
  callHoursSame: 'Giờ bắt đầu và giờ kết thúc phải khác nhau',
  notMember: 'Bạn chưa tham gia Câu lạc bộ máu hiếm',
  groupRequired: 'Vui lòng chọn nhóm máu Rh âm tính (O−, A−, B− hoặc AB−)',
  provinceUnknown: 'Tỉnh/thành phố không hợp lệ',
  wardUnknown: 'Phường/xã không hợp lệ',
  /** A consent list cannot give the club's consent: joining does, on the club's card. */
  joinOnCard: 'Hãy tham gia ở mục “Câu lạc bộ máu hiếm” để đồng ý điều này.',
} as const;

const M = RARE_BLOOD_MESSAGES;

const callTime = (required: string) =>
  z.string({ error: required }).min(1, { error: required, abort: true }).regex(CALL_TIME, M.callTimeInvalid);

/** The hours a member may be called (Vietnam time); `from` ≠ `to`, across midnight allowed. */
export const ZCallHours = z
  .object({ from: callTime(M.callFromRequired), to: callTime(M.callToRequired) })
  .refine((h) => h.from !== h.to, { path: ['to'], message: M.callHoursSame });
export type TCallHours = z.infer<typeof ZCallHours>;

/** Two empty time inputs are no hours (the form's empty state); one empty input is an error. */
const blankHoursToNull = (v: unknown) =>
  v && typeof v === 'object' && (v as { from?: unknown }).from === '' && (v as { to?: unknown }).to === ''
    ? null
    : v;

/**
 * `PUT /api/users/rare-blood`: `member: true` joins (or stays) with the given on-call state; hours
 * are required while on call. `member: false` leaves: on call off, the club's consent withdrawn.
 */
export const ZRareBloodChange = z
  .object({
    member: z.boolean(),
    onCall: z.boolean(),
    callHours: z.preprocess(blankHoursToNull, ZCallHours.nullable()),
  })
  .superRefine((v, ctx) => {
    if (!v.member || !v.onCall || v.callHours) return;
    ctx.addIssue({ code: 'custom', path: ['callHours', 'from'], message: M.callFromRequired });
    ctx.addIssue({ code: 'custom', path: ['callHours', 'to'], message: M.callToRequired });
  });
export type TRareBloodChangeInput = z.input<typeof ZRareBloodChange>;
export type TRareBloodChange = z.output<typeof ZRareBloodChange>;

export const ZRareBloodState = z.object({
  /** A laboratory Rh-negative group: the donor may join. */
  eligible: z.boolean(),
  /** Why not (RARE_BLOOD_MESSAGES.notEligible), null when eligible. */
  reason: z.string().nullable(),
  labBloodGroup: z.string().nullable(),
  member: z.boolean(),
  /** When the donor joined (ISO instant), null when not a member. */
  joinedAt: z.string().nullable(),
  onCall: z.boolean(),
  /** The hours last chosen (kept while on call is off, so they need not be typed again). */
  callHours: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type TRareBloodState = z.infer<typeof ZRareBloodState>;
export const ZRareBloodStateResponse = ZEnvelope(ZRareBloodState);

export const ZAdminRareBloodQuery = z.object({
  group: z.enum(RARE_BLOOD_GROUPS, { error: M.groupRequired }),
  /** An administrative-unit code (API.provinces); the ward's needs its province. */
  province: singleLineText().max(20).optional(),
  ward: singleLineText().max(20).optional(),
});
export type TAdminRareBloodQuery = z.infer<typeof ZAdminRareBloodQuery>;

export const ZRareBloodMember = z.object({
  userId: z.number().int(),
  fullName: z.string().nullable(),
  group: z.string(),
  /** 'ward, province' from the donor's contact address (never the street). */
  place: z.string().nullable(),
  phone: z.string().nullable(),
  /** Vietnam days (yyyy-MM-dd). */
  lastDonationDate: z.string().nullable(),
  /** The first day the member may give again; null when they may give now. */
  nextEligibleDate: z.string().nullable(),
  onCall: z.boolean(),
  callHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  joinedAt: z.string(),
});
export type TRareBloodMember = z.infer<typeof ZRareBloodMember>;
export const ZRareBloodMembers = z.object({
  members: z.array(ZRareBloodMember),
  /** More members matched than RARE_BLOOD_LIST_MAX. */
  truncated: z.boolean(),
});
export type TRareBloodMembers = z.infer<typeof ZRareBloodMembers>;
export const ZRareBloodMembersResponse = ZEnvelope(ZRareBloodMembers);
