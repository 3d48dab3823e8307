import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { ZEnvelope } from './envelope.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { singleLineText } from './text-field.ts';

/** Vietnamese validation messages of the account forms, written once for the forms and the server. */
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
  /** The strength estimate (common password, name, date, pattern, the username or e-mail, the site's name). */
  passwordGuessable:
    'Mật khẩu này quá dễ đoán (mật khẩu phổ biến, tên, ngày tháng, chuỗi lặp hoặc dựa trên tên đăng nhập, email). Vui lòng chọn mật khẩu khác, ví dụ một cụm vài từ dễ nhớ.',
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

export const ZUsername = singleLineText(undefined, { trim: true })
  .min(1, M.usernameRequired)
  .max(LIMITS.usernameMax, M.usernameTooLong);

/** Registration e-mail: trimmed, not empty, at most 50, valid. */
export const ZEmail = singleLineText(undefined, { trim: true })
  .min(1, M.emailRequired)
  .max(LIMITS.emailMax, M.emailTooLong)
  .pipe(z.email(M.emailInvalid));

/** The password rules of sign-up, change and reset: 8–50 characters, lower, upper, digit, special. */
export const ZStrongPassword = singleLineText()
  .min(LIMITS.passwordMin, M.passwordMin)
  .max(LIMITS.passwordMax, M.passwordMax)
  .regex(/[a-z]/, M.passwordLower)
  .regex(/[A-Z]/, M.passwordUpper)
  .regex(/\d/, M.passwordDigit)
  .regex(SPECIALS, M.passwordSpecial);

const ZPasswordLength = singleLineText()
  .min(LIMITS.passwordMin, M.passwordMin)
  .max(LIMITS.passwordMax, M.passwordMax);

export const ZLoginRequest = z.object({
  username: ZUsername,
  password: singleLineText(undefined, { trim: true })
    .min(1, M.passwordRequired)
    .max(LIMITS.passwordMax, M.passwordMax),
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
  oldPassword: singleLineText().min(1, M.oldPasswordRequired),
  newPassword: ZStrongPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmNewPassword: singleLineText().min(1, M.confirmNewRequired),
}).refine((v) => v.newPassword === v.confirmNewPassword, {
  path: ['confirmNewPassword'],
  message: M.confirmMismatch,
});
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** Forgot-password e-mail: not empty ('Gmail …'), valid. */
export const ZRecoveryEmail = singleLineText(undefined, { trim: true })
  .min(1, M.gmailRequired)
  .pipe(z.email(M.emailInvalid));

