import { z } from 'zod';
import { ZLoginResponse } from './auth.ts';
import { singleLineText } from './text-field.ts';

/*
 * The second factor (ADR 22): an authenticator app (TOTP, RFC 6238) that STAFF and ADMIN accounts
 * must use after their password, with ten one-time recovery codes. Donors are not asked.
 */

/** The rules of the codes and of the login challenge. */
export const SECOND_FACTOR = {
  /** RFC 6238 defaults, which every authenticator app understands: SHA-1, 6 digits, 30 s. */
  digits: 6,
  periodSeconds: 30,
  algorithm: 'SHA1',
  /** Steps either side of now that are accepted: a phone's clock a little off, a code typed late. */
  window: 1,
  /** Bytes of a new secret (160 bits, RFC 4226's recommendation). */
  secretBytes: 20,
  recoveryCodeCount: 10,
  /** How long the challenge of a right password lasts before the code step. */
  challengeSeconds: 5 * 60,
  /** An enrolment (install an app, scan, type a first code) gets longer. */
  enrolmentSeconds: 15 * 60,
  /** The issuer the authenticator app shows next to the account. */
  issuer: 'Giọt Hồng',
} as const;

/** Vietnamese texts of the code step, the enrolment and the staff page, written once. */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Vui lòng nhập mã xác thực',
  codeSixDigits: 'Mã xác thực gồm 6 chữ số',
  recoveryCodeRequired: 'Vui lòng nhập mã khôi phục',
  recoveryCodeFormat: 'Mã khôi phục gồm 10 chữ cái và chữ số, ví dụ ab3de-7gh2k',
  /** The answer of a right password: the code comes next. */
  codeNeeded: 'Vui lòng nhập mã xác thực từ ứng dụng xác thực trên điện thoại của bạn',
  /** The answer of a right password: no authenticator yet. */
  enrolmentNeeded: 'Tài khoản cán bộ cần thiết lập xác thực hai lớp trước khi đăng nhập',
  codeWrong: 'Mã xác thực không đúng hoặc đã hết hạn',
  /** A code of a 30-second step already used to log in (someone may have seen it). */
  codeReplayed: 'Mã này vừa được dùng. Vui lòng đợi mã mới trên ứng dụng xác thực.',
  recoveryCodeWrong: 'Mã khôi phục không đúng hoặc đã được dùng',
  challengeExpired: 'Phiên đăng nhập đã hết hạn. Vui lòng nhập lại tên đăng nhập và mật khẩu.',
  tooManyCodes: (wait: string) => `Bạn đã nhập sai mã quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
  enrolled: 'Đã thiết lập xác thực hai lớp. Hãy cất giữ các mã khôi phục ở nơi an toàn.',
  loginSuccess: 'Đăng nhập thành công',
  /** The recovery code used was the last one left. */
  lastRecoveryCodeUsed: 'Bạn đã dùng mã khôi phục cuối cùng. Hãy nhờ quản trị viên đặt lại xác thực hai lớp.',
  // Staff accounts page (ADMIN).
  resetDone: 'Đã đặt lại xác thực hai lớp. Cán bộ sẽ thiết lập lại ở lần đăng nhập tới.',
  resetNotSelf:
    'Không thể tự đặt lại xác thực hai lớp của chính bạn. Hãy dùng mã khôi phục hoặc nhờ quản trị viên khác.',
} as const;
const M = SECOND_FACTOR_MESSAGES;

/** The six digits an authenticator app shows. */
export const ZTotpCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .regex(/^\d{6}$/, M.codeSixDigits);

/** Lower case, without spaces and hyphens: how recovery codes are compared. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** A recovery code as printed (`ab3de-7gh2k`); spaces, hyphens and case do not matter. */
export const ZRecoveryCode = singleLineText({ error: M.recoveryCodeRequired }, { trim: true })
  .min(1, M.recoveryCodeRequired)
  .max(40, M.recoveryCodeFormat)
  .refine((v) => /^[0-9a-z]{10}$/.test(normalizeRecoveryCode(v)), M.recoveryCodeFormat);

const ZChallengeToken = singleLineText().min(1).max(200);

/** What a right password of a staff account answers instead of tokens. */
export const ZLoginChallenge = z.object({
  /** Single use; sent back with the code (or to the enrolment calls). */
  challenge: z.string(),
  /** `code`: ask for the authenticator's code; `enrol`: set an authenticator up first. */
  next: z.enum(['code', 'enrol']),
  /** Seconds the challenge stays valid. */
  expiresIn: z.number().int(),
});
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;
export const ZLoginChallengeResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ secondFactor: ZLoginChallenge }),
});
export type TLoginChallengeResponse = z.infer<typeof ZLoginChallengeResponse>;

/** `POST /auth/login`: tokens (donors, accounts without a second factor) or a challenge (staff). */
export const ZLoginResult = z.union([ZLoginResponse, ZLoginChallengeResponse]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** The code step: the challenge and either the authenticator's code or a recovery code. */
export const ZSecondFactorRequest = z.union([
  z.object({ challenge: ZChallengeToken, code: ZTotpCode }).strict(),
  z.object({ challenge: ZChallengeToken, recoveryCode: ZRecoveryCode }).strict(),
]);
export type TSecondFactorRequest = z.infer<typeof ZSecondFactorRequest>;

/** The code step's forms (the challenge is kept by the page). */
export const ZTotpCodeForm = z.object({ code: ZTotpCode });
export type TTotpCodeForm = z.infer<typeof ZTotpCodeForm>;
export const ZRecoveryCodeForm = z.object({ recoveryCode: ZRecoveryCode });
export type TRecoveryCodeForm = z.infer<typeof ZRecoveryCodeForm>;

/** Enrolment, first call: a new secret for this challenge (a second call replaces it). */
export const ZEnrolmentStartRequest = z.object({ challenge: ZChallengeToken });
export const ZEnrolmentStart = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, shown as a QR code. */
  uri: z.string(),
});
export type TEnrolmentStart = z.infer<typeof ZEnrolmentStart>;
export const ZEnrolmentStartResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: ZEnrolmentStart,
});

/** Enrolment, second call: the app's first code proves the secret arrived; tokens and recovery codes. */
export const ZEnrolmentConfirmRequest = z.object({ challenge: ZChallengeToken, code: ZTotpCode });
export type TEnrolmentConfirmRequest = z.infer<typeof ZEnrolmentConfirmRequest>;
export const ZEnrolmentConfirmResponse = ZLoginResponse.extend({
  data: ZLoginResponse.shape.data.extend({
    /** Shown once, never again: the server keeps only their HMAC. */
    recoveryCodes: z.array(z.string()),
  }),
});
export type TEnrolmentConfirmResponse = z.infer<typeof ZEnrolmentConfirmResponse>;

/** The code step's answer: the login's tokens, and how many recovery codes are left when one was used. */
export const ZSecondFactorResponse = ZLoginResponse.extend({
  data: ZLoginResponse.shape.data.extend({ recoveryCodesLeft: z.number().int().optional() }),
});
export type TSecondFactorResponse = z.infer<typeof ZSecondFactorResponse>;
