import {
  API,
  AUTH_SERVER_MESSAGES as M,
  PAGES,
  ZChangePasswordRequest,
  ZErrorBody,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResult,
  ZSecondFactorRequest,
  ZSecondFactorResponse,
  ZEnrolmentStartRequest,
  ZEnrolmentStartResponse,
  ZEnrolmentConfirmRequest,
  ZEnrolmentConfirmResponse,
  SECOND_FACTOR_MESSAGES,
  ZLogoutRequest,
  ZMeResponse,
  ZMessageResponse,
  ZRefreshResponse,
  ZRegisterRequest,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZStaffInvitationRequest,
  ZStaffInvitationResponse,
  ZVerifyEmailQuery,
  ZVerifyOtpRequest,
  ZVerifyOtpResponse,
  AUTH_LIMITS,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

const TAGS = ['auth'];
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Error answers every account call may give (documented in /api/docs). */
const errors = { 400: ZErrorBody, 429: ZErrorBody };
const bearer = [{ bearer: [] }];

const message = (text: string) => ok({ message: text }, text);

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = app.authService;

  // Expired links, tokens and counters are deleted once an hour (idempotent across processes).
  const sweeper = setInterval(() => {
    auth.sweep().catch((err: Error) => logFailure(app.log, err, 'auth sweep failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.post(
    API.authRegister,
    {
      schema: {
        tags: TAGS,
        summary: 'Đăng ký tài khoản; gửi email xác thực (liên kết dùng một lần, hiệu lực 24 giờ)',
        body: ZRegisterRequest,
        response: { 200: ZMessageResponse, 409: ZErrorBody, ...errors },
      },
    },
    async (request) => message(await auth.register(request.body, request.ip)),
  );

  app.get(
    API.authVerifyEmail,
    {
      schema: {
        tags: TAGS,
        summary:
          'Liên kết trong email xác thực: đánh dấu email đã xác thực rồi chuyển đến /verification?status=success|failed',
        querystring: ZVerifyEmailQuery,
      },
    },
    async (request, reply) => {
      const status = await auth.verifyEmail(request.query.token);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .redirect(`${PAGES.verification}?status=${status}`, 303);
    },
  );

  app.post(
    API.authResendVerification,
    {
      schema: {
        tags: TAGS,
        summary:
          'Gửi lại email xác thực (hoặc mã khôi phục mới khi đang khôi phục mật khẩu). Cùng một câu trả lời dù email có tồn tại hay không',
        body: ZResendVerificationRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => message(await auth.resendVerification(request.body.email, request.ip)),
  );

  app.post(
    API.authLogin,
    {
      schema: {
        tags: TAGS,
        summary:
          'Đăng nhập: accessToken (15 phút) và refreshToken ở cấp trên cùng của phản hồi. Tài khoản cán bộ và quản trị nhận data.secondFactor (mã thử thách) thay cho token: bước tiếp theo là mã xác thực hoặc thiết lập ứng dụng xác thực',
        body: ZLoginRequest,
        response: { 200: ZLoginResult, 401: ZErrorBody, 403: ZErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await auth.login(request.body, request.ip);
      reply.header('Cache-Control', 'no-store');
      if ('secondFactor' in outcome) {
        const text =
          outcome.secondFactor.next === 'code'
            ? SECOND_FACTOR_MESSAGES.codeNeeded
            : SECOND_FACTOR_MESSAGES.enrolmentNeeded;
        return ok({ secondFactor: outcome.secondFactor }, text);
      }
      return { ...ok(outcome, M.loginSuccess), ...outcome };
    },
  );

  app.post(
    API.authSecondFactor,
    {
      schema: {
        tags: TAGS,
        summary:
          'Đăng nhập cán bộ, bước 2: mã thử thách cùng mã 6 chữ số của ứng dụng xác thực (hoặc một mã khôi phục, mỗi mã dùng một lần); trả về token như /auth/login',
        body: ZSecondFactorRequest,
        response: { 200: ZSecondFactorResponse, 401: ZErrorBody, 403: ZErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { recoveryCodesLeft, ...tokens } = await auth.verifySecondFactor(request.body, request.ip);
      reply.header('Cache-Control', 'no-store');
      const text =
        recoveryCodesLeft === 0
          ? SECOND_FACTOR_MESSAGES.lastRecoveryCodeUsed
          : SECOND_FACTOR_MESSAGES.loginSuccess;
      return { ...ok({ ...tokens, recoveryCodesLeft }, text), ...tokens };
    },
  );

  app.post(
    API.authSecondFactorEnrolment,
    {
      schema: {
        tags: TAGS,
        summary:
          'Thiết lập xác thực hai lớp: khóa bí mật mới (base32) và URI otpauth:// để quét mã QR. Gọi lại sẽ thay khóa',
        body: ZEnrolmentStartRequest,
        response: { 200: ZEnrolmentStartResponse, 401: ZErrorBody, 403: ZErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await auth.startEnrolment(request.body.challenge));
    },
  );

  app.post(
    API.authSecondFactorEnrolmentConfirm,
    {
      schema: {
        tags: TAGS,
        summary:
          'Xác nhận thiết lập bằng mã đầu tiên của ứng dụng: trả về token và 10 mã khôi phục (chỉ hiển thị một lần)',
        body: ZEnrolmentConfirmRequest,
        response: { 200: ZEnrolmentConfirmResponse, 401: ZErrorBody, 403: ZErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { recoveryCodes, ...tokens } = await auth.confirmEnrolment(request.body, request.ip);
      reply.header('Cache-Control', 'no-store');
      return { ...ok({ ...tokens, recoveryCodes }, SECOND_FACTOR_MESSAGES.enrolled), ...tokens };
    },
  );

  app.get(
    API.authRefreshToken,
    {
      schema: {
        tags: TAGS,
        summary:
          'Làm mới access token bằng refresh token (Bearer). Refresh token được xoay vòng; dùng lại token cũ sẽ thu hồi cả phiên',
        security: bearer,
        headers: z.object({ authorization: z.string().optional() }),
        response: { 200: ZRefreshResponse, 401: ZErrorBody },
      },
    },
    async (request, reply) => {
      const tokens = await auth.refresh(bearerToken(request));
      reply.header('Cache-Control', 'no-store');
      const data = {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        token_type: 'Bearer' as const,
        expires_in: AUTH_LIMITS.accessTokenSeconds,
      };
      return {
        ...ok(data, M.refreshSuccess),
        access_token: data.access_token,
        refresh_token: data.refresh_token,
      };
    },
  );

  app.post(
    API.authLogout,
    {
      schema: {
        tags: TAGS,
        summary: 'Đăng xuất: thu hồi phiên của refresh token (hoặc của access token gửi kèm)',
        // A logout may come with no body at all (the access token alone).
        body: ZLogoutRequest.nullish(),
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const caller = token ? await auth.authenticate(token) : null;
      return message(await auth.logout(request.body?.refreshToken, caller));
    },
  );

  app.get(
    API.authMe,
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Tài khoản đang đăng nhập',
        security: bearer,
        response: { 200: ZMeResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await auth.me(request.user)),
  );

  app.put(
    API.authChangePassword,
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Đổi mật khẩu (cần mật khẩu cũ); các phiên đăng nhập khác bị đăng xuất',
        security: bearer,
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse, 401: ZErrorBody, ...errors },
      },
    },
    async (request) => message(await auth.changePassword(request.user, request.body)),
  );

  app.post(
    API.authForgotPassword,
    {
      schema: {
        tags: TAGS,
        summary:
          'Quên mật khẩu: gửi mã 6 chữ số (hiệu lực 10 phút, tối đa 5 lần thử, mã mới sau 300 giây). Cùng một câu trả lời cho mọi email',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => message(await auth.forgotPassword(request.body.email, request.ip)),
  );

  app.post(
    API.authVerifyOtp,
    {
      schema: {
        tags: TAGS,
        summary: 'Kiểm tra mã OTP; trả về data.resetToken (dùng một lần, hiệu lực 15 phút)',
        body: ZVerifyOtpRequest,
        response: { 200: ZVerifyOtpResponse, ...errors },
      },
    },
    async (request) =>
      ok(await auth.verifyOtp(request.body.email, request.body.otp, request.ip), M.otpVerified),
  );

  app.post(
    API.authStaffInvitation,
    {
      schema: {
        tags: TAGS,
        summary:
          'Trang chào mừng cán bộ: thư mời (mã trong liên kết) thuộc tài khoản nào — tên đăng nhập, e-mail, hạn dùng',
        body: ZStaffInvitationRequest,
        response: { 200: ZStaffInvitationResponse, ...errors },
      },
    },
    async (request) => ok(await auth.staffInvitation(request.body.token, request.ip)),
  );

  app.post(
    API.authResetPassword,
    {
      schema: {
        tags: TAGS,
        summary: 'Đặt lại mật khẩu bằng resetToken; mọi phiên đăng nhập của tài khoản bị đăng xuất',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => message(await auth.resetPassword(request.body)),
  );
}
