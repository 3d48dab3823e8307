import { z } from 'zod';
import { BLOOD_GROUPS, LIMITS } from './constants.ts';
import { ZEnvelope } from './envelope.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { MAX_DB_ID } from './ids.ts';
import { singleLineText } from './text-field.ts';
import { tooLongMessage } from './zod-locale.ts';

/** Validation messages of the profile, the donor-profile wizard and its dialogs. */
export const PROFILE_MESSAGES = {
  emailInvalid: 'Email không hợp lệ',
  mobileMin: 'Số điện thoại phải có ít nhất 10 số',
  mobileMax: 'Số điện thoại không quá 11 số',
  jobRequired: 'Vui lòng chọn nghề nghiệp',
  addressRequired: 'Vui lòng nhập địa chỉ liên hệ',
  donationCountInvalid: 'Số lần hiến máu không hợp lệ',
  bloodGroupRequired: 'Vui lòng chọn nhóm máu',
  organizationRequired: 'Vui lòng chọn tổ chức',
  confirmMobileRequired: 'Vui lòng điền số điện thoại',
  confirmMobileInvalid: 'Số điện thoại không hợp lệ',
  confirmAddressRequired: 'Vui lòng điền địa chỉ liên hệ',
  phoneDialogInvalid: 'Số điện thoại không hợp lệ. Vui lòng nhập số điện thoại Việt Nam (10 chữ số)',
  emailDialogInvalid: 'Email không hợp lệ. Vui lòng nhập đúng định dạng email',
  avatarNotImage: 'Vui lòng chọn file ảnh',
  avatarTooLarge: 'Kích thước file không được vượt quá 5MB',
  idImageInvalid: 'Vui lòng chọn file ảnh hợp lệ',
  idBackBeforeFront: 'Vui lòng tải lên mặt trước trước',
  // Messages of the further checks: terms accepted, one file per upload, unreadable images.
  termsRequired: 'Vui lòng đồng ý với điều khoản trước khi tải ảnh căn cước',
  /** More than one file in an avatar upload. */
  /** A second file in an upload that takes one picture (avatar, campaign picture, news thumbnail). */
  oneImage: 'Chỉ được tải lên một ảnh',
  /** More than one file in an ID-card upload (one request per side). */
  idOneImagePerSide: 'Chỉ được tải lên một ảnh cho mỗi mặt',
  /** An image whose pixel count says decompression bomb (the ID-card upload's wording). */
  imageTooManyPixels: 'Ảnh có độ phân giải quá lớn. Vui lòng chọn ảnh khác.',
  /** A HEIC/HEIF photo (iPhone default): it cannot be read here, the donor must send JPG or PNG. */
  idImageHeic: 'Ảnh HEIC không được hỗ trợ. Vui lòng chụp lại hoặc chọn ảnh JPG, JPEG hoặc PNG.',
  idImageTruncated: 'Ảnh bị lỗi hoặc chưa được tải lên đầy đủ. Vui lòng chọn lại ảnh.',
  idImageTooSmall: 'Ảnh quá nhỏ để đọc thông tin. Vui lòng chụp lại rõ nét hơn.',
} as const;
const M = PROFILE_MESSAGES;

/** Longest contact texts the profile takes (our own limits: no text is unbounded). */
export const PROFILE_LIMITS = { jobNameMax: 100, extraIdMax: 30, addressContactMax: 300 } as const;
const L = PROFILE_LIMITS;

/** Vietnamese mobile numbers: 03, 05, 07, 08 or 09 followed by 8 digits. */
export const VN_MOBILE_PATTERN = /^(03|05|07|08|09)\d{8}$/;

/** Verification status of a donor profile. NONE = no profile; EXTRACTED = verified; anything else = pending. */
// Kept in a zod-free module: the app layout reads it on every page.
export {
  DONOR_STATUS,
  DONOR_STATUS_LABELS,
  DONOR_STATUS_STAFF_LABELS,
  donorStatusStaffLabel,
  type TDonorStatus,
} from './donor-status.ts';

export const ZBloodGroup = z.enum(BLOOD_GROUPS, { error: M.bloodGroupRequired });
/** A blood group of the list, or '' for "unknown"; anything else is 'Vui lòng chọn nhóm máu'. */
export const ZBloodGroupOrEmpty = z.union([z.literal(''), ZBloodGroup], { error: M.bloodGroupRequired });

/** An optional contact e-mail: empty, or a valid address (profile contact). */
export const ZContactEmail = z.union([z.literal(''), z.email(M.emailInvalid)], { error: M.emailInvalid });
/** A contact mobile number as the profile schema takes it: 10 to 11 digits. */
export const ZContactMobile = singleLineText({ error: M.confirmMobileInvalid }, { trim: true })
  .min(10, M.mobileMin)
  .max(11, M.mobileMax)
  .regex(/^\d+$/, M.confirmMobileInvalid);

/** An organization id: 0 is the synthetic 'Tự do' (stored as none), others must exist. */
export const ZOrganizationId = z
  .number({ error: M.organizationRequired })
  .int(M.organizationRequired)
  .min(0, M.organizationRequired)
  .max(MAX_DB_ID, M.organizationRequired);

