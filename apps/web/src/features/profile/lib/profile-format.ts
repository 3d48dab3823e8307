import {
  BLOOD_GROUPS,
  DONOR_STATUS,
  DONOR_STATUS_LABELS,
  LIMITS,
  extraIdKindFor,
  PROFILE_MESSAGES,
  type TJob,
} from '@giot-hong/contract';

/** Pure helpers of the profile and the donor-profile wizard (no React, no I/O). */

/** 'street, ward, province' — the street is optional and dropped when blank. */
export function formatAddress(parts: { street?: string; ward: string; province: string }): string {
  return [parts.street, parts.ward, parts.province]
    .map((p) => (p ?? '').trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(', ');
}

/** First letters of up to 2 words of the name, upper-cased ('Nguyễn Văn An' → 'NV'). */
export function initialsOf(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toLocaleUpperCase('vi'))
    .join('');
}

export type ExtraIdField = 'student_id' | 'military_id' | null;

/** The extra id a job asks for: student id for 'Sinh viên', military id for 'Bộ đội', 'Công an', 'Quân nhân'. */
export function extraIdFieldFor(jobName: string | null | undefined): ExtraIdField {
  const kind = extraIdKindFor(jobName);
  return kind === 'student' ? 'student_id' : kind === 'military' ? 'military_id' : null;
}

/** Blood group as shown: '-' when unknown. */
export function bloodGroupLabel(value: string | null | undefined): string {
  return value && (BLOOD_GROUPS as readonly string[]).includes(value) ? value : '-';
}

/** EXTRACTED is 'Đã xác thực'; any other value (PENDING, …) is 'Chờ xác thực'. */
export function verificationLabel(status: string): string {
  return status === DONOR_STATUS.EXTRACTED ? DONOR_STATUS_LABELS.EXTRACTED : DONOR_STATUS_LABELS.OTHER;
}

/** Keeps digits only and at most `max` of them (the phone dialog's input rule). */
export function digitsOnly(value: string, max = 10): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Lower-case, without diacritics, 'đ' as 'd': so 'sinh vien' finds 'Sinh viên'. */
export function foldVietnamese(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

export function filterJobs(jobs: readonly TJob[], query: string): TJob[] {
  const q = foldVietnamese(query);
  return q ? jobs.filter((j) => foldVietnamese(j.job).includes(q)) : [...jobs];
}

/** The organization options: the synthetic 'Tự do' (id 0, type OTHER) first. */

const ID_IMAGE_TYPES = ['image/jpeg', 'image/png'];
const ID_IMAGE_EXTENSIONS = /\.(jpe?g|png)$/i;
const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
const HEIC_EXTENSIONS = /\.(heic|heif)$/i;

/**
 * Client-side check of an ID-card photo (the server checks the content again): JPG, JPEG or PNG,
 * at most 5 MB. Returns the message to show, or null when the file may be sent.
 */
export function checkIdCardImage(file: File | null | undefined): string | null {
  if (!file || file.size === 0) return PROFILE_MESSAGES.idImageInvalid;
  if (HEIC_TYPES.includes(file.type) || HEIC_EXTENSIONS.test(file.name)) return PROFILE_MESSAGES.idImageHeic;
  const typeOk = file.type ? ID_IMAGE_TYPES.includes(file.type) : ID_IMAGE_EXTENSIONS.test(file.name);
  if (!typeOk) return PROFILE_MESSAGES.idImageInvalid;
  if (file.size > LIMITS.imageMaxBytes) return PROFILE_MESSAGES.avatarTooLarge;
  return null;
}

/** Client-side check of an avatar: any image type, at most 5 MB. */
export function checkAvatarImage(file: File | null | undefined): string | null {
  if (!file || !file.type.startsWith('image/')) return PROFILE_MESSAGES.avatarNotImage;
  if (file.size > LIMITS.imageMaxBytes) return PROFILE_MESSAGES.avatarTooLarge;
  return null;
}

/** Card dates arrive as 'dd/mm/yyyy' or ISO 'yyyy-mm-dd'; both are shown as dd/mm/yyyy. */
export function formatCardDate(value: string | null | undefined): string {
  if (!value) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}
