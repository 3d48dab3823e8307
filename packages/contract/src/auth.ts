import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** Vietnamese validation messages of spec section 5, written once for the forms and the server. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Tên đăng nhập không được để trống',
  usernameTooLong: 'Tên đăng nhập không quá 50 ký tự',
  passwordRequired: 'Mật khẩu không được để trống',
  emailInvalid: 'Email không hợp lệ',
  emailRequired: 'Email không được để trống',
  emailTooLong: 'Email không quá 50 ký tự',
  passwordMin: 'Mật khẩu phải có ít nhất 8 ký tự',
  passwordMax: 'Mật khẩu không quá 50 ký tự',
  passwordLower: 'Mật khẩu phải có ít nhất một chữ cái thường',
  passwordUpper: 'Mật khẩu phải có ít nhất một chữ cái in hoa',
  passwordDigit: 'Mật khẩu phải có ít nhất một chữ số',
  passwordSpecial: 'Mật khẩu phải có ít nhất một ký tự đặc biệt',
  confirmMismatch: 'Mật khẩu xác nhận không khớp',
  oldPasswordRequired: 'Vui lòng nhập mật khẩu cũ',
  confirmNewRequired: 'Vui lòng xác nhận mật khẩu mới',
  newAndConfirmMismatch: 'Mật khẩu mới và xác nhận mật khẩu không khớp',
  gmailRequired: 'Gmail không được để trống',
  otpSixDigits: 'Mã OTP phải có 6 chữ số.',
  resendEmailRequired: 'Vui lòng nhập email',
} as const;

const M = AUTH_MESSAGES;
const SPECIALS = /[@$!%*?&]/;

export const ZUsername = z.string().trim().min(1, M.usernameRequired).max(LIMITS.usernameMax, M.usernameTooLong);

/** Registration e-mail: trimmed, not empty, at most 50, valid. */
export const ZEmail = z
  .string()
  .trim()
  .min(1, M.emailRequired)
  .max(LIMITS.emailMax, M.emailTooLong)
  .pipe(z.email(M.emailInvalid));

/** The password strength rules of section 5 (registration, change and reset). */
export const ZStrongPassword = z
  .string()
  .min(LIMITS.passwordMin, M.passwordMin)
  .max(LIMITS.passwordMax, M.passwordMax)
  .regex(/[a-z]/, M.passwordLower)
  .regex(/[A-Z]/, M.passwordUpper)
  .regex(/\d/, M.passwordDigit)
  .regex(SPECIALS, M.passwordSpecial);

const ZPasswordLength = z.string().min(LIMITS.passwordMin, M.passwordMin).max(LIMITS.passwordMax, M.passwordMax);

export const ZLoginRequest = z.object({
  username: ZUsername,
  password: z.string().trim().min(1, M.passwordRequired).max(LIMITS.passwordMax, M.passwordMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** What the server receives at sign-up (confirmPassword is not sent). */
export const ZRegisterRequest = z.object({ email: ZEmail, username: ZUsername, password: ZStrongPassword });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The sign-up form. */
export const ZRegisterForm = ZRegisterRequest.extend({ confirmPassword: ZPasswordLength }).refine(
  (v) => v.password === v.confirmPassword,
  { path: ['confirmPassword'], message: M.confirmMismatch },
);
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, M.oldPasswordRequired),
  newPassword: ZStrongPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmNewPassword: z.string().min(1, M.confirmNewRequired),
}).refine((v) => v.newPassword === v.confirmNewPassword, { path: ['confirmNewPassword'], message: M.confirmMismatch });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** Forgot-password e-mail: not empty ('Gmail …'), valid. */
export const ZRecoveryEmail = z.string().trim().min(1, M.gmailRequired).pipe(z.email(M.emailInvalid));

export const ZForgotPasswordRequest = z.object({ email: ZRecoveryEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResendVerificationRequest = z.object({
  email: z.string().trim().min(1, M.resendEmailRequired).pipe(z.email(M.emailInvalid)),
});
export type TResendVerificationRequest = z.infer<typeof ZResendVerificationRequest>;

export const ZOtp = z.string().regex(/^\d{6}$/, M.otpSixDigits);
export const ZVerifyOtpRequest = z.object({ email: ZRecoveryEmail, otp: ZOtp });
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZResetPasswordRequest = z
  .object({
    email: ZRecoveryEmail,
    resetToken: z.string().min(1).max(200),
    newPassword: ZStrongPassword,
    confirmPassword: ZPasswordLength,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: M.confirmMismatch });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset-password form (email and token come from storage). */
export const ZResetPasswordForm = z
  .object({ newPassword: ZStrongPassword, confirmPassword: ZPasswordLength })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: M.confirmMismatch });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;