/** An optional id of the extra-id jobs (student id, military id). */
export const ZExtraId = singleLineText(undefined, { trim: true }).max(
  L.extraIdMax,
  tooLongMessage(L.extraIdMax),
);

/** How many times the donor has given blood: a whole number 0 to 100. */
export const ZDonationCount = z.coerce
  .number({ error: M.donationCountInvalid })
  .int(M.donationCountInvalid)
  .min(0, M.donationCountInvalid)
  .max(LIMITS.donationCountMax, M.donationCountInvalid);

/** A job name of the job list (profile contact). */
export const ZJobName = singleLineText({ error: M.jobRequired }, { trim: true })
  .min(1, M.jobRequired)
  .max(L.jobNameMax, tooLongMessage(L.jobNameMax));

/** A contact address (profile contact). */
export const ZAddressContact = singleLineText({ error: M.addressRequired }, { trim: true })
  .min(1, M.addressRequired)
  .max(L.addressContactMax, tooLongMessage(L.addressContactMax));

/**
 * Donor detail as created/updated; every field optional, each with its message. A save replaces
 * the whole detail: an omitted field takes its default (0 donations, no blood group, no organization)
 * or is cleared.
 */
export const ZDonorDetailRequest = z.object(
  {
    email: ZContactEmail.optional(),
    mobile: ZContactMobile.optional(),
    job_name: ZJobName.optional(),
    student_id: ZExtraId.nullish(),
    military_id: ZExtraId.nullish(),
    address_contact: ZAddressContact.optional(),
    time_donation: ZDonationCount.optional().default(0),
    blood_group: ZBloodGroupOrEmpty.optional().default(''),
    organization_id: ZOrganizationId.nullish().default(null),
  },
  // A missing or non-object body.
  { error: ERROR_MESSAGES.VALIDATION },
);
export type TDonorDetailRequest = z.input<typeof ZDonorDetailRequest>;

/** The confirm step of the donor-profile wizard: mobile and contact address are required. */
export const ZDonorConfirmForm = z.object({
  mobile: singleLineText({ error: M.confirmMobileRequired }, { trim: true })
    .min(1, M.confirmMobileRequired)
    .regex(/^\d{10}$/, M.confirmMobileInvalid),
  address_contact: singleLineText({ error: M.confirmAddressRequired }, { trim: true })
    .min(1, M.confirmAddressRequired)
    .max(L.addressContactMax, tooLongMessage(L.addressContactMax)),
  email: ZContactEmail.optional(),
  job_name: singleLineText({ error: M.jobRequired }, { trim: true })
    .max(L.jobNameMax, tooLongMessage(L.jobNameMax))
    .optional(),
  student_id: ZExtraId.optional(),
  military_id: ZExtraId.optional(),
  blood_group: ZBloodGroupOrEmpty.optional(),
  time_donation: ZDonationCount,
  organization_id: ZOrganizationId.nullish(),
});

export const ZPhoneDialog = z.string().regex(VN_MOBILE_PATTERN, M.phoneDialogInvalid);
export const ZEmailDialog = z.email(M.emailDialogInvalid);

export const ZUserStatusResponse = ZEnvelope(z.object({ status: z.string() }));

/** Full user info, snake_case as the web app and existing clients read it. */
export const ZFullUserInfo = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  enable: z.boolean(),
  status: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  job_name: z.string().nullable(),
  student_id: z.string().nullable(),
  military_id: z.string().nullable(),
  address_contact: z.string().nullable(),
  time_donation: z.number().int(),
  blood_group: z.string().nullable(),
  extract_id: z.string().nullable(),
  is_active: z.boolean(),
  extract_status: z.string().nullable(),
  card_id: z.string().nullable(),
  full_name: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  national: z.string().nullable(),
  ethnicity: z.string().nullable(),
  home: z.string().nullable(),
  address: z.string().nullable(),
  doe: z.string().nullable(),
  issue_loc: z.string().nullable(),
  issue_date: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Blood group found by the laboratory (staff record it), shown with 'đã xác định'. */
  lab_blood_group: z.string().nullable(),
  /** Staff's last identity decision (APPROVED, REJECTED, REVOKED) and its reason. */
  review_outcome: z.string().nullable(),
  review_reason: z.string().nullable(),
});
export type TFullUserInfo = z.infer<typeof ZFullUserInfo>;
export const ZFullUserInfoResponse = ZEnvelope(ZFullUserInfo);

export const ZDonorDetail = z.object({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  job_name: z.string().nullable(),
  student_id: z.string().nullable(),
  military_id: z.string().nullable(),
  address_contact: z.string().nullable(),
  time_donation: z.number().int(),
  blood_group: z.string().nullable(),
  organization_id: z.number().int().nullable(),
});
export type TDonorDetail = z.infer<typeof ZDonorDetail>;
export const ZDonorDetailResponse = ZEnvelope(ZDonorDetail.nullable());

/** Acceptance of the donor-profile terms (wizard step 1), required before any ID upload. */
export const ZTermsAcceptanceRequest = z.object({
  termsVersion: singleLineText().min(1).max(40),
  accepted: z.literal(true),
});
export const CURRENT_DONOR_TERMS_VERSION = '2026-11';
