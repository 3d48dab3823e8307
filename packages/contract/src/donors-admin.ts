import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';
import { zDay } from './dates.ts';
import { DONATION_TYPES, type TDonationType } from './donation-types.ts';
import { ZEnvelope, ZPage } from './envelope.ts';
import { ZIdParam } from './ids.ts';
import { singleLineText } from './text-field.ts';

/*
 * Donor records in the staff console: the donor search (masked rows, a limited number of searches
 * per account), the donor page with everything in full (an audited view), the laboratory's blood
 * group and donations made elsewhere. Paths, request schemas with their Vietnamese messages and
 * answer shapes.
 */

export const ADMIN_DONOR_API = {
  donors: '/api/admin/donors',
  donor: (id: number | string) => `/api/admin/donors/${id}`,
  donorLabBloodGroup: (id: number | string) => `/api/admin/donors/${id}/lab-blood-group`,
  donorExternalDonations: (id: number | string) => `/api/admin/donors/${id}/external-donations`,
} as const;

export const DONOR_ADMIN_MESSAGES = {
  donorNotFound: 'Không tìm thấy người hiến máu',
  labBloodGroupSaved: 'Đã lưu nhóm máu xét nghiệm',
  externalDonationSaved: 'Đã ghi lần hiến máu ở nơi khác',
  donationDateRequired: 'Vui lòng chọn ngày hiến máu',
  donationDateFuture: 'Ngày hiến máu không được sau hôm nay',
  donationTypeRequired: 'Vui lòng chọn loại hiến',
  placeRequired: 'Vui lòng nhập nơi hiến máu',
  placeTooLong: 'Nơi hiến máu không quá 300 ký tự',
  searchTooShort: 'Vui lòng nhập ít nhất 2 ký tự',
  tooManySearches: (wait: string) => `Bạn đã tìm kiếm quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
} as const;
const M = DONOR_ADMIN_MESSAGES;

/** Under the donor searches: how the ID number is found (never by a shorter part of it). */
export const DONOR_SEARCH_CARD_HINT =
  'Tìm theo CCCD: nhập đủ 12 số, hoặc 4 số cuối kèm một từ trong tên (ví dụ: 1234 Hùng).';

/**
 * Donor searches (the donor records page, the day list) one staff account may make per window: a
 * search shows names, phones and e-mail addresses, so a loop must not page through every donor.
 * A protection, so RATE_LIMIT_SCALE multiplies it.
 */
export const STAFF_SEARCH_LIMITS = { perAccountMax: 120, windowSeconds: 10 * 60 } as const;

export const ZAdminDonorSearchQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .refine((s) => s.length === 0 || s.length >= 2, M.searchTooShort)
    .optional(),
  page: z.coerce.number().int().min(0).max(10_000).optional().default(0),
});

/** One row of the donor search (ID number and birth date masked). */
export const ZAdminDonorListItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  mobile: z.string().nullable(),
  cardId: z.string().nullable(),
  dob: z.string().nullable(),
  status: z.string(),
  /** Staff's last decision on the card (REJECTED, REVOKED …) while the donor has not sent another. */
  reviewOutcome: z.string().nullable(),
});
export type TAdminDonorListItem = z.infer<typeof ZAdminDonorListItem>;
export const ZAdminDonorListResponse = ZEnvelope(ZPage(ZAdminDonorListItem));

const ZDonation = z.object({
  date: z.string(),
  donationType: z.string().nullable(),
  volumeMl: z.number().int().nullable(),
  /** The campaign's name, or the place of a donation made elsewhere. */
  place: z.string(),
  elsewhere: z.boolean(),
});

/** The donor page: everything in full (an audited view). */
export const ZAdminDonor = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  status: z.string(),
  profile: z.object({
    fullName: z.string().nullable(),
    cardId: z.string().nullable(),
    dob: z.string().nullable(),
    gender: z.string().nullable(),
    mobile: z.string().nullable(),
    contactEmail: z.string().nullable(),
    addressContact: z.string().nullable(),
    address: z.string().nullable(),
    bloodGroup: z.string().nullable(),
    labBloodGroup: z.string().nullable(),
    labBloodGroupAt: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    reviewOutcome: z.string().nullable(),
    reviewReason: z.string().nullable(),
  }),
  verifications: z.array(
    z.object({
      extractId: z.string(),
      createdAt: z.string(),
      confirmedAt: z.string().nullable(),
      reviewRequestedAt: z.string().nullable(),
      reviewOutcome: z.string().nullable(),
      reviewReason: z.string().nullable(),
      reviewedAt: z.string().nullable(),
    }),
  ),
  appointments: z.array(
    z.object({
      id: z.number().int(),
      campaignName: z.string(),
      organizeTime: z.string(),
      status: z.string(),
      donationType: z.string().nullable(),
      volumeMl: z.number().int().nullable(),
      deferralReason: z.string().nullable(),
      /** Staff's words when the reason is OTHER ('Lý do khác'). */
      deferralText: z.string().nullable(),
      deferredUntil: z.string().nullable(),
    }),
  ),
  donations: z.array(ZDonation),
  feedback: z.array(z.object({ campaignName: z.string(), message: z.string(), createdAt: z.string() })),
});
export type TAdminDonor = z.infer<typeof ZAdminDonor>;
export const ZAdminDonorResponse = ZEnvelope(ZAdminDonor);

export const ZLabBloodGroupRequest = z.object({
  bloodGroup: z.enum(BLOOD_GROUPS, { error: 'Vui lòng chọn nhóm máu' }),
});

const donationTypes = DONATION_TYPES.map((t) => t.value) as [TDonationType, ...TDonationType[]];
/** A donation made elsewhere; `today` (yyyy-mm-dd, Vietnam) is the server's day when it validates. */
export const externalDonationSchema = (today: () => string) =>
  z.object({
    // Valid days of four-digit years compare as text in date order.
    date: zDay({ message: M.donationDateRequired }).refine((d) => d <= today(), M.donationDateFuture),
    donationType: z.enum(donationTypes, { error: M.donationTypeRequired }),
    place: singleLineText({ error: M.placeRequired }, { trim: true })
      .min(1, M.placeRequired)
      .max(300, M.placeTooLong),
  });
export type TExternalDonationRequest = z.input<ReturnType<typeof externalDonationSchema>>;

export const ZAdminDonorParams = z.object({ id: ZIdParam });
