import { z } from 'zod';
import { foldVietnamese } from './text.ts';

/**
 * The certificate of a voluntary donation (Giấy chứng nhận hiến máu tình nguyện): one per DONE,
 * numbered per chapter and year, signed so that anyone it is shown to can check it.
 *
 * What a verifier learns is deliberately little: the state, the date, the volume and what is left
 * of it, the facility, the donor's masked name and birth year. Enough for a hospital to match the
 * person in front of it; not enough to learn more about them.
 */
export const CERTIFICATE_MESSAGES = {
  notFound: 'Không tìm thấy giấy chứng nhận với số này',
  badSignature: 'Chữ ký không khớp: giấy chứng nhận này không do Hội cấp hoặc đã bị sửa',
  useExceeds: (remainingMl: number) => `Lượt sử dụng vượt quá thể tích còn lại (${remainingMl} ml)`,
  revoked: 'Giấy chứng nhận đã bị thu hồi',
  alreadyRevoked: 'Giấy chứng nhận này đã bị thu hồi trước đó',
  hospitalRequired: 'Vui lòng nhập tên bệnh viện',
  volumeRange: 'Thể tích phải là số nguyên từ 1 đến 650 ml',
  reasonRequired: 'Vui lòng nhập lý do thu hồi',
  download: 'Tải giấy chứng nhận',
  rateLimited: (wait: string) => `Bạn đã tra cứu quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
} as const;
const M = CERTIFICATE_MESSAGES;

/** A serial: the chapter's prefix, the year, and a six-digit sequence within that year. */
export const CERTIFICATE_SERIAL = /^[A-Z]{2,6}-\d{4}-\d{6}$/;
export const formatCertificateSerial = (prefix: string, year: number, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;

/** VALID while some volume is unused, USED_UP once all of it is, REVOKED when recorded in error. */
export const CERTIFICATE_STATES = {
  VALID: 'Còn hiệu lực',
  USED_UP: 'Đã sử dụng hết',
  REVOKED: 'Đã thu hồi',
} as const;
export type TCertificateState = keyof typeof CERTIFICATE_STATES;

/** A certificate's state from its revocation and the volume its uses took (one rule everywhere). */
export function certificateState(c: {
  revokedAt: unknown;
  volumeMl: number;
  usedMl: number;
}): TCertificateState {
  if (c.revokedAt) return 'REVOKED';
  return c.usedMl >= c.volumeMl ? 'USED_UP' : 'VALID';
}

/**
 * A masked name: the family name in full, the other words by their initial ('Nguyễn Văn An' →
 * 'Nguyễn V. A.'). One word stays as it is.
 */
export function maskedName(fullName: string): string {
  const words = fullName.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  return [words[0], ...words.slice(1).map((w) => `${w[0]!.toUpperCase()}.`)].join(' ');
}

/**
 * The exact bytes that are signed: serial, donation day, volume, and a SHA-256 of the donor's
 * identity (name folded to plain lower-case letters, and date of birth), joined by '|'. The
 * identity is hashed so the signed text itself reveals nothing; a verifier holding the paper can
 * recompute it from what is printed on it.
 */
export function certificateSigningText(c: {
  serial: string;
  donatedOn: string;
  volumeMl: number;
  identityHash: string;
}): string {
  return ['giot-hong-certificate-v1', c.serial, c.donatedOn, String(c.volumeMl), c.identityHash].join('|');
}

/** The identity text hashed into the signature: folded name and birth date (yyyy-mm-dd). */
export const certificateIdentityText = (fullName: string, birthDate: string) =>
  `${foldVietnamese(fullName).replace(/\s+/g, ' ').trim()}|${birthDate}`;

export const ZCertificateUseRequest = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  hospital: z.string({ error: M.hospitalRequired }).trim().min(1, M.hospitalRequired).max(200),
  volumeMl: z
    .number({ error: M.volumeRange })
    .int(M.volumeRange)
    .min(1, M.volumeRange)
    .max(650, M.volumeRange),
});
export type TCertificateUseRequest = z.infer<typeof ZCertificateUseRequest>;

export const ZCertificateRevokeRequest = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500),
});

/** What the public verification answers: nothing beyond these fields. */
export const ZPublicCertificate = z.object({
  serial: z.string(),
  state: z.enum(['VALID', 'USED_UP', 'REVOKED']),
  donatedOn: z.string(),
  volumeMl: z.number().int(),
  remainingMl: z.number().int(),
  facility: z.string(),
  maskedName: z.string(),
  birthYear: z.number().int().nullable(),
  /** Whether the signature in the link (if one was given) matches. */
  signatureValid: z.boolean().nullable(),
});
export type TPublicCertificate = z.infer<typeof ZPublicCertificate>;

/** The certificates' paths: public verification, the donor's PDF, and staff actions. */
export const CERTIFICATE_API = {
  /** Anyone: the verification of one certificate (what ZPublicCertificate holds). */
  publicBySerial: (serial: string) => `/api/public/certificates/${serial}`,
  /** The public keys that sign certificates, for offline verification. */
  wellKnownKeys: '/.well-known/giot-hong-certificates.json',
  /** Its donor or staff: the PDF. */
  pdf: (serial: string) => `/api/certificates/${serial}.pdf`,
  /** Staff: a use of the entitlement reported by a hospital; a revocation. */
  adminUses: (serial: string) => `/api/admin/certificates/${serial}/uses`,
  adminRevoke: (serial: string) => `/api/admin/certificates/${serial}/revoke`,
  /** Staff: one donor's certificates with their uses (the donor page; audited like the donor view). */
  adminForDonor: (userId: number | string) => `/api/admin/donors/${userId}/certificates`,
} as const;

/** One certificate as staff see it on the donor page: what remains of it and every recorded use. */
export const ZAdminCertificate = z.object({
  serial: z.string(),
  donatedOn: z.string(),
  volumeMl: z.number().int(),
  remainingMl: z.number().int(),
  state: z.enum(['VALID', 'USED_UP', 'REVOKED']),
  revokeReason: z.string().nullable(),
  uses: z.array(
    z.object({
      usedOn: z.string(),
      hospital: z.string(),
      volumeMl: z.number().int(),
    }),
  ),
});
export type TAdminCertificate = z.infer<typeof ZAdminCertificate>;

/** The certificates on the console's donor page, and the staff actions on them. */
export const CERTIFICATE_STAFF_TEXTS = {
  section: 'Giấy chứng nhận hiến máu',
  none: 'Chưa có giấy chứng nhận nào',
  loadFailed: 'Không tải được giấy chứng nhận. Vui lòng thử lại sau.',
  summary: (day: string, volumeMl: number) => `Hiến ngày ${day} · ${volumeMl} ml`,
  remaining: (ml: number) => `Còn lại ${ml} ml`,
  usesHeading: 'Các lần sử dụng',
  usageLine: (day: string, hospital: string, volumeMl: number) => `${day} · ${hospital} · ${volumeMl} ml`,
  revokedBecause: (reason: string) => `Lý do thu hồi: ${reason}`,
  download: CERTIFICATE_MESSAGES.download,
  downloadFailed: 'Không tải được giấy chứng nhận',
  recordUse: 'Ghi lượt sử dụng',
  recordUseTitle: (serial: string) => `Ghi lượt sử dụng giấy chứng nhận ${serial}`,
  recordUseHint: (ml: number) =>
    `Lượt truyền máu miễn phí do bệnh viện báo. Thể tích còn lại: ${ml} ml; không thể ghi quá thể tích này.`,
  date: 'Ngày sử dụng',
  hospital: 'Bệnh viện',
  volume: 'Thể tích (ml)',
  save: 'Ghi lượt sử dụng',
  saving: 'Đang ghi...',
  cancel: 'Hủy',
  recordedUse: (ml: number) => `Đã ghi lượt sử dụng. Còn lại ${ml} ml.`,
  revoke: 'Thu hồi',
  revokeTitle: (serial: string) => `Thu hồi giấy chứng nhận ${serial}?`,
  revokeConsequence:
    'Giấy chứng nhận sẽ hết hiệu lực ngay: bệnh viện tra cứu sẽ thấy "Đã thu hồi" và người hiến máu không còn dùng được quyền truyền máu miễn phí theo giấy này. Người hiến máu nhận được thông báo kèm lý do. Không thể hoàn tác.',
  reason: 'Lý do thu hồi',
  confirmRevoke: 'Thu hồi giấy chứng nhận',
  revoking: 'Đang thu hồi...',
  revoked: 'Đã thu hồi giấy chứng nhận',
} as const;

/** The public verification page (the QR code's link, before the '#signature'). */
export const certificateVerifyPath = (serial: string) => `/xac-minh/${serial}`;

/** Public verifications per address: enough for a hospital desk, too few to walk the serials. */
export const CERTIFICATE_LIMITS = { perIpMax: 60, perIpWindowSeconds: 600 } as const;