export const ZForgotPasswordRequest = z.object({ email: ZRecoveryEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResendVerificationRequest = z.object({
  email: singleLineText(undefined, { trim: true })
    .min(1, M.resendEmailRequired)
    .pipe(z.email(M.emailInvalid)),
});
export type TResendVerificationRequest = z.infer<typeof ZResendVerificationRequest>;

export const ZOtp = z.string().regex(/^\d{6}$/, M.otpSixDigits);
export const ZVerifyOtpRequest = z.object({ email: ZRecoveryEmail, otp: ZOtp });
/** The code page's form (the e-mail comes from storage). */
export const ZOtpForm = z.object({ otp: ZOtp });
export type TOtpForm = z.infer<typeof ZOtpForm>;
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZResetPasswordRequest = z
  .object({
    email: ZRecoveryEmail,
    resetToken: singleLineText().min(1).max(200),
    newPassword: ZStrongPassword,
    confirmPassword: ZPasswordLength,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: M.confirmMismatch,
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset-password form (email and token come from storage). */
export const ZResetPasswordForm = z
  .object({ newPassword: ZStrongPassword, confirmPassword: ZPasswordLength })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: M.confirmMismatch,
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

// ---------------------------------------------------------------------------------------------
// Responses and server-side messages of the account calls.

/** Messages the server answers with (success texts, duplicates, throttling …), written once. */
export const AUTH_SERVER_MESSAGES = {
  registerSuccess:
    'Đăng ký thành công! Vui lòng kiểm tra email để xác thực tài khoản. Liên kết có hiệu lực trong 24 giờ.',
  usernameTaken: 'Tên đăng nhập đã được sử dụng',
  passwordTooCommon: M.passwordGuessable,
  loginSuccess: 'Đăng nhập thành công',
  invalidCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  emailNotVerified: ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
  accountDisabled: 'Tài khoản đã bị khóa. Vui lòng liên hệ với chúng tôi để được hỗ trợ.',
  sessionExpired: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  refreshSuccess: 'Làm mới phiên đăng nhập thành công',
  logoutSuccess: 'Đăng xuất thành công',
  resendSent: 'Nếu email này đã được đăng ký, chúng tôi đã gửi lại email cho bạn. Vui lòng kiểm tra hộp thư.',
  forgotSent:
    'Nếu email này đã được đăng ký, mã xác nhận gồm 6 chữ số đã được gửi đến email của bạn. Mã có hiệu lực trong 10 phút.',
  otpInvalid: 'Mã OTP không đúng hoặc đã hết hạn.',
  otpLocked: 'Bạn đã nhập sai mã OTP quá 5 lần. Vui lòng yêu cầu mã mới.',
  otpVerified: 'Xác thực mã OTP thành công',
  resetTokenInvalid: 'Phiên đặt lại mật khẩu không hợp lệ hoặc đã hết hạn. Vui lòng thực hiện lại.',
  resetSuccess: 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.',
  oldPasswordWrong: 'Mật khẩu cũ không đúng',
  samePassword: 'Mật khẩu mới phải khác mật khẩu cũ',
  changeSuccess: 'Đổi mật khẩu thành công',
  tooManyLogins: (wait: string) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
  tooManyRegisters: (wait: string) => `Bạn đã đăng ký quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
  tooManyResends: (wait: string) => `Bạn vừa yêu cầu gửi lại email. Vui lòng thử lại sau ${wait}.`,
  tooManyForgot: (wait: string) => `Vui lòng đợi ${wait} trước khi yêu cầu mã mới.`,
  tooManyOtp: (wait: string) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
} as const;

/** '45 giây', '5 phút', '1 giờ' — how long to wait, for the throttling messages. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} giây`;
  if (s < 3600) return `${Math.ceil(s / 60)} phút`;
  return `${Math.ceil(s / 3600)} giờ`;
}

/** Token lifetimes and recovery limits: the sign-up link lasts 24 h, a code can be resent every 300 s. */
export const AUTH_LIMITS = {
  verificationLinkHours: 24,
  accessTokenSeconds: 15 * 60,
  refreshTokenDays: 30,
  otpValidSeconds: 10 * 60,
  otpMaxWrongTries: 5,
  otpResendSeconds: LIMITS.otpResendSeconds,
  resetTokenSeconds: 15 * 60,
} as const;

const ZToken = z.string().min(1);

/** `data.message` answers (register, resend, forgot, reset, change-password, logout). */
export const ZMessageData = z.object({ message: z.string() });
export const ZMessageResponse = z.object({ success: z.boolean(), message: z.string(), data: ZMessageData });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZLoginTokens = z.object({ accessToken: ZToken, refreshToken: ZToken });
export type TLoginTokens = z.infer<typeof ZLoginTokens>;
/** Login: the envelope, with both tokens also at the top level (where existing clients read them). */
export const ZLoginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: ZLoginTokens,
  accessToken: ZToken,
  refreshToken: ZToken,
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Refresh: `access_token` (and the rotated `refresh_token`) at the top level and in `data`. */
export const ZRefreshTokens = z.object({
  access_token: ZToken,
  refresh_token: ZToken,
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export const ZRefreshResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: ZRefreshTokens,
  access_token: ZToken,
  refresh_token: ZToken,
});
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

export const ZVerifyOtpData = z.object({ resetToken: ZToken, expiresIn: z.number().int() });
export const ZVerifyOtpResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: ZVerifyOtpData,
});
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;

/** Logout revokes the login the refresh token belongs to (the access token may already be expired). */
export const ZLogoutRequest = z.object({ refreshToken: singleLineText().max(200).optional() });
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

/** DONOR uses the portal; STAFF runs campaigns in the console; ADMIN also manages staff accounts. */
export const ZUserRole = z.enum(['DONOR', 'STAFF', 'ADMIN']);
export type TUserRole = z.infer<typeof ZUserRole>;

/** The logged-in account (GET /auth/me). */
export const ZMe = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: ZUserRole,
  emailVerified: z.boolean(),
});
export type TMe = z.infer<typeof ZMe>;
export const ZMeResponse = z.object({ success: z.boolean(), message: z.string(), data: ZMe });

/** Query of the link in the sign-up mail. */
export const ZVerifyEmailQuery = z.object({ token: singleLineText().max(200).optional() });

/** The outcome the sign-up link's landing page shows: verified, or the link failed. */
export const VERIFICATION_STATUS = { success: 'success', failed: 'failed' } as const;

// --- staff invitations ---------------------------------------------------------------------------

export const STAFF_INVITATION_MESSAGES = {
  invalid: 'Liên kết mời không còn hiệu lực. Vui lòng đề nghị quản trị viên gửi lại lời mời.',
  passwordSet: 'Đã đặt mật khẩu. Hãy đăng nhập bằng tên đăng nhập của bạn.',
} as const;

/** The token of an invitation link (the page reads it from the URL fragment and sends it in a body). */
export const ZStaffInvitationRequest = z.object({
  token: singleLineText({ error: STAFF_INVITATION_MESSAGES.invalid }).min(1).max(200),
});
/** Who is invited: the username they will log in with, the e-mail the link went to, until when. */
export const ZStaffInvitation = z.object({
  username: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
});
export type TStaffInvitation = z.infer<typeof ZStaffInvitation>;
export const ZStaffInvitationResponse = ZEnvelope(ZStaffInvitation);
